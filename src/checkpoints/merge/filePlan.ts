/**
 * What an undo or restore may do to one file, decided from three versions of it:
 * - `anchor`: what the agent (or the panel's last write) left — the state the user's own edits
 *   are measured from; 'unknown' when there is no such snapshot (an old thread);
 * - `target`: what the panel wants the file to become;
 * - `mine`: the file now (the unsaved editor's text when there is one).
 * `undefined` is "no such file". Nothing here writes: the editor layer applies a plan, and a
 * conflict is the user's to decide (keep theirs, take the target, or compare).
 */
import { carryOver } from './threeWay.js';

export interface FileSides {
  anchor: Uint8Array | undefined | 'unknown';
  target: Uint8Array | undefined;
  mine: Uint8Array | undefined;
}

/** Why a file cannot be undone without asking. */
export type ConflictReason =
  /** The user changed lines the undo also changes (or lines right next to them). */
  | 'edited-same-lines'
  /** The user changed a binary or very large file the undo would replace. */
  | 'edited-whole-file'
  /** The user edited a file the undo would remove (the agent created it). */
  | 'edited-file-to-remove'
  /** The user deleted a file the undo would bring back. */
  | 'deleted-by-user'
  /** The user created a file where the undo would put one back or leave none. */
  | 'created-by-user'
  /** No snapshot of the turn's end: which changes are the user's cannot be told. */
  | 'unknown-since'
  /** Changed between two turns (not by the agent): a restore to before both would lose it. */
  | 'edited-between-turns'
  /** It holds lines the agent did not write that would be left in no file (moved here by a rename). */
  | 'moved-content';

export type FilePlan =
  | { kind: 'same' }
  | { kind: 'write'; bytes: Uint8Array; exact: boolean }
  | { kind: 'remove' }
  | { kind: 'conflict'; reason: ConflictReason };

/** Text merges stop here: past it, a changed file is replaced whole or not at all. */
export const MAX_MERGE_BYTES = 2 * 1024 * 1024;

export function planFile(s: FileSides): FilePlan {
  const { anchor, target, mine } = s;
  if (equal(mine, target)) return { kind: 'same' };
  if (anchor === 'unknown') return { kind: 'conflict', reason: 'unknown-since' };
  if (equal(mine, anchor)) return target === undefined ? { kind: 'remove' } : { kind: 'write', bytes: target, exact: true };
  // From here on the user changed the file since the anchor.
  if (anchor === undefined) return { kind: 'conflict', reason: 'created-by-user' };
  if (mine === undefined) return { kind: 'conflict', reason: 'deleted-by-user' };
  if (target === undefined) return { kind: 'conflict', reason: 'edited-file-to-remove' };
  const texts = [anchor, target, mine].map(asText);
  if (texts.some((t) => t === undefined)) return { kind: 'conflict', reason: 'edited-whole-file' };
  const merged = carryOver(texts[0]!, texts[1]!, texts[2]!);
  if (!merged.clean) return { kind: 'conflict', reason: 'edited-same-lines' };
  const bytes = encoder.encode(merged.text);
  if (equal(bytes, mine)) return { kind: 'same' };
  return { kind: 'write', bytes, exact: equal(bytes, target) };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of bytes that are text and small enough to merge, exactly as they round-trip. */
function asText(bytes: Uint8Array): string | undefined {
  if (bytes.length > MAX_MERGE_BYTES || bytes.includes(0)) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined; // not UTF-8: a merge could not write the same bytes back
  }
}

export function equal(a: Uint8Array | undefined | 'unknown', b: Uint8Array | undefined | 'unknown'): boolean {
  if (a === undefined || b === undefined || a === 'unknown' || b === 'unknown') return a === b;
  return a.length === b.length && Buffer.compare(a, b) === 0;
}
