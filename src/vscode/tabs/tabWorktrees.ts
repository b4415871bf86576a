/** Which tabs work in a worktree of their own, and a tab letting go of one that is discarded. */
import type { WorktreeRef } from '../../worktrees/types.js';
import type { ProtocolLog } from '../protocolLog.js';
import type { SessionTabList } from './sessionTabList.js';

export class TabWorktrees {
  constructor(
    private readonly tabs: SessionTabList,
    private readonly log: ProtocolLog,
    /** The open tab set changed: kept for the next window. */
    private readonly saveTabs: () => void,
  ) {}

  /** The worktree of a tab (the shown one by default), if its thread has one. */
  worktreeOf(tabId?: string): WorktreeRef | undefined {
    return (tabId === undefined ? this.tabs.active : this.tabs.find(tabId))?.worktree;
  }

  /** Every tab's worktree: what the clean-up must leave alone. */
  inUse(): WorktreeRef[] {
    return this.tabs.all.flatMap((tab) => (tab.worktree ? [tab.worktree] : []));
  }

  /**
   * The worktree at `path` is going away (discarded): the session working there ends and the
   * tab keeps its conversation, read-only, with `notice` saying what happened.
   */
  async release(path: string, notice: { title: string; detail: string }): Promise<void> {
    for (const tab of this.tabs.all) {
      if (tab.worktree?.path !== path) continue;
      const session = tab.session;
      if (session && !session.isClosed) await session.closeSession().catch((error: unknown) => this.log.warn(`session/close failed: ${String(error)}`));
      // Its listeners and recording end with it; the next message opens a session in the user's folder.
      tab.renewScope();
      tab.worktree = undefined;
      tab.pickUp = undefined;
      tab.thread.notice('info', notice.title, notice.detail);
      this.tabs.fireTabs();
      this.saveTabs();
    }
  }
}
