/**
 * The snapshot of the state the panel last left a root in — what the user's own edits are
 * measured from when a restore plans its writes: the latest turn's end, or, when a restore came
 * after it, the checkpoint that restore wrote.
 *
 * Thread order tells which came last: a restore marks every row after its message undone, so
 * a changes row that is not undone and sits below the restored message ran after the restore,
 * and one above it ran before.
 */
import type { ThreadEntry } from '../types.js';

export function anchorOf(entries: readonly ThreadEntry[], root: string): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.type === 'changes' && !e.undone) {
      const after = e.after?.find((r) => r.root === root);
      if (after) return after.id;
    }
    if (e.type === 'user' && e.redo) {
      const restored = e.checkpoint?.find((r) => r.root === root);
      if (restored) return restored.id;
    }
  }
  return undefined;
}

/**
 * The turns whose changes are on disk since `turnId`'s message (its own included), oldest first,
 * as before/after snapshots of `root`: a restore to that message reverts them, and what changed
 * between one's end and the next one's start was not the agent's doing.
 */
export function turnsSince(entries: readonly ThreadEntry[], turnId: string, root: string): { before: string; after: string }[] {
  const from = entries.findIndex((e) => e.type === 'user' && e.turnId === turnId);
  if (from < 0) return [];
  const before = new Map<string, string>();
  const out: { before: string; after: string }[] = [];
  for (const e of entries.slice(from)) {
    if ((e.type === 'user' || e.type === 'changes') && e.undone) continue;
    if (e.type === 'user' && e.turnId) {
      const cp = e.checkpoint?.find((r) => r.root === root);
      if (cp) before.set(e.turnId, cp.id);
    } else if (e.type === 'changes') {
      const b = before.get(e.turnId);
      const a = e.after?.find((r) => r.root === root)?.id;
      if (b && a) out.push({ before: b, after: a });
    }
  }
  return out;
}
