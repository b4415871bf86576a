/**
 * Path comparison as the user's file system does it. The platform is passed in (never read
 * from `process`) so tests can show how a rule behaves on Windows or macOS from any machine:
 * there `SRC\App.ts` and `src/app.ts` name the same file, so a rule or a sensitive pattern
 * must treat them alike.
 */
import { posix, win32, type PlatformPath } from 'node:path';

export interface PathFlavor {
  readonly path: PlatformPath;
  /** Windows and macOS file systems are case-insensitive by default. */
  readonly caseInsensitive: boolean;
}

export function pathFlavor(platform: string): PathFlavor {
  if (platform === 'win32') return { path: win32, caseInsensitive: true };
  return { path: posix, caseInsensitive: platform === 'darwin' };
}

/** The path as compared: normalised, and lower-cased where case does not matter. */
export function comparable(flavor: PathFlavor, p: string): string {
  const normal = flavor.path.resolve(p);
  return flavor.caseInsensitive ? normal.toLowerCase() : normal;
}

/** The segments of `child` below `parent`, or undefined when it is not `parent` or inside it. */
export function segmentsBelow(flavor: PathFlavor, parent: string, child: string): string[] | undefined {
  const rel = flavor.path.relative(comparable(flavor, parent), comparable(flavor, child));
  if (rel === '') return [];
  if (flavor.path.isAbsolute(rel)) return undefined;
  const parts = rel.split(flavor.path.sep);
  if (parts[0] === '..') return undefined;
  return parts;
}

export function isInside(flavor: PathFlavor, parent: string, child: string): boolean {
  return segmentsBelow(flavor, parent, child) !== undefined;
}

/** The root that holds `p` (the deepest, when roots nest), with the path below it in its own case. */
export function placeIn(flavor: PathFlavor, roots: readonly string[], p: string): { root: string; below: string[] } | undefined {
  let best: { root: string; below: string[] } | undefined;
  for (const root of roots) {
    const below = segmentsBelow(flavor, root, p);
    if (below === undefined) continue;
    if (!best || below.length < best.below.length) best = { root, below };
  }
  if (!best) return undefined;
  // Keep the user's spelling for labels: cut the same number of segments from the path as given.
  const own = flavor.path.resolve(p).split(flavor.path.sep).filter((s) => s !== '');
  return { root: best.root, below: best.below.length ? own.slice(own.length - best.below.length) : [] };
}
