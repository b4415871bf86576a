/**
 * Applying planned writes to the user's files through one WorkspaceEdit (so open editors update
 * in place and Ctrl+Z in an editor takes the change back). Each file is checked again just
 * before: if it changed while the user was reading a dialog, it is left alone and named —
 * the plan was made for bytes that are no longer there.
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import { equal } from '../../checkpoints/merge/filePlan.js';
import type { WriteAction } from '../../checkpoints/merge/resolve.js';
import { mineAt, openDocumentAt } from './editorSources.js';
import { settleText } from '../editor/replaceWhole.js';

export interface AppliedWrites {
  ok: boolean;
  /** Paths written or removed. */
  written: WriteAction[];
  /** Paths left alone because they changed after the plan was made. */
  moved: string[];
}

export async function applyWrites(actions: readonly WriteAction[]): Promise<AppliedWrites> {
  const edit = new vscode.WorkspaceEdit();
  const toSave: vscode.TextDocument[] = [];
  const replaced: { doc: vscode.TextDocument; text: string }[] = [];
  const written: WriteAction[] = [];
  const moved: string[] = [];
  for (const a of actions) {
    const abs = join(a.root, a.path);
    if (!equal(await mineAt(abs), a.expect)) { moved.push(a.path); continue; }
    const uri = vscode.Uri.file(abs);
    const doc = openDocumentAt(abs);
    if (a.kind === 'remove') edit.deleteFile(uri, { ignoreIfNotExists: true });
    else if (doc && a.expect !== undefined) {
      const text = new TextDecoder().decode(a.bytes);
      edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
      replaced.push({ doc, text });
      // An editor with unsaved text gets the result unsaved too: saving is the user's call.
      if (!doc.isDirty) toSave.push(doc);
    } else edit.createFile(uri, { overwrite: true, contents: a.bytes });
    written.push(a);
  }
  if (!written.length) return { ok: true, written, moved };
  if (!(await vscode.workspace.applyEdit(edit))) return { ok: false, written: [], moved };
  // Read back: a reload from disk racing the edit of the active editor can garble it (replaceWhole.ts).
  for (const { doc, text } of replaced) await settleText(doc, text);
  for (const doc of toSave) if (!doc.isClosed && doc.isDirty) await doc.save();
  return { ok: true, written, moved };
}
