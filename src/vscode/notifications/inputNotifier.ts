/**
 * A notification when a remote agent's task waits for the user (A2A input-required or
 * auth-required) where the user does not see it: the window unfocused, the chat hidden, or the
 * tab in the background. It goes away once the tab no longer waits (answered, cancelled,
 * closed) or the user sees it. Its link switches to the tab and opens the chat; the answer is
 * typed there. `agentChat.notifications.inputRequired` turns it off.
 */
import * as vscode from 'vscode';
import type { AgentChatContext } from '../context.js';
import type { WaitingTab } from '../tabs/tabQuestions.js';
import { inertText } from './permissionLinks.js';
import { NoticeBoard, type Notice } from './noticeBoard.js';
import { wantsNotice } from './noticePolicy.js';
import { registerShowTab, showTabLink } from './showTab.js';
import type { NoticeSurroundings } from './surroundings.js';

/** Internal (not in package.json): what the notification's link runs. */
export const SHOW_WAITING_TAB = 'agentChat.showWaitingTab';

export type InputNotifierContext = Pick<AgentChatContext, 'onTabs' | 'waitingForAnswer' | 'switchTab'>;

interface Waiting extends Notice {
  tabId: string;
}

export class InputNotifier implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[];
  private readonly board = new NoticeBoard();

  constructor(
    private readonly context: InputNotifierContext,
    private readonly surroundings: NoticeSurroundings,
    /** The command the link runs (a second notifier, as in tests, needs its own). */
    private readonly command = SHOW_WAITING_TAB,
  ) {
    this.subscriptions = [
      context.onTabs(() => this.refresh()),
      surroundings.onDidChange(() => this.refresh()),
      registerShowTab(context, command),
    ];
  }

  /** Notifications on screen, as `tabId:turnEndId` (for tests). */
  get showing(): string[] {
    return this.board.showing;
  }

  refresh(): void {
    const settings = this.surroundings.settings();
    const waiting = this.context.waitingForAnswer().map((tab) => this.notice(tab));
    this.board.sync(waiting, (n) => wantsNotice('inputRequired', settings, this.surroundings.attention(n.tabId)));
  }

  private notice(tab: WaitingTab): Waiting {
    const agent = inertText(tab.agentName ?? vscode.l10n.t('The agent'));
    const waits = tab.kind === 'auth' ? vscode.l10n.t('{0} needs you to sign in', agent) : vscode.l10n.t('{0} is waiting for your answer', agent);
    const question = inertText(tab.question).slice(0, 200);
    return {
      key: `${tab.tabId}:${tab.turnEndId}`,
      tabId: tab.tabId,
      title: question ? `${waits}: ${question}` : waits,
      message: showTabLink(vscode.l10n.t('Answer in the chat'), tab.tabId, this.command),
    };
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.board.dispose();
  }
}
