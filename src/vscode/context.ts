/**
 * The one place that owns the state of the chat: one agent process per agent name
 * (agentPool.ts keeps them; each an agentSlot.ts, started on demand), the tabs (sessionTabList.ts: each a thread from
 * chatThread.ts bound to one agent, plus its session) and the sessions opened on them
 * (sessionOpener.ts). The status bar and panel header show the active tab's agent. Everything
 * else (view, status bar, commands, notifications) reads from here and listens to its events.
 *
 * Two disposal scopes: `lifetime` lives as long as the extension; each agent slot's process
 * scope lives as long as one agent process (its listeners, its sessions, the process itself),
 * and is thrown away whole on restart, so a restart never leaks a listener. Each tab's session
 * scope nests inside its agent's.
 */
import * as vscode from 'vscode';
import type { AgentConfig, FileSystemHost } from '../agent/api.js';
import type { McpParseResult } from '../agent/mcp/parse.js';
import type { SessionSupport } from '../history/agentSessions.js';
import type { TranscriptStore } from '../history/store.js';
import type { AgentChoice, AgentStatus, ComposerCapabilities, PanelSnapshot, SessionTabs } from '../shared/webviewProtocol.js';
import type { SessionFacts, ThreadEntry, ToolCallEntry } from '../thread/types.js';
import type { LaunchAgent, LiveSession, RunningAgent } from './agentPort.js';
import { AgentPool } from './agentPool.js';
import type { AgentSecrets } from './agentSecrets.js';
import type { AgentSlot } from './agentSlot.js';
import { NO_EXTRAS } from './agentSlot.js';
import type { ChatThread, PermissionRequest } from './chatThread.js';
import { agentChoices, agentEntries, preferredAgent, readAgentSettings, sameAgentConfig } from './config.js';
import type { AgentEntry, AgentSettings } from './config.js';
import { DisposableScope } from './disposables.js';
import { errorText } from './errorText.js';
import { buildPromptBlocks } from './promptBlocks.js';
import type { ComposedPrompt } from './promptBlocks.js';
import type { ProtocolLog } from './protocolLog.js';
import { SessionOpener } from './sessionOpener.js';
import type { SessionOpening } from './sessionOpener.js';
import { SessionTabList } from './sessionTabList.js';
import type { SessionTab } from './sessionTabs.js';
import { describeNoSession } from './statusText.js';
import type { Thread, ThreadStore } from './threadStore.js';
import { workspaceRoots } from './workspaceRoots.js';

export type { PermissionRequest } from './chatThread.js';
export type { SessionOpening } from './sessionOpener.js';
export { workspaceRoots } from './workspaceRoots.js';

/** Everything the status bar and the `agentChat.turnRunning` context key render from. */
export interface ChatStatus {
  agent: AgentStatus;
  turnRunning: boolean;
  waitingForPermission: boolean;
  usage: SessionFacts['usage'];
  sessionTitle?: string | null;
}

export interface ContextDeps {
  extensionPath: string;
  /** Extension-private workspace storage (never the repository's files). */
  state: vscode.Memento;
  launch: LaunchAgent;
  fs: FileSystemHost;
  log: ProtocolLog;
  /** Variables entered at an env-var login (SecretStorage), set on the agent at each start. */
  secrets?: AgentSecrets;
  store: ThreadStore;
  /** Every session's conversation is kept here for the history list (optional in tests). */
  transcripts?: TranscriptStore;
  /** MCP servers to hand each new, loaded or resumed session (settings + trusted mcp.json). */
  mcpServers?: () => Promise<McpParseResult>;
}

export class AgentChatContext implements vscode.Disposable {
  private readonly lifetime = new DisposableScope();
  private settings: AgentSettings;
  private readonly tabs: SessionTabList;
  private readonly pool: AgentPool;
  private readonly opener: SessionOpener;

  private readonly agentEmitter = this.lifetime.add(new vscode.EventEmitter<void>());
  private readonly statusEmitter = this.lifetime.add(new vscode.EventEmitter<ChatStatus>());

  /** Agent lifecycle, the agent list or composer capabilities changed. */
  readonly onAgentChanged = this.agentEmitter.event;
  readonly onStatus = this.statusEmitter.event;
  /** Row changes of the active tab's thread (and whether its session facts changed). */
  readonly onRows;
  /** Another thread is shown (new session, tab switch, reopened history): views need a snapshot. */
  readonly onThreadReplaced;
  /** A permission question from any tab (a background tab's turn may need an answer too). */
  readonly onPermissionRequested;
  /** A pending permission was answered (from anywhere) or withdrawn. */
  readonly onPermissionSettled;
  /** Tabs were added, closed, renamed or changed state. */
  readonly onTabs;

  constructor(private readonly deps: ContextDeps) {
    this.settings = readAgentSettings();
    this.tabs = new SessionTabList(deps.store, () => this.fireStatus());
    this.onRows = this.tabs.onRows;
    this.onThreadReplaced = this.tabs.onThreadReplaced;
    this.onPermissionRequested = this.tabs.onPermissionRequested;
    this.onPermissionSettled = this.tabs.onPermissionSettled;
    this.onTabs = this.tabs.onTabs;
    this.opener = new SessionOpener({
      log: deps.log,
      transcripts: deps.transcripts,
      mcpServers: deps.mcpServers,
      tabChanged: (tab, statusChanged) => {
        if (statusChanged && tab === this.tabs.active) this.fireStatus();
        this.tabs.fireTabs();
      },
      agentFailed: (status) => this.pool.get(status.state === 'failed' ? status.agentName : '')?.set(status, NO_EXTRAS),
    });
    this.pool = new AgentPool(deps, this.tabs, this.opener, () => {
      this.agentEmitter.fire();
      this.fireStatus();
    });
  }

  /** The active tab's agent. */
  private get slot(): AgentSlot {
    return this.pool.slotOf(this.tabs.active);
  }

  private get thread(): ChatThread {
    return this.tabs.active.thread;
  }

  private get session(): LiveSession | undefined {
    return this.tabs.active.session;
  }

  // ── reading ────────────────────────────────────────────────────────────────────────────

  get status(): ChatStatus {
    const session = this.thread.session;
    return {
      agent: this.slot.agent,
      turnRunning: this.thread.turnRunning,
      waitingForPermission: this.thread.waitingForPermission,
      usage: session.usage,
      sessionTitle: session.title,
    };
  }

  get agentStatus(): AgentStatus {
    return this.slot.agent;
  }

  get composerCapabilities(): ComposerCapabilities {
    return this.slot.composer;
  }

  get agents(): AgentChoice[] {
    return agentChoices(this.agentEntries());
  }

  get sessionFacts(): SessionFacts {
    return this.thread.session;
  }

  get entries(): readonly ThreadEntry[] {
    return this.thread.entries;
  }

  /** The agent the user chose (running, starting or failed). */
  get chosenAgent(): AgentConfig | undefined {
    return this.slot.chosen;
  }

  /** The agent of the tab that asked `requestId` (for a notification from a background tab). */
  agentNameAsking(requestId: string): string | undefined {
    return this.tabs.asking(requestId)?.agentName;
  }

  /** The chosen (or running) agent's name, if any. */
  get agentName(): string | undefined {
    return this.slot.chosen?.name;
  }

  agentEntries(detected?: Parameters<typeof agentEntries>[2]): AgentEntry[] {
    return agentEntries(this.settings, this.deps.extensionPath, detected);
  }

  snapshot(): PanelSnapshot {
    return {
      agent: this.slot.agent,
      agents: this.agents,
      entries: [...this.thread.entries],
      session: this.thread.session,
      composer: this.slot.composer,
      tabs: this.tabsInfo(),
    };
  }

  tabsInfo(): SessionTabs {
    return this.tabs.info();
  }

  findToolCall(toolCallId: string): ToolCallEntry | undefined {
    return this.thread.findToolCall(toolCallId);
  }

  pendingPermission(requestId: string): PermissionRequest | undefined {
    return this.tabs.asking(requestId)?.thread.pendingPermission(requestId);
  }

  // ── agent lifecycle ────────────────────────────────────────────────────────────────────

  /** Starts the preferred agent unless one is chosen already (the chat was opened). */
  async ensureStarted(): Promise<void> {
    if (this.slot.agent.state !== 'none') return;
    await this.start(this.slot.chosen ?? this.defaultChoice());
  }

  /**
   * Starts `config` for the active tab. The active tab's own agent restarts; another agent gets
   * its own tab (the active one when it is blank or has no agent yet), and every other agent
   * keeps running. Resolves when it is ready or has failed.
   */
  start(config: AgentConfig, cancel?: vscode.CancellationToken): Promise<AgentStatus> {
    return this.pool.start(config, cancel);
  }

  /** Restarts the chosen agent; with none chosen, starts the preferred one. */
  async restart(): Promise<AgentStatus> {
    const config = this.slot.chosen ?? this.defaultChoice();
    // Pick up edited settings for the same name.
    const fresh = this.agentEntries().find((e) => e.config.name === config.name)?.config ?? config;
    return this.start(fresh);
  }

  /** A fresh thread and session on the running agent (or a start when none runs). */
  async newSession(): Promise<void> {
    const starting = this.slot.starting;
    if (starting) {
      // The start under way opens the session; it lands on the empty thread.
      this.thread.clear();
      await starting;
      return;
    }
    const running = this.slot.ready;
    if (running) {
      // A new tab beside the others: their sessions (and running turns) carry on.
      const active = this.tabs.active;
      const tab = this.tabs.isBlank(active) ? active : this.tabs.add();
      tab.agentName = running.config.name;
      this.tabs.activate(tab);
      await this.opener.open(running, this.slot.scope, { kind: 'new' }, tab);
    } else {
      this.thread.clear();
      await this.start(this.slot.chosen ?? this.defaultChoice());
    }
  }

  // ── tabs ───────────────────────────────────────────────────────────────────────────────

  /** Shows another tab; the status bar follows it. */
  switchTab(id: string): boolean {
    const tab = this.tabs.find(id);
    if (!tab) return false;
    this.tabs.activate(tab);
    return true;
  }

  /** Ends the tab's session (`session/close` when supported) and drops its thread from the panel. */
  async closeTab(id: string): Promise<void> {
    const tab = this.tabs.find(id);
    if (!tab) return;
    const session = tab.session;
    if (session) {
      await session.closeSession().catch((error: unknown) => this.deps.log.warn(`session/close failed: ${errorText(error)}`));
    }
    this.tabs.remove(tab);
    if (tab.agentName !== undefined) this.pool.release(tab.agentName);
  }

  // ── turns ──────────────────────────────────────────────────────────────────────────────

  async send(prompt: ComposedPrompt): Promise<void> {
    if (!this.session && this.slot.agent.state === 'none') await this.ensureStarted();
    // Sent while the agent was starting (or its session opening): wait instead of refusing.
    const starting = this.slot.starting;
    if (!this.session && starting) await starting;
    // A saved conversation shown read-only has no session: the first prompt opens a new one below it.
    const running = this.slot.running;
    if (!this.session && running && this.slot.agent.state === 'ready') {
      await this.opener.open(running, this.slot.scope, { kind: 'new' }, this.tabs.active);
    }
    const session = this.session;
    if (!session) {
      this.thread.notice('warning', 'No agent session to send to', describeNoSession(this.slot.agent));
      return;
    }
    const built = await buildPromptBlocks(prompt, this.slot.composer, (path) => this.deps.fs.readTextFile(path));
    if (built.dropped.length > 0) this.thread.notice('warning', 'Some attachments were not sent', built.dropped.join('\n'));
    if (built.blocks.length === 0) return;
    try {
      await session.prompt(built.blocks);
    } catch (error) {
      // The session reports turn errors as events; anything thrown here is a local failure.
      this.deps.log.error(`prompt failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      if (this.session === session) this.thread.notice('error', 'The prompt could not be sent', errorText(error));
    }
  }

  /** Cancels the running turn; false when there is none. */
  async cancel(): Promise<boolean> {
    const session = this.session;
    if (!session || !this.thread.turnRunning) return false;
    await session.cancel();
    return true;
  }

  /** First answer wins: false when the request was already answered or withdrawn. */
  answerPermission(requestId: string, optionId: string): boolean {
    // The question may come from a background tab (answered from a notification).
    const tab: SessionTab = this.tabs.asking(requestId) ?? this.tabs.active;
    const session = tab.session;
    if (!session || !tab.thread.takeAnswer(requestId, optionId)) return false;
    session.answerPermission(requestId, { outcome: 'selected', optionId });
    return true;
  }

  // ── session settings and history ───────────────────────────────────────────────────────

  /** Mode picker: failures (the agent said no, no session) land in the thread, not in a toast. */
  async setMode(modeId: string): Promise<void> {
    await this.changeSetting('mode', (session) => session.setMode(modeId));
  }

  /** Config option picker (model, thought level, toggles). */
  async setConfigOption(configId: string, value: string | boolean): Promise<void> {
    await this.changeSetting(`"${configId}" option`, (session) => session.setConfigOption(configId, value));
  }

  private async changeSetting(what: string, run: (session: LiveSession) => Promise<void>): Promise<void> {
    const session = this.session;
    if (!session) {
      this.thread.notice('warning', `Cannot change the ${what}`, describeNoSession(this.slot.agent));
      return;
    }
    try {
      await run(session);
    } catch (error) {
      this.thread.notice('error', `The agent did not change the ${what}`, errorText(error));
      // The picker already shows the user's choice: a session update puts it back to the agent's truth.
      this.thread.touchSession();
    }
  }

  /** What the running agent can do with past sessions (undefined when none is ready). */
  get sessionSupport(): SessionSupport | undefined {
    return this.slot.agent.state === 'ready' ? this.slot.running?.sessionSupport : undefined;
  }

  /** The running agent's own session list; undefined when it has none to offer. */
  async agentSessions(): Promise<{ agentName: string; sessions: Awaited<ReturnType<RunningAgent['listSessions']>> } | undefined> {
    const running = this.slot.running;
    if (!running || !this.sessionSupport?.list) return undefined;
    return { agentName: running.config.name, sessions: await running.listSessions(workspaceRoots()[0]) };
  }

  /**
   * `session/delete` on the running agent when it is `agentName` and supports it; false when
   * it was not asked. A tab showing that session keeps its rows but loses the session (and
   * stops recording it), so the next prompt there opens a new one.
   */
  async deleteAgentSession(agentName: string, sessionId: string): Promise<boolean> {
    const running = this.pool.get(agentName)?.ready;
    if (!running || running.config.name !== agentName) return false;
    for (const tab of this.tabs.all) if (tab.session?.sessionId === sessionId) tab.renewScope();
    if (!running.sessionSupport?.delete) return false;
    await running.deleteSession(sessionId);
    return true;
  }

  /** Logs out of the running agent; says which agent, or why not. */
  async logout(): Promise<{ outcome: 'logged_out' | 'unsupported' | 'no_agent'; agentName?: string }> {
    const running = this.slot.ready;
    if (!running) return { outcome: 'no_agent', agentName: this.slot.chosen?.name };
    if (!running.canLogout) return { outcome: 'unsupported', agentName: running.config.name };
    await running.logout();
    return { outcome: 'logged_out', agentName: running.config.name };
  }

  /**
   * Reopens a past conversation on `config`'s agent (started if it is not the running one).
   * `thread` is what to show first (a saved transcript, or empty before a replay); with no
   * `opening` the thread is only shown, read-only, and the next prompt starts a new session.
   */
  async reopen(config: AgentConfig | undefined, thread: Thread, opening: SessionOpening | undefined): Promise<boolean> {
    if (opening && config && (this.slot.chosen?.name !== config.name || this.slot.agent.state !== 'ready')) await this.start(config);
    // A live conversation keeps its tab; the reopened one gets its own.
    if (this.session && this.thread.entries.length > 0) {
      const added = this.tabs.add();
      added.agentName = this.tabs.active.agentName;
      this.tabs.activate(added);
    }
    const tab = this.tabs.active;
    // An empty tab's session is replaced by the reopened one: end it on the agent too.
    void tab.session?.closeSession().catch(() => undefined);
    tab.renewScope();
    tab.thread.show(thread);
    if (!opening) {
      this.fireStatus();
      return true;
    }
    const running = this.slot.running;
    if (!running || this.slot.agent.state !== 'ready') {
      tab.thread.notice('warning', 'The conversation is shown read-only', describeNoSession(this.slot.agent));
      return false;
    }
    return this.opener.open(running, this.slot.scope, opening, tab);
  }

  // ── reacting to the editor ─────────────────────────────────────────────────────────────

  /** `agentChat.*` settings changed: refresh the list; offer a restart if the running agent changed. */
  settingsChanged(): void {
    this.settings = readAgentSettings();
    for (const problem of this.settings.problems) this.deps.log.warn(`Settings: ${problem}`);
    this.agentEmitter.fire();
    const chosen = this.slot.chosen;
    if (!chosen || this.slot.agent.state === 'none') return;
    const now = this.agentEntries().find((e) => e.config.name === chosen.name)?.config;
    if (now && !sameAgentConfig(now, chosen)) {
      void vscode.window
        .showInformationMessage(`The settings of ${chosen.name} changed. Restart it to use them?`, 'Restart Agent')
        .then((answer) => (answer === 'Restart Agent' ? this.start(now) : undefined));
    }
  }

  /** Workspace trust was granted: start what the distrust held back. */
  trustGranted(): void {
    if (this.slot.agent.state === 'failed' || this.slot.agent.state === 'none') void this.restart();
  }

  dispose(): void {
    this.pool.dispose();
    this.tabs.dispose();
    this.lifetime.dispose();
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────

  /** The agent picked last in this workspace (it survives a window reload), else the preferred one. */
  private defaultChoice(): AgentConfig {
    const last = this.slot.lastName;
    const remembered = last ? this.agentEntries().find((e) => e.config.name === last)?.config : undefined;
    return remembered ?? preferredAgent(this.settings, this.deps.extensionPath);
  }

  private fireStatus(): void {
    this.statusEmitter.fire(this.status);
  }
}
