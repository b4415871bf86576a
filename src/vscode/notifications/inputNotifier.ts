/**
 * A notification when a remote agent's task waits for the user (A2A input-required or
 * auth-required) in a tab the user does not see: a background tab, or any tab while the chat
 * is hidden. The ACP permission notifier's way (a progress notification, so it can be
 * withdrawn): it goes away once the tab no longer waits (answered, cancelled, closed) or is
 * shown. Its link switches to the tab and opens the chat; the answer is typed there.
 */
import * as vscode from 'vscode';
import type { AgentChatContext, WaitingTab } from '../context.js';
import { CommandId } from '../commandIds.js';
import { inertText } from './permissionLinks.js';

/** Internal (not in package.json): what the notification's link runs. */
export const SHOW_WAITING_TAB = 'agentChat.showWaitingTab';

export type InputNotifierContext = Pick<AgentChatContext, 'onTabs' | 'waitingForAnswer' | 'tabsInfo' | 'switchTab'>;

export class InputNotifier implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Open notifications by `tabId:turnEndId`; calling one closes it. */
  private readonly open = new Map<string, () => void>();
  /** Dismissed by the user: not shown again for the same question. */
  private readonly dismissed = new Set<string>();

  constructor(
    private readonly context: InputNotifierContext,
    private readonly chatVisible: () => boolean,
    /** The command the link runs (a second notifier, as in tests, needs its own). */
    private readonly command = SHOW_WAITING_TAB,
  ) {
    this.subscriptions.push(
      context.onTabs(() => this.refresh()),
      vscode.commands.registerCommand(command, async (tabId: unknown) => {
        if (typeof tabId !== 'string' || !this.context.switchTab(tabId)) return false;
        await vscode.commands.executeCommand(CommandId.open);
        return true;
      }),
    );
  }

  /** Notifications on screen, as `tabId:turnEndId` (for tests). */
  get showing(): string[] {
    return [...this.open.keys()];
  }

  /** Call when the chat's visibility changed: a shown tab needs no notification. */
  refresh(): void {
    const activeId = this.context.tabsInfo().activeId;
    const unseen = (tab: WaitingTab) => !this.chatVisible() || tab.tabId !== activeId;
    const waiting = new Map(this.context.waitingForAnswer().map((tab) => [`${tab.tabId}:${tab.turnEndId}`, tab]));
    for (const [key, done] of [...this.open]) {
      const tab = waiting.get(key);
      if (!tab || !unseen(tab)) done();
    }
    for (const key of [...this.dismissed]) if (!waiting.has(key)) this.dismissed.delete(key);
    for (const [key, tab] of waiting) if (!this.open.has(key) && !this.dismissed.has(key) && unseen(tab)) this.notify(key, tab);
  }

  private notify(key: string, tab: WaitingTab): void {
    const agent = inertText(tab.agentName ?? 'The agent');
    const what = tab.kind === 'auth' ? 'needs you to sign in' : 'is waiting for your answer';
    const question = inertText(tab.question).slice(0, 200);
    let done!: () => void;
    const shown = new Promise<void>((resolve) => {
      done = () => {
        if (this.open.get(key) === done) this.open.delete(key);
        resolve();
      };
    });
    this.open.set(key, done);
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `${agent} ${what}${question ? `: ${question}` : ''}`, cancellable: true },
      (progress, token) => {
        const args = encodeURIComponent(JSON.stringify([tab.tabId]));
        progress.report({ message: `[Answer in the chat](command:${this.command}?${args})` });
        // Cancel only dismisses the notification: the question stays in the tab.
        const cancelled = token.onCancellationRequested(() => {
          this.dismissed.add(key);
          done();
        });
        return shown.finally(() => cancelled.dispose());
      },
    );
  }

  dispose(): void {
    for (const done of [...this.open.values()]) done();
    for (const s of this.subscriptions) s.dispose();
  }
}
