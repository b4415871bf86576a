/**
 * Folds of uneventful tool calls in the real webview bundle: three or more finished reads,
 * searches or fetches in a row show as one line that opens (click, Enter, Space) to their cards;
 * a failed or running call breaks the run and stays a card; a call that finishes joins the fold
 * live without moving what is on screen; `agentChat.foldToolCalls` off shows every card; a long
 * thread keeps its folds small in the DOM, a search hit inside one opens it, and a subagent card's
 * rows fold too.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { agent, snapshot, tool, user } from './fixtures.js';
import type { SubagentEntry, ThreadEntry, ToolCallEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => {
  harness = await launchHarness();
  // Pages of one browser share localStorage: each starts with every fold closed.
  await harness.context.addInitScript(() => (globalThis as any).localStorage.clear());
});
after(async () => { await harness?.close(); });

const read = (id: string, extra: Partial<ToolCallEntry> = {}): ToolCallEntry => tool(id, {
  kind: 'read', status: 'completed', title: `Read src/${id}.ts`,
  content: [{ type: 'content', content: { type: 'text', text: `contents of ${id}` } }], ...extra,
});
const fold = (panel: Panel) => panel.page.locator('.thread > .tool-slot > .tool-fold');
/** Tool cards drawn in the thread (not inside a subagent card). */
const cards = (panel: Panel) => panel.count('.thread > .tool-slot > .row.tool');

async function clean(panel: Panel): Promise<void> {
  assert.deepEqual(await panel.violations(), []);
  assert.deepEqual(await panel.consoleErrors(), []);
}

test('three finished reads fold into one line; a search and a fetch are counted in words; no card is in the DOM', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('u1', 'look around'), read('r1'), read('r2'), read('r3'), agent('a1', 'Done.')]));
  assert.equal(await fold(panel).count(), 1);
  assert.equal((await fold(panel).textContent())?.trim(), 'Read 3 files');
  assert.equal(await fold(panel).getAttribute('aria-expanded'), 'false');
  assert.equal(await cards(panel), 0, 'the folded cards are not drawn');

  await panel.send(snapshot([
    user('u1', 'look around'), read('m1'), read('m2', { kind: 'search', title: 'Search “TODO”' }), read('m3', { kind: 'search', title: 'Search “FIXME”' }),
    read('m4', { kind: 'fetch', title: 'Fetch https://example.com' }), read('m5', { content: [] }),
  ]));
  assert.equal((await fold(panel).textContent())?.trim(), 'Read 2 files · searched 2 times · fetched 1 page');
  await clean(panel);
});

test('a failed, waiting, running or diff-carrying call between reads is never folded and breaks the run; two in a row are not folded', async () => {
  const panel = await harness.open();
  const asking = read('w', { status: 'pending', permission: { requestId: 'q1', options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }] } });
  await panel.send(snapshot([
    read('r1'), read('r2'), read('r3'),
    read('f', { status: 'failed', title: 'Read src/missing.ts' }),
    read('r4'), read('r5'),
    asking,
    read('r6'), read('r7'), read('r8', { status: 'in_progress' }),
    read('d1'), read('d2', { content: [{ type: 'diff', path: '/w/src/d2.ts', oldText: 'a', newText: 'b' }] }), read('d3'),
  ]));
  assert.equal(await fold(panel).count(), 1, 'only r1–r3 fold');
  assert.equal((await fold(panel).textContent())?.trim(), 'Read 3 files');
  for (const id of ['f', 'r4', 'r5', 'w', 'r6', 'r7', 'r8', 'd1', 'd2', 'd3']) {
    assert.equal(await panel.count(`[data-entry-id="${id}"] > .row.tool`), 1, `${id} is a card`);
  }
  assert.equal(await panel.page.locator('[data-entry-id="f"] .tool-status').textContent(), 'Failed');
  await clean(panel);
});

test('the line is reached with Tab, opened with Enter and closed with Space; it says so with aria-expanded', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('u1', 'look around'), read('r1'), read('r2'), read('r3'), read('r4')]));
  await panel.page.locator('.thread').focus();
  for (let i = 0; i < 6 && !(await panel.page.evaluate(() => (globalThis as any).document.activeElement?.classList.contains('tool-fold'))); i++) await panel.page.keyboard.press('Tab');
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.activeElement?.textContent), 'Read 4 files', 'Tab reaches the line');
  await panel.page.keyboard.press('Enter');
  await panel.page.waitForFunction(() => (globalThis as any).document.querySelectorAll('.thread > .tool-slot > .row.tool').length === 4);
  assert.equal(await fold(panel).getAttribute('aria-expanded'), 'true');
  assert.equal(await panel.text('[data-entry-id="r3"] .tool-title'), 'Read src/r3.ts');
  // Tab goes on into the cards it opened.
  await panel.page.keyboard.press('Tab');
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.activeElement?.closest('[data-entry-id]')?.getAttribute('data-entry-id')), 'r1');
  await fold(panel).focus();
  await panel.page.keyboard.press('Space');
  await panel.page.waitForFunction(() => (globalThis as any).document.querySelectorAll('.thread > .tool-slot > .row.tool').length === 0);
  assert.equal(await fold(panel).getAttribute('aria-expanded'), 'false');
  await clean(panel);
});

test('agentChat.foldToolCalls off: every call is a card, no line', async () => {
  const panel = await harness.open();
  const rows = [user('u1', 'look around'), read('r1'), read('r2'), read('r3'), read('r4')];
  await panel.send(snapshot(rows, { foldToolCalls: false }));
  assert.equal(await fold(panel).count(), 0);
  assert.equal(await cards(panel), 4);
  // Turned on again (the host sends a new snapshot): folded.
  await panel.send(snapshot(rows, { foldToolCalls: true }));
  assert.equal(await fold(panel).count(), 1);
  assert.equal(await cards(panel), 0);
  await clean(panel);
});

test('a running call that finishes joins the fold live; what is on screen does not move', async () => {
  const panel = await harness.open({ height: 500 });
  const top = (sel: string) => panel.page.locator(sel).evaluate((el) => Math.round(el.getBoundingClientRect().top));
  await panel.send(snapshot([user('u1', 'look around'), read('r1'), read('r2'), read('r3', { status: 'in_progress', content: [] })]));
  assert.equal(await fold(panel).count(), 0, 'two finished and one running: no fold yet');
  assert.equal(await cards(panel), 3);
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 3, entry: read('r3') }] });
  await panel.page.waitForFunction(() => (globalThis as any).document.querySelectorAll('.thread > .tool-slot > .row.tool').length === 0);
  assert.equal((await fold(panel).textContent())?.trim(), 'Read 3 files');
  const userTop = await top('[data-entry-id="u1"]');
  const lineTop = await top('.tool-fold');

  // The next call arrives running (a card under the line), then finishes: it joins.
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: 4, entry: read('r4', { status: 'in_progress', content: [] }) }] });
  assert.equal(await panel.count('[data-entry-id="r4"] > .row.tool'), 1, 'running: a card');
  assert.equal((await fold(panel).textContent())?.trim(), 'Read 3 files');
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 4, entry: read('r4') }] });
  await panel.page.waitForFunction(() => (globalThis as any).document.querySelector('.tool-fold')?.textContent === 'Read 4 files');
  assert.equal(await cards(panel), 0);
  assert.equal(await top('[data-entry-id="u1"]'), userTop, 'the message above stays where it was');
  assert.equal(await top('.tool-fold'), lineTop, 'the line stays where it was');
  await clean(panel);
});

test('a long thread: a run of 250 finished reads is three lines and a few hundred nodes; a search hit inside opens its fold', async () => {
  const panel = await harness.open({ height: 600 });
  const rows: ThreadEntry[] = [];
  for (let i = 0; i < 100; i++) rows.push(user(`u${i}`, `question ${i}`), agent(`a${i}`, `answer ${i}`));
  for (let i = 0; i < 250; i++) rows.push(read(`r${i}`));
  rows.push(agent('end', 'All read.'));
  await panel.send(snapshot(rows));
  await panel.page.waitForFunction(() => (globalThis as any).__agentChatHooks.pending() === 0);
  await panel.flush();
  const words = await fold(panel).allTextContents();
  assert.deepEqual(words.map((w) => w.trim()), ['Read 100 files', 'Read 100 files', 'Read 50 files'], 'the folds at the bottom are drawn');
  assert.equal(await cards(panel), 0);
  const nodes = await panel.page.evaluate(() => (globalThis as any).document.querySelectorAll('.thread *').length);
  assert.ok(nodes < 600, `the folded run is small in the DOM (${nodes} nodes)`);

  // A thread search hit on a read inside the first fold: the fold opens and the card shows.
  await panel.send({ type: 'revealEntry', entryId: 'r40' });
  await panel.page.locator('[data-entry-id="r40"] > .row.tool').waitFor();
  await panel.page.waitForFunction(() => {
    const el = (globalThis as any).document.querySelector('[data-entry-id="r40"]');
    const box = el?.getBoundingClientRect();
    const view = (globalThis as any).document.querySelector('.thread').getBoundingClientRect();
    return box && box.height > 0 && box.top >= view.top && box.bottom <= view.bottom;
  });
  assert.equal(await panel.count('[data-entry-id="r41"] > .row.tool'), 1, 'the whole fold is open: its next read is a card too');
  await clean(panel);
});

test('inside a subagent card: the child’s reads fold, and the line is drawn even when the drawn rows start inside the run', async () => {
  const panel = await harness.open();
  const card: SubagentEntry = { type: 'subagent', id: 'sa', childId: 'c1', title: 'Read the docs', state: 'running', toolCalls: 40, filesChanged: 0, rows: 41 };
  const child = [agent('c0', 'Reading.'), ...Array.from({ length: 40 }, (_, i) => read(`c${i + 1}`))];
  await panel.send(snapshot([user('u1', 'go'), card], { children: { c1: child } }));
  await panel.page.getByRole('button', { name: /Read the docs/ }).click();
  const line = panel.page.locator('.nested-rows .tool-fold');
  await line.waitFor();
  assert.equal((await line.textContent())?.trim(), 'Read 40 files');
  assert.equal(await panel.count('.nested-rows .row.tool'), 0);
  // A running call in the child, then finished: it joins the child's fold.
  await panel.send({ type: 'rows', changes: [], children: [{ childId: 'c1', rows: [{ op: 'insert', index: 41, entry: read('c41', { status: 'in_progress', content: [] }) }] }] });
  await panel.page.locator('.nested-rows [data-entry-id="c1/c41"] > .row.tool').waitFor();
  await panel.send({ type: 'rows', changes: [], children: [{ childId: 'c1', rows: [{ op: 'update', index: 41, entry: read('c41') }] }] });
  await panel.page.waitForFunction(() => (globalThis as any).document.querySelector('.nested-rows .tool-fold')?.textContent === 'Read 41 files');
  assert.equal(await panel.count('.nested-rows .row.tool'), 0);
  await line.click();
  // Opened, its cards are drawn from the line on (the card's inside is windowed: the rows near its view).
  await panel.page.locator('.nested-rows [data-entry-id="c1/c2"] > .row.tool').waitFor();
  assert.equal(await line.getAttribute('aria-expanded'), 'true');
  await clean(panel);
});
