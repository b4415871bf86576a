/**
 * A notification when a turn ends where the user does not see it (the window unfocused, the
 * chat hidden, or the turn's tab in the background): "<agent> finished — <thread>" or "<agent>
 * stopped: <why> — <thread>" (the thread named as its Threads view row is: several threads of
 * one agent run at once), with an Open link that shows the tab. It goes away once the user sees the tab, a new
 * turn starts there, or the tab closes; `agentChat.notifications.turnEnd` turns it off.
 */
import * as vscode from 'vscode';
import type { AgentChatContext } from '../context.js';
import { inertText } from './permissionLinks.js';
import { NoticeBoard, type Notice } from './noticeBoard.js';
import { turnEndTitle, userSees, wantsNotice } from './noticePolicy.js';
import { SHOW_TAB, showTabLink } from './showTab.js';
import type { NoticeSurroundings } from './surroundings.js';

export type TurnEndContext = Pick<AgentChatContext, 'onTabRows' | 'onTabs' | 'tabsInfo' | 'agentNameOf'>;

interface EndedTurn extends Notice {
  tabId: string;
}

export class TurnEndNotifier implements vscode.Disposable {
  private readonly board = new NoticeBoard();
  /** Turn ends not seen yet, at most one per tab (its latest). */
  private readonly unseen = new Map<string, EndedTurn>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly context: TurnEndContext,
    private readonly surroundings: NoticeSurroundings,
    private readonly command = SHOW_TAB,
  ) {
    this.subscriptions = [
      context.onTabRows(({ tabId, result }) => {
        let changed = false;
        for (const change of result.rows) {
          if (change.op !== 'insert') continue;
          const entry = change.entry;
          // A new prompt in the tab: the last ending is old news.
          if (entry.type === 'user') changed = this.unseen.delete(tabId) || changed;
          if (entry.type !== 'turn_end') continue;
          this.unseen.delete(tabId);
          const title = turnEndTitle(this.context.agentNameOf(tabId), entry, this.threadTitleOf(tabId));
          if (title) this.unseen.set(tabId, { key: `${tabId}:${entry.id}`, tabId, title: inertText(title), message: showTabLink(vscode.l10n.t('Open the chat'), tabId, this.command) });
          changed = true;
        }
        if (changed) this.refresh();
      }),
      context.onTabs(() => this.refresh()),
      surroundings.onDidChange(() => this.refresh()),
    ];
  }

  /** Notifications on screen, as `tabId:turnEndRowId` (for tests). */
  get showing(): string[] {
    return this.board.showing;
  }

  /** What the notifications on screen say (for tests). */
  get showingTitles(): string[] {
    return this.board.showingTitles;
  }

  /** The thread as the Threads view and the tab strip name it (several threads of one agent run at once). */
  private threadTitleOf(tabId: string): string | undefined {
    return this.context.tabsInfo().tabs.find((t) => t.id === tabId)?.title;
  }

  private refresh(): void {
    const tabs = new Map(this.context.tabsInfo().tabs.map((t) => [t.id, t]));
    for (const [tabId, ended] of [...this.unseen]) {
      const tab = tabs.get(tabId);
      // Gone, busy with a turn the agent started, or seen: nothing to tell any more.
      if (!tab || tab.state === 'running' || userSees(this.surroundings.attention(tabId))) this.unseen.delete(ended.tabId);
    }
    const settings = this.surroundings.settings();
    this.board.sync([...this.unseen.values()], (n) => wantsNotice('turnEnd', settings, this.surroundings.attention(n.tabId)));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.board.dispose();
  }
}
