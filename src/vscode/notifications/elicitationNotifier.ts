/**
 * A notification when an agent waits for a form to be filled in or a page to be opened
 * (an elicitation) where the user does not see it, with an Open link that shows its tab: the
 * form is answered in the chat (a notification cannot hold one). Withdrawn once the user sees
 * the tab or the form is settled (answered, cancelled, the session gone);
 * `agentChat.notifications.elicitation` turns it off.
 */
import * as vscode from 'vscode';
import type { AgentChatContext } from '../context.js';
import type { ElicitationEntry } from '../../thread/types.js';
import { inertText } from './permissionLinks.js';
import { NoticeBoard, type Notice } from './noticeBoard.js';
import { wantsNotice } from './noticePolicy.js';
import { SHOW_TAB, showTabLink } from './showTab.js';
import type { NoticeSurroundings } from './surroundings.js';

export type ElicitationNoticeContext = Pick<AgentChatContext, 'onTabRows' | 'onTabs' | 'pendingElicitations'>;

interface WaitingForm extends Notice {
  tabId: string;
}

export class ElicitationNotifier implements vscode.Disposable {
  private readonly board = new NoticeBoard();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly context: ElicitationNoticeContext,
    private readonly surroundings: NoticeSurroundings,
    private readonly command = SHOW_TAB,
  ) {
    this.subscriptions = [
      context.onTabRows(({ result }) => {
        if (result.rows.some((c) => c.op !== 'append' && c.entry.type === 'elicitation')) this.refresh();
      }),
      context.onTabs(() => this.refresh()),
      surroundings.onDidChange(() => this.refresh()),
    ];
  }

  /** Notifications on screen, as `tabId:requestId` (for tests). */
  get showing(): string[] {
    return this.board.showing;
  }

  /** What the notifications on screen say (for tests). */
  get showingTitles(): string[] {
    return this.board.showingTitles;
  }

  private refresh(): void {
    const settings = this.surroundings.settings();
    const waiting: WaitingForm[] = this.context.pendingElicitations().map(({ tabId, agentName, question }) => ({
      key: `${tabId}:${question.requestId}`,
      tabId,
      title: titleOf(agentName, question),
      message: showTabLink(vscode.l10n.t('Answer in the chat'), tabId, this.command),
    }));
    this.board.sync(waiting, (n) => wantsNotice('elicitation', settings, this.surroundings.attention(n.tabId)));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.board.dispose();
  }
}

function titleOf(agentName: string | undefined, form: ElicitationEntry): string {
  const agent = inertText(agentName ?? vscode.l10n.t('The agent'));
  const prompt = form.prompt;
  const asks = prompt.mode === 'url' ? vscode.l10n.t('{0} asks you to open a page', agent) : vscode.l10n.t('{0} asks you to fill in a form', agent);
  const words = inertText(prompt.mode === 'form' ? prompt.title || prompt.message : prompt.message).slice(0, 200);
  return words ? `${asks}: ${words}` : asks;
}
