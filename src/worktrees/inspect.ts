/**
 * Whether a folder can get a worktree thread, and what the user should know first. A problem
 * that rules it out (`blocking`) leaves the choice of a normal session; one that only changes
 * what the worktree holds (`warning`) leaves the choice of going on.
 */
import { resolve, relative, sep } from 'node:path';
import { realpath } from 'node:fs/promises';
import { GitFailedError, GitMissingError } from '../checkpoints/git.js';
import type { GitIn } from './worktreeGit.js';
import { text } from './worktreeGit.js';

export type RepoProblem =
  | { kind: 'git-missing'; blocking: true }
  | { kind: 'not-a-repo'; blocking: true }
  | { kind: 'bare'; blocking: true }
  | { kind: 'no-commits'; blocking: true }
  /** The worktree's branch starts from this commit rather than from a branch's tip. */
  | { kind: 'detached'; blocking: false; commit: string }
  /** History stops at the clone's depth; the worktree works, `git log` there is short. */
  | { kind: 'shallow'; blocking: false }
  /** Submodules are not checked out in the worktree: their folders stay empty there. */
  | { kind: 'submodules'; blocking: false; paths: string[] };

export interface RepoFacts {
  /** The top-level folder of the working tree the user works in (real path): where Apply writes. */
  toplevel: string;
  /** The folder asked about, relative to `toplevel` (`/`-separated, `''` at the top). */
  subdir: string;
  head: string;
  /** The branch checked out there (undefined on a detached HEAD). */
  branch: string | undefined;
  /** The user's folder has changes not committed (tracked or untracked). */
  dirty: boolean;
  problems: RepoProblem[];
}

export type Inspection = { ok: true; facts: RepoFacts } | { ok: false; problem: Extract<RepoProblem, { blocking: true }> };

export async function inspectFolder(run: GitIn, folder: string): Promise<Inspection> {
  let inside: string;
  try {
    inside = await text(run(folder, ['rev-parse', '--is-bare-repository', '--is-inside-work-tree']));
  } catch (error) {
    if (error instanceof GitMissingError) return { ok: false, problem: { kind: 'git-missing', blocking: true } };
    if (error instanceof GitFailedError) return { ok: false, problem: { kind: 'not-a-repo', blocking: true } };
    throw error;
  }
  const [bare, worktree] = inside.split('\n');
  if (bare === 'true' || worktree !== 'true') return { ok: false, problem: { kind: 'bare', blocking: true } };
  // The working tree the user works in (a linked worktree of theirs is theirs too).
  const ownTop = await text(run(folder, ['rev-parse', '--show-toplevel']));
  const head = await text(run(folder, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])).catch(() => '');
  if (!head) return { ok: false, problem: { kind: 'no-commits', blocking: true } };
  const branch = await text(run(folder, ['symbolic-ref', '--quiet', '--short', 'HEAD'])).catch(() => '');
  const problems: RepoProblem[] = [];
  if (!branch) problems.push({ kind: 'detached', blocking: false, commit: head });
  if ((await text(run(folder, ['rev-parse', '--is-shallow-repository']))) === 'true') problems.push({ kind: 'shallow', blocking: false });
  const submodules = await submodulePaths(run, ownTop);
  if (submodules.length) problems.push({ kind: 'submodules', blocking: false, paths: submodules });
  const status = await run(ownTop, ['status', '--porcelain=v1', '-z', '--untracked-files=normal', '--ignore-submodules=all']);
  const realFolder = await realpath(resolve(folder));
  const realTop = await realpath(ownTop);
  const rel = relative(realTop, realFolder);
  return {
    ok: true,
    facts: {
      toplevel: realTop,
      subdir: rel.startsWith('..') ? '' : rel.split(sep).join('/'),
      head, branch: branch || undefined, dirty: status.length > 0, problems,
    },
  };
}

async function submodulePaths(run: GitIn, top: string): Promise<string[]> {
  const out = await run(top, ['ls-files', '-z', '--stage']).catch(() => Buffer.alloc(0));
  const paths: string[] = [];
  for (const record of out.toString('utf8').split('\0')) {
    // "<mode> <oid> <stage>\t<path>": gitlinks are mode 160000.
    if (record.startsWith('160000 ')) paths.push(record.slice(record.indexOf('\t') + 1));
  }
  return paths;
}
