/**
 * Hunks between a snapshot's text and the current text (undoing them: merge/hunkTarget.ts).
 *
 * Lines keep their own terminators ("\n", "\r\n", or none on a last line without a final
 * newline), so undoing a hunk puts back exactly the bytes the snapshot had — CRLF files,
 * mixed endings and a missing final newline included. jsdiff's diffArrays compares them.
 */
import { diffArrays } from 'diff';
import type { ChangedHunk, ChangedHunkLine } from '../protocol/events.js';

export interface Hunk {
  /** 0-based line index of the hunk in the old / new text. */
  oldStart: number;
  newStart: number;
  /** The lines (with terminators) the hunk replaces and the ones it has now. */
  oldLines: string[];
  newLines: string[];
}

/** Splits text into lines, each keeping its terminator. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines: string[] = [];
  let at = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', at)) {
    lines.push(text.slice(at, i + 1));
    at = i + 1;
  }
  if (at < text.length) lines.push(text.slice(at));
  return lines;
}

/** Hunks of changed lines (no context), in order. */
export function computeHunks(oldText: string, newText: string): Hunk[] {
  const parts = diffArrays(splitLines(oldText), splitLines(newText));
  const hunks: Hunk[] = [];
  let o = 0;
  let n = 0;
  let cur: Hunk | undefined;
  for (const p of parts) {
    const count = p.value.length;
    if (!p.added && !p.removed) {
      cur = undefined;
      o += count;
      n += count;
      continue;
    }
    if (!cur) {
      cur = { oldStart: o, newStart: n, oldLines: [], newLines: [] };
      hunks.push(cur);
    }
    if (p.removed) { cur.oldLines.push(...p.value); o += count; }
    else { cur.newLines.push(...p.value); n += count; }
  }
  return hunks;
}

/** Lines added / deleted by the hunks (what "+a −d" counts). */
export function countLines(hunks: readonly Hunk[]): { added: number; deleted: number } {
  let added = 0;
  let deleted = 0;
  for (const h of hunks) { added += h.newLines.length; deleted += h.oldLines.length; }
  return { added, deleted };
}

/** A hunk as the review shows it (oldStart and the sizes identify it again on undo). */
export type HunkView = ChangedHunk;
type HunkLine = ChangedHunkLine;

const bare = (line: string) => line.replace(/\r?\n$/, '');

/** The hunks between two texts with `context` lines around each, at most `maxLines` listed per hunk. */
export function hunkViews(oldText: string, newText: string, context = 2, maxLines = 40): HunkView[] {
  const oldLines = splitLines(oldText);
  return computeHunks(oldText, newText).map((hk) => {
    const lines: HunkLine[] = [];
    for (let i = Math.max(0, hk.oldStart - context); i < hk.oldStart; i++) lines.push([' ', bare(oldLines[i]!)]);
    for (const l of hk.oldLines) lines.push(['-', bare(l)]);
    for (const l of hk.newLines) lines.push(['+', bare(l)]);
    const end = hk.oldStart + hk.oldLines.length;
    for (let i = end; i < Math.min(oldLines.length, end + context); i++) lines.push([' ', bare(oldLines[i]!)]);
    const view: HunkView = { oldStart: hk.oldStart, oldCount: hk.oldLines.length, newStart: hk.newStart, newCount: hk.newLines.length, lines: lines.slice(0, maxLines) };
    if (lines.length > maxLines) view.more = lines.length - maxLines;
    return view;
  });
}
