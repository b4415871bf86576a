/**
 * Confines agent-supplied paths to the session's roots.
 *
 * The check runs on real paths: every symlink on the way is resolved, so a link inside the
 * workspace that points outside it is refused just like `/ws/../etc/passwd`. For a file that
 * does not exist yet (a write that creates it) the deepest existing ancestor is resolved and
 * the missing tail is appended, which is exactly where the file would be created.
 *
 * Hosts act on `realPath`, the location that was checked, never on the path as named: a link
 * on the way that is swapped after the check then changes nothing. What remains is a link
 * swapped in *at* the real path itself, or a folder on it replaced by a link, between the
 * check and the open; `assertStillReal` lets a host see that after opening and refuse.
 */
import { lstat, readlink, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { HostServiceError } from './hostServices.js';
import { ErrorCode } from './errorCodes.js';
import { isInside, pathFlavor } from './platformPaths.js';

export interface ConfinedPath {
  /** The path as the agent named it, normalised (what editors know the file as). */
  path: string;
  /** The same location with every symlink resolved (what the check was made on). */
  realPath: string;
  /** The root (as configured) that contains it. */
  root: string;
}

const MAX_LINK_HOPS = 40;

export async function confinePath(raw: unknown, roots: readonly string[]): Promise<ConfinedPath> {
  if (typeof raw !== 'string' || raw.length === 0) {
    throw new HostServiceError(ErrorCode.invalidParams, 'Path must be a non-empty string.');
  }
  if (raw.includes('\0')) throw new HostServiceError(ErrorCode.invalidParams, 'Path contains a NUL byte.');
  if (!isAbsolute(raw)) {
    throw new HostServiceError(ErrorCode.invalidParams, `Path must be absolute: ${raw}`, { path: raw });
  }
  if (roots.length === 0) {
    throw new HostServiceError(ErrorCode.outsideWorkspace, `No workspace folder is open, so ${raw} cannot be accessed.`, { path: raw });
  }
  const path = resolve(raw);
  const realRoots = await Promise.all(roots.map(async (root) => ({ root, real: await realOrSelf(resolve(root)) })));
  // Lexical check first: it gives the clearest message for `..` escapes.
  if (!realRoots.some(({ root }) => contains(resolve(root), path)) && !realRoots.some(({ real }) => contains(real, path))) {
    throw outside(raw);
  }
  let real: string;
  try {
    real = await resolveReal(path, 0);
  } catch (err) {
    if (err instanceof HostServiceError) throw err;
    throw unresolvable(raw, err);
  }
  const hit = realRoots.find(({ real: r }) => contains(r, real));
  if (!hit) throw outside(raw, real);
  return { path, realPath: real, root: hit.root };
}

/** The path rules of the machine the extension runs on (case-insensitive on Windows and macOS). */
const HOST_PATHS = pathFlavor(process.platform);

/** True when `child` is `parent` or inside it, as this machine's file system compares paths (lexical: resolve real paths first where links matter). */
export function contains(parent: string, child: string): boolean {
  return isInside(HOST_PATHS, parent, child);
}

function outside(raw: string, real?: string): HostServiceError {
  const via = real && real !== resolve(raw) ? ` (it resolves to ${real})` : '';
  return new HostServiceError(
    ErrorCode.outsideWorkspace,
    `Refused: ${raw} is outside the workspace folders${via}.`,
    { path: raw, ...(real ? { realPath: real } : {}) },
  );
}

/**
 * After a host opened `realPath`: it must still be its own real path (no folder on the way
 * turned into a link since the check). Throws the outside-workspace refusal otherwise.
 */
export async function assertStillReal(realPath: string): Promise<void> {
  let now: string;
  try {
    now = await resolveReal(realPath, 0);
  } catch (err) {
    if (err instanceof HostServiceError) throw err;
    throw unresolvable(realPath, err);
  }
  if (now !== realPath) {
    throw new HostServiceError(
      ErrorCode.outsideWorkspace,
      `Refused: ${realPath} changed while it was being opened (it now resolves to ${now}).`,
      { path: realPath, realPath: now },
    );
  }
}

/** ELOOP is a link loop (or a link where none may be): say so rather than quote errno. */
function unresolvable(raw: string, err: unknown): HostServiceError {
  const code = (err as NodeJS.ErrnoException).code;
  const why = code === 'ELOOP' ? 'a symbolic link loop (or too many links) is on the way' : (err as Error).message;
  return new HostServiceError(ErrorCode.invalidParams, `Cannot resolve ${raw}: ${why}.`, { path: raw });
}

/**
 * Where an absolute path really is: every symlink on the way resolved, a missing tail appended
 * to its deepest existing ancestor (where a write would land). Rejects on a link loop.
 */
export function realPathOf(p: string): Promise<string> {
  return resolveReal(resolve(p), 0);
}

async function realOrSelf(p: string): Promise<string> {
  try {
    return await realpath(p);
  } catch {
    return p;
  }
}

/** realpath for paths whose tail may not exist yet, following dangling links by hand. */
async function resolveReal(p: string, hops: number): Promise<string> {
  if (hops > MAX_LINK_HOPS) {
    throw new HostServiceError(ErrorCode.invalidParams, `Cannot resolve ${p}: a symbolic link loop (or too many links) is on the way.`);
  }
  try {
    return await realpath(p);
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
  // p itself may be a dangling symlink: follow it where a write would land.
  const stat = await lstat(p).catch(() => undefined);
  if (stat?.isSymbolicLink()) {
    const target = await readlink(p);
    return resolveReal(resolve(dirname(p), target), hops + 1);
  }
  const parent = dirname(p);
  if (parent === p) return p;
  const realParent = await resolveReal(parent, hops);
  return join(realParent, p.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
