/**
 * A thread reopened after its snapshots are gone: the review's steps find out before acting
 * and say so (the sentences the editor shows), while a snapshot that still exists keeps working.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { Snapshotter } from '../../src/checkpoints/snapshotter.js';
import { goneMessage, goneRoots } from '../../src/vscode/review/snapshotGone.js';
import { tempDir } from './support/harness.js';

test('a reopened thread whose snapshot storage was cleared: every step says the snapshot is gone; one that exists still reads', async () => {
  const root = await tempDir('reopened-root-');
  const storage = await tempDir('reopened-storage-');
  try {
    execFileSync('git', ['init', '-q'], { cwd: root });
    await writeFile(join(root, 'a.txt'), 'before\n');
    const first = new Snapshotter({ storageDir: storage });
    const snap = await first.take(root, 'before a prompt');
    await writeFile(join(root, 'a.txt'), 'after\n');
    assert.deepEqual(await goneRoots(first, [{ root, id: snap.id }]), [], 'while it exists nothing is said');
    assert.equal((await first.readFile(root, snap.id, 'a.txt'))?.toString(), 'before\n');

    // The next window: storage cleared, the thread still holds the snapshot id.
    await rm(storage, { recursive: true, force: true });
    const reopened = new Snapshotter({ storageDir: storage });
    assert.deepEqual(await goneRoots(reopened, [{ root, id: snap.id }]), [root]);
    assert.equal(goneMessage('diff'), 'Agent Chat: the snapshot from before this turn is gone (collected or storage cleared); the diff cannot be shown.');
    assert.equal(goneMessage('undo', [root]), `Agent Chat: the snapshot of ${root} is gone (collected or storage cleared); nothing was undone.`);
    assert.equal(goneMessage('restore', [root]), `Agent Chat: the snapshot of ${root} is gone (collected or storage cleared); nothing was restored.`);
    assert.match(goneMessage('hunk'), /the hunk cannot be undone\.$/);
    assert.match(goneMessage('redo', [root]), /nothing was put back\.$/);
  } finally {
    await rm(root, { recursive: true, force: true });
    await rm(storage, { recursive: true, force: true });
  }
});
