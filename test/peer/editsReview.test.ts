/**
 * A turn's changes from the disk, whoever wrote them: an agent writing with node's fs
 * directly, through fs/write_text_file, and with `sed -i` in a client terminal. The snapshot
 * before the prompt and the changed files after it come from the real snapshot engine.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Snapshotter } from '../../src/checkpoints/snapshotter.js';
import { restoreSnapshot } from '../../src/checkpoints/restore.js';
import { record, startPeer, tempDir, testAgent, waitFor, type Peer } from './support/harness.js';
import { LiveTurnChanges } from '../../src/vscode/review/liveTurnChanges.js';

let peer: Peer;
let storage: string;
before(async () => {
  peer = await startPeer(testAgent('edits'));
  storage = await tempDir('edits-storage-');
  assert.equal((await peer.client.start()).state, 'ready');
});
after(async () => {
  await peer.close();
  await rm(storage, { recursive: true, force: true });
});

async function seed(): Promise<void> {
  await writeFile(join(peer.dir, 'a.txt'), 'one\ntwo\n');
  await writeFile(join(peer.dir, 'c.txt'), 'to be deleted\n');
  await rm(join(peer.dir, 'b.txt'), { force: true });
}

for (const [prompt, expected] of [
  ['direct', ['a.txt:modified', 'b.txt:added', 'c.txt:deleted']],
  ['write', ['a.txt:modified']],
  ['sed', ['a.txt:modified']],
] as const) {
  test(`the turn's changes are seen on disk: ${prompt}`, async () => {
    await seed();
    const s = new Snapshotter({ storageDir: storage });
    const snap = await s.take(peer.dir, 'before the prompt');
    const { session } = record(await peer.client.newSession());
    await session.prompt([{ type: 'text', text: prompt }]);
    const changes = await s.changes(peer.dir, snap.id);
    assert.deepEqual(changes.files.map((f) => `${f.path}:${f.status}`).sort(), expected);
    await restoreSnapshot(s, peer.dir, snap.id);
    assert.equal(await readFile(join(peer.dir, 'a.txt'), 'utf8'), 'one\ntwo\n');
    assert.equal(await readFile(join(peer.dir, 'c.txt'), 'utf8'), 'to be deleted\n');
  });
}

test('while the turn runs, the live changes follow the disk (agent writing directly)', async () => {
  await seed();
  await rm(join(peer.dir, 'go'), { force: true });
  const s = new Snapshotter({ storageDir: storage });
  const snap = await s.take(peer.dir, 'before the prompt');
  const published: string[][] = [];
  const live = new LiveTurnChanges({
    compute: async () => (await s.changes(peer.dir, snap.id)).files.map((f) => ({ root: peer.dir, path: f.path, status: f.status, added: f.added, deleted: f.deleted, binary: f.binary })),
    publish: (files) => published.push(files.map((f) => `${f.path}:${f.status}`).sort()),
    gapMs: 50,
  });
  const { session } = record(await peer.client.newSession());
  const done = session.prompt([{ type: 'text', text: 'stepwise' }]);
  // No file watcher here: the test pokes (as file events would) until the first edit shows.
  await waitFor(() => { live.poke(); return published.some((p) => p.join() === 'a.txt:modified') || undefined; }, 15_000, 'a.txt in the live changes');
  await writeFile(join(peer.dir, 'go'), '');
  await done;
  await waitFor(() => { live.poke(); return published.some((p) => p.join() === 'a.txt:modified,b.txt:added') || undefined; }, 15_000, 'b.txt in the live changes');
  await live.stop();
  const count = published.length;
  live.poke();
  assert.equal(published.length, count, 'nothing is published after stop()');
});
