/**
 * A notification for permission requests that arrive while the chat is hidden.
 *
 * VS Code cannot close a notification from code, except one shown by `withProgress`: it goes
 * away when its task resolves. So the question is a progress notification whose message holds
 * one link per option of the agent (notification messages run `command:` links), and its task
 * resolves as soon as the request is settled anywhere — answered in the panel, cancelled, the
 * turn or the tab gone. A stale notification can therefore not be clicked. Its Cancel button
 * only dismisses it: the question stays in the chat and the status bar.
 */
import * as vscode from 'vscode';
import type { AgentChatContext, PermissionRequest } from '../context.js';
import { ANSWER_FROM_NOTIFICATION, answerLinks, inertText } from './permissionLinks.js';

/** What the notifier needs from the context (a narrow view, so tests can tell what it uses). */
export type NotifierContext = Pick<
  AgentChatContext,
  'onPermissionRequested' | 'onPermissionSettled' | 'onTabs' | 'agentNameAsking' | 'agentName' | 'answerPermission' | 'pendingPermission'
>;

export class PermissionNotifier implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Open notifications by request id; resolving one closes it. */
  private readonly open = new Map<string, () => void>();

  constructor(
    private readonly context: NotifierContext,
    private readonly chatVisible: () => boolean,
    /** The command the option links run (a second notifier, as in tests, needs its own). */
    private readonly command = ANSWER_FROM_NOTIFICATION,
  ) {
    this.subscriptions.push(
      context.onPermissionRequested((request) => {
        if (!this.chatVisible()) this.notify(request);
      }),
      context.onPermissionSettled((requestId) => this.withdraw(requestId)),
      // A tab closed or its session went away without settling: nothing left to answer.
      context.onTabs(() => {
        for (const requestId of [...this.open.keys()]) if (!this.context.pendingPermission(requestId)) this.withdraw(requestId);
      }),
      vscode.commands.registerCommand(command, (requestId: unknown, optionId: unknown) => {
        if (typeof requestId !== 'string' || typeof optionId !== 'string') return false;
        // A request settled meanwhile is not an error: the first answer won, nothing to do.
        const answered = this.context.answerPermission(requestId, optionId);
        this.withdraw(requestId);
        return answered;
      }),
    );
  }

  /** Requests with a notification on screen (for tests). */
  get showing(): string[] {
    return [...this.open.keys()];
  }

  private notify(request: PermissionRequest): void {
    if (this.open.has(request.requestId)) return;
    const agent = this.context.agentNameAsking(request.requestId) ?? this.context.agentName ?? 'The agent';
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `${inertText(agent)} asks: ${inertText(request.title)}`, cancellable: true },
      (progress, token) => {
        progress.report({ message: answerLinks(request, this.command) });
        return new Promise<void>((resolve) => {
          const done = () => {
            if (this.open.get(request.requestId) === done) this.open.delete(request.requestId);
            cancelled.dispose();
            resolve();
          };
          const cancelled = token.onCancellationRequested(done);
          this.open.set(request.requestId, done);
          // Settled before the notification got here (the answer raced the toast).
          if (!this.context.pendingPermission(request.requestId)) done();
        });
      },
    );
  }

  private withdraw(requestId: string): void {
    this.open.get(requestId)?.();
  }

  dispose(): void {
    for (const done of [...this.open.values()]) done();
    for (const s of this.subscriptions) s.dispose();
  }
}
