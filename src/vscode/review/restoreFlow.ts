/**
 * "Restore to here" and "Redo" through the three-way step: every file that differs from the
 * snapshot is planned against the state the panel last left it in (the anchor), so files the
 * user changed by hand since are marked in the confirmation and only replaced when they say
 * so. Exact snapshot files are written by the snapshot engine (bytes, modes and links exact,
 * a "redo" snapshot first, every blob checked before anything is written); merged files and
 * open editors with unsaved text go through the editor.
 */
import * as vscode from 'vscode';
import type { SnapshotRef } from '../../protocol/events.js';
import type { Snapshotter } from '../../checkpoints/snapshotter.js';
import { checkRestorable, restoreSnapshot, SnapshotIncomplete } from '../../checkpoints/restore.js';
import { planRestore, type TurnSnapshots } from '../../checkpoints/merge/plans.js';
import { splitForEngine, type PathPlan, type WriteAction } from '../../checkpoints/merge/resolve.js';
import { join } from 'node:path';
import { editorSources, openDocumentAt } from './editorSources.js';
import { applyWrites } from './applyWrites.js';
import { carryBack } from './carryBack.js';
import { describeConflict, type ConflictChoice } from './conflictPrompt.js';

export interface RestoreRoot { root: string; target: string; anchor: string | undefined; turns?: TurnSnapshots[] }

export type RestoreOutcome =
  | { status: 'done'; redo: SnapshotRef[]; kept: string[] }
  | { status: 'unchanged' | 'cancelled' | 'failed' };

/** Confirms the whole restore: the files that change, and which of them the user changed since. */
export type RestoreConfirm = (plans: readonly PathPlan[], question: string) => Promise<ConflictChoice | 'go' | undefined>;

export async function restoreRoots(snapshots: Snapshotter, roots: readonly RestoreRoot[], question: string, confirm: RestoreConfirm = confirmRestore): Promise<RestoreOutcome> {
  const src = editorSources(snapshots);
  const plans: PathPlan[] = [];
  try {
    // Every root is checked before any is written: a restore is whole or nothing across roots too.
    const lost = (await Promise.all(roots.map((r) => checkRestorable(snapshots, r.root, r.target)))).flat();
    if (lost.length) throw new SnapshotIncomplete(lost);
    for (const r of roots) plans.push(...(await planRestore(src, r.root, r.target, r.anchor, r.turns)).filter((p) => p.plan.kind !== 'same'));
  } catch (e) {
    if (!(e instanceof SnapshotIncomplete)) throw e;
    void vscode.window.showErrorMessage(lostMessage(e));
    return { status: 'failed' };
  }
  if (!plans.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: the files are already as they were; nothing to restore.'));
    return { status: 'unchanged' };
  }
  const answer = await confirm(plans, question);
  if (answer === undefined) return { status: 'cancelled' };
  const redo: SnapshotRef[] = [];
  const r = await carryBack(plans, question, async () => (answer === 'go' ? 'keep' : answer), async (actions) => {
    const { bySnapshot, byEditor } = await split(snapshots, roots, actions);
    try {
      for (const root of roots) {
        const only = new Set(bySnapshot.filter((a) => a.root === root.root).map((a) => a.path));
        const done = await restoreSnapshot(snapshots, root.root, root.target, only);
        redo.push({ root: root.root, id: done.redo.id });
      }
    } catch (e) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Agent Chat: nothing was restored: {0}', e instanceof Error ? e.message : String(e)));
      return { ok: false, written: [], moved: [] };
    }
    const edited = await applyWrites(byEditor);
    return { ok: edited.ok, written: [...bySnapshot, ...edited.written], moved: edited.moved };
  });
  if (r.status !== 'done') {
    if (r.status !== 'failed') return { status: 'cancelled' };
    return redo.length === roots.length ? { status: 'done', redo, kept: [] } : { status: 'failed' };
  }
  if (r.kept.length) void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: your changes in {0} were kept.', r.kept.join(', ')));
  return { status: 'done', redo, kept: r.kept };
}

/** Exact writes go to the snapshot engine (merge/resolve.ts splitForEngine); the rest through the editor. */
async function split(snapshots: Snapshotter, roots: readonly RestoreRoot[], actions: WriteAction[]): Promise<{ bySnapshot: WriteAction[]; byEditor: WriteAction[] }> {
  const renames: { root: string; path: string; oldPath: string }[] = [];
  for (const r of roots) {
    for (const f of (await snapshots.changes(r.root, r.target)).files) if (f.oldPath) renames.push({ root: r.root, path: f.path, oldPath: f.oldPath });
  }
  const { engine, editor } = splitForEngine(actions, (a) => !!openDocumentAt(join(a.root, a.path))?.isDirty, renames);
  return { bySnapshot: engine, byEditor: editor };
}

/** The modal: the files that will change, the user's own edits marked, and what to do with them. */
export async function confirmRestore(plans: readonly PathPlan[], question: string): Promise<ConflictChoice | 'go' | undefined> {
  const conflicts = plans.filter((p) => p.plan.kind === 'conflict');
  const lines = plans.map((p) => (p.plan.kind === 'conflict' ? `✎ ${describeConflict(p)}`
    : p.plan.kind === 'remove' ? vscode.l10n.t('{0} (removed)', p.path)
      : p.sides.mine === undefined ? vscode.l10n.t('{0} (recreated)', p.path)
        : p.plan.kind === 'write' && !p.plan.exact ? vscode.l10n.t('{0} (your later changes in it kept)', p.path) : p.path));
  // The user's files first: they are what the question is about.
  lines.sort((a, b) => Number(b.startsWith('✎')) - Number(a.startsWith('✎')));
  const shown = lines.slice(0, 15).join('\n') + (lines.length > 15 ? `\n${vscode.l10n.t('… and {0} more', lines.length - 15)}` : '');
  const count = plans.length === 1 ? vscode.l10n.t('1 file will change:') : vscode.l10n.t('{0} files will change:', plans.length);
  const dirty = vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.scheme === 'file').map((d) => vscode.workspace.asRelativePath(d.uri));
  const warn = dirty.length ? `\n\n${vscode.l10n.t('Open editors with unsaved changes are changed in the editor and left unsaved: {0}', dirty.join(', '))}` : '';
  if (!conflicts.length) {
    const restore = vscode.l10n.t('Restore');
    return (await vscode.window.showWarningMessage(question, { modal: true, detail: `${count}\n${shown}${warn}` }, restore)) === restore ? 'go' : undefined;
  }
  const mark = conflicts.length === 1 ? vscode.l10n.t('✎ You changed 1 of them by hand since the agent wrote it.') : vscode.l10n.t('✎ You changed {0} of them by hand since the agent wrote them.', conflicts.length);
  const keep = vscode.l10n.t('Restore, keep my changes');
  const take = vscode.l10n.t('Restore everything (my changes are lost)');
  const compare = vscode.l10n.t('Compare side by side');
  const choice = await vscode.window.showWarningMessage(question, { modal: true, detail: `${count}\n${shown}\n\n${mark}${warn}` }, keep, take, compare);
  return choice === keep ? 'keep' : choice === take ? 'take' : choice === compare ? 'compare' : undefined;
}

/** What the user reads when saved copies a restore or undo needs are gone: which files, and that nothing was written. */
export function lostMessage(e: SnapshotIncomplete): string {
  const shown = e.paths.slice(0, 8).join(', ') + (e.paths.length > 8 ? ` ${vscode.l10n.t('… and {0} more', e.paths.length - 8)}` : '');
  return vscode.l10n.t('Agent Chat: nothing was written: the checkpoint no longer holds {0}.', shown);
}
