/**
 * The lines the user changed since the anchor, as a person reads them ("lines 12–14, 40"):
 * what a conflict names so the user can see which of their edits is at stake.
 */
import { computeHunks } from '../hunks.js';

export interface LineSpan { from: number; to: number }

/** 1-based line spans of `mine` that differ from `anchor` (a pure deletion marks the line after it). */
export function changedSpans(anchor: string, mine: string): LineSpan[] {
  return computeHunks(anchor, mine).map((h) => {
    const from = h.newStart + 1;
    return { from, to: Math.max(from, h.newStart + h.newLines.length) };
  });
}

export function spansText(spans: readonly LineSpan[], max = 6): string {
  const shown = spans.slice(0, max).map((s) => (s.from === s.to ? `${s.from}` : `${s.from}–${s.to}`));
  return shown.join(', ') + (spans.length > max ? ', …' : '');
}
