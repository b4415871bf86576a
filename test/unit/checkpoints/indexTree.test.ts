import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseIndex, writeTreeFromIndex } from '../../../src/checkpoints/indexTree.js';

const env = (index: string) => {
  const e: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) e[k] = v;
  return { ...e, GIT_INDEX_FILE: index };
};

async function stagedRepo(files: Record<string, string | Buffer>, extra?: (root: string) => Promise<void>) {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'index-tree-')));
  const root = join(base, 'work');
  const gitDir = join(base, 'repo.git');
  const index = join(base, 'index');
  for (const [path, body] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), body);
  }
  await extra?.(root);
  execFileSync('git', ['init', '-q', '--bare', gitDir], { env: env(index) });
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, '--work-tree', root, ...args], { cwd: root, env: env(index) }).toString('utf8').trim();
  git('add', '-A', '--', '.');
  return { base, root, gitDir, index, git };
}

test('the in-process tree is the tree git writes: nested folders, names that sort around "/", modes, symlinks, unicode', async () => {
  const r = await stagedRepo({
    'a-b': 'dash\n', 'a/c.txt': 'in a\n', 'a.b': 'dot\n', 'a0': 'zero\n', 'z/y/x/deep.ts': 'deep\n',
    'tool.sh': '#!/bin/sh\necho hi\n', 'ünïcode/ファイル.md': 'bytes ✓\n', 'bin.dat': Buffer.from([0, 1, 2, 255, 0]),
    'space name/file with space.txt': 'x\n',
  }, async (root) => {
    await chmod(join(root, 'tool.sh'), 0o755);
    await symlink('a/c.txt', join(root, 'link'));
  });
  try {
    const ours = await writeTreeFromIndex(r.index, r.gitDir);
    assert.ok(ours, 'a plain version-2 index is read in-process');
    // Compare against git on a copy of the index, so git's cache-tree cannot help it.
    await copyFile(r.index, r.index + '.copy');
    const theirs = execFileSync('git', ['--git-dir', r.gitDir, 'write-tree'], { env: env(r.index + '.copy') }).toString('utf8').trim();
    assert.equal(ours, theirs);
    // Every tree we wrote is readable by git (well-formed loose objects).
    assert.match(r.git('-c', 'core.quotepath=false', 'ls-tree', '-r', ours!), /ファイル\.md/);
    r.git('fsck', '--no-dangling', '--connectivity-only', ours!);
  } finally {
    await rm(r.base, { recursive: true, force: true });
  }
});

test('an index git must handle itself (version 4, damaged, missing) gets no answer, so git is asked', async () => {
  const r = await stagedRepo({ 'x.txt': 'x\n', 'd/y.txt': 'y\n' });
  try {
    r.git('update-index', '--index-version', '4');
    assert.equal(await writeTreeFromIndex(r.index, r.gitDir), undefined);
    r.git('update-index', '--index-version', '2');
    assert.ok(parseIndex(await readFile(r.index)));
    const damaged = Buffer.from(await readFile(r.index));
    damaged[20] = damaged[20]! ^ 0xff;
    assert.equal(parseIndex(damaged), undefined, 'a bad checksum is refused');
    assert.equal(await writeTreeFromIndex(join(r.base, 'missing-index'), r.gitDir), undefined);
  } finally {
    await rm(r.base, { recursive: true, force: true });
  }
});
