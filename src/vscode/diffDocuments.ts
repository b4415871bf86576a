/**
 * Opens a tool call's diff in VS Code's diff editor. The old and new texts live in read-only
 * virtual documents (`agent-chat-diff:`), so nothing touches disk and the agent's proposal can
 * be compared even when the file has changed since.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ToolCallEntry } from '../thread/types.js';

export const DIFF_SCHEME = 'agent-chat-diff';
/** Documents kept for diff editors; older ones are dropped (reopening the diff recreates them). */
const MAX_DOCUMENTS = 100;

export class DiffDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private next = 0;
  private readonly registration: vscode.Disposable;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(DIFF_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.query) ?? '';
  }

  /** Opens content item `contentIndex` of `toolCall`; false when it is not a diff. */
  async open(toolCall: ToolCallEntry, contentIndex: number): Promise<boolean> {
    const content = toolCall.content[contentIndex];
    if (!content || content.type !== 'diff') return false;
    const name = path.basename(content.path) || content.path;
    const left = this.document(content.path, 'before', content.oldText ?? '');
    const right = this.document(content.path, 'after', content.newText);
    await vscode.commands.executeCommand('vscode.diff', left, right, `${name} (agent edit)`, { preview: true });
    return true;
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }

  private document(filePath: string, side: 'before' | 'after', text: string): vscode.Uri {
    const key = `${side}-${++this.next}`;
    this.texts.set(key, text);
    if (this.texts.size > MAX_DOCUMENTS) this.texts.delete(this.texts.keys().next().value!);
    // The path keeps the file name (and so the language mode) visible in the editor.
    return vscode.Uri.file(filePath).with({ scheme: DIFF_SCHEME, query: key });
  }
}
