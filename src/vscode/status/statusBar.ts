/** The one "Agent Chat" status bar item, re-rendered from each status the context reports. */
import * as vscode from 'vscode';
import { CommandId } from '../commandIds.js';
import type { ChatStatus } from '../tabs/chatCore.js';
import { renderStatus, sameStatusView, type StatusView } from './statusBarModel.js';

/** What the status bar shows: the shown tab's status, and each change of it. */
export interface StatusSource {
  readonly status: ChatStatus;
  readonly onStatus: vscode.Event<ChatStatus>;
}

export class AgentStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('agentChat.status', vscode.StatusBarAlignment.Right, 100);
  private readonly subscription: vscode.Disposable;
  private shown: StatusView | undefined;

  constructor(context: StatusSource) {
    this.item.name = 'Agent Chat';
    this.item.command = CommandId.open;
    this.subscription = context.onStatus((status) => this.render(status));
    this.render(context.status);
    this.item.show();
  }

  /** The rendered text (for tests). */
  get text(): string {
    return this.item.text;
  }

  /** The rendered tooltip Markdown (for tests). */
  get tooltip(): string {
    const tooltip = this.item.tooltip;
    return typeof tooltip === 'string' ? tooltip : tooltip?.value ?? '';
  }

  private render(status: ChatStatus): void {
    const view = renderStatus(status, vscode.l10n.t);
    if (sameStatusView(this.shown, view)) return;
    this.shown = view;
    this.item.text = view.text;
    const tooltip = new vscode.MarkdownString(view.tooltip, true);
    tooltip.isTrusted = false;
    this.item.tooltip = tooltip;
    this.item.backgroundColor = view.background ? new vscode.ThemeColor(`statusBarItem.${view.background}Background`) : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
