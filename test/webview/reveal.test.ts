/**
 * `revealEntry` (a thread search hit): the panel scrolls to the row and highlights it, also when
 * the row is far up a long thread that is still being drawn (bottom first, over several frames),
 * and when the reveal arrives before the snapshot that holds the row.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { agent, snapshot, user } from './fixtures.js';
import type { ThreadEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

/** `turns` prompts with long answers: far more than a frame's drawing budget. */
function longThread(turns: number): ThreadEntry[] {
  const entries: ThreadEntry[] = [];
  for (let i = 0; i < turns; i++) {
    entries.push(user(`u${i}`, i === 3 ? 'where did we put the quokka notes' : `question ${i}`, { turnId: `t${i}` }));
    entries.push(agent(`a${i}`, `## Answer ${i}\n\n${'A paragraph that wraps across the panel. '.repeat(12)}\n\n- one\n- two\n`));
  }
  return entries;
}

const ROW = '[data-entry-id="u3"]';

/** Whether the row is drawn (its text is there) and wholly inside the thread's visible part. */
function rowState(panel: Panel): Promise<{ drawn: boolean; inView: boolean; highlighted: boolean }> {
  return panel.page.evaluate((sel) => {
    const d = (globalThis as any).document;
    const el = d.querySelector(sel);
    // A long thread keeps only the rows near the view in the DOM: one not there is not drawn.
    if (!el) return { drawn: false, inView: false, highlighted: false };
    const t = d.querySelector('.thread').getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return { drawn: el.textContent.includes('quokka notes'), inView: r.top >= t.top - 1 && r.bottom <= t.bottom + 1 && r.height > 0, highlighted: el.classList.contains('revealed') };
  }, ROW);
}

/** Delivers messages without drawing (as VS Code does); drawing then runs frame by frame. */
function deliver(panel: Panel, ...messages: unknown[]): Promise<void> {
  return panel.page.evaluate((ms) => {
    const w = globalThis as any;
    for (const m of ms) w.dispatchEvent(new w.MessageEvent('message', { data: m }));
  }, messages);
}

function drawnAll(panel: Panel): Promise<void> {
  return panel.page.waitForFunction(() => (globalThis as any).__agentChatHooks.pending() === 0, undefined, { timeout: 20_000 }).then(() => undefined);
}

test('a row far up a long thread not drawn yet: drawn at once, scrolled into view, highlighted, and kept in view while the rest draws', async () => {
  const panel = await harness.open({ width: 300 });
  await deliver(panel, snapshot(longThread(400)));
  assert.equal((await rowState(panel)).drawn, false, 'the snapshot draws bottom first: the row is not drawn yet');
  await deliver(panel, { type: 'revealEntry', entryId: 'u3' });
  const now = await rowState(panel);
  assert.deepEqual(now, { drawn: true, inView: true, highlighted: true });
  await drawnAll(panel);
  assert.equal((await rowState(panel)).inView, true, 'still in view once every row is drawn');
  // It is not following the bottom any more: a new row at the end does not scroll away from it.
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: 800, entry: agent('late', 'a late line') }] });
  assert.equal((await rowState(panel)).inView, true);
  await panel.screenshot('reveal-300');
});

test('a reveal that arrives before its thread is applied when the snapshot brings the row', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('x', 'another thread')]));
  await deliver(panel, { type: 'revealEntry', entryId: 'u3' }, snapshot(longThread(200)));
  assert.deepEqual(await rowState(panel), { drawn: true, inView: true, highlighted: true });
  await drawnAll(panel);
  assert.equal((await rowState(panel)).inView, true);
});

test('the highlight fades by itself; revealing the same row again highlights it again', async () => {
  const panel = await harness.open();
  await panel.send(snapshot(longThread(50)), { type: 'revealEntry', entryId: 'u3' });
  await panel.page.waitForFunction((sel) => !(globalThis as any).document.querySelector(sel).classList.contains('revealed'), ROW, { timeout: 10_000 });
  await panel.send({ type: 'revealEntry', entryId: 'u3' });
  assert.equal((await rowState(panel)).highlighted, true);
});
