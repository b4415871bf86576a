/**
 * Hunks between a snapshot's text and the current text, and undoing one of them.
 *
 * Lines keep their own terminators ("\n", "\r\n", or none on a last line without a final
 * newline), so undoing a hunk puts back exactly the bytes the snapshot had — CRLF files,
 * mixed endings and a missing final newline included. jsdiff's diffArrays compares them.
 */
import { diffArrays } from 'diff';

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

/**
 * The current text with one hunk put back as it was. Undefined when the text no longer has
 * the hunk's lines where the hunk says (it changed since the hunks were computed).
 */
export function undoHunk(currentText: string, hunk: Hunk): string | undefined {
  const lines = splitLines(currentText);
  const at = lines.slice(hunk.newStart, hunk.newStart + hunk.newLines.length);
  if (at.length !== hunk.newLines.length || at.some((l, i) => l !== hunk.newLines[i])) return undefined;
  lines.splice(hunk.newStart, hunk.newLines.length, ...hunk.oldLines);
  return lines.join('');
}

/** Lines added / deleted by the hunks (what "+a −d" counts). */
export function countLines(hunks: readonly Hunk[]): { added: number; deleted: number } {
  let added = 0;
  let deleted = 0;
  for (const h of hunks) { added += h.newLines.length; deleted += h.oldLines.length; }
  return { added, deleted };
}
