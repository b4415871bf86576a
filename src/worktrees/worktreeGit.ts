/**
 * git for worktrees: the same argument-vector runner as the checkpoints (scrubbed environment,
 * typed errors), but without the checkpoints' byte-exact overrides, so a worktree checks files
 * out the way the user's own configuration does (line endings, filters). Hooks stay off: making
 * a worktree must never run code from the repository.
 */
import { git, type GitRun } from '../checkpoints/git.js';

const SAFE = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '-c', 'gc.auto=0', '-c', 'maintenance.auto=false', '-c', 'core.quotepath=false'];

export interface WorktreeGitOptions {
  /** Program to run (tests point it at a missing binary). */
  gitPath?: string;
}

export type GitIn = (cwd: string, args: readonly string[], run?: Omit<GitRun, 'cwd' | 'plain' | 'gitPath'>) => Promise<Buffer>;

export function gitIn(options: WorktreeGitOptions = {}): GitIn {
  return (cwd, args, run = {}) => git([...SAFE, ...args], { ...run, cwd, plain: true, ...(options.gitPath ? { gitPath: options.gitPath } : {}) });
}

/** The trimmed text of a git answer. */
export async function text(answer: Promise<Buffer>): Promise<string> {
  return (await answer).toString('utf8').trim();
}

/** Who the commits Agent Chat makes on a thread's branch are by (never the user's name on work they did not do). */
export const AGENT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Agent Chat', GIT_AUTHOR_EMAIL: 'agent-chat@localhost',
  GIT_COMMITTER_NAME: 'Agent Chat', GIT_COMMITTER_EMAIL: 'agent-chat@localhost',
};
