/**
 * A long thread keeps only the rows near the view in the DOM (threadView.ts, threadWindow.ts),
 * while the thread as the user knows it stays whole: the last row is shown, a row changed out
 * of view shows its change when it comes back, a search hit far up is brought into view, and a
 * reload comes back to the row that was at the top.
 */
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { agent, snapshot, tool, user } from './fixtures.js';
import type { ThreadEntry } from '../../src/thread/types.js';

// A browser of its own per test: the view state (where the user scrolled) lives in the
// profile's storage, and one test's saved scroll position must not become the next one's.
let harness: Harness | undefined;
afterEach(async () => { await harness?.close(); harness = undefined; });
async function open(): Promise<Panel> {
  harness = await launchHarness();
  return harness.open({ width: 400, height: 700 });
}

const ROWS = 2_000;

function longThread(): ThreadEntry[] {
  const entries: ThreadEntry[] = [];
  for (let i = 0; entries.length < ROWS; i++) {
    entries.push(user(`u${i}`, `question ${i}`));
    entries.push(agent(`a${i}`, `Answer ${i}: ${'a sentence that wraps across the panel. '.repeat(3)}`));
  }
  return entries;
}

function settled(panel: Panel): Promise<unknown> {
  return panel.page.waitForFunction(() => (globalThis as any).__agentChatHooks.pending() === 0, undefined, { timeout: 20_000 });
}

test('a 2,000-row thread: the last row is shown, the DOM holds a window of rows, and scrolling moves it', async () => {
  const panel = await open();
  await panel.send(snapshot(longThread()));
  await settled(panel);
  assert.equal(await panel.page.evaluate(() => (globalThis as any).__agentChatHooks.rowCount()), ROWS);
  await panel.page.waitForFunction((last) => {
    const d = (globalThis as any).document;
    const rows = d.querySelectorAll('.thread > .row');
    return rows[rows.length - 1]?.dataset.entryId === last && rows[rows.length - 1].textContent.includes('Answer 999');
  }, `a${ROWS / 2 - 1}`);
  const drawn = await panel.count('.thread > .row');
  assert.ok(drawn > 0 && drawn <= 120, `rows in the DOM: ${drawn}`);
  assert.ok(await panel.page.evaluate(() => (globalThis as any).document.getElementsByTagName('*').length) < 5_000);
  // To the top: the first rows come into the DOM, the last ones leave.
  await panel.page.evaluate(() => { (globalThis as any).document.querySelector('.thread').scrollTop = 0; });
  await panel.page.waitForFunction(() => (globalThis as any).document.querySelector('.thread > .row')?.dataset.entryId === 'u0');
  assert.equal(await panel.count('[data-entry-id="a999"]'), 0);
  assert.deepEqual(await panel.consoleErrors(), []);
});

test('a row changed while out of the window shows the change when a search hit brings it into view', async () => {
  const panel = await open();
  const entries = longThread();
  await panel.send(snapshot(entries));
  await settled(panel);
  assert.equal(await panel.count('[data-entry-id="a10"]'), 0, 'far up: not in the DOM');
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 21, entry: agent('a10', 'Answer 10, corrected while out of view') }] });
  await panel.send({ type: 'revealEntry', entryId: 'a10' });
  await panel.page.waitForFunction(() => {
    const d = (globalThis as any).document;
    const el = d.querySelector('[data-entry-id="a10"]');
    if (!el) return false;
    const t = d.querySelector('.thread').getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return el.textContent.includes('corrected while out of view') && r.top >= t.top - 1 && r.bottom <= t.bottom + 1;
  });
  await panel.screenshot('long-thread-hit');
  // Streaming at the end does not pull the view away from the hit.
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: ROWS, entry: agent('late', 'a late line') }] });
  assert.equal(await panel.count('[data-entry-id="a10"]'), 1);
});

test('a reload comes back to the row that was at the top of the view, in view', async () => {
  const panel = await open();
  const entries = longThread();
  await panel.send(snapshot(entries));
  await settled(panel);
  await panel.send({ type: 'revealEntry', entryId: 'u500' });
  await panel.page.waitForFunction(() => !!(globalThis as any).document.querySelector('[data-entry-id="u500"]'));
  // Scroll a little by hand, as a user would after the jump (the wheel is what hands the scroll
  // back to the user: the panel stops keeping the hit centred), and wait until the view state has
  // recorded the row now at the top — read in the same frame, so a late placing cannot slip between.
  await panel.page.evaluate(() => {
    const thread = (globalThis as any).document.querySelector('.thread');
    thread.dispatchEvent(new (globalThis as any).WheelEvent('wheel', { deltaY: -120 }));
    thread.scrollTop -= 120;
  });
  const before = await panel.page.waitForFunction(() => {
    const d = (globalThis as any).document;
    const s = JSON.parse((globalThis as any).localStorage.getItem('vscodeState') || 'null');
    const top = d.querySelector('.thread').getBoundingClientRect().top;
    let shown: string | undefined;
    for (const r of d.querySelectorAll('.thread > .row')) if (r.getBoundingClientRect().bottom > top) { shown = r.dataset.entryId; break; }
    return s?.atBottom === false && typeof s.anchorId === 'string' && s.anchorId === shown ? shown : false;
  }).then((handle) => handle.jsonValue() as Promise<string>);
  assert.ok(before !== 'u0', `top row before: ${before}`);
  await panel.reload();
  await panel.send(snapshot(entries));
  await settled(panel);
  // The row that was at the top is in view again (rows around it settle their heights as they draw).
  await panel.page.waitForFunction((id) => {
    const d = (globalThis as any).document;
    const el = d.querySelector(`[data-entry-id="${id}"]`);
    if (!el) return false;
    const t = d.querySelector('.thread').getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return r.bottom > t.top && r.top < t.bottom;
  }, before);
});

test('a permission request that arrives while the user reads far up is brought into view, announced and focused', async () => {
  const panel = await open();
  await panel.send(snapshot(longThread()));
  await settled(panel);
  await panel.page.evaluate(() => { (globalThis as any).document.querySelector('.thread').scrollTop = 0; });
  await panel.page.waitForFunction(() => (globalThis as any).document.querySelector('.thread > .row')?.dataset.entryId === 'u0');
  const asking = tool('ask', {
    kind: 'execute', title: 'Run npm install', status: 'pending',
    permission: { requestId: 'req-9', options: [{ optionId: 'no', name: 'Reject', kind: 'reject_once' }, { optionId: 'once', name: 'Allow once', kind: 'allow_once' }] },
  });
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: ROWS, entry: asking }] });
  await panel.page.waitForFunction(() => (globalThis as any).document.activeElement?.dataset?.optionId === 'once');
  assert.match(await panel.page.locator('[role="alert"][aria-live="assertive"]').textContent() ?? '', /Permission needed/);
  await panel.page.locator('.permission button', { hasText: 'Allow once' }).click();
  const answers = await panel.postedOf('answerPermission');
  assert.equal(answers.length, 1);
});

test('a waiting permission whose row leaves the window and comes back is not announced again', async () => {
  const panel = await open();
  const asking = tool('ask', {
    kind: 'execute', title: 'Run npm install', status: 'pending',
    permission: { requestId: 'req-7', options: [{ optionId: 'no', name: 'Reject', kind: 'reject_once' }, { optionId: 'once', name: 'Allow once', kind: 'allow_once' }] },
  });
  await panel.send(snapshot([...longThread(), asking]));
  await settled(panel);
  const alert = panel.page.locator('[role="alert"][aria-live="assertive"]');
  await panel.page.waitForFunction(() => /Permission needed/.test((globalThis as any).document.querySelector('[role="alert"]')?.textContent ?? ''));
  await alert.evaluate((el) => { el.textContent = ''; });
  // Far up: the card's row leaves the DOM; back down: it is drawn again from its entry.
  await panel.page.evaluate(() => { (globalThis as any).document.querySelector('.thread').scrollTop = 0; });
  await panel.page.waitForFunction(() => !(globalThis as any).document.querySelector('[data-entry-id="ask"]'));
  await panel.page.evaluate(() => { const t = (globalThis as any).document.querySelector('.thread'); t.scrollTop = t.scrollHeight; });
  await panel.page.waitForFunction(() => !!(globalThis as any).document.querySelector('[data-entry-id="ask"] .permission button'));
  await settled(panel);
  assert.equal(await alert.textContent(), '', 'the request was announced once');
});

