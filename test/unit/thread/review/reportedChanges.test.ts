import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ThreadModel } from '../../../../src/thread/reducer.js';
import type { ChangesEntry, ToolCallEntry } from '../../../../src/thread/types.js';
import { foldReported, reportedRowFiles, reportedUndoPlan, rootOf, toolCallEdits, turnToolCalls } from '../../../../src/thread/review/reportedChanges.js';

const PATCH = [
  'diff --git /w/src/a.ts /w/src/a.ts',
  '--- /w/src/a.ts',
  '+++ /w/src/a.ts',
  '@@ -1,2 +1,2 @@',
  ' keep',
  '-old',
  '+new',
  '',
].join('\n');

function turn(): ThreadModel {
  const m = new ThreadModel();
  m.apply({ kind: 'prompt_sent', turnId: 't1', content: [{ type: 'text', text: 'go' }] });
  m.apply({ kind: 'tool_call', toolCallId: 'c1', replace: true, patch: { title: 'Edit', kind: 'edit', status: 'completed', content: [{ type: 'diff', path: '/w/x.txt', oldText: 'a\n', newText: 'b\n' }] } });
  m.apply({ kind: 'tool_call', toolCallId: 'c2', replace: true, patch: { title: 'Edit again', kind: 'edit', status: 'completed', content: [{ type: 'diff', path: '/w/x.txt', oldText: 'b\n', newText: 'c\nd\n' }] } });
  m.apply({
    kind: 'tool_call', toolCallId: 'c3', replace: true, patch: {
      title: 'Patch', kind: 'edit', status: 'completed', content: [{
        type: 'file_changes', patch: { format: 'git_patch', text: PATCH }, changes: [
          { operation: 'modify', path: '/w/src/a.ts' },
          { operation: 'add', path: '/w/new.txt' },
          { operation: 'delete', path: '/w/gone.txt' },
          { operation: 'move', path: '/w/to.txt', oldPath: '/w/from.txt' },
        ],
      }],
    },
  });
  m.apply({ kind: 'tool_call', toolCallId: 'c4', replace: true, patch: { title: 'Failed', kind: 'edit', status: 'failed', content: [{ type: 'diff', path: '/w/failed.txt', oldText: 'a', newText: 'b' }] } });
  m.apply({ kind: 'tool_call', toolCallId: 'c5', replace: true, patch: { title: 'Read', kind: 'read', status: 'completed', content: [], locations: [{ path: '/w/read-only.txt' }] } });
  m.apply({ kind: 'tool_call', toolCallId: 'c6', replace: true, patch: { title: 'Edit /etc/hosts', kind: 'edit', status: 'completed', content: [], locations: [{ path: '/etc/hosts' }] } });
  return m;
}

test('several edits to one file fold into one entry: first old text, last new text', () => {
  const files = foldReported(toolCallEdits(turnToolCalls(turn().entries, 't1')));
  const x = files.find((f) => f.path === '/w/x.txt')!;
  assert.deepEqual({ old: x.oldText, new: x.newText, status: x.status, added: x.added, deleted: x.deleted, by: x.lastToolCallId },
    { old: 'a\n', new: 'c\nd\n', status: 'modified', added: 2, deleted: 1, by: 'c2' });
  assert.equal(files.filter((f) => f.path === '/w/x.txt').length, 1);
});

test('v2 file changes: create, delete, move and a modify with the patch counts; failed calls and reads are left out', () => {
  const files = foldReported(toolCallEdits(turnToolCalls(turn().entries, 't1')));
  const by = Object.fromEntries(files.map((f) => [f.path, f]));
  assert.deepEqual(Object.keys(by), ['/w/x.txt', '/w/src/a.ts', '/w/new.txt', '/w/gone.txt', '/w/to.txt', '/etc/hosts']);
  assert.deepEqual([by['/w/src/a.ts']!.status, by['/w/src/a.ts']!.added, by['/w/src/a.ts']!.deleted], ['modified', 1, 1]);
  assert.equal(by['/w/new.txt']!.status, 'added');
  assert.equal(by['/w/gone.txt']!.status, 'deleted');
  assert.deepEqual([by['/w/to.txt']!.status, by['/w/to.txt']!.oldPath], ['renamed', '/w/from.txt']);
});

test('the host\'s writes are what reached the file: their texts win over the tool calls\'', () => {
  const edits = [{ path: '/w/x.txt', oldText: 'told\n', newText: 'said\n', toolCallId: 'c1' }];
  const [x, y] = foldReported(edits, [
    { path: '/w/x.txt', oldText: 'real\n', newText: 'first\n' },
    { path: '/w/x.txt', oldText: 'first\n', newText: 'second\n' },
    { path: '/w/y.txt', oldText: null, newText: 'y\n' },
  ]);
  assert.deepEqual([x!.oldText, x!.newText], ['real\n', 'second\n']);
  assert.deepEqual([y!.path, y!.status, y!.added], ['/w/y.txt', 'added', 1]);
});

test('a path reported twice by different kinds of content is one entry; created then deleted, or back as it was, is none', () => {
  const files = foldReported([
    { path: '/w/a', oldText: 'x', newText: 'y', toolCallId: 'c1' },
    { path: '/w/a', toolCallId: 'c2' },
    { path: '/w/tmp', oldText: null, newText: 'scratch', toolCallId: 'c1' },
    { path: '/w/tmp', newText: null, toolCallId: 'c2' },
    { path: '/w/same', oldText: 'v', newText: 'w', toolCallId: 'c1' },
    { path: '/w/same', oldText: 'w', newText: 'v', toolCallId: 'c2' },
  ]);
  assert.deepEqual(files.map((f) => [f.path, f.oldText, f.newText]), [['/w/a', 'x', 'y']]);
});

test('placing reported files: a root without a snapshot lists them, a snapshotted root leaves them to the disk, outside every root they are named', () => {
  const files = foldReported([
    { path: '/w/one/a.txt', oldText: 'a', newText: 'b' },
    { path: '/w/two/b.txt', oldText: 'a', newText: 'b' },
    { path: '/w/one-more/c.txt', oldText: null, newText: 'c' },
    { path: '/tmp/out.txt', oldText: null, newText: 'o' },
  ]);
  const rows = reportedRowFiles(files, ['/w/one', '/w/two/'], new Set(['/w/two']));
  assert.deepEqual(rows.map((f) => [f.root, f.path, f.source, f.reported]), [
    ['/w/one', 'a.txt', 'reported', { oldText: 'a', newText: 'b' }],
    ['', '/w/one-more/c.txt', 'outside', undefined],
    ['', '/tmp/out.txt', 'outside', undefined],
  ]);
  assert.equal(rootOf('/w/one/deep/x', ['/w', '/w/one']), '/w/one');
  assert.equal(rootOf('/w/oneish', ['/w/one']), undefined);
});

test('undo of a reported file is exact or nothing: only while the disk holds what the agent reported', () => {
  const modified = { reported: { oldText: 'before', newText: 'after' } };
  assert.deepEqual(reportedUndoPlan(modified, 'after'), { kind: 'write', text: 'before' });
  assert.deepEqual(reportedUndoPlan(modified, 'after, then edited'), { kind: 'changed-since' });
  assert.deepEqual(reportedUndoPlan(modified, undefined), { kind: 'changed-since' });
  assert.deepEqual(reportedUndoPlan({ reported: { oldText: null, newText: 'new' } }, 'new'), { kind: 'delete' });
  assert.deepEqual(reportedUndoPlan({ reported: { oldText: 'was', newText: null } }, undefined), { kind: 'write', text: 'was' });
  assert.deepEqual(reportedUndoPlan({ reported: { oldText: 'was', newText: null } }, 'back'), { kind: 'changed-since' });
  assert.deepEqual(reportedUndoPlan({}, 'x'), { kind: 'unknown' });
});

test('the thread keeps the running turn\'s fs writes; turn_changes marks tool calls whose diff the disk disagrees with', () => {
  const m = turn();
  m.apply({ kind: 'file_written', path: '/w/x.txt', oldText: 'a\n', newText: 'b\n' });
  assert.deepEqual(m.writesOf('t1'), [{ path: '/w/x.txt', oldText: 'a\n', newText: 'b\n' }]);
  m.apply({ kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' });
  m.apply({ kind: 'turn_changes', turnId: 't1', files: [{ root: '/tmp', path: '/tmp/o', status: 'added', added: 1, deleted: 0, binary: false, source: 'outside' }], differs: [{ toolCallId: 'c2', path: '/w/x.txt' }] });
  const c2 = m.entries.find((e): e is ToolCallEntry => e.type === 'tool_call' && e.toolCallId === 'c2')!;
  assert.deepEqual(c2.diskDiffers, ['/w/x.txt']);
  m.apply({ kind: 'turn_file_settled', turnId: 't1', state: 'kept' });
  const row = m.entries.find((e): e is ChangesEntry => e.type === 'changes')!;
  assert.equal(row.files[0]!.state, undefined, 'a file outside the workspace is never kept or undone');
  m.apply({ kind: 'prompt_sent', turnId: 't2', content: [] });
  m.apply({ kind: 'file_written', path: '/w/y.txt', oldText: null, newText: 'y' });
  assert.deepEqual(m.writesOf('t1'), [], 'only the running turn\'s writes are kept');
});

test('a very large reported file is listed without its texts (no exact undo); a tool call finds its turn and its one diffed file', async () => {
  const { diffItemPath, turnOfToolCall } = await import('../../../../src/thread/review/reportedChanges.js');
  const big = 'x'.repeat(600_000);
  const [row] = reportedRowFiles(foldReported([{ path: '/w/big.txt', oldText: big, newText: big + 'y' }]), ['/w'], new Set());
  assert.deepEqual([row!.source, row!.reported], ['reported', undefined]);
  assert.deepEqual(reportedUndoPlan(row!, big + 'y'), { kind: 'unknown' });
  const m = turn();
  assert.equal(turnOfToolCall(m.entries, 'c3'), 't1');
  assert.equal(turnOfToolCall(m.entries, 'nope'), undefined);
  const c1 = m.entries.find((e): e is ToolCallEntry => e.type === 'tool_call' && e.toolCallId === 'c1')!;
  const c3 = m.entries.find((e): e is ToolCallEntry => e.type === 'tool_call' && e.toolCallId === 'c3')!;
  assert.equal(diffItemPath(c1, 0), '/w/x.txt');
  assert.equal(diffItemPath(c3, 0), undefined, 'a v2 diff of several files keeps its own diff view');
});
