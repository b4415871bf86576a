/** The workspace folders sessions may work in (local folders only), as absolute paths. */
import * as vscode from 'vscode';

export function workspaceRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}
