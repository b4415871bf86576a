/**
 * Paths as a person reads them: relative to the workspace folder they are in (`src/app.ts`), with
 * the folder's name first when the window has several (`api/src/app.ts`), whole when they are in
 * no folder (and then marked by whoever draws them: `outside`). The absolute path stays at hand
 * for a tooltip. Used by the panel (tool titles, locations, permission questions, changes rows)
 * and the host (notifications), so both say the same path the same way. Display only: what is
 * stored, sent to agents and opened is always the absolute path.
 *
 * Windows folders (`C:\…`, `\\server\share`) compare without regard to case or slash direction;
 * POSIX folders exactly.
 */

/** A workspace folder: its name (as the Explorer shows it) and its absolute path on disk. */
export interface WorkspaceFolderRef {
  name: string;
  path: string;
}

export interface ShownPath {
  /** What a person reads. */
  text: string;
  /** The path as it was given (for the tooltip). */
  absolute: string;
  /** An absolute path in none of the folders (never set without folders: there is nothing to be outside of). */
  outside: boolean;
}

const WINDOWS_ABSOLUTE = /^(?:[A-Za-z]:[\\/]|\\\\[^\\/])/;

function isWindowsPath(p: string): boolean {
  return WINDOWS_ABSOLUTE.test(p);
}

export function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || isWindowsPath(p);
}

const isSeparator = (c: string | undefined, windows: boolean): boolean => c === '/' || (windows && c === '\\');

/** The folder's path without trailing separators (a drive or `/` itself keeps its one). */
function trimmed(root: string, windows: boolean): string {
  let end = root.length;
  while (end > 1 && isSeparator(root[end - 1], windows) && !(windows && /^[A-Za-z]:$/.test(root.slice(0, end - 1)))) end--;
  return root.slice(0, end);
}

function samePrefix(text: string, at: number, root: string, windows: boolean): boolean {
  const part = text.slice(at, at + root.length);
  if (part.length !== root.length) return false;
  if (!windows) return part === root;
  const norm = (s: string) => s.replace(/\\/g, '/').toLowerCase();
  return norm(part) === norm(root);
}

/**
 * The folder `text` names at `at` (the longest, for nested folders): where its path ends there
 * (`end`) and where the path inside it starts (`restAt`, after the separator). The folder's path
 * must end there or be followed by a separator.
 */
function folderAt(text: string, at: number, roots: readonly WorkspaceFolderRef[]): { root: WorkspaceFolderRef; end: number; restAt: number } | undefined {
  let best: { root: WorkspaceFolderRef; end: number; restAt: number } | undefined;
  for (const root of roots) {
    const windows = isWindowsPath(root.path);
    const r = trimmed(root.path, windows);
    if (!r || r === '/' || !samePrefix(text, at, r, windows)) continue;
    const end = at + r.length;
    const next = text[end];
    // A drive's root (`C:\`) already ends in its separator.
    const restAt = isSeparator(r[r.length - 1], windows) ? end : isSeparator(next, windows) ? end + 1 : end;
    if (restAt === end && next !== undefined && !isSeparator(r[r.length - 1], windows) && !/[\s"'`)\]},;:]/.test(next)) continue;
    if (!best || end > best.end) best = { root, end, restAt };
  }
  return best;
}

function label(root: WorkspaceFolderRef, rest: string, windows: boolean, roots: readonly WorkspaceFolderRef[]): string {
  const rel = windows ? rest.replace(/\\/g, '/') : rest;
  if (roots.length > 1) return rel ? `${root.name}/${rel}` : root.name;
  return rel || root.name;
}

/** One path: `src/app.ts` for `/work/app/src/app.ts` in the folder `/work/app`. A relative path is left as it is. */
export function showPath(path: string, roots: readonly WorkspaceFolderRef[]): ShownPath {
  if (!isAbsolutePath(path)) return { text: path, absolute: path, outside: false };
  const hit = folderAt(path, 0, roots);
  const windows = hit && isWindowsPath(hit.root.path);
  // A folder's path followed by more of a name (not a separator) is another file.
  if (!hit || (hit.restAt === hit.end && hit.end < path.length && !isSeparator(path[hit.end - 1], !!windows))) return { text: path, absolute: path, outside: roots.length > 0 };
  return { text: label(hit.root, path.slice(hit.restAt), !!windows, roots), absolute: path, outside: false };
}

/** A file a changes row names by its folder and its path in it. */
export function showFolderPath(root: string, rel: string, roots: readonly WorkspaceFolderRef[]): ShownPath {
  const windows = isWindowsPath(root);
  const base = trimmed(root, windows);
  const absolute = `${base}${isSeparator(base[base.length - 1], windows) ? '' : windows ? '\\' : '/'}${windows ? rel.replace(/\//g, '\\') : rel}`;
  const folder = roots.find((r) => trimmed(r.path, isWindowsPath(r.path)) === base);
  if (!folder) return showPath(absolute, roots);
  return { text: label(folder, rel, windows, roots), absolute, outside: false };
}

/** Free text in parts: the text between paths, and each absolute path found in it. */
export type PathPart = string | ShownPath;

/** Where an absolute path may start: after a space, a quote or an opening bracket, or at the start. */
const PATH_START = /(^|[\s"'`([{<=,])(\/(?![/\s])|[A-Za-z]:[\\/]|\\\\(?=[^\\/\s]))/g;
const QUOTES = new Set(['"', "'", '`']);
/** Punctuation that ends a sentence, not a path ("Edit /a/b.ts."). */
const TRAILING = /[.,;:!?)\]}>]+$/;

/**
 * A tool's title or a question with the absolute paths in it shown as paths (`showPath`). A quoted
 * path runs to its closing quote (paths with spaces); an unquoted one to the next space, unless
 * a folder's own path (which may hold spaces) starts there. A lone word with a slash in front
 * (`/help`, a regex) is not taken for a path: a path outside every folder needs two segments.
 */
export function pathParts(text: string, roots: readonly WorkspaceFolderRef[]): PathPart[] {
  const parts: PathPart[] = [];
  let last = 0;
  PATH_START.lastIndex = 0;
  for (let m = PATH_START.exec(text); m; m = PATH_START.exec(text)) {
    const start = m.index + m[1]!.length;
    const quote = QUOTES.has(m[1]!) ? m[1]! : undefined;
    const hit = folderAt(text, start, roots);
    let end: number;
    if (quote) {
      const close = text.indexOf(quote, start);
      const line = text.indexOf('\n', start);
      end = close < 0 || (line >= 0 && line < close) ? runEnd(text, hit?.end ?? start) : close;
    } else {
      end = runEnd(text, hit?.end ?? start);
    }
    let path = text.slice(start, end);
    if (!quote) path = path.replace(TRAILING, '');
    const shown = showPath(path, roots);
    const isPath = !shown.outside || path.split(/[\\/]/).filter(Boolean).length >= 2 || isWindowsPath(path);
    if (!path || !isPath || (!hit && !shown.outside)) {
      PATH_START.lastIndex = Math.max(start + 1, PATH_START.lastIndex);
      continue;
    }
    if (start > last) parts.push(text.slice(last, start));
    parts.push(shown);
    last = start + path.length;
    PATH_START.lastIndex = last;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

function runEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && !/[\s"'`<>|]/.test(text[i]!)) i++;
  return i;
}

/** `pathParts` joined back into one line; `outside` says a path outside every folder so (e.g. "/etc/hosts (outside the workspace)"). */
export function pathsInText(text: string, roots: readonly WorkspaceFolderRef[], outside: (path: string) => string): string {
  return pathParts(text, roots).map((p) => (typeof p === 'string' ? p : p.outside ? outside(p.text) : p.text)).join('');
}
