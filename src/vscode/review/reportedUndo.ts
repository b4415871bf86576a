/**
 * Undo for a file the agent reported changing where no snapshot was taken: exact or nothing.
 * The old text goes back only while the disk still holds what the agent reported; a file
 * changed since is named and left alone, and an unsaved buffer is only replaced when the
 * user says so. Through a WorkspaceEdit, so the editor can undo the undo.
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { ChangedFile } from '../../protocol/events.js';
import { reportedUndoPlan } from '../../thread/review/reportedChanges.js';
import { settleText } from '../editor/replaceWhole.js';

/** Undoes what it can; returns the paths it put back. */
export async function undoReported(files: readonly ChangedFile[]): Promise<string[]> {
  const edit = new vscode.WorkspaceEdit();
  const toSave: vscode.Uri[] = [];
  const replaced: { doc: vscode.TextDocument; text: string }[] = [];
  const done: string[] = [];
  const changedSince: string[] = [];
  const unknown: string[] = [];
  const dirty: string[] = [];
  const planned: { file: ChangedFile; uri: vscode.Uri; doc: vscode.TextDocument | undefined; plan: ReturnType<typeof reportedUndoPlan> }[] = [];
  for (const file of files) {
    const uri = vscode.Uri.file(join(file.root, file.path));
    const disk = await readFile(uri.fsPath, 'utf8').catch(() => undefined);
    const plan = reportedUndoPlan(file, disk);
    if (plan.kind === 'changed-since') { changedSince.push(file.path); continue; }
    if (plan.kind === 'unknown') { unknown.push(file.path); continue; }
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === uri.fsPath);
    if (doc?.isDirty) dirty.push(file.path);
    planned.push({ file, uri, doc, plan });
  }
  if (changedSince.length) void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: {0} changed since the agent reported it; not undone.', changedSince.join(', ')));
  if (unknown.length) void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: there is no snapshot and no exact record of what {0} held before the turn; not undone.', unknown.join(', ')));
  if (dirty.length) {
    const undo = vscode.l10n.t('Undo anyway');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Undo replaces unsaved changes?'), { modal: true, detail: dirty.map((p) => vscode.l10n.t('{0} (unsaved changes)', p)).join('\n') }, undo);
    if (choice !== undo) return [];
  }
  for (const { file, uri, doc, plan } of planned) {
    if (plan.kind === 'delete') edit.deleteFile(uri, { ignoreIfNotExists: true });
    else if (plan.kind === 'write' && doc) {
      edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), plan.text);
      toSave.push(uri);
      replaced.push({ doc, text: plan.text });
    } else if (plan.kind === 'write') edit.createFile(uri, { overwrite: true, contents: new TextEncoder().encode(plan.text) });
    done.push(file.path);
  }
  if (!done.length) return [];
  if (!(await vscode.workspace.applyEdit(edit))) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: the undo could not be applied.'));
    return [];
  }
  // Read back: a reload from disk racing the edit of the active editor can garble it (replaceWhole.ts).
  for (const { doc, text } of replaced) await settleText(doc, text);
  for (const uri of toSave) await vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.save();
  return done;
}
