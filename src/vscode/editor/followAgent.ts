/**
 * "Follow the agent": while on, each new tool-call location of the shown tab opens in the editor
 * as it arrives — a preview editor, the line in the centre with a short highlight — without
 * taking the focus from the chat. On or off is kept per workspace; the panel header's toggle
 * and `agentChat.toggleFollow` switch it. What to open and when is decided in followPlan.ts.
 */
import * as vscode from 'vscode';
import type { ApplyResult, SessionFacts, ThreadEntry } from '../../thread/types.js';
import { workspaceRoots } from './workspaceRoots.js';
import { FOLLOW_TIMES, LocationWatch, RevealCoalescer, realClock, type FollowTarget } from './followPlan.js';

/** Workspace state key: follow is remembered per workspace. */
export const FOLLOW_STATE_KEY = 'agentChat.followAgent';
/** How long the revealed line stays highlighted. */
const HIGHLIGHT_MS = 1500;

/** What following needs of the chat: the shown tab's rows as they change, and its turn state. */
export interface FollowContext {
  readonly onRows: vscode.Event<ApplyResult>;
  readonly onThreadReplaced: vscode.Event<void>;
  readonly entries: readonly ThreadEntry[];
  readonly sessionFacts: SessionFacts;
}

export class FollowAgent implements vscode.Disposable {
  private readonly watch = new LocationWatch();
  private readonly coalescer = new RevealCoalescer<FollowTarget>((target) => void this.reveal(target), realClock, FOLLOW_TIMES);
  private readonly changed = new vscode.EventEmitter<boolean>();
  /** Follow was turned on or off. */
  readonly onDidChange = this.changed.event;
  private readonly highlight = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('editor.rangeHighlightBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.rangeHighlightForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Full,
  });
  private highlightTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions: vscode.Disposable[];
  private revealed = 0;

  constructor(
    private readonly context: FollowContext,
    private readonly state: vscode.Memento,
    private readonly roots: () => readonly string[] = workspaceRoots,
  ) {
    this.watch.reset(context.entries);
    this.subscriptions = [
      context.onRows((result) => {
        const targets = this.watch.take(result.rows, this.roots());
        const latest = targets[targets.length - 1];
        // Only while a turn runs: a `session/load` replaying an old conversation is not the agent at work.
        if (latest && this.enabled && this.context.sessionFacts.turnState !== 'idle') this.coalescer.offer(latest);
      }),
      // Another tab or thread is shown: its past locations are not followed, only what comes next.
      context.onThreadReplaced(() => {
        this.watch.reset(this.context.entries);
        this.coalescer.clear();
      }),
    ];
  }

  get enabled(): boolean {
    return this.state.get<boolean>(FOLLOW_STATE_KEY) === true;
  }

  /** Locations opened so far (for tests). */
  get revealCount(): number {
    return this.revealed;
  }

  async set(on: boolean): Promise<void> {
    if (on === this.enabled) return;
    if (!on) this.coalescer.clear();
    await this.state.update(FOLLOW_STATE_KEY, on);
    this.changed.fire(on);
  }

  toggle(): Promise<void> {
    return this.set(!this.enabled);
  }

  /** A keystroke in the chat's composer (see followPlan.ts for why reveals wait). */
  typed(): void {
    this.coalescer.typed();
  }

  private async reveal(target: FollowTarget): Promise<void> {
    if (!this.enabled) return;
    let document: vscode.TextDocument;
    try {
      document = await vscode.workspace.openTextDocument(vscode.Uri.file(target.path));
    } catch {
      // Not there (yet): a file the agent is about to create, or a folder. Nothing to show.
      return;
    }
    const line = target.line !== undefined ? Math.min(target.line - 1, Math.max(0, document.lineCount - 1)) : undefined;
    const options: vscode.TextDocumentShowOptions = { preview: true, preserveFocus: true };
    if (line !== undefined) options.selection = new vscode.Range(line, 0, line, 0);
    const editor = await vscode.window.showTextDocument(document, options);
    this.revealed++;
    if (line === undefined) return;
    const range = new vscode.Range(line, 0, line, 0);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenter);
    // One highlight at a time: the last reveal's line fades when the next one comes.
    for (const other of vscode.window.visibleTextEditors) other.setDecorations(this.highlight, []);
    editor.setDecorations(this.highlight, [range]);
    clearTimeout(this.highlightTimer);
    this.highlightTimer = setTimeout(() => editor.setDecorations(this.highlight, []), HIGHLIGHT_MS);
  }

  dispose(): void {
    clearTimeout(this.highlightTimer);
    this.coalescer.clear();
    for (const s of this.subscriptions) s.dispose();
    this.highlight.dispose();
    this.changed.dispose();
  }
}
