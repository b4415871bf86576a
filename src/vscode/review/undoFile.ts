/**
 * Undoing one file a turn changed, through a WorkspaceEdit (so the editor can undo the undo),
 * without silently losing the user's work: an unsaved buffer, or a change made since the turn
 * ended, is only overwritten when the user says so.
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { ChangedFile } from '../../protocol/events.js';
import type { Snapshotter } from '../../checkpoints/snapshotter.js';

export interface UndoTarget {
  file: ChangedFile;
  /** The snapshot from before the turn. */
  before: string;
  /** The snapshot from the turn's end, when known: what the turn produced. */
  after?: string;
}

/** Files whose open editor has unsaved changes or whose disk content differs from the turn's result. */
export async function conflicts(snapshots: Snapshotter, targets: readonly UndoTarget[]): Promise<string[]> {
  const out: string[] = [];
  for (const t of targets) {
    const abs = join(t.file.root, t.file.path);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === abs);
    if (doc?.isDirty) { out.push(`${t.file.path} (unsaved changes)`); continue; }
    if (!t.after) continue;
    const produced = await snapshots.readFile(t.file.root, t.after, t.file.path);
    const now = await readFile(abs).catch(() => undefined);
    const same = produced === undefined ? now === undefined : now !== undefined && produced.equals(now);
    if (!same) out.push(`${t.file.path} (changed since the turn ended)`);
  }
  return out;
}

/** Builds and applies one WorkspaceEdit putting every target back as it was before the turn. */
export async function undoFiles(snapshots: Snapshotter, targets: readonly UndoTarget[]): Promise<boolean> {
  const edit = new vscode.WorkspaceEdit();
  const toSave: vscode.Uri[] = [];
  for (const { file, before } of targets) {
    const uri = vscode.Uri.file(join(file.root, file.path));
    if (file.status === 'added') { edit.deleteFile(uri, { ignoreIfNotExists: true }); continue; }
    const oldPath = file.oldPath ?? file.path;
    const oldUri = vscode.Uri.file(join(file.root, oldPath));
    const bytes = await snapshots.readFile(file.root, before, oldPath);
    if (!bytes) continue;
    if (file.status === 'renamed') edit.deleteFile(uri, { ignoreIfNotExists: true });
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === oldUri.toString());
    if (open && !file.binary && file.status === 'modified') {
      // A text edit on the open document: undoable with Ctrl+Z in that editor.
      const all = new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length));
      edit.replace(oldUri, all, new TextDecoder().decode(bytes));
      toSave.push(oldUri);
    } else {
      edit.createFile(oldUri, { overwrite: true, contents: bytes });
    }
  }
  const ok = await vscode.workspace.applyEdit(edit);
  for (const uri of toSave) await vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.save();
  return ok;
}
