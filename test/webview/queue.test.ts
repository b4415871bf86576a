/** The prompt queue in the composer: shown as pending messages, edited, removed, sent when held; by keyboard. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { session, snapshot, turnEnd, user } from './fixtures.js';
import type { QueuedPrompt } from '../../src/shared/webviewProtocol.js';

let harness: Harness;
before(async () => {
  harness = await launchHarness();
  await harness.context.addInitScript(() => (globalThis as any).localStorage.clear());
});
after(async () => { await harness?.close(); });

const TABS = { activeId: 'tab-1', tabs: [{ id: 'tab-1', title: 'go', state: 'running' as const }] };
const running = () => snapshot([user('u1', 'go')], { session: session({ turnState: 'running' }), tabs: TABS });
const queued = (id: string, text: string, extra: Partial<QueuedPrompt> = {}): QueuedPrompt =>
  ({ id, text, attachments: [], images: [], state: 'queued', ...extra });
/**
 * Every page starts without saved view state: pages of one browser share localStorage, so the
 * earlier pages are closed (they would save theirs) and the new one clears it before it loads.
 */
async function fresh(opts?: Parameters<Harness['open']>[0]): Promise<Panel> {
  for (const page of harness.context.pages()) await page.close();
  return harness.open(opts);
}
const focused = (panel: Panel) => panel.page.evaluate(() => {
  const el = (globalThis as any).document.activeElement;
  return { tag: el?.tagName, label: el?.getAttribute('aria-label') ?? '' };
});

test('a queued message shows as a pending user message; Edit takes it back, Remove discards it', async () => {
  const panel = await fresh();
  await panel.send(running());
  assert.deepEqual(await panel.postedOf('getQueue'), [{ type: 'getQueue' }], 'a running turn may have a queue: ask for it');
  const input = panel.page.locator('textarea');
  await input.click();
  await panel.page.keyboard.type('then write the docs');
  await panel.page.keyboard.press('Enter');
  assert.deepEqual((await panel.postedOf('queuePrompt')).map((m) => m.text), ['then write the docs']);

  const file = { uri: 'file:///w/README.md', name: 'README.md' };
  await panel.send({ type: 'queue', tabId: 'tab-1', items: [queued('q1', 'then write the docs\nwith examples', { attachments: [file] }), queued('q2', 'and a changelog')] });
  const rows = panel.page.locator('.queued-item');
  assert.equal(await rows.count(), 2);
  assert.equal(await panel.page.getByRole('region', { name: 'Queued messages' }).isVisible(), true);
  assert.deepEqual(await panel.page.locator('.queued-text').allTextContents(), ['then write the docs', 'and a changelog']);
  assert.deepEqual(await panel.page.locator('.queued-badge').allTextContents(), ['Queued', 'Queued']);
  assert.equal(await panel.text('.queued-meta'), '1 attachment');
  assert.match(await panel.text('.composer-hint'), /Message queued/);
  assert.equal(await panel.page.getByRole('button', { name: 'Send now: then write the docs' }).count(), 0, 'no Send now while it is queued');
  await panel.screenshot('queue');

  // Remove: the host is told; the list follows the host's answer, not a local guess.
  await panel.page.getByRole('button', { name: 'Remove: and a changelog' }).click();
  assert.deepEqual(await panel.postedOf('unqueuePrompt'), [{ type: 'unqueuePrompt', id: 'q2' }]);
  assert.equal(await rows.count(), 2);

  // Edit: back into the input ahead of the draft, with its attachment.
  await input.fill('draft in progress');
  await panel.page.getByRole('button', { name: 'Edit: then write the docs' }).click();
  assert.deepEqual((await panel.postedOf('unqueuePrompt')).map((m) => m.id), ['q2', 'q1']);
  assert.equal(await input.inputValue(), 'then write the docs\nwith examples\n\ndraft in progress');
  assert.deepEqual(await panel.page.locator('.chip-label').allTextContents(), ['README.md']);
  assert.equal((await focused(panel)).tag, 'TEXTAREA');

  await panel.send({ type: 'queue', tabId: 'tab-1', items: [] });
  assert.equal(await panel.page.locator('.queue').isHidden(), true);
  // A queue message about a tab no longer shown is ignored.
  await panel.send({ type: 'queue', tabId: 'tab-9', items: [queued('q9', 'elsewhere')] });
  assert.equal(await rows.count(), 0);
});

test('a held message says why and offers Send now; all of it by keyboard, Escape still stops the turn', async () => {
  const panel = await fresh();
  await panel.send(running());
  await panel.send({ type: 'queue', tabId: 'tab-1', items: [queued('q1', 'run the tests')] });
  // The turn is stopped: the host holds the message instead of sending it.
  await panel.send(
    { type: 'rows', changes: [{ op: 'insert', index: 1, entry: turnEnd('e1', 'cancelled') }] },
    { type: 'session', session: session({ turnState: 'idle' }) },
    { type: 'queue', tabId: 'tab-1', items: [queued('q1', 'run the tests', { state: 'held', heldReason: 'the turn was cancelled' })] },
  );
  assert.deepEqual(await panel.page.locator('.queued-badge').allTextContents(), ['Held']);
  assert.match(await panel.text('.queued-status'), /the turn was cancelled/);
  assert.match(await panel.text('.composer-hint'), /not sent: the turn was cancelled/);
  await panel.screenshot('queue-held');

  // Keyboard: from the input, Shift+Tab walks back through Remove, Edit, Send now.
  await panel.page.locator('textarea').focus();
  await panel.page.keyboard.press('Shift+Tab');
  assert.equal((await focused(panel)).label, 'Remove: run the tests');
  await panel.page.keyboard.press('Shift+Tab');
  assert.equal((await focused(panel)).label, 'Edit: run the tests');
  await panel.page.keyboard.press('Shift+Tab');
  assert.equal((await focused(panel)).label, 'Send now: run the tests');
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(await panel.postedOf('sendQueued'), [{ type: 'sendQueued', id: 'q1' }]);
  assert.equal((await focused(panel)).tag, 'TEXTAREA', 'focus goes back to the input');

  // The host sent it: a new turn runs, and Escape from the composer stops it.
  await panel.send({ type: 'session', session: session({ turnState: 'running' }) }, { type: 'queue', tabId: 'tab-1', items: [] });
  await panel.page.locator('textarea').focus();
  await panel.page.keyboard.press('Escape');
  assert.deepEqual(await panel.postedOf('cancel'), [{ type: 'cancel' }]);
  assert.deepEqual(await panel.violations(), []);
});

test('the Queue button queues with the mouse; a full queue keeps the draft', async () => {
  const panel = await fresh();
  await panel.send(running());
  const input = panel.page.locator('textarea');
  await input.fill('by mouse');
  await panel.page.getByRole('button', { name: 'Queue message (Enter)' }).click();
  assert.deepEqual((await panel.postedOf('queuePrompt')).map((m) => m.text), ['by mouse']);
  await panel.send({ type: 'queue', tabId: 'tab-1', items: ['a', 'b', 'c', 'd', 'e'].map((t) => queued(t, t)) });
  await input.fill('sixth');
  await input.press('Enter');
  assert.equal((await panel.postedOf('queuePrompt')).length, 1);
  assert.equal(await input.inputValue(), 'sixth');
  assert.match(await panel.text('.composer-hint'), /5 messages are queued already/);
});

test('a snapshot asks for the queue only when the tab may have one', async () => {
  const panel = await fresh();
  const idle = { activeId: 'tab-1', tabs: [{ id: 'tab-1', title: 'go', state: 'idle' as const }] };
  await panel.send(snapshot([user('u1', 'go'), turnEnd('e1', 'end_turn')], { tabs: idle }));
  assert.deepEqual(await panel.postedOf('getQueue'), []);
  await panel.send(snapshot([user('u1', 'go'), turnEnd('e1', 'cancelled')], { tabs: idle }));
  assert.equal((await panel.postedOf('getQueue')).length, 1, 'a cancelled turn may have held a queue');
  await panel.send({ type: 'queue', tabId: 'tab-1', items: [queued('q1', 'x', { state: 'held', heldReason: 'the turn was cancelled' })] });
  assert.equal(await panel.count('.queued-item'), 1);
  // A reloaded page (the view was hidden) asks again and redraws what the host still keeps.
  await panel.reload();
  await panel.send(snapshot([user('u1', 'go'), turnEnd('e1', 'cancelled')], { tabs: idle }));
  assert.equal((await panel.postedOf('getQueue')).length, 1);
  await panel.send({ type: 'queue', tabId: 'tab-1', items: [queued('q1', 'x', { state: 'held', heldReason: 'the turn was cancelled' })] });
  assert.equal(await panel.count('.queued-item.state-held'), 1);
});

for (const theme of ['dark', 'light', 'high-contrast'] as const) {
  test(`${theme}: queued and held messages take their colours from the theme`, async () => {
    const panel = await fresh({ theme, width: 300, height: 600 });
    await panel.send(running());
    await panel.send({ type: 'queue', tabId: 'tab-1', items: [
      queued('q1', 'a held message that is far too long for a panel this narrow', { state: 'held', heldReason: 'the turn was cancelled' }),
      queued('q2', 'a queued one'),
    ] });
    const c = await panel.page.evaluate(() => {
      const d = (globalThis as any).document;
      const cs = (sel: string) => (globalThis as any).getComputedStyle(d.querySelector(sel));
      const item = d.querySelector('.queued-item.state-held');
      return {
        held: cs('.queued-item.state-held').borderTopColor,
        heldStyle: cs('.queued-item.state-held').borderTopStyle,
        queued: cs('.queued-item.state-queued').borderTopColor,
        badge: cs('.state-queued .queued-badge').backgroundColor,
        overflow: item.scrollWidth - item.clientWidth,
      };
    });
    await panel.screenshot(`queue-${theme}`);
    const expected = {
      dark: { held: 'rgb(204, 167, 0)', queued: 'rgb(60, 60, 60)', badge: 'rgb(97, 97, 97)' },
      // Light: the theme's warning colour pulled toward the foreground to hold contrast (base.css).
      light: { held: 'color(srgb 0.516078 0.397451 0.110588)', queued: 'rgb(206, 206, 206)', badge: 'rgb(204, 204, 204)' },
      'high-contrast': { held: 'rgb(243, 133, 24)', queued: 'rgb(111, 195, 223)', badge: 'rgb(0, 0, 0)' },
    }[theme];
    assert.deepEqual({ held: c.held, queued: c.queued, badge: c.badge }, expected);
    assert.equal(c.heldStyle, 'dashed');
    assert.ok(c.overflow <= 0, 'a long message ellipsizes instead of overflowing');
  });
}
