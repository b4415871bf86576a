/**
 * v2 diffs (`file_changes` content): which section of the patch belongs to which changed file,
 * and the before/after texts of a file for a diff editor. Pure (no `vscode`, no DOM), shared by
 * the panel (file list, +N −M) and the host (Open diff).
 */
import { applyPatch, parsePatch, reversePatch, type StructuredPatch } from 'diff';
import type { DiffPatch, FileChange } from '../protocol/events.js';

export interface FilePatch {
  added: number;
  removed: number;
  patch: StructuredPatch;
}

export interface MatchedChange {
  /** Undefined for a patch section the change list does not name. */
  change?: FileChange;
  file?: FilePatch;
}

/** Sections of a `git_patch`, with their line counts; undefined for other formats or text that does not parse. */
export function parseGitPatch(patch: DiffPatch | undefined): FilePatch[] | undefined {
  if (!patch || patch.format !== 'git_patch') return undefined;
  try {
    return parsePatch(patch.text).map((p) => {
      let added = 0;
      let removed = 0;
      for (const hunk of p.hunks) {
        for (const line of hunk.lines) {
          if (line[0] === '+') added++;
          else if (line[0] === '-') removed++;
        }
      }
      return { added, removed, patch: p };
    });
  } catch {
    return undefined;
  }
}

/** Every change with its patch section (if any), then patch sections no change names. */
export function matchChanges(changes: readonly FileChange[], parsed: FilePatch[] | undefined): MatchedChange[] {
  const unmatched = new Set(parsed ?? []);
  const out: MatchedChange[] = changes.map((change) => {
    const file = parsed?.find((p) => unmatched.has(p) && matches(p.patch, change));
    if (file) unmatched.delete(file);
    return file ? { change, file } : { change };
  });
  for (const file of unmatched) out.push({ file });
  return out;
}

/** ACP git patches use absolute paths without `a/` `b/`; the parser may still add them for renames. */
function clean(name: string | undefined): string | undefined {
  if (!name || name === '/dev/null') return undefined;
  return /^[ab]\/\//.test(name) ? name.slice(2) : name;
}

/**
 * Exact absolute paths first; a patch written git-style anyway (`a/src/x.ts`, relative) still
 * matches the change whose absolute path ends with that relative path.
 */
function matches(p: StructuredPatch, change: FileChange): boolean {
  const paths = [change.path, change.oldPath].filter((x): x is string => !!x);
  for (const raw of [p.oldFileName, p.newFileName]) {
    const name = clean(raw);
    if (!name) continue;
    if (paths.includes(name)) return true;
    const relative = name.replace(/^[ab]\//, '');
    if (!relative.startsWith('/') && paths.some((x) => x.endsWith(`/${relative}`))) return true;
  }
  return false;
}

/** The path a patch section is about, for one the change list does not name. */
export function patchPath(p: StructuredPatch): string {
  return clean(p.newFileName) ?? clean(p.oldFileName) ?? '(unnamed file)';
}

export interface FileSides {
  path: string;
  before: string;
  after: string;
  /**
   * True when both sides are whole files (the patch applied backwards to the file as it is now,
   * or the file was added or deleted whole); false when they hold only the changed regions.
   */
  complete: boolean;
}

/** Shown between hunks when only the changed regions are known. */
export const HUNK_GAP = '⋯';

/**
 * Before/after texts for every text file of a v2 diff that has a patch section. `current` gives
 * a file's text as it is now (after the tool ran); without it, or when the patch does not apply
 * backwards to it (the file changed since), the sides hold only the patch's hunks.
 */
export function fileSides(changes: readonly FileChange[], patch: DiffPatch | undefined, current: (path: string) => string | undefined): FileSides[] {
  const out: FileSides[] = [];
  for (const { change, file } of matchChanges(changes, parseGitPatch(patch))) {
    if (!file || file.patch.hunks.length === 0) continue;
    if (change?.fileType && change.fileType !== 'text') continue;
    const path = change?.path ?? patchPath(file.patch);
    const now = change?.operation === 'delete' ? undefined : current(path);
    out.push(sidesOf(path, change, file.patch, now));
  }
  return out;
}

function sidesOf(path: string, change: FileChange | undefined, patch: StructuredPatch, now: string | undefined): FileSides {
  const hunks = hunkSides(patch);
  if (change?.operation === 'delete' && wholeFile(patch, 'old')) return { path, before: hunks.before, after: '', complete: true };
  if (now !== undefined) {
    if (change?.operation === 'add') return { path, before: '', after: now, complete: true };
    const before = applyPatch(now, reversePatch(patch));
    if (before !== false) return { path, before, after: now, complete: true };
  }
  if (change?.operation === 'add' && wholeFile(patch, 'new')) return { path, before: '', after: hunks.after, complete: true };
  return { path, ...hunks, complete: false };
}

/** A single hunk starting at line 1 of an empty side holds the other side whole. */
function wholeFile(patch: StructuredPatch, side: 'old' | 'new'): boolean {
  const [only, ...rest] = patch.hunks;
  if (!only || rest.length > 0) return false;
  return side === 'old' ? only.newLines === 0 : only.oldLines === 0;
}

function hunkSides(patch: StructuredPatch): { before: string; after: string } {
  const before: string[] = [];
  const after: string[] = [];
  patch.hunks.forEach((hunk, i) => {
    if (i > 0) {
      before.push(HUNK_GAP);
      after.push(HUNK_GAP);
    }
    for (const line of hunk.lines) {
      const text = line.slice(1);
      if (line[0] === ' ') {
        before.push(text);
        after.push(text);
      } else if (line[0] === '-') before.push(text);
      else if (line[0] === '+') after.push(text);
    }
  });
  return { before: joinLines(before), after: joinLines(after) };
}

function joinLines(lines: string[]): string {
  return lines.length ? `${lines.join('\n')}\n` : '';
}
