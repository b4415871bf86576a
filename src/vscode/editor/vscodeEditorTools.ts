/**
 * The editor tools' host in VS Code: files as the editor has them and writes through it
 * (`VscodeFileSystem`: open documents' unsaved text, `WorkspaceEdit` + save, undoable), the
 * Problems panel's diagnostics, the active editor's selection, and a modal question before a
 * write to a sensitive target. Paths arrive confined by the agent layer
 * (`agents/acp/editorTools/editorToolCalls.ts`); this class does not decide what may be touched.
 */
import * as vscode from 'vscode';
import type { EditorProblem, EditorSelection, EditorToolsHost } from '../../services/editorTools/editorHost.js';
import { diagnosticFacts } from './diagnosticFacts.js';
import { VscodeFileSystem } from './vscodeFileSystem.js';

export class VscodeEditorTools extends VscodeFileSystem implements EditorToolsHost {
  async problems(): Promise<EditorProblem[]> {
    const out: EditorProblem[] = [];
    for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
      if (uri.scheme !== 'file') continue;
      for (const d of diagnostics) out.push({ path: uri.fsPath, ...diagnosticFacts(d) });
    }
    return out;
  }

  async selection(): Promise<EditorSelection | undefined> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.uri.scheme !== 'file') return undefined;
    const s = editor.selection;
    return {
      path: editor.document.uri.fsPath,
      start: { line: s.start.line + 1, column: s.start.character + 1 },
      end: { line: s.end.line + 1, column: s.end.character + 1 },
      text: editor.document.getText(s),
    };
  }

  async confirmSensitiveWrite(path: string, _reason: string, reasonIn: (t: typeof vscode.l10n.t) => string): Promise<boolean> {
    const allow = vscode.l10n.t('Allow Write');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('The agent wants to write {0}', vscode.workspace.asRelativePath(path)),
      { modal: true, detail: vscode.l10n.t('This file is {0}. Allow the agent to write it?', reasonIn(vscode.l10n.t)) },
      allow,
    );
    return answer === allow;
  }
}
