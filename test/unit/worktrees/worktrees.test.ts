/**
 * A thread's worktree against real git repositories: made on its own branch from HEAD (with or
 * without the user's uncommitted changes), the user's folder untouched, what the branch changed,
 * Apply's three-way plans, removal and the clean-up of what a crash left. "Clean" is what
 * `git worktree list` and `git branch` say.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gitIn } from '../../../src/worktrees/worktreeGit.js';
import { inspectFolder, type RepoFacts } from '../../../src/worktrees/inspect.js';
import { createWorktree, WorktreeFolderInsideRepo } from '../../../src/worktrees/create.js';
import { branchChanges, commitOnBranch } from '../../../src/worktrees/changes.js';
import { planApply } from '../../../src/worktrees/applyPlan.js';
import { listWorktrees, pruneOrphans, removeWorktree } from '../../../src/worktrees/remove.js';
import { slugOf, uniqueBranch } from '../../../src/worktrees/branchName.js';
import { writesFor } from '../../../src/checkpoints/merge/resolve.js';
import { removeTempDirs, sh, tempDir, wholeTree, writeFiles } from '../checkpoints/realGit.js';

after(removeTempDirs);
const T = { timeout: 60_000 };
const run = gitIn();

async function repo(files: Record<string, string> = { 'a.txt': 'one\ntwo\nthree\n', 'src/b.ts': 'export const b = 1;\n' }): Promise<{ root: string; parent: string }> {
  const base = await tempDir('worktrees-');
  const root = join(base, 'work');
  await writeFiles(root, files);
  sh(root, 'init', '-q', '-b', 'main');
  sh(root, 'add', '-A');
  sh(root, 'commit', '-q', '-m', 'start');
  return { root, parent: join(base, 'storage', 'worktrees') };
}

async function facts(folder: string): Promise<RepoFacts> {
  const r = await inspectFolder(run, folder);
  assert.ok(r.ok, JSON.stringify(r));
  return r.facts;
}

const branches = (root: string) => sh(root, 'branch', '--format=%(refname:short)').split('\n').filter(Boolean).sort();
const worktreeCount = (root: string) => sh(root, 'worktree', 'list', '--porcelain').split('\n').filter((l) => l.startsWith('worktree ')).length;

test('branch names: agent/<short title>, unique by a number', () => {
  assert.equal(slugOf('Fix the login bug in auth.ts!'), 'fix-the-login-bug-in-auth-ts');
  assert.equal(slugOf('  '), 'task');
  assert.equal(slugOf('Ändere die Überschrift'), 'ändere-die-überschrift');
  assert.ok(slugOf('x'.repeat(100)).length <= 32);
  assert.equal(uniqueBranch('Fix it', new Set(['agent/fix-it', 'agent/fix-it-2'])), 'agent/fix-it-3');
});

test('a worktree on its own branch from HEAD, outside the folder; the folder is untouched', T, async () => {
  const { root, parent } = await repo();
  const before = await wholeTree(root);
  const ref = await createWorktree(run, { facts: await facts(root), parentDir: parent, title: 'Rename b', carry: false });
  assert.equal(ref.branch, 'agent/rename-b');
  assert.ok(ref.path.startsWith(parent) || ref.path.includes('storage/worktrees'), ref.path);
  assert.equal(ref.base, sh(root, 'rev-parse', 'HEAD'));
  assert.equal(await readFile(join(ref.path, 'a.txt'), 'utf8'), 'one\ntwo\nthree\n');
  assert.deepEqual(branches(root), ['agent/rename-b', 'main']);
  assert.equal(sh(root, 'symbolic-ref', '--short', 'HEAD'), 'main', 'the user stays on their branch');
  assert.deepEqual(await wholeTree(root), before);
  // A second thread with the same title gets its own branch.
  const second = await createWorktree(run, { facts: await facts(root), parentDir: parent, title: 'Rename b', carry: false });
  assert.equal(second.branch, 'agent/rename-b-2');
  assert.notEqual(second.path, ref.path);
});

test('a worktree folder inside the user\'s repository is refused before anything is made', T, async () => {
  const { root } = await repo();
  await assert.rejects(createWorktree(run, { facts: await facts(root), parentDir: join(root, 'wt'), title: 'x', carry: false }), WorktreeFolderInsideRepo);
  assert.deepEqual(branches(root), ['main']);
  assert.equal(existsSync(join(root, 'wt')), false);
});

test('carrying uncommitted changes: the worktree starts from them, the user\'s index and files stay as they were', T, async () => {
  const { root, parent } = await repo();
  await writeFile(join(root, 'a.txt'), 'one\nTWO\nthree\n');
  await writeFile(join(root, 'new.txt'), 'untracked\n');
  await mkdir(join(root, 'build'), { recursive: true });
  await writeFile(join(root, '.gitignore'), 'build/\n');
  await writeFile(join(root, 'build', 'out.js'), 'ignored\n');
  const statusBefore = sh(root, 'status', '--porcelain');
  const before = await wholeTree(root);
  const f = await facts(root);
  assert.equal(f.dirty, true);
  const ref = await createWorktree(run, { facts: f, parentDir: parent, title: 'carry', carry: true });
  assert.notEqual(ref.base, f.head, 'the base is a commit of the carried changes');
  assert.equal(sh(root, 'rev-parse', `${ref.base}^`), f.head);
  assert.equal(await readFile(join(ref.path, 'a.txt'), 'utf8'), 'one\nTWO\nthree\n');
  assert.equal(await readFile(join(ref.path, 'new.txt'), 'utf8'), 'untracked\n');
  assert.equal(existsSync(join(ref.path, 'build', 'out.js')), false, 'ignored files are not carried');
  assert.equal(sh(root, 'status', '--porcelain'), statusBefore);
  assert.deepEqual(await wholeTree(root), before);
  // Nothing the agent did yet: no changes against the base.
  assert.deepEqual((await branchChanges(run, ref)).changes, []);
  // Without carrying, the worktree has HEAD's files.
  const plain = await createWorktree(run, { facts: f, parentDir: parent, title: 'plain', carry: false });
  assert.equal(await readFile(join(plain.path, 'a.txt'), 'utf8'), 'one\ntwo\nthree\n');
  assert.equal(existsSync(join(plain.path, 'new.txt')), false);
});

test('what the branch changed: edits, new and removed files, committed or not', T, async () => {
  const { root, parent } = await repo();
  const ref = await createWorktree(run, { facts: await facts(root), parentDir: parent, title: 'work', carry: false });
  await writeFile(join(ref.path, 'a.txt'), 'one\ntwo\nthree\nfour\n');
  await writeFile(join(ref.path, 'c.txt'), 'new\n');
  sh(ref.path, 'rm', '-q', 'src/b.ts');
  const { changes } = await branchChanges(run, ref);
  assert.deepEqual(changes.map((c) => [c.path, c.status, c.added, c.deleted]), [
    ['a.txt', 'modified', 1, 0], ['c.txt', 'added', 1, 0], ['src/b.ts', 'deleted', 0, 1],
  ]);
  // Commit on the branch: the same changes, now in a commit; the user's branch unmoved.
  const commit = await commitOnBranch(run, ref, 'Agent work');
  assert.ok(commit);
  assert.equal(sh(root, 'rev-parse', ref.branch), commit);
  assert.equal(sh(ref.path, 'status', '--porcelain'), '');
  assert.deepEqual((await branchChanges(run, ref)).changes.map((c) => c.path), ['a.txt', 'c.txt', 'src/b.ts']);
  assert.equal(await commitOnBranch(run, ref, 'again'), undefined, 'nothing new to commit');
});

test('Apply plans: untouched files take the agent\'s version exactly, other lines of the user\'s stay, the same lines are a conflict', T, async () => {
  const { root, parent } = await repo({ 'a.txt': '1\n2\n3\n4\n5\n6\n7\n8\n', 'b.txt': 'b1\nb2\n', 'c.txt': 'c\n', 'gone.txt': 'x\n' });
  const ref = await createWorktree(run, { facts: await facts(root), parentDir: parent, title: 'apply', carry: false });
  await writeFile(join(ref.path, 'a.txt'), '1\n2\n3\n4\n5\n6\n7\nEIGHT\n');
  await writeFile(join(ref.path, 'b.txt'), 'B1\nb2\n');
  await writeFile(join(ref.path, 'new.txt'), 'agent\n');
  sh(ref.path, 'rm', '-q', 'gone.txt');
  // Meanwhile the user edits the first line of a.txt (far from the agent's) and the same line of b.txt.
  await writeFile(join(root, 'a.txt'), 'ONE\n2\n3\n4\n5\n6\n7\n8\n');
  await writeFile(join(root, 'b.txt'), 'mine\nb2\n');
  const { tree, changes } = await branchChanges(run, ref);
  const plans = await planApply(ref, tree, changes, (p) => readFile(join(root, p)).then((b) => new Uint8Array(b), () => undefined));
  const kinds = Object.fromEntries(plans.map((p) => [p.path, p.plan.kind]));
  assert.deepEqual(kinds, { 'a.txt': 'write', 'b.txt': 'conflict', 'gone.txt': 'remove', 'new.txt': 'write' });
  const a = plans.find((p) => p.path === 'a.txt')!;
  assert.equal(a.plan.kind === 'write' && Buffer.from(a.plan.bytes).toString(), 'ONE\n2\n3\n4\n5\n6\n7\nEIGHT\n');
  // Keep mine: the conflicting file is not written; take: it becomes the agent's.
  assert.deepEqual(writesFor(plans, 'keep').map((w) => w.path).sort(), ['a.txt', 'gone.txt', 'new.txt']);
  const take = writesFor(plans, 'take').find((w) => w.path === 'b.txt');
  assert.ok(take?.kind === 'write' && Buffer.from(take.bytes).toString() === 'B1\nb2\n');
  assert.ok(plans.every((p) => p.root === ref.repo));
});

test('removal leaves `git worktree list` and `git branch` clean; a kept branch stays, unmarked', T, async () => {
  const { root, parent } = await repo();
  const f = await facts(root);
  const ref = await createWorktree(run, { facts: f, parentDir: parent, title: 'throw away', carry: false });
  await writeFile(join(ref.path, 'a.txt'), 'changed\n');
  await writeFile(join(ref.path, 'index.lock-like'), 'x');
  await removeWorktree(run, ref);
  assert.equal(worktreeCount(root), 1);
  assert.deepEqual(branches(root), ['main']);
  assert.equal(existsSync(ref.path), false);
  const kept = await createWorktree(run, { facts: f, parentDir: parent, title: 'keep me', carry: false });
  await removeWorktree(run, kept, { keepBranch: true });
  assert.deepEqual(branches(root), ['agent/keep-me', 'main']);
  assert.equal(worktreeCount(root), 1);
  // A branch the user chose to keep is never taken by the clean-up.
  assert.deepEqual(await pruneOrphans(run, root, parent, new Set()), []);
  assert.deepEqual(branches(root), ['agent/keep-me', 'main']);
});

test('clean-up after a crash: orphaned worktrees (also locked, or with their folder gone) and branches go, the kept ones and the user\'s own stay', T, async () => {
  const { root, parent } = await repo();
  const f = await facts(root);
  const live = await createWorktree(run, { facts: f, parentDir: parent, title: 'live', carry: false });
  const orphan = await createWorktree(run, { facts: f, parentDir: parent, title: 'orphan', carry: false });
  const locked = await createWorktree(run, { facts: f, parentDir: parent, title: 'locked', carry: false });
  sh(root, 'worktree', 'lock', locked.path, '--reason', 'initializing');
  const vanished = await createWorktree(run, { facts: f, parentDir: parent, title: 'vanished', carry: false });
  const { rm } = await import('node:fs/promises');
  await rm(vanished.path, { recursive: true, force: true });
  // The user's own branch named like ours, and their own worktree elsewhere.
  sh(root, 'branch', 'agent/users-own');
  const elsewhere = join(await tempDir('users-worktree-'), 'wt');
  sh(root, 'worktree', 'add', '-q', '-b', 'feature', elsewhere);
  const removed = await pruneOrphans(run, root, parent, new Set([live.path]));
  assert.deepEqual(removed.sort(), ['agent/locked', 'agent/orphan', 'agent/vanished']);
  assert.deepEqual(branches(root), ['agent/live', 'agent/users-own', 'feature', 'main']);
  assert.deepEqual((await listWorktrees(run, root)).map((w) => w.branch).sort(), ['agent/live', 'feature', 'main']);
  assert.equal(existsSync(orphan.path), false);
  assert.equal(existsSync(locked.path), false);
  assert.equal(existsSync(live.path), true);
});

test('folders that cannot have a worktree, and what the user is told first', T, async () => {
  const plain = await tempDir('not-a-repo-');
  assert.deepEqual(await inspectFolder(run, plain), { ok: false, problem: { kind: 'not-a-repo', blocking: true } });
  assert.deepEqual(await inspectFolder(gitIn({ gitPath: join(plain, 'no-git-here') }), plain), { ok: false, problem: { kind: 'git-missing', blocking: true } });
  const bare = await tempDir('bare-');
  sh(bare, 'init', '-q', '--bare');
  assert.deepEqual(await inspectFolder(run, bare), { ok: false, problem: { kind: 'bare', blocking: true } });
  const empty = await tempDir('unborn-');
  sh(empty, 'init', '-q');
  assert.deepEqual(await inspectFolder(run, empty), { ok: false, problem: { kind: 'no-commits', blocking: true } });
  // Detached HEAD: the worktree's branch starts from that commit.
  const { root, parent } = await repo();
  const head = sh(root, 'rev-parse', 'HEAD');
  sh(root, 'checkout', '-q', '--detach');
  const detached = await facts(root);
  assert.deepEqual(detached.problems, [{ kind: 'detached', blocking: false, commit: head }]);
  const ref = await createWorktree(run, { facts: detached, parentDir: parent, title: 'from detached', carry: false });
  assert.equal(sh(ref.path, 'rev-parse', 'HEAD'), head);
  // A subfolder of the repository: the session works in the same subfolder of the worktree.
  const sub = await facts(join(root, 'src'));
  assert.equal(sub.subdir, 'src');
  assert.equal(sub.toplevel, root);
  // Shallow clone and submodules are said, not refused.
  const shallowBase = await tempDir('shallow-');
  const shallow = join(shallowBase, 'clone');
  sh(shallowBase, '-c', 'protocol.file.allow=always', 'clone', '-q', '--depth', '1', `file://${root}`, shallow);
  assert.ok((await facts(shallow)).problems.some((p) => p.kind === 'shallow'));
  const withSub = (await repo()).root;
  sh(withSub, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', root, 'vendor/lib');
  sh(withSub, 'commit', '-q', '-m', 'sub');
  assert.deepEqual((await facts(withSub)).problems, [{ kind: 'submodules', blocking: false, paths: ['vendor/lib'] }]);
});
