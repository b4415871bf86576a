import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coalesce, RowBatcher } from '../../../src/vscode/panel/rowBatcher.js';
import type { RowChange, ThreadEntry } from '../../../src/thread/types.js';

const agent = (id: string, text: string): ThreadEntry => ({ type: 'agent', id, content: [{ type: 'text', text }] });

/** Replays changes onto rows the way a view does (append grows the last text block). */
function replay(rows: ThreadEntry[], changes: RowChange[]): ThreadEntry[] {
  const out = rows.slice();
  for (const c of changes) {
    if (c.op === 'insert') out.splice(c.index, 0, c.entry);
    else if (c.op === 'update') out[c.index] = c.entry;
    else {
      const row = out[c.index] as Extract<ThreadEntry, { type: 'agent' }>;
      const last = row.content[row.content.length - 1] as { type: 'text'; text: string };
      out[c.index] = { ...row, content: [...row.content.slice(0, -1), { ...last, text: last.text + c.text }] };
    }
  }
  return out;
}

test('consecutive appends to one row merge into one', () => {
  const batch: RowChange[] = [];
  for (const t of ['a', 'b', 'c']) coalesce(batch, { op: 'append', index: 0, id: 'e1', text: t });
  assert.deepEqual(batch, [{ op: 'append', index: 0, id: 'e1', text: 'abc' }]);
});

test('appends to different rows stay apart and keep order', () => {
  const batch: RowChange[] = [];
  coalesce(batch, { op: 'append', index: 0, id: 'e1', text: 'a' });
  coalesce(batch, { op: 'append', index: 1, id: 'e2', text: 'b' });
  coalesce(batch, { op: 'append', index: 0, id: 'e1', text: 'c' });
  assert.equal(batch.length, 3);
});

test('an update supersedes earlier changes to that row, and folds into its insert', () => {
  const batch: RowChange[] = [];
  coalesce(batch, { op: 'insert', index: 0, entry: agent('e1', 'h') });
  coalesce(batch, { op: 'append', index: 0, id: 'e1', text: 'i' });
  coalesce(batch, { op: 'update', index: 0, entry: agent('e1', 'hi!') });
  assert.deepEqual(batch, [{ op: 'insert', index: 0, entry: agent('e1', 'hi!') }]);
});

test('coalesced batches replay to the same rows as the raw sequence', () => {
  const raw: RowChange[] = [
    { op: 'insert', index: 0, entry: agent('e1', 'a') },
    { op: 'append', index: 0, id: 'e1', text: 'b' },
    { op: 'insert', index: 1, entry: agent('e2', 'x') },
    { op: 'append', index: 1, id: 'e2', text: 'y' },
    { op: 'update', index: 0, entry: agent('e1', 'ab!') },
    { op: 'append', index: 1, id: 'e2', text: 'z' },
    { op: 'append', index: 1, id: 'e2', text: 'w' },
    { op: 'update', index: 1, entry: agent('e2', 'xyzw.') },
    { op: 'append', index: 1, id: 'e2', text: '?' },
  ];
  const batch: RowChange[] = [];
  for (const c of raw) coalesce(batch, c);
  assert.ok(batch.length < raw.length);
  assert.deepEqual(replay([], batch), replay([], raw));
});

test('RowBatcher sends one message per frame with the session flag', async () => {
  const sent: Array<[RowChange[], boolean]> = [];
  const batcher = new RowBatcher((rows, session) => sent.push([rows, session]), 5);
  batcher.push([{ op: 'insert', index: 0, entry: agent('e1', 'a') }], false);
  for (let i = 0; i < 50; i++) batcher.push([{ op: 'append', index: 0, id: 'e1', text: 'x' }], i === 10);
  assert.equal(sent.length, 0);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(sent.length, 1);
  assert.equal(sent[0]![0].length, 2);
  assert.equal(sent[0]![1], true);
  batcher.push([{ op: 'append', index: 0, id: 'e1', text: 'y' }], false);
  batcher.clear();
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(sent.length, 1, 'cleared changes are not sent');
  batcher.dispose();
});

test('RowBatcher: a change after a quiet spell goes out on the next turn; while changes keep coming, sends are a gap apart', async () => {
  let now = 1_000;
  const sent: RowChange[][] = [];
  const batcher = new RowBatcher((rows) => sent.push(rows), 40, () => now);
  const append = (text: string): RowChange => ({ op: 'append', index: 0, id: 'e1', text });
  const turn = () => new Promise((r) => setTimeout(r, 0));
  batcher.push([append('a')], false);
  batcher.push([append('b')], false);
  assert.equal(sent.length, 0, 'what one task produced rides together');
  await turn();
  assert.deepEqual(sent, [[append('ab')]], 'no wait after a quiet spell');

  // 10 ms after that send: the change waits the 30 ms left of the gap.
  now += 10;
  batcher.push([append('c')], false);
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(sent.length, 1, 'not before the gap has passed');
  await new Promise((r) => setTimeout(r, 40));
  assert.deepEqual(sent[1], [append('c')]);

  // A quiet spell longer than the gap: the next change goes at once again.
  now += 1_000;
  batcher.push([append('d')], true);
  await turn();
  assert.deepEqual(sent[2], [append('d')]);
  batcher.dispose();
});

test('changes inside subagent cards are batched per child, coalesced alike, and sent with the rows', async () => {
  const sent: unknown[] = [];
  const batcher = new RowBatcher((rows, session, children) => sent.push({ rows, session, children }), 0);
  batcher.push([], false, [{ childId: 'c1', rows: [{ op: 'insert', index: 0, entry: agent('e1', 'a') }] }]);
  batcher.push([], false, [{ childId: 'c1', rows: [{ op: 'append', index: 0, id: 'e1', text: 'b' }] }, { childId: 'c2', rows: [{ op: 'insert', index: 0, entry: agent('e1', 'x') }] }]);
  batcher.push([], false, [{ childId: 'c1', rows: [{ op: 'append', index: 0, id: 'e1', text: 'c' }] }]);
  batcher.flush();
  assert.deepEqual(sent, [{
    rows: [],
    session: false,
    children: [
      { childId: 'c1', rows: [{ op: 'insert', index: 0, entry: agent('e1', 'a') }, { op: 'append', index: 0, id: 'e1', text: 'bc' }] },
      { childId: 'c2', rows: [{ op: 'insert', index: 0, entry: agent('e1', 'x') }] },
    ],
  }]);
  batcher.flush();
  assert.equal(sent.length, 1, 'nothing left over');
});
