/**
 * Past sessions and the agents' accounts: what each running agent can do with its sessions,
 * their `session/list`s, deleting one, reopening a conversation in a tab, and logging out.
 */
import type { AgentConfig, AgentSessionInfo, SessionSupport } from '../../agents/api.js';
import type { AgentStatus } from '../../shared/webviewProtocol.js';
import type { ChatCore } from './chatCore.js';
import type { TranscriptRef } from './openTabs.js';
import type { SessionOpening } from './sessionOpener.js';
import { describeNoSession } from '../agents/statusText.js';
import type { Thread } from '../thread/threadStore.js';
import { workspaceRoots } from '../editor/workspaceRoots.js';
import { t } from '../translate.js';

export interface AgentSessionList {
  agentName: string;
  sessions: AgentSessionInfo[];
}

export class SessionHistory {
  constructor(private readonly core: ChatCore) {}

  /** What the active tab's agent can do with past sessions (undefined unless it is ready). */
  get sessionSupport(): SessionSupport | undefined {
    return this.core.slot.ready?.sessionSupport;
  }

  /** What `agentName` can do with past sessions (undefined unless it runs and is ready). */
  sessionSupportOf(agentName: string): SessionSupport | undefined {
    return this.core.pool.get(agentName)?.ready?.sessionSupport;
  }

  /** The agents that run now and are ready, by name. */
  get readyAgents(): string[] {
    return this.core.pool.names.filter((name) => this.core.pool.get(name)?.ready);
  }

  /** The active tab's agent's own session list; undefined when it has none to offer. */
  async agentSessions(): Promise<AgentSessionList | undefined> {
    const running = this.core.slot.ready;
    if (!running || !running.sessionSupport?.list) return undefined;
    return { agentName: running.config.name, sessions: await running.listSessions(workspaceRoots()[0]) };
  }

  /** `agentName`'s own list when it runs and can list (nothing is started for it). */
  async agentSessionsOf(agentName: string): Promise<AgentSessionList | undefined> {
    const running = this.core.pool.get(agentName)?.ready;
    if (!running || !running.sessionSupport?.list) return undefined;
    return { agentName, sessions: await running.listSessions(workspaceRoots()[0]) };
  }

  /** Starts `config` unless it is ready already (a running agent is never restarted for history). */
  async ensureAgent(config: AgentConfig): Promise<AgentStatus> {
    const slot = this.core.pool.get(config.name);
    if (slot?.ready) return slot.agent;
    return this.core.start(config);
  }

  /**
   * `session/delete` on `agentName` when it runs and supports it; false when it was not asked.
   * A tab showing that session keeps its rows but loses the session (and stops recording it),
   * so the next prompt there opens a new one; so does a tab brought back from the last window
   * that would have picked it up again, once the agent deleted it.
   */
  async deleteAgentSession(agentName: string, sessionId: string): Promise<boolean> {
    const running = this.core.pool.get(agentName)?.ready;
    if (!running || running.config.name !== agentName) return false;
    for (const tab of this.core.tabs.all) {
      if (tab.session?.sessionId !== sessionId) continue;
      tab.renewScope();
      tab.forgetConversation();
    }
    if (!running.sessionSupport?.delete) return false;
    await running.deleteSession(sessionId);
    const restored = this.core.tabs.all.filter((t) => !t.session && t.canPickUp && t.agentName === agentName && t.pickUp?.sessionId === sessionId);
    for (const tab of restored) tab.pickUp = { sessionId: undefined };
    if (restored.length > 0) this.core.tabs.fireTabs();
    return true;
  }

  /** Logs out of the active tab's agent; says which agent, or why not. */
  async logout(): Promise<{ outcome: 'logged_out' | 'unsupported' | 'no_agent'; agentName?: string }> {
    const slot = this.core.slot;
    const running = slot.ready;
    if (!running) return { outcome: 'no_agent', agentName: slot.chosen?.name };
    if (!running.canLogout) return { outcome: 'unsupported', agentName: running.config.name };
    await running.logout();
    return { outcome: 'logged_out', agentName: running.config.name };
  }

  /**
   * Runs the active tab's agent's own login on the running process (the user dismissed it
   * before, or a prompt was refused for want of it) and says in the thread how it went. False
   * when no ready agent can log in that way: then a start, whose first session asks, is the way.
   */
  async logIn(): Promise<boolean> {
    const running = this.core.slot.ready;
    if (!running?.logIn) return false;
    const thread = this.core.tabs.active.thread;
    const result = await running.logIn().catch((error: unknown) => ({ outcome: 'failed' as const, message: error instanceof Error ? error.message : String(error) }));
    switch (result.outcome) {
      case 'logged_in':
        thread.notice('info', t('Logged in to {0}', running.config.name), t('Send your message again to continue.'));
        break;
      case 'restarted':
        thread.notice('info', t('Logged in; the agent was restarted'), t('Reopen this session or start a new one to continue.'));
        break;
      case 'cancelled':
        break;
      case 'failed':
        thread.notice('warning', `${running.config.name}: login failed`, result.message);
        break;
    }
    return true;
  }

  /**
   * Reopens a past conversation on `config`'s agent (started if it does not run; a tab of it
   * is shown). `thread` is what to show first (a saved transcript, or empty before a replay);
   * with no `opening` the thread is only shown, read-only, and the next prompt starts a new
   * session. `shows` names the saved conversation on screen, so the next window finds it.
   */
  async reopen(config: AgentConfig | undefined, thread: Thread, opening: SessionOpening | undefined, shows?: TranscriptRef): Promise<boolean> {
    const { tabs, pool } = this.core;
    if (opening && config) {
      if (pool.get(config.name)?.ready) pool.bind(config.name);
      else await this.core.start(config);
    }
    // A live conversation keeps its tab; the reopened one gets its own.
    if (tabs.active.session && tabs.active.thread.entries.length > 0) {
      const added = tabs.add();
      added.agentName = tabs.active.agentName;
      tabs.activate(added);
    }
    const tab = tabs.active;
    // An empty tab's session is replaced by the reopened one: end it on the agent too.
    void tab.session?.closeSession().catch(() => undefined);
    tab.renewScope();
    tab.forgetConversation();
    tab.thread.show(thread);
    void this.core.deps.review?.checkpoints.reviewInterruptedTurn(tab.thread).catch((e: unknown) => this.core.deps.log.warn(`Changes of an interrupted turn: ${String(e)}`));
    if (!opening) {
      tab.transcript = shows;
      this.core.fireStatus();
      return true;
    }
    const slot = this.core.slot;
    const running = slot.running;
    if (!running || slot.agent.state !== 'ready') {
      tab.thread.notice('warning', t('The conversation is shown read-only'), describeNoSession(slot.agent));
      return false;
    }
    return this.core.opener.open(running, slot.scope, opening, tab);
  }
}
