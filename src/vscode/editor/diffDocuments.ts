/**
 * Opens a tool call's diff in VS Code's diff editor. The old and new texts live in read-only
 * virtual documents (`agent-chat-diff:`), so nothing touches disk and the agent's proposal can
 * be compared even when the file has changed since.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DiffPatch, FileChange } from '../../protocol/events.js';
import { fileSides } from '../../thread/fileDiff.js';
import type { ToolCallEntry } from '../../thread/types.js';

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
    if (content?.type === 'file_changes') return this.openChanges(content.changes, content.patch);
    if (!content || content.type !== 'diff') return false;
    const name = path.basename(content.path) || content.path;
    const left = this.document(content.path, 'before', content.oldText ?? '');
    const right = this.document(content.path, 'after', content.newText);
    await vscode.commands.executeCommand('vscode.diff', left, right, `${name} (agent edit)`, { preview: true });
    return true;
  }

  /**
   * A v2 diff: every text file with a patch section, whole files when the patch applies
   * backwards to the file as it is now, else only the changed regions. One file opens in the
   * diff editor, several in the multi-file diff editor.
   */
  private async openChanges(changes: FileChange[], patch: DiffPatch | undefined): Promise<boolean> {
    const texts = new Map<string, string | undefined>();
    // Only absolute paths name a file; the patch alone still gives the changed regions.
    const readable = changes.filter((c) => c.operation !== 'delete' && path.isAbsolute(c.path));
    await Promise.all(readable.map(async (c) => texts.set(c.path, await readText(c.path))));
    const files = fileSides(changes, patch, (p) => texts.get(p));
    if (files.length === 0) return false;
    const pairs = files.map((f) => [vscode.Uri.file(f.path), this.document(f.path, 'before', f.before), this.document(f.path, 'after', f.after)] as const);
    if (pairs.length === 1) {
      const [, left, right] = pairs[0]!;
      const name = path.basename(files[0]!.path);
      const title = files[0]!.complete ? vscode.l10n.t('{0} (agent edit)', name) : vscode.l10n.t('{0} (agent edit, changed regions)', name);
      await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
    } else {
      await vscode.commands.executeCommand('vscode.changes', vscode.l10n.t('Agent edit ({0} files)', pairs.length), pairs);
    }
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

/** The file as it is now, or undefined (gone, unreadable, not UTF-8 text we can compare). */
async function readText(filePath: string): Promise<string | undefined> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await vscode.workspace.fs.readFile(vscode.Uri.file(filePath)));
  } catch {
    return undefined;
  }
}
