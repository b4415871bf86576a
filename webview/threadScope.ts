/**
 * Which thread the remembered folds and forms (viewState.ts) belong to: the shown tab's
 * `threadKey`, as the host names it. A snapshot shows a thread (another tab, a new session, a
 * reopened one): its own memory applies. A tab update that gives the shown tab's thread another
 * name without a snapshot (its session opened and it became a saved conversation) is the same
 * rows going on: what the user did to them goes with the name.
 */
import type { SessionTabs } from '../src/shared/webviewProtocol.js';

export interface ThreadMemories {
  showThread(key: string): void;
  renameThread(key: string): void;
}

export class ThreadScope {
  /** The tab whose thread the page shows (from the last snapshot). */
  private tab: string | undefined;

  constructor(private readonly memories: ThreadMemories) {}

  /** A snapshot came with these tabs (none from a host without tabs). */
  shown(tabs: SessionTabs | undefined): void {
    this.tab = tabs?.activeId;
    this.memories.showThread(keyOf(tabs));
  }

  /** A tab update: only the shown tab's new name matters; another tab shown comes with its snapshot. */
  tabsChanged(tabs: SessionTabs): void {
    if (tabs.activeId !== this.tab) return;
    this.memories.renameThread(keyOf(tabs));
  }
}

function keyOf(tabs: SessionTabs | undefined): string {
  return tabs?.tabs.find((t) => t.id === tabs.activeId)?.threadKey ?? '';
}
