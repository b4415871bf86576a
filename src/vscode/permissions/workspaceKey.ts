/**
 * Which workspace a rule belongs to: the `.code-workspace` file when there is one, else the
 * folders (sorted, so their order in the window does not matter). A window without folders
 * has no key and so no rules.
 */
import * as vscode from 'vscode';

export function workspaceKey(): string | undefined {
  const file = vscode.workspace.workspaceFile;
  if (file && file.scheme !== 'untitled') return `file:${file.toString()}`;
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) return undefined;
  return `folders:${folders.map((f) => f.uri.toString()).sort().join('\n')}`;
}
