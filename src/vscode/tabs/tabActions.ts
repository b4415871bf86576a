/**
 * What the user does with tabs: a new session, switching, closing, and giving a tab its
 * session on its agent (a tab brought back from the previous window picks its earlier session
 * up again when the agent can).
 */
import { ThreadModel } from '../../thread/reducer.js';
import type { RunningAgent } from '../agents/agentPort.js';
import type { ChatCore } from './chatCore.js';
import type { DisposableScope } from '../disposables.js';
import { sessionFolder } from '../editor/workspaceRoots.js';
import { errorText } from '../errorText.js';
import { planReattach } from './openTabs.js';
import type { SessionTab } from './sessionTabs.js';
import { freshThread } from '../thread/threadStore.js';
import { t } from '../translate.js';
import type { AgentConfig } from '../../agents/api.js';
import type { WorktreeRef } from '../../worktrees/types.js';

export class TabActions {
  constructor(private readonly core: ChatCore) {}

  /** A fresh thread and session on the active tab's agent (or a start when it does not run). */
  async newSession(): Promise<void> {
    const tabs = this.core.tabs;
    const slot = this.core.slot;
    const starting = slot.starting;
    if (starting) {
      // The start under way opens the session; it lands on the empty thread.
      // Forgotten first: the snapshot the cleared thread sends names the new thread, not the old one.
      tabs.active.forgetConversation();
      tabs.active.thread.clear();
      await starting;
      return;
    }
    const running = slot.ready;
    const active = tabs.active;
    if (running) {
      // Already what New Session gives: pressed twice, it must not stack empty tabs (nor leave
      // unused sessions in the agent's own list).
      if (holdsUnusedSession(active, running.config.name)) return;
      // A new tab beside the others: their sessions (and running turns) carry on.
      const tab = tabs.isBlank(active) ? active : tabs.add();
      tab.agentName = running.config.name;
      tabs.activate(tab);
      await this.attach(tab, running, slot.scope);
      return;
    }
    const config = slot.chosen ?? this.core.defaultChoice();
    if (active.transcript && active.thread.entries.length > 0) {
      // A conversation brought back from the last window stays in its tab.
      const tab = tabs.add();
      tab.agentName = active.agentName ?? config.name;
      tabs.activate(tab);
    } else {
      active.forgetConversation();
      active.thread.clear();
    }
    await this.core.start(config);
  }

  /**
   * A new tab whose thread works in `worktree` (its sessions open there, confined to it) on
   * `config`'s agent, started when it does not run. Resolves with the tab once its session is
   * open (or the start failed: the thread says why).
   */
  async newSessionIn(config: AgentConfig, worktree: WorktreeRef): Promise<SessionTab> {
    const { tabs, pool } = this.core;
    const active = tabs.active;
    const reuse = tabs.isBlank(active) && !active.worktree && (active.agentName === undefined || active.agentName === config.name);
    const tab = reuse ? active : tabs.add();
    tab.agentName = config.name;
    tab.worktree = worktree;
    tabs.activate(tab);
    tabs.fireTabs();
    const slot = pool.get(config.name);
    if (slot?.starting) await slot.starting;
    const running = pool.get(config.name)?.ready;
    if (running && !tab.session) {
      await this.attach(tab, running, pool.get(config.name)!.scope);
      return tab;
    }
    // Not running: its start opens the session for the shown tab, which is this one.
    if (!tab.session) await this.core.start(config);
    return tab;
  }

  /** Shows another tab; the status bar follows it. */
  switchTab(id: string): boolean {
    const tab = this.core.tabs.find(id);
    if (!tab) return false;
    this.core.tabs.activate(tab);
    return true;
  }

  /**
   * Ends the tab's session (`session/close` when supported) and drops its thread from the
   * panel. The last tab is replaced by a new-session tab of the same agent (or the default
   * one), so the panel is usable at once.
   */
  async closeTab(id: string): Promise<void> {
    const { tabs, pool } = this.core;
    const tab = tabs.find(id);
    if (!tab) return;
    // Its worktree goes with it, after the user said what to keep (or the tab stays).
    const worktree = tab.worktree;
    const closeWorktree = this.core.deps.closeWorktree;
    const endSession = async () => {
      const session = tab.session;
      if (session && !session.isClosed) await session.closeSession().catch((error: unknown) => this.core.deps.log.warn(`session/close failed: ${errorText(error)}`));
    };
    if (worktree && closeWorktree) {
      if (!(await closeWorktree(worktree, tab.info().title, endSession))) return;
      tab.worktree = undefined;
      if (!tabs.find(id)) return;
    }
    const session = tab.session;
    if (session && !session.isClosed) {
      await session.closeSession().catch((error: unknown) => this.core.deps.log.warn(`session/close failed: ${errorText(error)}`));
    }
    let replacement: SessionTab | undefined;
    if (tabs.all.length === 1) {
      replacement = tabs.add();
      replacement.agentName = tab.agentName ?? this.core.defaultChoice().name;
    }
    tabs.remove(tab);
    if (tab.agentName !== undefined) pool.release(tab.agentName);
    if (!replacement) return;
    const slot = pool.slotOf(replacement);
    if (slot.ready) await this.attach(replacement, slot.ready, slot.scope);
  }

  /**
   * Opens `tab`'s session on `running`: a fresh one, or for a tab brought back from the last
   * window its earlier session again (resume under the shown rows, or load with replay); when
   * that cannot be, a fresh one below a note that the agent lost the conversation.
   */
  async attach(tab: SessionTab, running: RunningAgent, scope: DisposableScope): Promise<boolean> {
    const opener = this.core.opener;
    const pickUp = tab.pickUp;
    const handOff = tab.handOff;
    if (handOff && !handOff.session) {
      // The agent the conversation was handed to: its new session opens under the hand-off's note.
      const opened = await opener.open(running, scope, { kind: 'new', note: handOff.note }, tab);
      if (opened) handOff.session = tab.session;
      return opened;
    }
    if (!pickUp) return opener.open(running, scope, { kind: 'new' }, tab);
    // Its saved rows decide between resume and load: let them arrive first.
    await this.core.restored;
    if (tab.session || !tab.pickUp) return tab.session !== undefined;
    const name = running.config.name;
    const shown = tab.thread.entries.length > 0;
    // Only this tab's own agent can pick its session up.
    const sessionId = tab.transcript?.agentName === name ? pickUp.sessionId : undefined;
    const plan = planReattach(name, running.sessionSupport, sessionId, shown);
    if (plan.kind === 'new') {
      if (plan.note) tab.thread.notice('info', plan.note.title, plan.note.detail);
      return opener.open(running, scope, { kind: 'new' }, tab);
    }
    const shownRows = tab.thread.snapshot();
    // The replay fills an empty thread; the rows shown until now are the same conversation.
    if (plan.kind === 'load') tab.thread.show(freshThread());
    const outcome = await opener.openFor(running, scope, plan, tab);
    if (outcome === 'opened') return true;
    if (outcome === 'superseded') {
      // A later open for this tab (a second send while this one was reattaching) owns it: wait
      // for its session rather than take our own closed one for a refusal and open yet another.
      await opener.settled(tab);
      return tab.session !== undefined;
    }
    if (scope.isDisposed || tab.session) return false;
    // The agent refused: carry on in a fresh session below the rows rather than leave the tab dead.
    tab.pickUp = undefined;
    if (plan.kind === 'load') tab.thread.show(ThreadModel.restore(shownRows, t));
    tab.thread.notice('info', t('New session with {0}', name), t('{0} could not reopen the earlier session, so it does not remember the conversation above.', name));
    return opener.open(running, scope, { kind: 'new' }, tab);
  }
}

/**
 * The tab shows nothing yet and its session is open on `agentName`, in the folder a new one
 * would get: a fresh session that nobody has written to.
 */
function holdsUnusedSession(tab: SessionTab, agentName: string): boolean {
  const session = tab.session;
  return session !== undefined && !session.isClosed && tab.agentName === agentName && tab.thread.entries.length === 0
    && session.cwd === sessionFolder();
}
