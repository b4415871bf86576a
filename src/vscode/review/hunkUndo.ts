/**
 * Undo per hunk: the review lists each changed text file's hunks (computed here from the
 * snapshot before the turn), and "Undo this hunk" puts that hunk back through a WorkspaceEdit
 * on the file's document (so Ctrl+Z in the editor takes it back), asking first when the
 * document has unsaved changes.
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { ChangedFile, ChangedHunk } from '../../protocol/events.js';
import type { Snapshotter } from '../../checkpoints/snapshotter.js';
import { countLines, computeHunks, hunkViews, planHunkUndo } from '../../checkpoints/hunks.js';

/** Files larger than this get no hunk list (undo per file still works). */
const MAX_HUNK_BYTES = 256 * 1024;
/** At most this many files of a turn get hunk lists. */
const MAX_FILES = 50;

function text(bytes: Buffer | undefined): string | undefined {
  if (!bytes || bytes.length > MAX_HUNK_BYTES || bytes.includes(0)) return undefined;
  return bytes.toString('utf8');
}

/** Hunks of each eligible file between the snapshot before the turn and the one after it. */
export async function attachHunks(snapshots: Snapshotter, files: ChangedFile[], before: string, after: string): Promise<void> {
  let n = 0;
  for (const f of files) {
    if (f.binary || (f.status !== 'modified' && f.status !== 'renamed') || n >= MAX_FILES) continue;
    const old = text(await snapshots.readFile(f.root, before, f.oldPath ?? f.path));
    const now = text(await snapshots.readFile(f.root, after, f.path));
    if (old === undefined || now === undefined) continue;
    f.hunks = hunkViews(old, now);
    n++;
  }
}

export interface HunkTarget { oldStart: number; oldCount: number; newCount: number }

export type HunkUndoResult =
  | { ok: true; added: number; deleted: number; hunks: ChangedHunk[] }
  | { ok: false; reason: 'gone' | 'cancelled' | 'failed' | 'no-snapshot' };

/** Puts one hunk of `file` back as it was in snapshot `before`. */
export async function undoHunkOf(snapshots: Snapshotter, file: ChangedFile, before: string, target: HunkTarget): Promise<HunkUndoResult> {
  const oldText = text(await snapshots.readFile(file.root, before, file.oldPath ?? file.path));
  if (oldText === undefined) return { ok: false, reason: 'no-snapshot' };
  const uri = vscode.Uri.file(join(file.root, file.path));
  let doc: vscode.TextDocument;
  try {
    doc = await vscode.workspace.openTextDocument(uri);
  } catch {
    return { ok: false, reason: 'gone' };
  }
  const wasDirty = doc.isDirty;
  if (wasDirty) {
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('{0} has unsaved changes. Undo the hunk in the editor anyway?', file.path), {
      modal: true, detail: vscode.l10n.t('The hunk is put back in the unsaved editor; nothing is saved.'),
    }, vscode.l10n.t('Undo hunk'));
    if (choice !== vscode.l10n.t('Undo hunk')) return { ok: false, reason: 'cancelled' };
  }
  const current = doc.getText();
  const plan = planHunkUndo(oldText, current, target);
  if (!plan) return { ok: false, reason: 'gone' };
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(doc.positionAt(plan.startOffset), doc.positionAt(plan.endOffset)), plan.text);
  if (!(await vscode.workspace.applyEdit(edit))) return { ok: false, reason: 'failed' };
  if (!wasDirty) await doc.save();
  const now = doc.getText();
  const { added, deleted } = countLines(computeHunks(oldText, now));
  return { ok: true, added, deleted, hunks: hunkViews(oldText, now) };
}
