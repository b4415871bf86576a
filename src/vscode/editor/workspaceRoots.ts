/** The workspace folders sessions may work in (local folders only), as absolute paths. */
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { WorkspaceFolderRef } from '../../shared/workspacePaths.js';

export function workspaceRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

/** The same folders with their names, for showing paths relative to them (shared/workspacePaths.ts). */
export function workspaceFolderRefs(): WorkspaceFolderRef[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ name: f.name, path: f.uri.fsPath }));
}

/** The folder a new session works in: the first workspace folder, or home without one. */
export function sessionFolder(): string {
  return workspaceRoots()[0] ?? os.homedir();
}
