/** Editor-side effects of chat actions: open files and links, insert text, attach the active file. */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Attachment } from '../../shared/webviewProtocol.js';
import { planFileTarget } from '../../services/planFile.js';
import { workspaceRoots } from './workspaceRoots.js';
import { decideLink } from './linkPolicy.js';
import type { ProtocolLog } from '../protocolLog.js';

/** Opens an absolute path at a 1-based line. */
export async function openLocation(filePath: string, line?: number | null): Promise<void> {
  if (!path.isAbsolute(filePath)) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: cannot open a relative path ({0}).', filePath));
    return;
  }
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(filePath));
  const options: vscode.TextDocumentShowOptions = { preview: true };
  if (line && line > 0) {
    const position = new vscode.Position(Math.min(line - 1, Math.max(0, document.lineCount - 1)), 0);
    options.selection = new vscode.Range(position, position);
  }
  await vscode.window.showTextDocument(document, options);
}

/**
 * The Open button of a plan given as a file: only a `file:` URI inside a workspace folder
 * (services/planFile.ts); anything else is refused, said and logged.
 */
export async function openPlanFile(uri: string, log: ProtocolLog): Promise<boolean> {
  const target = await planFileTarget(uri, workspaceRoots());
  if (!target.ok) {
    log.warn(`Refused to open a plan file: ${target.reason}`);
    void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: the plan file was not opened. {0}', target.reason));
    return false;
  }
  try {
    await openLocation(target.path);
    return true;
  } catch (error) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: cannot open the plan file {0}: {1}', target.path, (error as Error).message));
    return false;
  }
}

/** Opens a link from agent content if its scheme is safe; everything else is refused and logged. */
export async function openLink(href: string, log: ProtocolLog): Promise<boolean> {
  const decision = decideLink(href, workspaceRoots());
  switch (decision.action) {
    case 'external':
      return vscode.env.openExternal(vscode.Uri.parse(decision.url, true));
    case 'file':
      await openLocation(decision.path, decision.line);
      return true;
    case 'refuse':
      log.warn(`Refused to open a link from agent content (${decision.reason}): ${href.slice(0, 500)}`);
      return false;
  }
}

export async function insertAtCursor(text: string): Promise<boolean> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: open a file to insert the text into.'));
    return false;
  }
  return editor.edit((edit) => {
    for (const selection of editor.selections) edit.replace(selection, text);
  });
}

/** The active editor's file, or its selection (1-based lines) when asked and not empty. */
export function activeAttachment(selectionOnly: boolean): Attachment | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const uri = editor.document.uri;
  const name = path.basename(uri.fsPath || uri.path);
  const selection = editor.selection;
  if (selectionOnly && !selection.isEmpty) {
    // A selection that ends at column 0 does not include that last line.
    const endLine = selection.end.character === 0 && selection.end.line > selection.start.line ? selection.end.line : selection.end.line + 1;
    return { uri: uri.toString(), name, range: { startLine: selection.start.line + 1, endLine } };
  }
  return { uri: uri.toString(), name };
}
