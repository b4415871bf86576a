/** The snapshot engine against real git, in temporary repositories and plain folders. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, stat, writeFile, rename, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir, homedir } from 'node:os';
import { join } from 'node:path';
import { Snapshotter } from '../../src/checkpoints/snapshotter.js';
import { restoreSnapshot } from '../../src/checkpoints/restore.js';

let base: string;
before(async () => { base = await realpath(await mkdtemp(join(tmpdir(), 'snapshots-'))); });
after(() => rm(base, { recursive: true, force: true }));

const sh = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
const BIN = Buffer.from([0, 1, 2, 255, 254, 0, 10, 13, 10, 0x89, 0x50]);

async function fixture(name: string, asRepo: boolean): Promise<string> {
  const root = join(base, name);
  await mkdir(join(root, 'src'), { recursive: true });
  await mkdir(join(root, 'node_modules', 'pkg'), { recursive: true });
  await writeFile(join(root, '.gitignore'), 'node_modules/\nbuild/\n');
  await writeFile(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  await writeFile(join(root, 'src', 'crlf.txt'), 'one\r\ntwo\r\n');
  await writeFile(join(root, 'src', 'move-me.ts'), 'export const moved = "a long enough line to be detected as a rename";\nmore\nlines\n');
  await writeFile(join(root, 'run.sh'), '#!/bin/sh\necho hi\n');
  await chmod(join(root, 'run.sh'), 0o755);
  await writeFile(join(root, 'image.bin'), BIN);
  await writeFile(join(root, 'node_modules', 'pkg', 'index.js'), 'module.exports = 1;\n');
  if (asRepo) {
    sh(root, 'init', '-q');
    sh(root, 'add', '-A');
    sh(root, 'commit', '-q', '-m', 'init');
  }
  return root;
}

async function agentEdits(root: string): Promise<void> {
  await writeFile(join(root, 'src', 'a.ts'), 'export const a = 2;\nexport const b = 3;\n');
  await writeFile(join(root, 'src', 'crlf.txt'), 'one\r\nTWO\r\n');
  await writeFile(join(root, 'src', 'new.ts'), 'created\n');
  await rm(join(root, 'run.sh'));
  await rename(join(root, 'src', 'move-me.ts'), join(root, 'src', 'moved.ts'));
  await writeFile(join(root, 'image.bin'), Buffer.concat([BIN, BIN]));
  await writeFile(join(root, 'node_modules', 'pkg', 'index.js'), 'module.exports = 2;\n');
  await mkdir(join(root, 'build'), { recursive: true });
  await writeFile(join(root, 'build', 'out.js'), 'ignored\n');
}

async function tree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (dir: string, rel: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      if (e.name === '.git' || e.name === 'node_modules' || e.name === 'build') continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p, rel + e.name + '/');
      else out[rel + e.name] = (await readFile(p)).toString('base64') + ':' + ((await stat(p)).mode & 0o111 ? 'x' : '');
    }
  };
  await walk(root, '');
  return out;
}

for (const asRepo of [true, false]) {
  const kind = asRepo ? 'a git repository' : 'a folder that is not a repository';
  test(`snapshot, changed files and restore in ${kind}`, async () => {
    const root = await fixture(asRepo ? 'repo' : 'plain', asRepo);
    const userState = asRepo ? ['', sh(root, 'rev-parse', 'HEAD'), await readFile(join(root, '.git', 'index'))] : [];
    const s = new Snapshotter({ storageDir: join(base, 'storage-' + (asRepo ? 'r' : 'p')) });
    const before = await tree(root);
    const r = await s.snapshot(root, 'before message 1');
    assert.ok(r.ok, JSON.stringify(r));
    const snap = r.snapshot;

    assert.deepEqual((await s.changes(root, snap.id)).files, [], 'nothing changed yet');
    await agentEdits(root);
    const set = await s.changes(root, snap.id);
    const byPath = Object.fromEntries(set.files.map((f) => [f.path, f]));
    assert.deepEqual(Object.keys(byPath).sort(), ['image.bin', 'run.sh', 'src/a.ts', 'src/crlf.txt', 'src/moved.ts', 'src/new.ts']);
    assert.equal(byPath['src/a.ts']!.status, 'modified');
    assert.deepEqual([byPath['src/a.ts']!.added, byPath['src/a.ts']!.deleted], [2, 1]);
    assert.equal(byPath['src/new.ts']!.status, 'added');
    assert.equal(byPath['run.sh']!.status, 'deleted');
    assert.equal(byPath['src/moved.ts']!.status, 'renamed');
    assert.equal(byPath['src/moved.ts']!.oldPath, 'src/move-me.ts');
    assert.equal(byPath['image.bin']!.binary, true);
    assert.equal((await s.readFile(root, snap.id, 'src/crlf.txt'))!.toString('utf8'), 'one\r\ntwo\r\n');
    assert.equal(await s.readFile(root, snap.id, 'src/new.ts'), undefined);

    const restored = await restoreSnapshot(s, root, snap.id);
    assert.deepEqual(await tree(root), before, 'every file back, bytes and executable bit');
    assert.equal(existsSync(join(root, 'src', 'new.ts')), false);
    assert.equal(await readFile(join(root, 'node_modules', 'pkg', 'index.js'), 'utf8'), 'module.exports = 2;\n', 'ignored files untouched');
    assert.equal(existsSync(join(root, 'build', 'out.js')), true);

    // Redo: back to the state the restore replaced.
    await restoreSnapshot(s, root, restored.redo.id);
    assert.equal(await readFile(join(root, 'src', 'a.ts'), 'utf8'), 'export const a = 2;\nexport const b = 3;\n');
    assert.equal(existsSync(join(root, 'run.sh')), false);
    assert.equal(existsSync(join(root, 'src', 'moved.ts')), true);

    if (asRepo) {
      assert.equal(sh(root, 'rev-parse', 'HEAD'), userState[1], 'HEAD unchanged');
      assert.deepEqual(await readFile(join(root, '.git', 'index')), userState[2], "the user's index is never written");
      assert.equal(sh(root, 'for-each-ref', 'refs/agent-chat/'), '', 'no refs in the user repository');
      assert.equal(sh(root, 'stash', 'list'), '');
    }
  });
}

test('restoring only some files leaves the others', async () => {
  const root = await fixture('partial', true);
  const s = new Snapshotter({ storageDir: join(base, 'storage-partial') });
  const snap = await s.take(root, 'x');
  await agentEdits(root);
  await restoreSnapshot(s, root, snap.id, new Set(['src/a.ts', 'src/new.ts']));
  assert.equal(await readFile(join(root, 'src', 'a.ts'), 'utf8'), 'export const a = 1;\n');
  assert.equal(existsSync(join(root, 'src', 'new.ts')), false);
  assert.equal(await readFile(join(root, 'src', 'crlf.txt'), 'utf8'), 'one\r\nTWO\r\n');
});

test('a .gitattributes with eol rules does not change the bytes put back', async () => {
  const root = join(base, 'attrs');
  await mkdir(root, { recursive: true });
  await writeFile(join(root, '.gitattributes'), '* text=auto eol=lf\n');
  await writeFile(join(root, 'win.txt'), 'a\r\nb\r\n');
  sh(root, 'init', '-q');
  sh(root, 'add', '-A');
  sh(root, 'commit', '-q', '-m', 'init');
  const s = new Snapshotter({ storageDir: join(base, 'storage-attrs') });
  const snap = await s.take(root, 'x');
  await writeFile(join(root, 'win.txt'), 'changed\n');
  await restoreSnapshot(s, root, snap.id);
  assert.equal(await readFile(join(root, 'win.txt'), 'utf8'), 'a\r\nb\r\n');
});

test('refusals: home directory, too many files, git missing', async () => {
  const s = new Snapshotter({ storageDir: join(base, 'storage-refuse'), limits: { maxFiles: 3 } });
  const home = await s.snapshot(homedir(), 'x');
  assert.equal(!home.ok && home.refusal.reason, 'home-directory');
  const big = join(base, 'big');
  await mkdir(big);
  for (let i = 0; i < 10; i++) await writeFile(join(big, `f${i}.txt`), String(i));
  const tooMany = await s.snapshot(big, 'x');
  assert.equal(!tooMany.ok && tooMany.refusal.reason, 'too-many-files');
  const noGit = new Snapshotter({ storageDir: join(base, 'storage-nogit'), gitPath: join(base, 'no-such-git') });
  const missing = await noGit.snapshot(big, 'x');
  assert.equal(!missing.ok && missing.refusal.reason, 'git-missing');
  assert.match(!missing.ok ? missing.refusal.message : '', /git is not installed/);
});

test('snapshots survive a new engine (a window reload) and old ones are collected', async () => {
  const root = await fixture('gc', false);
  const storageDir = join(base, 'storage-gc');
  const s = new Snapshotter({ storageDir, limits: { keep: 3 } });
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    await writeFile(join(root, 'src', 'a.ts'), `v${i}\n`);
    ids.push((await s.take(root, `turn ${i}`)).id);
  }
  const reloaded = new Snapshotter({ storageDir, limits: { keep: 3 } });
  await reloaded.take(root, 'after reload'); // gc runs after each snapshot
  // gc runs off the critical path after each snapshot; run it once more to know it has run.
  const repo = await reloaded.repo(root);
  const { collectGarbage } = await import('../../src/checkpoints/gc.js');
  await collectGarbage(repo, reloaded.limits, 'refs/agent-chat/snapshots/');
  assert.equal(await reloaded.exists(root, ids[4]!), true);
  assert.equal((await reloaded.readFile(root, ids[4]!, 'src/a.ts'))!.toString(), 'v4\n');
  const refs = sh(root, '--git-dir', repo.gitDir, 'for-each-ref', 'refs/agent-chat/').trim().split('\n');
  assert.equal(refs.length, 3);
});

test('a file over the review size cap and random binary bytes are listed and come back byte-exact; many files restore at once', async () => {
  const root = join(base, 'sizes');
  await mkdir(join(root, 'many'), { recursive: true });
  const { randomBytes } = await import('node:crypto');
  const bigText = 'a line of text that repeats\n'.repeat(20_000); // ~560 KB, over the 256 KB hunk cap
  const noise = randomBytes(1024 * 1024);
  await writeFile(join(root, 'big.txt'), bigText);
  await writeFile(join(root, 'noise.bin'), noise);
  for (let i = 0; i < 120; i++) await writeFile(join(root, 'many', `f${i}.txt`), `file ${i}\n`);
  const s = new Snapshotter({ storageDir: join(base, 'storage-sizes') });
  const snap = await s.take(root, 'before');
  await writeFile(join(root, 'big.txt'), bigText.replace('a line', 'A LINE'));
  await writeFile(join(root, 'noise.bin'), randomBytes(1024 * 1024));
  for (let i = 0; i < 120; i++) await writeFile(join(root, 'many', `f${i}.txt`), `changed ${i}\n`);
  const changes = await s.changes(root, snap.id);
  assert.equal(changes.files.length, 122);
  const byPath = Object.fromEntries(changes.files.map((f) => [f.path, f]));
  assert.deepEqual([byPath['big.txt']!.added, byPath['big.txt']!.deleted, byPath['big.txt']!.binary], [1, 1, false]);
  assert.equal(byPath['noise.bin']!.binary, true);
  const r = await restoreSnapshot(s, root, snap.id);
  assert.equal(r.changed.length, 122);
  assert.ok((await readFile(join(root, 'big.txt'))).equals(Buffer.from(bigText)));
  assert.ok((await readFile(join(root, 'noise.bin'))).equals(noise));
  for (let i = 0; i < 120; i += 17) assert.equal(await readFile(join(root, 'many', `f${i}.txt`), 'utf8'), `file ${i}\n`);
  assert.equal((await s.changes(root, snap.id)).files.length, 0, 'nothing differs from the snapshot after the restore');
});
