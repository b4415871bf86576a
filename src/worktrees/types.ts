/**
 * A thread's own git worktree: where it lives, the branch it works on, and the commit it
 * started from (the base every "what did the agent change" and every Apply is measured from).
 */
export interface WorktreeRef {
  /** The worktree's folder (absolute), outside the user's folder. */
  path: string;
  /** `agent/<short-title>`. */
  branch: string;
  /** The commit the branch started from (HEAD, or a commit of the user's uncommitted changes on top of it). */
  base: string;
  /** The user's repository: its top-level folder (the main working tree). */
  repo: string;
  /**
   * The workspace folder the session was started for, relative to `repo` (`''` when it is the
   * top level): the session works in the same place inside the worktree.
   */
  subdir: string;
}

/** The session folder inside the worktree that matches the user's workspace folder. */
export function sessionDirOf(ref: WorktreeRef): string {
  return ref.subdir ? `${ref.path}/${ref.subdir}` : ref.path;
}

/** Parses a saved ref (workspace state, a saved tab); undefined when it is not one of ours. */
export function parseWorktreeRef(value: unknown): WorktreeRef | undefined {
  const v = value as Partial<WorktreeRef> | null | undefined;
  if (!v || typeof v !== 'object') return undefined;
  const { path, branch, base, repo, subdir } = v;
  if (typeof path !== 'string' || !path || typeof branch !== 'string' || !branch || typeof base !== 'string' || !/^[0-9a-f]{40,64}$/.test(base)
    || typeof repo !== 'string' || !repo) return undefined;
  return { path, branch, base, repo, subdir: typeof subdir === 'string' ? subdir : '' };
}
