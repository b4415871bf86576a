/**
 * A restore is whole or nothing: a saved copy missing from the private store stops it before
 * anything is written, and a write failing partway takes back what was written. Real git, real
 * files; "nothing changed" compares every file, folder and symlink under the root.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Snapshotter } from '../../../src/checkpoints/snapshotter.js';
import { applyOld, checkRestorable, restoreSnapshot, RestoreWriteFailed, SnapshotIncomplete } from '../../../src/checkpoints/restore.js';
import { sh, removeTempDirs, tempDir, wholeTree, writeFiles } from './realGit.js';

after(removeTempDirs);

const T = { timeout: 60_000 };

async function folder(files: Record<string, string>): Promise<{ root: string; s: Snapshotter }> {
  const base = await tempDir('whole-restore-');
  const root = join(base, 'work');
  await writeFiles(root, files);
  return { root, s: new Snapshotter({ storageDir: join(base, 'storage') }) };
}

/** Deletes the loose object `rev` names (a blob or tree of a snapshot) from the private store. */
async function deleteObject(s: Snapshotter, root: string, rev: string): Promise<void> {
  const repo = await s.repo(root);
  const id = sh(root, '--git-dir', repo.gitDir, 'rev-parse', rev);
  const file = join(repo.gitDir, 'objects', id.slice(0, 2), id.slice(2));
  assert.ok(existsSync(file), `${rev} is a loose object in the private store`);
  await rm(file);
}

const fiveFiles = (tag: string) => Object.fromEntries(['a.txt', 'b.txt', 'c.txt', 'lib/d.ts', 'lib/e.ts'].map((p) => [p, `${p} ${tag}\n`]));

test('a saved copy deleted from the private store: the restore names the file and writes nothing', T, async () => {
  const { root, s } = await folder({ ...fiveFiles('then'), 'lost.txt': 'saved once, then lost\n' });
  const snap = await s.take(root, 'before');
  await deleteObject(s, root, `${snap.id}:lost.txt`);
  await writeFiles(root, { ...fiveFiles('now'), 'lost.txt': 'changed since\n', 'new.txt': 'created since\n' });
  const before = await wholeTree(root);

  const err = await restoreSnapshot(s, root, snap.id).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof SnapshotIncomplete, `expected SnapshotIncomplete, got ${String(err)}`);
  assert.deepEqual(err.paths, ['lost.txt']);
  assert.match(err.message, /lost\.txt/);
  assert.deepEqual(await wholeTree(root), before, 'no file written or removed');
});

test('applyOld checks every saved copy before writing: one missing and nothing is written', T, async () => {
  const { root, s } = await folder({ ...fiveFiles('then'), 'lost.txt': 'saved once, then lost\n' });
  const snap = await s.take(root, 'before');
  await writeFiles(root, { ...fiveFiles('now'), 'lost.txt': 'changed since\n' });
  await rm(join(root, 'b.txt'));
  const now = await s.take(root, 'now');
  const changes = await s.between(root, snap.id, now.id);
  assert.equal(changes.files.length, 6);
  await deleteObject(s, root, `${snap.id}:lost.txt`);
  const before = await wholeTree(root);

  const err = await applyOld(await s.repo(root), changes.files).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof SnapshotIncomplete, `expected SnapshotIncomplete, got ${String(err)}`);
  assert.deepEqual(err.paths, ['lost.txt']);
  assert.deepEqual(await wholeTree(root), before);
});

test('a folder whose listing is gone from the private store is named, and nothing is written', T, async () => {
  const { root, s } = await folder(fiveFiles('then'));
  const snap = await s.take(root, 'before');
  await deleteObject(s, root, `${snap.id}:lib`);
  await writeFiles(root, fiveFiles('now'));
  const before = await wholeTree(root);

  const err = await restoreSnapshot(s, root, snap.id).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof SnapshotIncomplete, `expected SnapshotIncomplete, got ${String(err)}`);
  assert.deepEqual(err.paths, ['lib/']);
  assert.deepEqual(await wholeTree(root), before);
});

test('a snapshot whose top folder listing is gone counts as gone, and restoring it writes nothing', T, async () => {
  const { root, s } = await folder(fiveFiles('then'));
  const snap = await s.take(root, 'before');
  await deleteObject(s, root, `${snap.id}^{tree}`);
  await writeFiles(root, fiveFiles('now'));
  const before = await wholeTree(root);

  assert.equal(await s.exists(root, snap.id), false);
  const err = await restoreSnapshot(s, root, snap.id).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof SnapshotIncomplete, `expected SnapshotIncomplete, got ${String(err)}`);
  assert.deepEqual(err.paths, ['./']);
  assert.deepEqual(await wholeTree(root), before);
});

test('a write failing partway (a folder holding an ignored file where a file goes back) puts back everything written and names the file', T, async () => {
  // 40 files to write back, so the failing one (last in order) starts after many have finished.
  const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${String(i).padStart(2, '0')}.txt`, `file ${i} then\n`]));
  const { root, s } = await folder({ ...many, '.gitignore': '*.log\n', 'gone.txt': 'deleted since\n', 'deep/a/b/moved.txt': 'a file that is moved out of its folders later\n', 'zz-notes': 'a file, later a folder\n' });
  await symlink('f00.txt', join(root, 'link'));
  const snap = await s.take(root, 'before');

  await writeFiles(root, Object.fromEntries(Object.keys(many).map((p) => [p, `${p} changed since\n`])));
  await rm(join(root, 'gone.txt'));
  await writeFile(join(root, 'added.txt'), 'created since\n');
  await rename(join(root, 'deep', 'a', 'b', 'moved.txt'), join(root, 'moved-here.txt'));
  await rm(join(root, 'deep'), { recursive: true });
  await rm(join(root, 'link'));
  await symlink('f01.txt', join(root, 'link'));
  await rm(join(root, 'zz-notes'));
  await mkdir(join(root, 'zz-notes'));
  await writeFile(join(root, 'zz-notes', 'keep.log'), 'the user\'s ignored file: never deleted by a restore\n');
  const before = await wholeTree(root);

  const err = await restoreSnapshot(s, root, snap.id).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof RestoreWriteFailed, `expected RestoreWriteFailed, got ${String(err)}`);
  assert.equal(err.path, 'zz-notes');
  assert.deepEqual(err.notRolledBack, []);
  assert.match(err.message, /zz-notes/);
  assert.deepEqual(await wholeTree(root), before, 'every file, folder and link as it was before the restore');

  // Once the folder is out of the way the same restore goes through whole.
  await rm(join(root, 'zz-notes'), { recursive: true });
  await restoreSnapshot(s, root, snap.id);
  assert.deepEqual((await s.changes(root, snap.id)).files, []);
  assert.equal(existsSync(join(root, 'deep', 'a', 'b', 'moved.txt')), true);
});

test('reading a file whose saved copy is gone says so, instead of answering "it did not exist"', T, async () => {
  const { root, s } = await folder({ ...fiveFiles('then'), 'lost.txt': 'saved once, then lost\n' });
  const snap = await s.take(root, 'before');
  await deleteObject(s, root, `${snap.id}:lost.txt`);
  await deleteObject(s, root, `${snap.id}:lib`);

  assert.equal((await s.readFile(root, snap.id, 'a.txt'))?.toString(), 'a.txt then\n');
  assert.equal(await s.readFile(root, snap.id, 'never-there.txt'), undefined);
  assert.equal(await s.readFile(root, snap.id, 'no-folder/never-there.txt'), undefined);
  for (const path of ['lost.txt', 'lib/d.ts']) {
    const err = await s.readFile(root, snap.id, path).then(() => undefined, (e: unknown) => e);
    assert.ok(err instanceof SnapshotIncomplete, `${path}: expected SnapshotIncomplete, got ${String(err)}`);
    assert.deepEqual(err.paths, [path]);
  }
});

test('checkRestorable names what a restore would miss, before anything is written or snapshotted', T, async () => {
  const { root, s } = await folder({ ...fiveFiles('then'), 'lost.txt': 'saved once, then lost\n' });
  const snap = await s.take(root, 'before');
  await writeFiles(root, fiveFiles('now'));
  assert.deepEqual(await checkRestorable(s, root, snap.id), [], 'every saved copy is there');
  await deleteObject(s, root, `${snap.id}:lost.txt`);
  await writeFiles(root, { 'lost.txt': 'changed since\n' });
  const before = await wholeTree(root);
  assert.deepEqual(await checkRestorable(s, root, snap.id), ['lost.txt']);
  assert.deepEqual(await checkRestorable(s, root, snap.id, new Set(['a.txt'])), [], 'a restore of a.txt alone misses nothing');
  assert.deepEqual(await wholeTree(root), before);
});

test('restoring only files whose saved copies are there works when another file of the snapshot lost its copy', T, async () => {
  const { root, s } = await folder({ ...fiveFiles('then'), 'lost.txt': 'saved once, then lost\n' });
  const snap = await s.take(root, 'before');
  await deleteObject(s, root, `${snap.id}:lost.txt`);
  await writeFiles(root, { ...fiveFiles('now'), 'lost.txt': 'changed since\n' });

  const err = await restoreSnapshot(s, root, snap.id, new Set(['lost.txt', 'b.txt'])).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof SnapshotIncomplete, `expected SnapshotIncomplete, got ${String(err)}`);
  assert.deepEqual(err.paths, ['lost.txt']);
  await restoreSnapshot(s, root, snap.id, new Set(['a.txt', 'lib/d.ts']));
  const now = await wholeTree(root);
  assert.deepEqual([now['a.txt'], now['lib/d.ts'], now['b.txt']].map((v) => Buffer.from(v!.split(':')[1]!, 'base64').toString()),
    ['a.txt then\n', 'lib/d.ts then\n', 'b.txt now\n']);
});

test('a folder holding only empty folders, where a file goes back, is replaced by the file', T, async () => {
  const { root, s } = await folder({ 'slot': 'a file, later a folder of empty folders\n' });
  const snap = await s.take(root, 'before');
  await rm(join(root, 'slot'));
  await mkdir(join(root, 'slot', 'empty', 'deeper'), { recursive: true });
  await restoreSnapshot(s, root, snap.id);
  assert.deepEqual(Object.keys(await wholeTree(root)), ['slot'], 'the empty folders are gone');
  assert.equal(await readFile(join(root, 'slot'), 'utf8'), 'a file, later a folder of empty folders\n');
});
