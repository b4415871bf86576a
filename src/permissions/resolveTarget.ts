/**
 * A request's target checked against the file system: every path with its symlinks resolved,
 * each either safe for a rule or the reason it must ask (sensitive, outside the workspace, a
 * link that leads out, a path that cannot be resolved).
 */
import type { RequestTarget } from './requestTarget.js';
import { sensitiveReason } from './sensitive.js';
import type { PathFlavor } from '../services/platformPaths.js';

export interface TargetEnv {
  flavor: PathFlavor;
  /** The workspace folders, as configured. */
  roots: readonly string[];
  /** Resolves every symlink on the way (a missing tail kept); rejects when it cannot. */
  realPath: (p: string) => Promise<string>;
}

/** A path as named and where it really is. */
export interface ResolvedPath {
  path: string;
  real: string;
}

export type ResolvedTarget =
  | { ok: true; type: 'files'; paths: ResolvedPath[] }
  | { ok: true; type: 'command'; cwd: ResolvedPath }
  | { ok: true; type: 'tool'; paths: ResolvedPath[] }
  | { ok: true; type: 'consult' }
  | { ok: false; why: string };

export async function resolveTarget(target: RequestTarget, env: TargetEnv): Promise<ResolvedTarget> {
  // Another agent is no file: nothing on disk to check.
  if (target.type === 'consult') return { ok: true, type: 'consult' };
  const realRoots = await Promise.all(env.roots.map((root) => env.realPath(root).catch(() => root)));
  const check = async (p: string): Promise<ResolvedPath | string> => {
    let real: string;
    try {
      real = await env.realPath(p);
    } catch {
      return `${p} cannot be resolved`;
    }
    const named = sensitiveReason(env.flavor, env.roots, p);
    if (named) return `${p} is ${named}`;
    const really = sensitiveReason(env.flavor, [...realRoots, ...env.roots], real);
    if (really) return `${p} leads to ${real}, ${really}`;
    return { path: p, real };
  };
  if (target.type === 'command') {
    const cwd = await check(target.cwd);
    return typeof cwd === 'string' ? { ok: false, why: `its working folder ${cwd}` } : { ok: true, type: 'command', cwd };
  }
  const paths: ResolvedPath[] = [];
  for (const p of target.paths) {
    const checked = await check(p);
    if (typeof checked === 'string') return { ok: false, why: checked };
    paths.push(checked);
  }
  return { ok: true, type: target.type === 'tool' ? 'tool' : 'files', paths };
}
