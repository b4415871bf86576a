/**
 * Which tool calls fold (webview/thread/toolFolds.ts): runs of three or more finished reads,
 * searches and fetches with nothing but text; anything failed, waiting, running or carrying a
 * diff breaks a run; long runs split every hundred rows; a row that flips re-folds its
 * neighbourhood (a finished call joins, two runs merge, a run splits) and says which rows changed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_FOLD_RUN, ToolFolds, foldable, setFoldToolCalls } from '../../../webview/thread/toolFolds.js';
import type { ThreadEntry, ToolCallEntry } from '../../../src/thread/types.js';
import type { ViewStateStore } from '../../../webview/viewState.js';

const read = (id: string, extra: Partial<ToolCallEntry> = {}): ToolCallEntry => ({
  type: 'tool_call', id, toolCallId: `call-${id}`, title: `Read ${id}`, name: null, kind: 'read', status: 'completed',
  content: [{ type: 'content', content: { type: 'text', text: 'file text' } }], locations: [], ...extra,
});
const msg = (id: string): ThreadEntry => ({ type: 'agent', id, content: [{ type: 'text', text: 'hi' }] });

function folds(rows: ThreadEntry[]) {
  const open: Record<string, boolean> = {};
  const view = { isExpanded: (k: string) => open[k], setExpanded: (k: string, v: boolean) => { open[k] = v; } } as unknown as ViewStateStore;
  const toggled: number[][] = [];
  const f = new ToolFolds({ get count() { return rows.length; }, entryAt: (i) => rows[i] }, view, (ix) => toggled.push(ix));
  return { f, rows, toggled, heads: () => [...new Set(rows.map((r) => f.run(r.id)?.head).filter(Boolean))] };
}

test('what folds: a finished read, search or fetch with text; not failed, running, waiting, answered, diff, terminal, image, other kinds', () => {
  assert.equal(foldable(read('a')), true);
  assert.equal(foldable(read('a', { kind: 'search' })), true);
  assert.equal(foldable(read('a', { kind: 'fetch', content: [] })), true);
  assert.equal(foldable(read('a', { autoApproved: { ruleId: 'r', title: 'reads' }, permissionOutcome: 'allow' })), true);
  for (const [why, extra] of Object.entries<Partial<ToolCallEntry>>({
    failed: { status: 'failed' }, running: { status: 'in_progress' }, pending: { status: 'pending' }, cancelled: { status: 'cancelled' },
    waiting: { permission: { requestId: 'q', options: [] } }, answered: { permissionOutcome: 'allow' }, edit: { kind: 'edit' },
    execute: { kind: 'execute' }, diff: { content: [{ type: 'diff', path: '/a', oldText: null, newText: 'x' }] },
    terminal: { content: [{ type: 'terminal', terminalId: 't' }] }, image: { content: [{ type: 'content', content: { type: 'image', data: '', mimeType: 'image/png' } }] },
    orphan: { orphan: true }, differs: { diskDiffers: ['/a'] },
  })) assert.equal(foldable(read('a', extra)), false, why);
  assert.equal(foldable(msg('m')), false);
  setFoldToolCalls(false);
  try {
    assert.equal(foldable(read('a')), false, 'the setting off folds nothing');
  } finally {
    setFoldToolCalls(true);
  }
});

test('runs of three or more fold; two do not; a failed call between breaks the run', () => {
  const { f, heads } = folds([read('r1'), read('r2'), read('r3'), read('x', { status: 'failed' }), read('r4'), read('r5'), msg('m'), read('s1', { kind: 'search' }), read('s2', { kind: 'search' }), read('f1', { kind: 'fetch' })]);
  const changed = f.reset();
  assert.deepEqual(heads(), ['r1', 's1']);
  assert.deepEqual(f.run('r1')!.ids, ['r1', 'r2', 'r3']);
  assert.deepEqual(f.run('s1')!.counts, { read: 0, search: 2, fetch: 1 });
  assert.deepEqual(changed, [0, 1, 2, 7, 8, 9]);
  assert.equal(f.hidden('r1'), false, 'the first row holds the line');
  assert.equal(f.hidden('r2'), true);
  assert.equal(f.run('r4'), undefined);
});

test('a running call that finishes joins the run before it; one in the middle merges two runs; a row that turns eventful splits it', () => {
  const rows: ThreadEntry[] = [read('r1'), read('r2'), read('r3', { status: 'in_progress' })];
  const { f } = folds(rows);
  f.reset();
  assert.equal(f.run('r1'), undefined);
  rows[2] = read('r3');
  assert.deepEqual(f.changed(rows[2]!, () => 2), [0, 1, 2]);
  assert.equal(f.run('r3')!.head, 'r1');
  assert.deepEqual(f.changed(read('r3'), () => { throw new Error('not asked: nothing flipped'); }), []);

  rows.push(read('m', { status: 'in_progress' }));
  assert.deepEqual(f.inserted(3), [], 'a running call changes no fold');
  for (const id of ['r5', 'r6']) {
    rows.push(read(id));
    assert.deepEqual(f.inserted(rows.length - 1), []);
  }
  rows.push(read('r7'));
  assert.deepEqual(f.inserted(6), [4, 5, 6], 'the third finished read after it makes a fold');
  assert.equal(f.run('r5')!.head, 'r5');
  rows[3] = read('m');
  const merged = f.changed(rows[3]!, () => 3);
  assert.deepEqual(merged, [0, 3, 4, 5, 6], 'the first line counts more; m, r5–r7 join it');
  assert.equal(f.run('r7')!.head, 'r1');
  assert.equal(f.run('r1')!.counts.read, 7);

  rows[1] = read('r2', { status: 'failed' });
  f.changed(rows[1]!, () => 1);
  assert.equal(f.run('r1'), undefined, 'one row left before it: no fold');
  assert.equal(f.run('r3')!.head, 'r3');
});

test('a run longer than a hundred rows is several folds', () => {
  const rows = Array.from({ length: 2 * MAX_FOLD_RUN + 5 }, (_, i) => read(`r${i}`));
  const { heads, f } = folds(rows);
  f.reset();
  assert.deepEqual(heads(), ['r0', `r${MAX_FOLD_RUN}`, `r${2 * MAX_FOLD_RUN}`]);
  assert.equal(f.run(`r${2 * MAX_FOLD_RUN}`)!.ids.length, 5);
});

test('opening a fold keeps it in view state under its first row and names every row of it', () => {
  const { f, toggled } = folds([msg('m'), read('r1'), read('r2'), read('r3')]);
  f.reset();
  const run = f.run('r2')!;
  assert.equal(f.isOpen(run), false);
  f.setOpen(run, true);
  assert.equal(f.isOpen(run), true);
  assert.equal(f.hidden('r2'), false);
  assert.deepEqual(toggled, [[1, 2, 3]]);
  f.setOpen(run, true);
  assert.equal(toggled.length, 1, 'no change, nothing redrawn');
});
