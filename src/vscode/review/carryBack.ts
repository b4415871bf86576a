/**
 * The one way the review writes to the user's files: three-way plans in, the user asked about
 * conflicts, the writes applied, and a word about anything left alone. Undo file, Undo all,
 * Undo hunk, Restore and Redo all end here.
 */
import * as vscode from 'vscode';
import { conflictsOf, writesFor, type PathPlan, type WriteAction } from '../../checkpoints/merge/resolve.js';
import { applyWrites } from './applyWrites.js';
import { askAboutConflicts, compareConflicts, type ConflictChoice } from './conflictPrompt.js';

/** Asks about conflicting files; the default is the modal dialog, tests pass their own answer. */
export type ConflictAsker = (conflicts: readonly PathPlan[], what: string) => Promise<ConflictChoice | undefined>;

export type CarryBackResult =
  | { status: 'done'; written: WriteAction[]; kept: string[]; moved: string[] }
  | { status: 'cancelled' | 'compared' | 'failed' };

/**
 * `apply` writes the actions (the editor's WorkspaceEdit by default; a restore writes exact
 * snapshot files its own way and passes the rest here).
 */
export async function carryBack(plans: readonly PathPlan[], what: string, ask: ConflictAsker = askAboutConflicts,
  apply: (actions: WriteAction[]) => Promise<{ ok: boolean; written: WriteAction[]; moved: string[] }> = applyWrites): Promise<CarryBackResult> {
  const conflicts = conflictsOf(plans);
  let answer: ConflictChoice | undefined = 'keep';
  if (conflicts.length) {
    answer = await ask(conflicts, what);
    if (answer === undefined) return { status: 'cancelled' };
    if (answer === 'compare') {
      await compareConflicts(conflicts);
      return { status: 'compared' };
    }
  }
  const actions = writesFor(plans, answer);
  const applied = await apply(actions);
  if (!applied.ok) return { status: 'failed' };
  if (applied.moved.length) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: {0} changed while you decided; left as it is.', applied.moved.join(', ')));
  }
  const kept = answer === 'keep' ? conflicts.map((c) => c.path) : [];
  return { status: 'done', written: applied.written, kept, moved: applied.moved };
}
