import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChangedFile } from '../../../src/protocol/events.js';
import type { ChangesEntry, UserEntry } from '../../../src/thread/types.js';
import { ThreadModel } from '../../../src/thread/reducer.js';

const file = (path: string): ChangedFile => ({ root: '/w', path, status: 'modified', added: 1, deleted: 1, binary: false });

function twoTurns(): ThreadModel {
  const m = new ThreadModel();
  for (const t of ['t1', 't2']) {
    m.apply({ kind: 'prompt_sent', turnId: t, content: [{ type: 'text', text: t }] });
    m.apply({ kind: 'checkpoint', turnId: t, snapshots: [{ root: '/w', id: `snap-${t}` }] });
    m.apply({ kind: 'turn_ended', turnId: t, stopReason: 'end_turn' });
    m.apply({ kind: 'turn_changes', turnId: t, files: [file(`${t}.ts`), file('shared.ts')], after: [{ root: '/w', id: `end-${t}` }] });
  }
  return m;
}

const users = (m: ThreadModel) => m.snapshot().entries.filter((e): e is UserEntry => e.type === 'user');
const changes = (m: ThreadModel) => m.snapshot().entries.filter((e): e is ChangesEntry => e.type === 'changes');

test('the checkpoint lands on its user message; changes get a row under the turn', () => {
  const m = twoTurns();
  assert.deepEqual(users(m).map((u) => u.checkpoint), [[{ root: '/w', id: 'snap-t1' }], [{ root: '/w', id: 'snap-t2' }]]);
  const rows = m.snapshot().entries.map((e) => e.type);
  assert.deepEqual(rows, ['user', 'turn_end', 'changes', 'user', 'turn_end', 'changes']);
  assert.deepEqual(changes(m)[0]!.after, [{ root: '/w', id: 'end-t1' }]);
});

test('a turn without changes gets no row; a recomputation replaces the list and keeps settled states', () => {
  const m = new ThreadModel();
  m.apply({ kind: 'prompt_sent', turnId: 't', content: [] });
  assert.equal(m.apply({ kind: 'turn_changes', turnId: 't', files: [] }).rows.length, 0);
  m.apply({ kind: 'turn_changes', turnId: 't', files: [file('a'), file('b')] });
  m.apply({ kind: 'turn_file_settled', turnId: 't', path: 'a', state: 'kept' });
  m.apply({ kind: 'turn_changes', turnId: 't', files: [file('a'), file('b'), file('c')] });
  assert.deepEqual(changes(m)[0]!.files.map((f) => [f.path, f.state]), [['a', 'kept'], ['b', undefined], ['c', undefined]]);
  m.apply({ kind: 'turn_file_settled', turnId: 't', state: 'undone' });
  assert.deepEqual(changes(m)[0]!.files.map((f) => f.state), ['undone', 'undone', 'undone']);
});

test('restore marks the message and what follows undone; redo clears it', () => {
  const m = twoTurns();
  m.apply({ kind: 'checkpoint_restored', turnId: 't2', redo: [{ root: '/w', id: 'redo' }] });
  assert.deepEqual(users(m).map((u) => [u.undone, u.redo?.[0]?.id]), [[undefined, undefined], [true, 'redo']]);
  assert.deepEqual(changes(m).map((c) => c.undone), [undefined, true]);
  // A second restore further back: only the latest restore offers Redo.
  m.apply({ kind: 'checkpoint_restored', turnId: 't1', redo: [{ root: '/w', id: 'redo2' }] });
  assert.deepEqual(users(m).map((u) => [u.undone, u.redo?.[0]?.id]), [[true, 'redo2'], [true, undefined]]);
  m.apply({ kind: 'checkpoint_redone', turnId: 't1' });
  assert.deepEqual(users(m).map((u) => [u.undone, u.redo]), [[undefined, undefined], [undefined, undefined]]);
  assert.deepEqual(changes(m).map((c) => c.undone), [undefined, undefined]);
});

test('checkpoints survive a save and restore of the thread', () => {
  const m = twoTurns();
  const again = ThreadModel.restore(JSON.parse(JSON.stringify(m.snapshot())));
  assert.deepEqual(again.snapshot().entries, m.snapshot().entries);
});

test('a hunk undone updates the file: counts and hunks now; the last one settles it as undone', () => {
  const m = twoTurns();
  const hunk = { oldStart: 0, oldCount: 1, newStart: 0, newCount: 1, lines: [['-', 'a'], ['+', 'b']] as Array<['-' | '+', string]> };
  m.apply({ kind: 'turn_file_updated', turnId: 't1', root: '/w', path: 'shared.ts', added: 1, deleted: 0, hunks: [hunk] });
  const f = changes(m)[0]!.files.find((x) => x.path === 'shared.ts')!;
  assert.deepEqual([f.added, f.deleted, f.hunks?.length, f.state], [1, 0, 1, undefined]);
  assert.equal(changes(m)[1]!.files.find((x) => x.path === 'shared.ts')!.hunks, undefined, 'only that turn');
  m.apply({ kind: 'turn_file_updated', turnId: 't1', root: '/w', path: 'shared.ts', added: 0, deleted: 0, hunks: [] });
  assert.equal(changes(m)[0]!.files.find((x) => x.path === 'shared.ts')!.state, 'undone');
});

test('a live count marks the row counting until the final list; a recount for another tab leaves the mark as it was', () => {
  const m = new ThreadModel();
  m.apply({ kind: 'prompt_sent', turnId: 't', content: [] });
  m.apply({ kind: 'turn_changes', turnId: 't', files: [file('a')], counting: true });
  assert.equal(changes(m)[0]!.counting, true);
  m.apply({ kind: 'turn_changes', turnId: 't', files: [file('a'), file('b')] });
  assert.equal(changes(m)[0]!.counting, true, 'an overlap recount does not end the count');
  m.apply({ kind: 'turn_changes', turnId: 't', files: [file('a'), file('b'), file('c')], counting: false });
  assert.equal('counting' in changes(m)[0]!, false, 'the final list');
  assert.deepEqual(changes(m)[0]!.files.map((f) => f.path), ['a', 'b', 'c']);
  m.apply({ kind: 'turn_changes', turnId: 't', files: [file('a')] });
  assert.equal('counting' in changes(m)[0]!, false, 'a later recount does not start counting again');
});
