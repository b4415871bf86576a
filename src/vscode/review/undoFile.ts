/**
 * Undoing files a turn changed without losing the user's work: each file goes back to the
 * snapshot before the turn through the three-way step (carryBack.ts) — lines the user changed
 * since the turn ended stay, and a file where their edits meet the agent's is only replaced
 * when they say so.
 */
import type { ChangedFile } from '../../protocol/events.js';
import type { Snapshotter } from '../../checkpoints/snapshotter.js';
import { planUndoFiles } from '../../checkpoints/merge/plans.js';
import { editorSources } from './editorSources.js';
import { carryBack, type CarryBackResult, type ConflictAsker } from './carryBack.js';

export interface UndoTarget {
  file: ChangedFile;
  /** The snapshot from before the turn. */
  before: string;
  /** The snapshot from the turn's end, when known: what the turn produced. */
  after?: string;
}

export type UndoFilesResult = CarryBackResult & { undone?: ChangedFile[] };

/** Undoes the targets; `undone` lists the files now as they were before the turn (every path of them). */
export async function undoFiles(snapshots: Snapshotter, targets: readonly UndoTarget[], what: string, ask?: ConflictAsker): Promise<UndoFilesResult> {
  const plans = await planUndoFiles(editorSources(snapshots), targets.map(({ file, before, after }) => ({
    root: file.root, path: file.path, ...(file.oldPath ? { oldPath: file.oldPath } : {}), before, ...(after ? { after } : {}),
  })));
  const r = await carryBack(plans, what, ask);
  if (r.status !== 'done') return r;
  const left = new Set([...r.kept, ...r.moved]);
  const undone = targets.map((t) => t.file).filter((f) => !left.has(f.path) && !(f.oldPath && left.has(f.oldPath)));
  return { ...r, undone };
}
