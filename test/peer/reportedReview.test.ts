/**
 * The review where the disk cannot speak, with the real snapshot engine and a real agent: a
 * folder whose snapshot is refused lists what the agent reported (its tool-call diffs and the
 * client's fs writes) and can undo it exactly; a file written outside the roots is named; a
 * reported diff the disk disagrees with is flagged and the disk wins.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Snapshotter } from '../../src/checkpoints/snapshotter.js';
import { reportedUndoPlan } from '../../src/thread/review/reportedChanges.js';
import { turnReport } from '../../src/vscode/review/turnReport.js';
import { record, startPeer, tempDir, testAgent, type Peer } from './support/harness.js';

let peer: Peer;
let storage: string;
let outsideDir: string;
before(async () => {
  peer = await startPeer(testAgent('edits'));
  storage = await tempDir('reported-storage-');
  outsideDir = await tempDir('reported-outside-');
  assert.equal((await peer.client.start()).state, 'ready');
});
after(async () => {
  await peer.close();
  await rm(storage, { recursive: true, force: true });
  await rm(outsideDir, { recursive: true, force: true });
});

for (const [why, options] of [
  ['git is missing', { gitPath: '/nonexistent/bin/git' }],
  ['the tree is too big', { limits: { maxFiles: 0 } }],
] as const) {
  test(`no snapshot (${why}): the changes are what the agent reported, undo puts the old text back only while the disk holds the agent's`, async () => {
    await writeFile(join(peer.dir, 'a.txt'), 'one\ntwo\n');
    const outside = join(outsideDir, 'out.txt');
    await rm(outside, { force: true });
    const s = new Snapshotter({ storageDir: storage, ...options });
    const refused = await s.snapshot(peer.dir, 'before the prompt');
    assert.equal(refused.ok, false, 'the snapshot is refused');
    assert.equal(!refused.ok && refused.refusal.reason, 'gitPath' in options ? 'git-missing' : 'too-many-files');

    const { session, thread } = record(await peer.client.newSession());
    await session.prompt([{ type: 'text', text: `reported ${outside}` }]);
    const turnId = thread.entries.find((e) => e.type === 'user')!.turnId!;
    assert.deepEqual(thread.writesOf(turnId), [{ path: join(peer.dir, 'a.txt'), oldText: 'one\ntwo\n', newText: 'reported edit\n' }], 'the fs write was recorded with what the file held');

    const report = await turnReport(s, { entries: thread.entries, turnId, writes: thread.writesOf(turnId), roots: [peer.dir], after: [] });
    assert.deepEqual(report.files.map((f) => [f.source, f.root, f.path, f.status, f.added, f.deleted]), [
      ['reported', peer.dir, 'a.txt', 'modified', 1, 2],
      ['outside', '', outside, 'added', 1, 0],
    ]);
    const a = report.files[0]!;
    assert.deepEqual(a.reported, { oldText: 'one\ntwo\n', newText: 'reported edit\n' });
    assert.equal(report.files[1]!.reported, undefined, 'outside the roots: named, nothing to undo');
    assert.deepEqual(report.differs, []);

    // Undo: exact while the disk holds what the agent reported…
    const plan = reportedUndoPlan(a, await readFile(join(peer.dir, 'a.txt'), 'utf8'));
    assert.deepEqual(plan, { kind: 'write', text: 'one\ntwo\n' });
    // …and refused once the file changed since.
    await writeFile(join(peer.dir, 'a.txt'), 'reported edit\nand the user typed more\n');
    assert.deepEqual(reportedUndoPlan(a, await readFile(join(peer.dir, 'a.txt'), 'utf8')), { kind: 'changed-since' });
  });
}

test('a reported diff the disk disagrees with is flagged on its tool call, and the disk review keeps the disk', async () => {
  await writeFile(join(peer.dir, 'a.txt'), 'one\ntwo\n');
  const s = new Snapshotter({ storageDir: storage });
  const before = await s.take(peer.dir, 'before the prompt');
  const { session, thread } = record(await peer.client.newSession());
  await session.prompt([{ type: 'text', text: 'disagree' }]);
  const turnId = thread.entries.find((e) => e.type === 'user')!.turnId!;
  const end = await s.take(peer.dir, 'after a turn');
  const disk = await s.between(peer.dir, before.id, end.id);
  assert.deepEqual(disk.files.map((f) => `${f.path}:${f.status}`), ['a.txt:modified']);
  const report = await turnReport(s, { entries: thread.entries, turnId, writes: [], roots: [peer.dir], after: [{ root: peer.dir, id: end.id }] });
  assert.deepEqual(report.files, [], 'a root with a snapshot is the disk\'s to list');
  assert.deepEqual(report.differs, [{ toolCallId: 'edit-2', path: join(peer.dir, 'a.txt') }]);
  assert.deepEqual([...report.differing], [`${peer.dir}\0a.txt`]);
  thread.apply({ kind: 'turn_changes', turnId, files: [], differs: report.differs });
  const call = thread.entries.find((e) => e.type === 'tool_call' && e.toolCallId === 'edit-2');
  assert.deepEqual(call?.type === 'tool_call' && call.diskDiffers, [join(peer.dir, 'a.txt')]);
  assert.equal(await readFile(join(peer.dir, 'a.txt'), 'utf8'), 'what the disk got\n');
});

test('a reported diff that matches the disk is not flagged', async () => {
  await writeFile(join(peer.dir, 'a.txt'), 'one\ntwo\n');
  const s = new Snapshotter({ storageDir: storage });
  const outside = join(outsideDir, 'match.txt');
  const { session, thread } = record(await peer.client.newSession());
  await s.take(peer.dir, 'before');
  await session.prompt([{ type: 'text', text: `reported ${outside}` }]);
  const turnId = thread.entries.find((e) => e.type === 'user')!.turnId!;
  const end = await s.take(peer.dir, 'after a turn');
  const report = await turnReport(s, { entries: thread.entries, turnId, writes: thread.writesOf(turnId), roots: [peer.dir], after: [{ root: peer.dir, id: end.id }] });
  assert.deepEqual(report.differs, []);
  assert.deepEqual(report.files.map((f) => [f.source, f.path]), [['outside', outside]], 'the root with a snapshot is left to the disk; the outside file is named');
});

test('a v2 patch (no texts) is checked against the disk: it agrees when it applies backwards to the file at the turn\'s end', async () => {
  const { ThreadModel } = await import('../../src/thread/reducer.js');
  const root = await tempDir('reported-v2-');
  try {
    await writeFile(join(root, 'p.txt'), 'keep\nold\n');
    const s = new Snapshotter({ storageDir: storage });
    await s.take(root, 'before');
    await writeFile(join(root, 'p.txt'), 'keep\nnew\n');
    await writeFile(join(root, 'q.txt'), 'keep\nsomething else\n');
    const end = await s.take(root, 'after a turn');
    const patch = (name: string) => [`diff --git ${root}/${name} ${root}/${name}`, `--- ${root}/${name}`, `+++ ${root}/${name}`, '@@ -1,2 +1,2 @@', ' keep', '-old', '+new', ''].join('\n');
    const m = new ThreadModel();
    m.apply({ kind: 'prompt_sent', turnId: 't', content: [] });
    for (const name of ['p.txt', 'q.txt']) {
      m.apply({ kind: 'tool_call', toolCallId: `v2-${name}`, replace: true, patch: { title: `Patch ${name}`, kind: 'edit', status: 'completed', content: [{ type: 'file_changes', changes: [{ operation: 'modify', path: join(root, name) }], patch: { format: 'git_patch', text: patch(name) } }] } });
    }
    const report = await turnReport(s, { entries: m.entries, turnId: 't', writes: [], roots: [root], after: [{ root, id: end.id }] });
    assert.deepEqual(report.differs, [{ toolCallId: 'v2-q.txt', path: join(root, 'q.txt') }]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
