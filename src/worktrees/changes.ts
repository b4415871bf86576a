/**
 * What a worktree thread's branch changed against where it started: the worktree's files as
 * they are now (committed or not, new files included, ignored ones left out) compared with the
 * base commit. The tree is written from a private copy of the worktree's index, so looking
 * never stages anything there.
 */
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { AGENT_IDENTITY, text, type GitIn } from './worktreeGit.js';
import type { WorktreeRef } from './types.js';

export interface BranchChange {
  /** Relative to the repository's top level, `/`-separated. */
  path: string;
  status: 'added' | 'modified' | 'deleted';
  added: number;
  deleted: number;
  binary: boolean;
}

/** The tree of the worktree's files now (as `git add -A` would stage them). */
export async function worktreeTree(run: GitIn, dir: string): Promise<string> {
  const tmp = join(tmpdir(), `agent-chat-index-${randomBytes(6).toString('hex')}`);
  await mkdir(tmp, { recursive: true, mode: 0o700 });
  const env = { GIT_INDEX_FILE: join(tmp, 'index') };
  try {
    const index = await text(run(dir, ['rev-parse', '--path-format=absolute', '--git-path', 'index']));
    if (!(await copyFile(index, env.GIT_INDEX_FILE).then(() => true, () => false))) await run(dir, ['read-tree', 'HEAD'], { env });
    await run(dir, ['add', '-A', '--', '.'], { env });
    return await text(run(dir, ['write-tree'], { env }));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

export async function branchChanges(run: GitIn, ref: WorktreeRef): Promise<{ tree: string; changes: BranchChange[] }> {
  const tree = await worktreeTree(run, ref.path);
  const status = (await run(ref.path, ['diff-tree', '-r', '-z', '--no-renames', '--name-status', ref.base, tree])).toString('utf8').split('\0');
  const counts = (await run(ref.path, ['diff-tree', '-r', '-z', '--no-renames', '--numstat', ref.base, tree])).toString('utf8').split('\0');
  const numbers = new Map<string, { added: number; deleted: number; binary: boolean }>();
  for (const record of counts) {
    const [a, d, ...rest] = record.split('\t');
    if (!rest.length) continue;
    numbers.set(rest.join('\t'), { added: a === '-' ? 0 : Number(a), deleted: d === '-' ? 0 : Number(d), binary: a === '-' });
  }
  const changes: BranchChange[] = [];
  for (let i = 0; i + 1 < status.length; i += 2) {
    const letter = status[i]!;
    const path = status[i + 1]!;
    if (!letter) break;
    const n = numbers.get(path) ?? { added: 0, deleted: 0, binary: false };
    changes.push({ path, status: letter === 'A' ? 'added' : letter === 'D' ? 'deleted' : 'modified', ...n });
  }
  return { tree, changes };
}

/** "Commit on the branch": the worktree's files as they are, one commit on the thread's branch. */
export async function commitOnBranch(run: GitIn, ref: WorktreeRef, message: string): Promise<string | undefined> {
  const tree = await worktreeTree(run, ref.path);
  const head = await text(run(ref.path, ['rev-parse', 'HEAD']));
  if (tree === (await text(run(ref.path, ['rev-parse', `${head}^{tree}`])))) return undefined;
  const commit = await text(run(ref.path, ['commit-tree', tree, '-p', head, '-m', message], { env: AGENT_IDENTITY }));
  await run(ref.path, ['update-ref', '-m', 'Agent Chat: commit on the branch', `refs/heads/${ref.branch}`, commit, head]);
  // The worktree's index follows its branch; its files already are the commit.
  await run(ref.path, ['read-tree', commit]);
  return commit;
}
