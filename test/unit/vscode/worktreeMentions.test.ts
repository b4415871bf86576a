import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, realpath, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { attachmentsInWorktree, intoWorktree, outOfWorktree, worktreeSources } from '../../../src/vscode/mentions/worktreeMentions.js';

const ref = { path: '/store/wt', branch: 'agent/x', base: 'a'.repeat(40), repo: '/home/me/repo', subdir: '' };

test('a mention of the user\'s file is sent as the same file in the worktree; others stay as they are', () => {
  assert.equal(intoWorktree('/home/me/repo/src/a.ts', ref), '/store/wt/src/a.ts');
  assert.equal(intoWorktree('/home/me/repo', ref), '/store/wt');
  assert.equal(intoWorktree('/home/me/other/a.ts', ref), undefined);
  assert.equal(outOfWorktree('/store/wt/src', ref), '/home/me/repo/src');
  const mapped = attachmentsInWorktree([
    { uri: pathToFileURL('/home/me/repo/src/a.ts').toString(), name: 'a.ts', kind: 'file' },
    { uri: 'agent-chat:/problems/all', name: 'Problems', kind: 'problems' },
    { uri: pathToFileURL('/etc/hosts').toString(), name: 'hosts' },
  ], ref);
  assert.deepEqual(mapped.map((a) => a.uri), ['file:///store/wt/src/a.ts', 'agent-chat:/problems/all', 'file:///etc/hosts']);
});

test('mentioned text is read in the worktree, confined to it', async () => {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'wt-mentions-')));
  try {
    const wt = { ...ref, path: join(dir, 'wt'), repo: join(dir, 'repo') };
    await mkdir(wt.path, { recursive: true });
    await writeFile(join(wt.path, 'a.txt'), 'in the worktree');
    await writeFile(join(dir, 'outside.txt'), 'outside');
    const { readFile } = await import('node:fs/promises');
    const sources = worktreeSources({ readText: () => Promise.reject(new Error('not used')) }, wt, (p) => readFile(p, 'utf8'));
    assert.equal(await sources.readWorkspaceText!(join(wt.path, 'a.txt')), 'in the worktree');
    await assert.rejects(sources.readWorkspaceText!(join(dir, 'outside.txt')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
