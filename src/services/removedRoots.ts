/**
 * Roots that left the workspace while a session was open. A session keeps the roots it
 * started with, but a folder the user removed from the workspace must no longer be reachable
 * by the agent, and a request for it should say that rather than "outside the workspace".
 */
import { isAbsolute, resolve } from 'node:path';
import { contains } from './confine.js';
import { HostServiceError } from './hostServices.js';
import { ErrorCode } from './errorCodes.js';

export interface ReachableRoots {
  /** The session's roots still open in the workspace. */
  open: string[];
  /** Throws the clear error when `raw` lies in a removed root; otherwise does nothing. */
  checkNotRemoved(raw: unknown): void;
}

/** `workspaceRoots` undefined: the caller cannot tell, every session root counts as open. */
export function reachableRoots(sessionRoots: readonly string[], workspaceRoots: readonly string[] | undefined): ReachableRoots {
  if (!workspaceRoots) return { open: [...sessionRoots], checkNotRemoved: () => undefined };
  const current = new Set(workspaceRoots.map((r) => resolve(r)));
  const open = sessionRoots.filter((r) => current.has(resolve(r)));
  const removed = sessionRoots.filter((r) => !current.has(resolve(r)));
  return {
    open,
    checkNotRemoved: (raw) => {
      if (typeof raw !== 'string' || !isAbsolute(raw)) return;
      const gone = removed.find((root) => contains(resolve(root), resolve(raw)));
      if (gone) {
        throw new HostServiceError(
          ErrorCode.outsideWorkspace,
          `${raw} is in ${gone}, which was removed from the workspace during this session; the agent can no longer reach it.`,
          { path: raw, root: gone },
        );
      }
    },
  };
}
