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
