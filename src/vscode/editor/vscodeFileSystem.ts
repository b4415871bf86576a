/**
 * `fs/read_text_file` and `fs/write_text_file` served through the editor.
 *
 * Reads prefer the open document's text, so the agent sees what the user sees (unsaved edits
 * included).
 *
 * A write leaves the file holding exactly the text the agent sent, once, and is answered only
 * when the disk holds it. Agents also write files themselves around their request — OpenCode
 * sends `fs/write_text_file` without waiting for the answer and writes the file on its own
 * 30–120 ms later — so every step expects the disk and the editor's copy to change under it:
 * - A file no editor has loaded is written to disk whole (`workspace.fs.writeFile`). It used to
 *   go through the editor too: check that the file exists, else create it and *insert* the text
 *   into the document loaded from disk. An agent's own write between the check and the load
 *   turned that into an insert on top of the agent's text, saved doubled. The price of the
 *   direct write: it is not on an editor's undo stack — no editor had the file; the turn's
 *   review (Undo) takes it back.
 * - A loaded document is replaced whole, its range read right before the edit is applied, so open
 *   editors update in place and the change is on their undo stack. When the document changed
 *   between reading and applying (VS Code reloaded it because the agent wrote the disk), VS Code
 *   refuses the edit: it is read and applied again, not answered as refused. A document shown in
 *   an editor is edited through that editor (`TextEditor.edit`), not a `WorkspaceEdit`: for the
 *   active editor VS Code turns a workspace edit into "more minimal" edits computed in a worker,
 *   without the version check, so a reload from disk landing meanwhile got the stale edits
 *   applied on top of the agent's text already there (seen under load: the file's 84 characters
 *   became 132 of interleaved lines, unsaved). The editor's edit is checked against the version
 *   it was read at. And the text is read back after every edit: anything but the agent's text
 *   is replaced again.
 * - A document with unsaved changes is replaced only when the user says so (a modal naming the
 *   file). Declined: nothing is written and the agent is told. Accepted: the user's text stays
 *   on the editor's undo stack.
 * - Last, the disk is read back. When it holds neither the text nor what the open editor saved
 *   of it (format on save), say after a save that lost to a concurrent writer or an editor that
 *   saves other line endings, the text's bytes are written whole; the write is refused only
 *   when the disk still differs after that.
 * Each write request is counted as in flight from its arrival (`trackWrite`, writesInFlight.ts):
 * a turn that ends before an unawaited write lands takes its snapshot after the write.
 *
 * Why save after writing: agents routinely follow a write with a terminal command (tests, a
 * build, git) that reads the file from disk, and some agents re-read through their own tools
 * rather than `fs/read_text_file`; leaving the edit only in a dirty buffer would make those
 * disagree with the thread. The edit stays undoable (undo makes the buffer dirty again), which
 * is the review path we offer. The cost: save participants (format on save) run on agent
 * edits to open files as they would on the user's own. VS Code saves over a disk that changed
 * since it loaded the file only when the bytes are the same — which they are when the agent
 * wrote the same text itself — so the race does not raise a save conflict.
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
import { hostWrites } from './writesInFlight.js';
import { replaceWhole } from './replaceWhole.js';

/** Edits VS Code refused because the document changed meanwhile, retried this many times. */
const EDIT_ATTEMPTS = 5;
/** Whole writes of the bytes when the disk, read back, holds something else. */
const DISK_ATTEMPTS = 3;

export class VscodeFileSystem implements FileSystemHost {
  async readTextFile(path: string, line?: number, limit?: number): Promise<string> {
    const uri = vscode.Uri.file(path);
    const text = openDocument(uri)?.getText() ?? (await readFromDisk(uri));
    return sliceLines(text, line, limit);
  }

  writeTextFile(path: string, content: string): Promise<void> {
    // Counted until it lands: a turn that ends meanwhile takes its snapshot after it (writesInFlight.ts).
    return hostWrites.track(this.write(path, content));
  }

  trackWrite<T>(request: () => Promise<T>): Promise<T> {
    return hostWrites.track(request());
  }

  /** Asked before the agent's text replaces unsaved changes; true replaces them. */
  protected async confirmReplaceUnsaved(path: string): Promise<boolean> {
    const replace = vscode.l10n.t('Replace Unsaved Changes');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('The agent wants to write {0}, which has unsaved changes', vscode.workspace.asRelativePath(path)),
      { modal: true, detail: vscode.l10n.t('Replace them with the agent\'s text and save? Undo in the editor brings your text back.') },
      replace,
    );
    return answer === replace;
  }

  private async write(path: string, content: string): Promise<void> {
    const uri = vscode.Uri.file(path);
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
    const document = openDocument(uri);
    if (document) await this.replaceInEditor(document, content);
    // What an open editor saved counts too: save participants (format on save) may have changed it.
    const saved = document && !document.isClosed && !document.isDirty ? document.getText() : undefined;
    await settleOnDisk(uri, content, saved);
    // A save that lost to a concurrent writer leaves the editor unsaved with the text the disk
    // now holds; VS Code saves identical bytes over a newer disk, so this one goes through.
    const after = openDocument(uri);
    if (after?.isDirty && after.getText() === content) await after.save();
  }

  private async replaceInEditor(document: vscode.TextDocument, content: string): Promise<void> {
    let asked = false;
    // Dirty because of our own edit (then not the user's text: no question before replacing it again).
    let ours = false;
    for (let attempt = 0; attempt < EDIT_ATTEMPTS && !document.isClosed; attempt++) {
      const text = document.getText();
      if (text === content) break;
      if (document.isDirty && !asked && !ours) {
        if (!(await this.confirmReplaceUnsaved(document.uri.fsPath))) {
          throw new HostServiceError(ErrorCode.internal, `Not written: ${document.uri.fsPath} has unsaved changes in the editor, and the user kept them.`, { path: document.uri.fsPath });
        }
        asked = true;
        attempt--;
        continue; // read it again: it may have changed while the question was open
      }
      // Refused: the document changed between reading its range and applying the edit (VS Code
      // reloaded it from a disk the agent just wrote). Its new text is here by now: again.
      // Applied: read back at the top of the loop; anything but the agent's text goes again.
      if (await replaceWhole(document, text, content)) ours = true;
    }
    if (!document.isClosed && document.isDirty && document.getText() === content) await document.save();
  }
}

/**
 * Makes the disk hold exactly `content`'s bytes (or what an open editor saved of it): read back,
 * written whole while it holds anything else.
 */
async function settleOnDisk(uri: vscode.Uri, content: string, saved?: string): Promise<void> {
  const bytes = Buffer.from(content, 'utf8');
  const alsoFine = saved === undefined || saved === content ? undefined : Buffer.from(saved, 'utf8');
  const holds = async () => {
    const disk = await readIfPresent(uri);
    return disk !== undefined && (disk.equals(bytes) || alsoFine?.equals(disk) === true);
  };
  for (let attempt = 0; attempt < DISK_ATTEMPTS; attempt++) {
    if (await holds()) return;
    await vscode.workspace.fs.writeFile(uri, bytes);
  }
  if (!(await holds())) {
    throw new HostServiceError(ErrorCode.internal, `Wrote ${uri.fsPath}, but the disk holds other text: something else keeps writing it.`, { path: uri.fsPath });
  }
}

function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.toString() === key);
}

async function readIfPresent(uri: vscode.Uri): Promise<Buffer | undefined> {
  try {
    return Buffer.from(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return undefined;
    throw error;
  }
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
