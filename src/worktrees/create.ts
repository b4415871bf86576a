/**
 * Making a thread's worktree: a new branch `agent/<short-title>` from HEAD in a folder outside
 * the user's, optionally starting from the user's uncommitted changes. Those are carried as one
 * commit on the new branch (made from a private index, so the user's own index and files are
 * not touched); the branch's base is that commit, so what the agent changes is measured from
 * exactly what it was given.
 */
import { copyFile, mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { RepoFacts } from './inspect.js';
import { uniqueBranch, slugOf } from './branchName.js';
import { AGENT_IDENTITY, text, type GitIn } from './worktreeGit.js';
import type { WorktreeRef } from './types.js';

export interface CreateWorktree {
  facts: RepoFacts;
  /** Where worktrees live (extension storage or the user's setting); created when missing. */
  parentDir: string;
  /** The thread's title or first words: the branch's name comes from it. */
  title: string;
  /** Start from the user's uncommitted changes (tracked and untracked, ignored files left out). */
  carry: boolean;
  /** Told the folder and branch before `git worktree add` runs, so a crash in between leaves a record to clean. */
  beforeAdd?: (ref: WorktreeRef) => Promise<void> | void;
}

export class WorktreeFolderInsideRepo extends Error {
  constructor(readonly folder: string, readonly repo: string) {
    super(`The worktree folder ${folder} is inside the repository ${repo}; choose a folder outside it (agentChat.worktreeFolder).`);
  }
}

/** Marks a branch as made by Agent Chat (branch config), so an orphan can be told from the user's own `agent/*` branches. */
export const OWN_BRANCH_KEY = 'agentchatworktree';

export async function createWorktree(run: GitIn, opts: CreateWorktree): Promise<WorktreeRef> {
  const { facts } = opts;
  const repo = facts.toplevel;
  // Inside the user's folder the worktree would show up in their searches, builds and git status.
  const inside = relative(repo, resolve(opts.parentDir));
  if (!inside.startsWith('..') && !isAbsolute(inside)) throw new WorktreeFolderInsideRepo(opts.parentDir, repo);
  const taken = new Set((await text(run(repo, ['for-each-ref', '--format=%(refname:short)', 'refs/heads/']))).split('\n').filter(Boolean));
  const branch = uniqueBranch(opts.title, taken);
  const base = opts.carry && facts.dirty ? await carriedCommit(run, repo, facts.head) : facts.head;
  await mkdir(opts.parentDir, { recursive: true });
  const path = join(await realpath(opts.parentDir), `${basename(repo)}-${slugOf(opts.title)}-${randomBytes(3).toString('hex')}`);
  const ref: WorktreeRef = { path, branch, base, repo, subdir: facts.subdir };
  await opts.beforeAdd?.(ref);
  // Files written by as many workers as the machine has cores (git's default is one): a
  // 10,000-file checkout took about half the time on two cores, measured by hand. The user's own
  // setting of it, if any, is overridden only for this command.
  await run(repo, ['-c', 'checkout.workers=0', 'worktree', 'add', '--quiet', '-b', branch, path, base]);
  await run(repo, ['config', `branch.${branch}.${OWN_BRANCH_KEY}`, path]);
  return ref;
}

/** A commit on top of `head` holding the working tree as the user has it (respecting .gitignore). */
async function carriedCommit(run: GitIn, repo: string, head: string): Promise<string> {
  const dir = join(tmpdir(), `agent-chat-index-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const env = { GIT_INDEX_FILE: join(dir, 'index') };
  try {
    // The user's index copied, so files whose stat did not change are not hashed again.
    const index = await text(run(repo, ['rev-parse', '--path-format=absolute', '--git-path', 'index']));
    const copied = await copyFile(index, env.GIT_INDEX_FILE).then(() => true, () => false);
    if (!copied) await run(repo, ['read-tree', head], { env });
    await run(repo, ['add', '-A', '--', '.'], { env });
    const tree = await text(run(repo, ['write-tree'], { env }));
    if (tree === (await text(run(repo, ['rev-parse', `${head}^{tree}`])))) return head;
    await writeFile(join(dir, 'message'), 'Uncommitted changes carried into the worktree\n');
    return await text(run(repo, ['commit-tree', tree, '-p', head, '-F', join(dir, 'message')], { env: { ...env, ...AGENT_IDENTITY } }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
