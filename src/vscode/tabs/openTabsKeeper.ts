/**
 * Keeps the open tab set in workspaceState as it changes, and brings it back when the next
 * window activates: the same tabs, agents, titles and shown tab at once, each tab's rows from
 * its saved transcript a moment later. No agent is started for it; a tab picks its session up
 * again when the user sends there (tabActions.ts `attach`).
 */
import type * as vscode from 'vscode';
import type { TranscriptStore } from '../../history/store.js';
import { OPEN_TABS_KEY, parseSavedTabs, savedTabSet } from './openTabs.js';
import type { SavedTab } from './openTabs.js';
import type { ProtocolLog } from '../protocolLog.js';
import type { ChatThread } from '../thread/chatThread.js';
import { continuedThread } from './reopenThread.js';
import type { SessionTabList } from './sessionTabList.js';
import type { SessionTab } from './sessionTabs.js';
import type { ThreadStore } from '../thread/threadStore.js';
import { t } from '../translate.js';

export interface OpenTabsDeps {
  state: vscode.Memento;
  store: ThreadStore;
  transcripts?: TranscriptStore;
  log: ProtocolLog;
  /** Shows what a turn cut short by the reload changed (review/checkpointService.ts). */
  review?: { checkpoints: { reviewInterruptedTurn(thread: ChatThread): Promise<void> } };
}

export class OpenTabsKeeper {
  /** Nothing is saved while the tabs are being rebuilt, nor once the window is going away. */
  private saving = false;
  private savedKey: string | undefined;

  constructor(private readonly deps: OpenTabsDeps, private readonly tabs: SessionTabList) {}

  /** Saves the set if it changed (cheap: a few names and ids per tab). */
  save(): void {
    if (!this.saving) return;
    const all = this.tabs.all;
    const set = savedTabSet(all.map(savedTab), all.indexOf(this.tabs.active));
    const key = JSON.stringify(set);
    if (key === this.savedKey) return;
    this.savedKey = key;
    void Promise.resolve(this.deps.state.update(OPEN_TABS_KEY, set)).catch((error: unknown) => this.deps.log.warn(`Open tabs not saved: ${String(error)}`));
  }

  /** The window is going away: the tabs closing with it are not the user closing them. */
  stop(): void {
    this.saving = false;
  }

  /**
   * Rebuilds the previous window's tabs on the (fresh) list; resolves once their rows are
   * loaded. The list's first tab already shows the thread saved for the shown tab.
   */
  restore(): Promise<void> {
    const saved = parseSavedTabs(this.deps.state.get(OPEN_TABS_KEY));
    if (!saved) {
      this.saving = true;
      this.save();
      return Promise.resolve();
    }
    const first = this.tabs.active;
    const made = saved.tabs.map((s, i) => {
      const tab = i === 0 ? first : this.tabs.add();
      tab.agentName = s.agentName;
      tab.transcript = s.transcript;
      tab.restoredTitle = s.title;
      tab.pickUp = { sessionId: s.resumable ? s.transcript?.sessionId : undefined };
      tab.worktree = s.worktree;
      tab.budget = s.budget;
      return tab;
    });
    const active = made[saved.active]!;
    // The thread saved for the shown tab: the fallback when its transcript is gone.
    const slot = active === first ? undefined : this.deps.store.restore();
    if (active !== first) first.thread.clear();
    if (slot) active.thread.show(slot);
    this.tabs.activate(active);
    this.saving = true;
    this.save();
    return this.loadRows(made, saved.tabs);
  }

  private async loadRows(made: SessionTab[], saved: SavedTab[]): Promise<void> {
    await Promise.all(made.map(async (tab, i) => {
      const ref = saved[i]!.transcript;
      if (!ref) return;
      const transcript = await this.deps.transcripts?.loadSession(ref).catch(() => undefined);
      // The user got there first (a session opened, or the tab is gone).
      if (!tab.pickUp || tab.session || !this.tabs.all.includes(tab)) return;
      if (transcript) {
        // Its agent went with the old window: a helper still working there was cut short by the reload.
        tab.thread.show(continuedThread(transcript, 'reload'));
        void this.deps.review?.checkpoints.reviewInterruptedTurn(tab.thread).catch((e: unknown) => this.deps.log.warn(`Changes of an interrupted turn: ${String(e)}`));
      }
      else if (saved[i]!.hasRows && tab.thread.entries.length === 0) tab.thread.notice('warning', t('The saved conversation of this tab was not found'), t('It may have been deleted from history.'));
    }));
    this.tabs.fireTabs();
    this.save();
  }
}

function savedTab(tab: SessionTab): SavedTab {
  const transcript = tab.transcript;
  return {
    ...(tab.agentName ? { agentName: tab.agentName } : {}),
    ...(transcript ? { transcript } : {}),
    title: tab.info().title,
    hasRows: tab.thread.entries.length > 0,
    // A live session, or one still waiting to be picked up, may be resumed by the next window.
    resumable: transcript !== undefined && transcript.agentName === tab.agentName && (tab.session !== undefined || tab.pickUp?.sessionId !== undefined),
    ...(tab.worktree ? { worktree: tab.worktree } : {}),
    ...(tab.budget ? { budget: tab.budget } : {}),
  };
}
