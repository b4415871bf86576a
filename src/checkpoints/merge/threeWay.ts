/**
 * Carrying one change onto a text somebody else may have edited since: the three-way step
 * every undo and restore of the panel goes through.
 *
 * `anchor` is what the agent left (the end-of-turn snapshot), `target` what the panel wants the
 * text to become (the snapshot before the turn, or that with a single hunk put back), `mine`
 * the text now (the disk, or an unsaved editor). Where mine still equals the anchor the target
 * applies; where the user changed lines the target does not touch, their lines stay; where both
 * touched the same or adjacent lines it is a conflict and nothing is decided here. Adjacent
 * counts as touching on purpose: a line the user added right after a line the undo removes may
 * belong to it, and the user is the one to say.
 *
 * Lines keep their terminators (see hunks.ts), so a clean result is exact to the byte.
 */
import { diff3Merge } from 'node-diff3';
import { splitLines } from '../hunks.js';

export type TextMerge =
  | { clean: true; text: string }
  | { clean: false; conflicts: number };

export function carryOver(anchor: string, target: string, mine: string): TextMerge {
  if (mine === anchor) return { clean: true, text: target };
  if (target === anchor || mine === target) return { clean: true, text: mine };
  const regions = diff3Merge(splitLines(target), splitLines(anchor), splitLines(mine), { excludeFalseConflicts: true });
  let conflicts = 0;
  const out: string[] = [];
  for (const region of regions) {
    if ('ok' in region && region.ok) out.push(...region.ok);
    else conflicts++;
  }
  return conflicts ? { clean: false, conflicts } : { clean: true, text: out.join('') };
}
