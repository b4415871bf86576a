/**
 * Replacing the whole text of an open document, safely while something else writes the file.
 *
 * Through an editor that shows the document when there is one (`TextEditor.edit`, checked
 * against the version its range was read at), else a `WorkspaceEdit`. Not a workspace edit for
 * a shown document: for the active editor VS Code turns a workspace edit into "more minimal"
 * edits computed in a worker and applies them without the version check, so a reload from disk
 * landing meanwhile gets the stale edits applied on top of the new text (interleaved lines,
 * unsaved). Callers still read the text back (`settleText`): the active editor can change
 * between finding the editor and applying.
 */
import * as vscode from 'vscode';

/** Replaces `document`'s text (which read `text`) with `content`; false when VS Code refused because it changed meanwhile. */
export async function replaceWhole(document: vscode.TextDocument, text: string, content: string): Promise<boolean> {
  const range = new vscode.Range(document.positionAt(0), document.positionAt(text.length));
  const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
  if (editor) {
    try {
      return await editor.edit((edit) => edit.replace(range, content));
    } catch {
      // The editor closed between finding it and editing: the workspace edit below still works.
    }
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, range, content);
  return vscode.workspace.applyEdit(edit);
}

/**
 * After a workspace edit that replaced `document`'s text with `content`: when it holds anything
 * else (a reload raced the edit, see above), replaced again, a few times at most. True when it
 * holds `content` in the end.
 */
export async function settleText(document: vscode.TextDocument, content: string, attempts = 3): Promise<boolean> {
  // The editor keeps its own line endings: text put in with others reads back with its own.
  const want = lines(content);
  for (let i = 0; i < attempts && !document.isClosed; i++) {
    const text = document.getText();
    if (lines(text) === want) return true;
    await replaceWhole(document, text, content);
  }
  return !document.isClosed && lines(document.getText()) === want;
}

const lines = (text: string) => text.replace(/\r\n?/g, '\n');
