/**
 * Checkpoints keep every object they need in their private repository: nothing done in the
 * user's repository — a deleted branch, a file staged and restaged, `git gc --prune=now` — can
 * take a blob a checkpoint needs. Real git, real files.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Snapshotter, REF_PREFIX } from '../../../src/checkpoints/snapshotter.js';
import { restoreSnapshot, SnapshotIncomplete } from '../../../src/checkpoints/restore.js';
import { repoDirFor } from '../../../src/checkpoints/shadowRepo.js';
import { collectGarbage } from '../../../src/checkpoints/gc.js';
import { writeTreeFromIndex } from '../../../src/checkpoints/indexTree.js';
import { blobId, hasObject, sh, removeTempDirs, tempDir, wholeTree, writeFiles } from './realGit.js';

after(removeTempDirs);

const T = { timeout: 60_000 };
const FEATURE = 'only ever committed on a branch that is deleted later\n';
const STAGED_V1 = 'only ever in the index, never committed\n';

/** A user repository on `main`, with `feature.txt` committed on branch `feature` (checked out). */
async function userRepo(): Promise<string> {
  const root = join(await tempDir('own-objects-'), 'work');
  await writeFiles(root, { 'README.md': '# project\n', 'src/main.ts': 'export {};\n' }, 'an hour ago');
  sh(root, 'init', '-q', '-b', 'main');
  sh(root, 'add', '-A');
  sh(root, 'commit', '-q', '-m', 'init');
  sh(root, 'checkout', '-q', '-b', 'feature');
  await writeFiles(root, { 'feature.txt': FEATURE }, 'an hour ago');
  sh(root, 'add', 'feature.txt');
  sh(root, 'commit', '-q', '-m', 'feature');
  return root;
}

/** Back on main, the branch deleted, reflogs expired and the store pruned: its blobs are gone. */
function dropFeatureBranch(root: string): void {
  sh(root, 'checkout', '-q', 'main');
  sh(root, 'branch', '-q', '-D', 'feature');
  pruneUserStore(root);
}

function pruneUserStore(root: string): void {
  sh(root, 'reflog', 'expire', '--expire=now', '--all');
  sh(root, 'gc', '--quiet', '--prune=now');
}

/**
 * What an earlier version left in storage: a private repository that borrows the user's objects
 * through `objects/info/alternates`, seeded with the user's index, holding one snapshot.
 */
async function earlierVersionRepo(storageDir: string, root: string): Promise<{ gitDir: string; snapshot: string }> {
  const dir = repoDirFor(storageDir, root);
  const gitDir = join(dir, 'repo.git');
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, GIT_INDEX_FILE: join(dir, 'index'),
    GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, '--work-tree', root, ...args], { cwd: root, env, encoding: 'utf8' }).trim();
  execFileSync('git', ['init', '-q', '--bare', gitDir]);
  copyFileSync(join(root, '.git', 'index'), join(dir, 'index'));
  writeFileSync(join(gitDir, 'objects', 'info', 'alternates'), join(root, '.git', 'objects') + '\n');
  git('add', '-A', '--', '.');
  // Its trees were written in-process as loose objects (indexTree.ts), its blobs borrowed.
  const tree = await writeTreeFromIndex(join(dir, 'index'), gitDir);
  assert.ok(tree);
  const snapshot = git('commit-tree', tree, '-m', 'before a prompt');
  git('update-ref', REF_PREFIX + snapshot, snapshot);
  return { gitDir, snapshot };
}

test('a checkpoint keeps a deleted branch\'s file and a blob that was only ever in the user\'s index through git gc --prune=now there', T, async () => {
  const root = await userRepo();
  await writeFiles(root, { 'staged.txt': STAGED_V1 }, 'an hour ago');
  sh(root, 'add', 'staged.txt');
  sh(root, 'gc', '--quiet');
  const userObjects = sh(root, 'count-objects', '-v') + sh(root, 'show-ref') + (await readdir(join(root, '.git', 'objects', 'pack'))).join();
  const s = new Snapshotter({ storageDir: join(root, '..', 'storage') });
  const snap = await s.take(root, 'before a prompt');
  const repo = await s.repo(root);
  assert.equal(existsSync(join(repo.gitDir, 'objects', 'info', 'alternates')), false, 'the private repository borrows nothing');
  assert.equal(sh(root, 'count-objects', '-v') + sh(root, 'show-ref') + (await readdir(join(root, '.git', 'objects', 'pack'))).join(), userObjects,
    "copying read the user's store and changed nothing in it");

  await writeFiles(root, { 'staged.txt': 'restaged\n' });
  sh(root, 'add', 'staged.txt');
  dropFeatureBranch(root);
  // The test only proves something if the user's store really lost both blobs.
  assert.equal(hasObject(join(root, '.git'), blobId(root, FEATURE)), false, "the branch's blob is gone from the user's store");
  assert.equal(hasObject(join(root, '.git'), blobId(root, STAGED_V1)), false, "the index-only blob is gone from the user's store");
  assert.equal(existsSync(join(root, 'feature.txt')), false);

  await restoreSnapshot(s, root, snap.id);
  assert.equal(await readFile(join(root, 'feature.txt'), 'utf8'), FEATURE);
  assert.equal(await readFile(join(root, 'staged.txt'), 'utf8'), STAGED_V1);
});

test('after the first snapshot, new snapshots write their own objects even when the user\'s store has them', T, async () => {
  const root = await userRepo();
  sh(root, 'checkout', '-q', 'main');
  const s = new Snapshotter({ storageDir: join(root, '..', 'storage') });
  await s.take(root, 'first');
  // The same bytes as the branch's blob, now on main's disk: `git add` in a repository that
  // still borrowed would find the object next door and write nothing of its own.
  await writeFiles(root, { 'copied.txt': FEATURE });
  const snap = await s.take(root, 'second');
  await rm(join(root, 'copied.txt'));
  sh(root, 'branch', '-q', '-D', 'feature');
  pruneUserStore(root);
  assert.equal(hasObject(join(root, '.git'), blobId(root, FEATURE)), false);

  await restoreSnapshot(s, root, snap.id);
  assert.equal(await readFile(join(root, 'copied.txt'), 'utf8'), FEATURE);
});

test('a private repository an earlier version left borrowing the user\'s objects copies them in when opened', T, async () => {
  const root = await userRepo();
  const storageDir = join(root, '..', 'storage');
  const old = await earlierVersionRepo(storageDir, root);
  assert.equal(existsSync(join(old.gitDir, 'objects', 'info', 'alternates')), true);

  const s = new Snapshotter({ storageDir });
  assert.equal(await s.exists(root, old.snapshot), true);
  assert.equal(existsSync(join(old.gitDir, 'objects', 'info', 'alternates')), false, 'opening stopped the borrowing');

  dropFeatureBranch(root);
  assert.equal(hasObject(join(root, '.git'), blobId(root, FEATURE)), false);
  await restoreSnapshot(s, root, old.snapshot);
  assert.equal(await readFile(join(root, 'feature.txt'), 'utf8'), FEATURE);
});

test('an earlier version\'s repository that already lost a blob stops borrowing; its checkpoint names the file and writes nothing, new ones work', T, async () => {
  const root = await userRepo();
  const storageDir = join(root, '..', 'storage');
  const old = await earlierVersionRepo(storageDir, root);
  dropFeatureBranch(root);
  await writeFiles(root, { 'README.md': '# changed since\n' });
  const before = await wholeTree(root);

  const s = new Snapshotter({ storageDir });
  const err = await restoreSnapshot(s, root, old.snapshot).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof SnapshotIncomplete, `expected SnapshotIncomplete, got ${String(err)}`);
  assert.deepEqual(err.paths, ['feature.txt']);
  assert.deepEqual(await wholeTree(root), before, 'not even README.md was written');
  assert.equal(existsSync(join(old.gitDir, 'objects', 'info', 'alternates')), false);

  const fresh = await s.take(root, 'after');
  await writeFiles(root, { 'README.md': 'again\n', 'src/main.ts': 'export const x = 1;\n' });
  await restoreSnapshot(s, root, fresh.id);
  assert.deepEqual(await wholeTree(root), before);
});

test('a user index naming a blob the user\'s store no longer has: the first snapshot hashes the files itself', T, async () => {
  const root = await userRepo();
  sh(root, 'checkout', '-q', 'main');
  await writeFiles(root, { 'broken.txt': 'the loose object of this file is deleted by hand\n' }, 'an hour ago');
  sh(root, 'add', 'broken.txt');
  const id = blobId(root, 'the loose object of this file is deleted by hand\n');
  await rm(join(root, '.git', 'objects', id.slice(0, 2), id.slice(2)));
  assert.equal(hasObject(join(root, '.git'), id), false);

  const s = new Snapshotter({ storageDir: join(root, '..', 'storage') });
  const snap = await s.take(root, 'first');
  await writeFiles(root, { 'broken.txt': 'changed\n' });
  await restoreSnapshot(s, root, snap.id);
  assert.equal(await readFile(join(root, 'broken.txt'), 'utf8'), 'the loose object of this file is deleted by hand\n');
});

// Kept apart so a private repository never sees a user's `.git/index` from another test.
test('a root inside a repository but not at its top borrows nothing and still keeps its own objects', T, async () => {
  const root = await userRepo();
  const sub = join(root, 'src');
  const s = new Snapshotter({ storageDir: join(root, '..', 'storage') });
  await mkdir(join(sub, 'deep'), { recursive: true });
  await copyFile(join(root, 'feature.txt'), join(sub, 'deep', 'feature-copy.txt'));
  const snap = await s.take(sub, 'x');
  const repo = await s.repo(sub);
  assert.equal(existsSync(join(repo.gitDir, 'objects', 'info', 'alternates')), false);
  await rm(join(sub, 'deep'), { recursive: true });
  dropFeatureBranch(root);
  await writeFile(join(sub, 'main.ts'), 'changed\n');
  await restoreSnapshot(s, sub, snap.id);
  assert.equal(await readFile(join(sub, 'deep', 'feature-copy.txt'), 'utf8'), FEATURE);
  assert.equal(await readFile(join(sub, 'main.ts'), 'utf8'), 'export {};\n');
});

test('the copy of the workspace\'s objects does not count against the store\'s size cap: older checkpoints are not dropped for it', T, async () => {
  const root = await userRepo();
  sh(root, 'checkout', '-q', 'main');
  await writeFiles(root, { 'assets/noise.bin': randomBytes(300_000) }, 'an hour ago');
  sh(root, 'add', '-A');
  sh(root, 'commit', '-q', '-m', 'a big binary');
  const s = new Snapshotter({ storageDir: join(root, '..', 'storage'), limits: { keep: 10, maxStoreBytes: 150_000 } });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    await writeFile(join(root, 'src', 'main.ts'), `export const turn = ${i};\n`);
    ids.push((await s.take(root, `turn ${i}`)).id);
  }
  const repo = await s.repo(root);
  assert.ok((await readdir(join(repo.gitDir, 'objects', 'pack'))).some((n) => n.endsWith('.keep')), 'the copy is a kept pack');
  await collectGarbage(repo, s.limits, REF_PREFIX);
  for (const id of ids) assert.equal(await s.exists(root, id), true, `snapshot ${id.slice(0, 8)} kept`);
  assert.equal((await s.readFile(root, ids[0]!, 'assets/noise.bin'))?.length, 300_000);
});
