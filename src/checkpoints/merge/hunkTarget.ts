/**
 * Undo per hunk as a three-way step. The review lists the hunks between the snapshot before
 * the turn (`base`) and the one at its end (`agentEnd`), keyed by their place in the base text
 * and their sizes; undoing some of them changes neither text, so the keys stay valid. What the
 * agent's work still is after some hunks were undone — the anchor a user's edits are measured
 * from — is the agent's text with the other hunks put back; undoing one more hunk targets the
 * same text with that hunk put back too.
 */
import { computeHunks, splitLines, type Hunk } from '../hunks.js';

export interface HunkKey { oldStart: number; oldCount: number; newCount: number }

export const sameHunk = (h: Hunk, k: HunkKey): boolean =>
  h.oldStart === k.oldStart && h.oldLines.length === k.oldCount && h.newLines.length === k.newCount;

/** `agentEnd` with every hunk not in `kept` put back as `base` had it. */
export function withHunksKept(base: string, agentEnd: string, kept: readonly HunkKey[]): string {
  const hunks = computeHunks(base, agentEnd);
  const lines = splitLines(agentEnd);
  // Backwards, so each splice leaves the places of the hunks before it as they were.
  for (let i = hunks.length - 1; i >= 0; i--) {
    const h = hunks[i]!;
    if (kept.some((k) => sameHunk(h, k))) continue;
    lines.splice(h.newStart, h.newLines.length, ...h.oldLines);
  }
  return lines.join('');
}

/** Whether the turn's diff has this hunk at all. */
export function hasHunk(base: string, agentEnd: string, key: HunkKey): boolean {
  return computeHunks(base, agentEnd).some((h) => sameHunk(h, key));
}
