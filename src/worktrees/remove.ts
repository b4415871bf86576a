/**
 * Taking a thread's worktree away — its folder, git's record of it and its branch — and
 * finding the ones a closed window or a crash left behind. Every step tolerates what is already
 * gone, so a removal cut short is finished by the next one.
 */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { OWN_BRANCH_KEY } from './create.js';
import { text, type GitIn } from './worktreeGit.js';
import type { WorktreeRef } from './types.js';

export interface RemoveOptions {
  /** Keep the branch (and its commits); only the folder goes. */
  keepBranch?: boolean;
}

export async function removeWorktree(run: GitIn, ref: Pick<WorktreeRef, 'path' | 'branch' | 'repo'>, options: RemoveOptions = {}): Promise<void> {
  // Twice --force: also a worktree left locked by an add that never finished.
  await run(ref.repo, ['worktree', 'remove', '--force', '--force', ref.path]).catch(() => undefined);
  await rm(ref.path, { recursive: true, force: true });
  await run(ref.repo, ['worktree', 'prune']);
  if (options.keepBranch) {
    await run(ref.repo, ['config', '--unset', `branch.${ref.branch}.${OWN_BRANCH_KEY}`]).catch(() => undefined);
    return;
  }
  if (await isOwnBranch(run, ref.repo, ref.branch)) {
    await run(ref.repo, ['branch', '-D', '--', ref.branch]).catch(() => undefined);
    await run(ref.repo, ['config', '--remove-section', `branch.${ref.branch}`]).catch(() => undefined);
  }
}

/** Only a branch Agent Chat made (and the user did not choose to keep) is ever deleted. */
async function isOwnBranch(run: GitIn, repo: string, branch: string): Promise<boolean> {
  const mark = await text(run(repo, ['config', '--get', `branch.${branch}.${OWN_BRANCH_KEY}`])).catch(() => '');
  return mark !== '';
}

/** A worktree of the repository as git lists it. */
export interface ListedWorktree {
  path: string;
  branch: string | undefined;
  locked: boolean;
}

export async function listWorktrees(run: GitIn, repo: string): Promise<ListedWorktree[]> {
  const out = (await run(repo, ['worktree', 'list', '--porcelain', '-z'])).toString('utf8');
  const list: ListedWorktree[] = [];
  let current: ListedWorktree | undefined;
  for (const line of out.split('\0')) {
    if (line.startsWith('worktree ')) list.push((current = { path: line.slice(9), branch: undefined, locked: false }));
    else if (current && line.startsWith('branch refs/heads/')) current.branch = line.slice('branch refs/heads/'.length);
    else if (current && (line === 'locked' || line.startsWith('locked '))) current.locked = true;
  }
  return list;
}

/**
 * Removes, in `repo`, every worktree and branch Agent Chat made that no thread holds any more:
 * worktrees in `parentDir` not in `keep`, and own branches whose worktree is gone. Returns the
 * branches removed.
 */
export async function pruneOrphans(run: GitIn, repo: string, parentDir: string, keep: ReadonlySet<string>): Promise<string[]> {
  await run(repo, ['worktree', 'prune']).catch(() => undefined);
  const parent = resolve(parentDir);
  const kept = new Set([...keep].map((p) => resolve(p)));
  const removed: string[] = [];
  const listed = await listWorktrees(run, repo);
  for (const w of listed) {
    const path = resolve(w.path);
    if (!path.startsWith(parent + '/') || kept.has(path)) continue;
    await removeWorktree(run, { path, branch: w.branch ?? '', repo });
    if (w.branch) removed.push(w.branch);
  }
  // Own branches left without a worktree (a removal cut short between its steps).
  const marks = await text(run(repo, ['config', '--get-regexp', `^branch\\..*\\.${OWN_BRANCH_KEY}$`])).catch(() => '');
  const live = new Set((await listWorktrees(run, repo)).map((w) => w.branch).filter(Boolean));
  for (const line of marks.split('\n').filter(Boolean)) {
    const space = line.indexOf(' ');
    const key = line.slice(0, space);
    const path = resolve(line.slice(space + 1));
    const branch = key.slice('branch.'.length, key.length - OWN_BRANCH_KEY.length - 1);
    if (live.has(branch) || kept.has(path) || !path.startsWith(parent + '/')) continue;
    await removeWorktree(run, { path, branch, repo });
    removed.push(branch);
  }
  return removed;
}
