/**
 * A notification for permission requests that arrive while the chat is hidden. The panel card
 * and the notification race: the first answer wins (the context ignores a second one). VS Code
 * cannot close a notification from code, so a late click on a settled request is ignored.
 */
import * as vscode from 'vscode';
import type { AgentChatContext, PermissionRequest } from './context.js';

export class PermissionNotifier implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly context: AgentChatContext,
    private readonly chatVisible: () => boolean,
  ) {
    this.subscription = context.onPermissionRequested((request) => {
      if (!this.chatVisible()) void this.notify(request);
    });
  }

  private async notify(request: PermissionRequest): Promise<void> {
    const agent = this.context.agentNameAsking(request.requestId) ?? this.context.agentName ?? 'The agent';
    const buttons = request.options.map((o) => o.name);
    const answer = await vscode.window.showInformationMessage(`${agent}: ${request.title}`, { modal: false }, ...buttons);
    if (answer === undefined) return;
    const option = request.options.find((o) => o.name === answer);
    if (option && !this.context.answerPermission(request.requestId, option.optionId)) {
      vscode.window.setStatusBarMessage('Agent Chat: that permission request was already answered.', 4000);
    }
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
