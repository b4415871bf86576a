/**
 * `fs/read_text_file` and `fs/write_text_file` served through the editor.
 *
 * Reads prefer the open document's text, so the agent sees what the user sees (unsaved edits
 * included). Writes are a `WorkspaceEdit`, so open editors update in place and the change is
 * on the undo stack, and then the document is saved.
 *
 * Why save after writing: agents routinely follow a write with a terminal command (tests, a
 * build, git) that reads the file from disk, and some agents re-read through their own tools
 * rather than `fs/read_text_file`; leaving the edit only in a dirty buffer would make those
 * disagree with the thread. The edit stays undoable (undo makes the buffer dirty again), which
 * is the review path we offer. The cost: save participants (format on save) run on agent
 * edits as they would on the user's own.
 *
 * Paths arrive absolute and already confined to the workspace roots by the agent layer
 * (`src/services/confine.ts`): the real path that was checked, links resolved, so a link on
 * the way swapped after the check changes nothing. This class does not decide what may be
 * touched.
 */
import * as vscode from 'vscode';
import { HostServiceError } from '../../services/hostServices.js';
import type { FileSystemHost } from '../../services/hostServices.js';
import { ErrorCode } from '../../services/errorCodes.js';
import { sliceLines } from '../../services/sliceLines.js';


export class VscodeFileSystem implements FileSystemHost {
  async readTextFile(path: string, line?: number, limit?: number): Promise<string> {
    const uri = vscode.Uri.file(path);
    const text = openDocument(uri)?.getText() ?? (await readFromDisk(uri));
    return sliceLines(text, line, limit);
  }

  async writeTextFile(path: string, content: string): Promise<void> {
    const uri = vscode.Uri.file(path);
    const parent = vscode.Uri.joinPath(uri, '..');
    await vscode.workspace.fs.createDirectory(parent);

    const edit = new vscode.WorkspaceEdit();
    if (await exists(uri)) {
      const document = await vscode.workspace.openTextDocument(uri);
      const fullRange = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
      edit.replace(uri, fullRange, content);
    } else {
      edit.createFile(uri, { ignoreIfExists: true });
      edit.insert(uri, new vscode.Position(0, 0), content);
    }
    const applied = await vscode.workspace.applyEdit(edit);
    if (!applied) throw new HostServiceError(ErrorCode.internal, `The editor refused the edit to ${path}.`);

    const document = await vscode.workspace.openTextDocument(uri);
    if (document.isDirty && !(await document.save())) {
      throw new HostServiceError(ErrorCode.internal, `Wrote ${path} in the editor but could not save it to disk.`);
    }
  }
}

function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.toString() === key);
}

async function readFromDisk(uri: vscode.Uri): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await vscode.workspace.fs.readFile(uri);
  } catch (error) {
    if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') {
      throw new HostServiceError(ErrorCode.notFound, `File not found: ${uri.fsPath}`, { uri: uri.toString() });
    }
    if (error instanceof vscode.FileSystemError && error.code === 'FileIsADirectory') {
      throw new HostServiceError(ErrorCode.invalidParams, `Cannot read a directory: ${uri.fsPath}`);
    }
    throw new HostServiceError(ErrorCode.internal, `Cannot read ${uri.fsPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return new TextDecoder('utf-8').decode(bytes);
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
