/**
 * The one place that owns the state of the chat: the chosen agent, its process and session,
 * and the thread (chatThread.ts: rows, pending permissions, saving). Everything else (view,
 * status bar, commands, notifications) reads from here and listens to its events.
 *
 * Two disposal scopes: `lifetime` lives as long as the extension; `agentScope` lives as long as
 * one agent process (its listeners, its session, the process itself), and is thrown away
 * whole on restart, so a restart never leaks a listener. A session scope nests inside it.
 */
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { AgentConfig, FileSystemHost } from '../agent/api.js';
import { AuthRequiredError } from '../agent/auth/login.js';
import type { SessionEvent } from '../protocol/events.js';
import type { AgentChoice, AgentStatus, ComposerCapabilities, PanelSnapshot, SessionTabs } from '../shared/webviewProtocol.js';
import type { ApplyResult, SessionFacts, ThreadEntry, ToolCallEntry } from '../thread/types.js';
import type { McpParseResult } from '../agent/mcp/parse.js';
import type { SessionSupport } from '../history/agentSessions.js';
import { recordTranscript } from '../history/recorder.js';
import type { TranscriptStore } from '../history/store.js';
import type { LaunchAgent, LaunchServices, LiveSession, RunningAgent, SessionPlace } from './agentPort.js';
import { agentChoices, agentEntries, preferredAgent, readAgentSettings, sameAgentConfig } from './config.js';
import type { AgentEntry, AgentSettings } from './config.js';
import { commandLineOf } from './commandLine.js';
import { DisposableScope } from './disposables.js';
import { loginCallbacks } from './loginUi.js';
import { describeMcpProblems } from './mcpServers.js';
import { buildPromptBlocks } from './promptBlocks.js';
import type { ComposedPrompt } from './promptBlocks.js';
import type { ProtocolLog } from './protocolLog.js';
import { describeNoSession, failedStatus, untrustedStatus } from './statusText.js';
import { ChatThread } from './chatThread.js';
import type { PermissionRequest } from './chatThread.js';
import { SessionTab } from './sessionTabs.js';
import type { Thread, ThreadStore } from './threadStore.js';

export type { PermissionRequest } from './chatThread.js';

const NO_EXTRAS: ComposerCapabilities = { image: false, audio: false, embeddedContext: false };

/** Everything the status bar and the `agentChat.turnRunning` context key render from. */
export interface ChatStatus {
  agent: AgentStatus;
  turnRunning: boolean;
  waitingForPermission: boolean;
  usage: SessionFacts['usage'];
  sessionTitle?: string | null;
}

/** workspaceState key: name of the agent last started in this workspace. */
const LAST_AGENT_KEY = 'agentChat.lastAgent';

export interface ContextDeps {
  extensionPath: string;
  /** Extension-private workspace storage (never the repository's files). */
  state: vscode.Memento;
  launch: LaunchAgent;
  fs: FileSystemHost;
  log: ProtocolLog;
  store: ThreadStore;
  /** Every session's conversation is kept here for the history list (optional in tests). */
  transcripts?: TranscriptStore;
  /** MCP servers to hand each new, loaded or resumed session (settings + trusted mcp.json). */
  mcpServers?: () => Promise<McpParseResult>;
}

/** How a session is opened: fresh, or an earlier one by id (with or without replay). */
export type SessionOpening = { kind: 'new' } | { kind: 'load' | 'resume'; sessionId: string };

export class AgentChatContext implements vscode.Disposable {
  private readonly lifetime = new DisposableScope();
  private agentScope = new DisposableScope();

  private agent: AgentStatus = { state: 'none' };
  /** The agent the user chose (kept after a failure so "restart" retries it). */
  private chosen: AgentConfig | undefined;
  private running: RunningAgent | undefined;
  /** Open conversations, in strip order; `active` is the one the panel and status bar show. */
  private tabs: SessionTab[] = [];
  private active: SessionTab;
  private tabsKey = '';
  private composer: ComposerCapabilities = NO_EXTRAS;
  private settings: AgentSettings;
  /** The start in progress (a prompt sent meanwhile waits for it). */
  private starting: Promise<AgentStatus> | undefined;

  private readonly agentEmitter = this.lifetime.add(new vscode.EventEmitter<void>());
  private readonly statusEmitter = this.lifetime.add(new vscode.EventEmitter<ChatStatus>());
  private readonly rowsEmitter = this.lifetime.add(new vscode.EventEmitter<ApplyResult>());
  private readonly replacedEmitter = this.lifetime.add(new vscode.EventEmitter<void>());
  private readonly requestedEmitter = this.lifetime.add(new vscode.EventEmitter<PermissionRequest>());
  private readonly settledEmitter = this.lifetime.add(new vscode.EventEmitter<string>());
  private readonly tabsEmitter = this.lifetime.add(new vscode.EventEmitter<SessionTabs>());

  /** Agent lifecycle, the agent list or composer capabilities changed. */
  readonly onAgentChanged = this.agentEmitter.event;
  readonly onStatus = this.statusEmitter.event;
  /** Row changes of the active tab's thread (and whether its session facts changed). */
  readonly onRows = this.rowsEmitter.event;
  /** Another thread is shown (new session, tab switch, reopened history): views need a snapshot. */
  readonly onThreadReplaced = this.replacedEmitter.event;
  /** A permission question from any tab (a background tab's turn may need an answer too). */
  readonly onPermissionRequested = this.requestedEmitter.event;
  /** A pending permission was answered (from anywhere) or withdrawn. */
  readonly onPermissionSettled = this.settledEmitter.event;
  /** Tabs were added, closed, renamed or changed state. */
  readonly onTabs = this.tabsEmitter.event;

  constructor(private readonly deps: ContextDeps) {
    this.settings = readAgentSettings();
    this.active = this.addTab(new ChatThread(deps.store));
  }

  private get thread(): ChatThread {
    return this.active.thread;
  }

  private get session(): LiveSession | undefined {
    return this.active.session;
  }

  // ── reading ────────────────────────────────────────────────────────────────────────────

  get status(): ChatStatus {
    const session = this.thread.session;
    return {
      agent: this.agent,
      turnRunning: this.thread.turnRunning,
      waitingForPermission: this.thread.waitingForPermission,
      usage: session.usage,
      sessionTitle: session.title,
    };
  }

  get agentStatus(): AgentStatus {
    return this.agent;
  }

  get composerCapabilities(): ComposerCapabilities {
    return this.composer;
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
    return this.chosen;
  }

  /** The chosen (or running) agent's name, if any. */
  get agentName(): string | undefined {
    return this.chosen?.name;
  }

  agentEntries(detected?: Parameters<typeof agentEntries>[2]): AgentEntry[] {
    return agentEntries(this.settings, this.deps.extensionPath, detected);
  }

  snapshot(): PanelSnapshot {
    return {
      agent: this.agent,
      agents: this.agents,
      entries: [...this.thread.entries],
      session: this.thread.session,
      composer: this.composer,
      tabs: this.tabsInfo(),
    };
  }

  tabsInfo(): SessionTabs {
    return { tabs: this.tabs.map((t) => t.info()), activeId: this.active.id };
  }

  findToolCall(toolCallId: string): ToolCallEntry | undefined {
    return this.thread.findToolCall(toolCallId);
  }

  pendingPermission(requestId: string): PermissionRequest | undefined {
    for (const tab of this.tabs) {
      const request = tab.thread.pendingPermission(requestId);
      if (request) return request;
    }
    return undefined;
  }

  // ── agent lifecycle ────────────────────────────────────────────────────────────────────

  /** Starts the preferred agent unless one is chosen already (the chat was opened). */
  async ensureStarted(): Promise<void> {
    if (this.agent.state !== 'none') return;
    await this.start(this.chosen ?? this.defaultChoice());
  }

  /** Starts `config`, replacing whatever runs now. Resolves when it is ready or has failed. */
  start(config: AgentConfig, cancel?: vscode.CancellationToken): Promise<AgentStatus> {
    const starting = this.startNow(config, cancel);
    this.starting = starting;
    const clear = () => {
      if (this.starting === starting) this.starting = undefined;
    };
    starting.then(clear, clear);
    return starting;
  }

  private async startNow(config: AgentConfig, cancel?: vscode.CancellationToken): Promise<AgentStatus> {
    this.chosen = config;
    // Only the name is remembered; the command is always looked up in user settings again.
    void this.deps.state.update(LAST_AGENT_KEY, config.name);
    this.disposeAgent();
    if (!vscode.workspace.isTrusted) {
      this.setAgent(untrustedStatus(config.name), NO_EXTRAS);
      return this.agent;
    }
    const scope = (this.agentScope = new DisposableScope());
    const abort = new AbortController();
    scope.add({ dispose: () => abort.abort() });
    if (cancel) scope.add(cancel.onCancellationRequested(() => abort.abort()));

    this.setAgent({ state: 'starting', agentName: config.name }, NO_EXTRAS);
    this.deps.log.info(`Starting ${config.name}: ${commandLineOf(config)}`);
    let result: Awaited<ReturnType<LaunchAgent>>;
    try {
      result = await this.deps.launch(config, this.launchServices(config), abort.signal);
    } catch (error) {
      if (scope.isDisposed) return this.agent;
      const message = error instanceof Error ? error.message : String(error);
      this.deps.log.error(`${config.name} could not start: ${message}`);
      this.setAgent({ state: 'failed', agentName: config.name, reason: message, commandLine: commandLineOf(config) }, NO_EXTRAS);
      return this.agent;
    }
    if (scope.isDisposed || abort.signal.aborted) {
      if (result.ok) void result.agent.dispose();
      if (!scope.isDisposed) {
        scope.dispose();
        this.setAgent({ state: 'none' }, NO_EXTRAS);
      }
      return this.agent;
    }
    if (!result.ok) {
      this.deps.log.error(`${config.name} failed to start: ${result.failure.message}`);
      this.setAgent(failedStatus(config, result.failure, result.commandLine), NO_EXTRAS);
      return this.agent;
    }
    const running = result.agent;
    this.running = running;
    scope.add({ dispose: () => void running.dispose().catch(() => undefined) });
    scope.add({ dispose: () => (this.running === running ? (this.running = undefined) : undefined) });
    scope.add(running.onLifecycle((lifecycle) => {
      if (lifecycle.state === 'exited') this.agentExited(running, lifecycle.exitCode, lifecycle.signal, lifecycle.stderrTail);
    }));
    const lifecycle = running.lifecycle;
    this.setAgent(
      {
        state: 'ready',
        agentName: config.name,
        agentTitle: running.agentTitle,
        protocolVersion: lifecycle.state === 'ready' ? lifecycle.protocolVersion : config.protocolVersion,
      },
      running.composer,
    );
    await this.openSession(running, scope);
    return this.agent;
  }

  /** Restarts the chosen agent; with none chosen, starts the preferred one. */
  async restart(): Promise<AgentStatus> {
    const config = this.chosen ?? this.defaultChoice();
    // Pick up edited settings for the same name.
    const fresh = this.agentEntries().find((e) => e.config.name === config.name)?.config ?? config;
    return this.start(fresh);
  }

  /** A fresh thread and session on the running agent (or a start when none runs). */
  async newSession(): Promise<void> {
    if (this.starting) {
      // The start under way opens the session; it lands on the empty thread.
      this.thread.clear();
      await this.starting;
      return;
    }
    if (this.running && this.agent.state === 'ready' && !this.agentScope.isDisposed) {
      // A new tab beside the others: their sessions (and running turns) carry on.
      const tab = this.isBlank(this.active) ? this.active : this.addTab(new ChatThread(this.deps.store, false));
      this.activate(tab);
      await this.openSession(this.running, this.agentScope, { kind: 'new' }, tab);
    } else {
      this.thread.clear();
      await this.start(this.chosen ?? this.defaultChoice());
    }
  }

  // ── tabs ───────────────────────────────────────────────────────────────────────────────

  /** Shows another tab; the status bar follows it. */
  switchTab(id: string): boolean {
    const tab = this.tabs.find((t) => t.id === id);
    if (!tab) return false;
    this.activate(tab);
    return true;
  }

  /** Ends the tab's session (`session/close` when supported) and drops its thread from the panel. */
  async closeTab(id: string): Promise<void> {
    const tab = this.tabs.find((t) => t.id === id);
    if (!tab) return;
    const session = tab.session;
    if (session) {
      await session.closeSession().catch((error: unknown) => this.deps.log.warn(`session/close failed: ${errorText(error)}`));
    }
    const index = this.tabs.indexOf(tab);
    this.tabs.splice(index, 1);
    tab.dispose();
    // Never zero tabs: the panel always has a conversation to show (the next prompt opens a session).
    const next = this.tabs[Math.min(index, this.tabs.length - 1)] ?? this.addTab(new ChatThread(this.deps.store, false));
    if (this.active === tab) this.activate(next);
    else this.fireTabs();
  }

  private addTab(thread: ChatThread): SessionTab {
    const tab = new SessionTab(thread);
    this.tabs.push(tab);
    thread.onRows((result) => {
      if (this.active === tab) this.rowsEmitter.fire(result);
      if (result.session) this.fireTabs();
    });
    thread.onReplaced(() => {
      if (this.active === tab) this.replacedEmitter.fire();
    });
    thread.onPermissionRequested((request) => this.requestedEmitter.fire(request));
    thread.onPermissionSettled((requestId) => {
      this.settledEmitter.fire(requestId);
      if (this.active === tab) this.fireStatus();
      this.fireTabs();
    });
    this.fireTabs();
    return tab;
  }

  private activate(tab: SessionTab): void {
    if (this.active !== tab) {
      this.active.thread.setSaving(false);
      tab.thread.setSaving(true);
      this.active = tab;
      this.replacedEmitter.fire();
    }
    this.fireStatus();
    this.fireTabs();
  }

  /** An untouched tab without a session: reuse it instead of adding another. */
  private isBlank(tab: SessionTab): boolean {
    return !tab.session && tab.thread.entries.length === 0;
  }

  private fireTabs(): void {
    // The first tab is added while the context is being built: nobody listens yet.
    if (!this.active) return;
    const tabs = this.tabsInfo();
    const key = JSON.stringify(tabs);
    if (key === this.tabsKey) return;
    this.tabsKey = key;
    this.tabsEmitter.fire(tabs);
  }

  // ── turns ──────────────────────────────────────────────────────────────────────────────

  async send(prompt: ComposedPrompt): Promise<void> {
    if (!this.session && this.agent.state === 'none') await this.ensureStarted();
    // Sent while the agent was starting (or its session opening): wait instead of refusing.
    if (!this.session && this.starting) await this.starting;
    // A saved conversation shown read-only has no session: the first prompt opens a new one below it.
    if (!this.session && this.running && this.agent.state === 'ready') await this.openSession(this.running, this.agentScope);
    const session = this.session;
    if (!session) {
      this.thread.notice('warning', 'No agent session to send to', describeNoSession(this.agent));
      return;
    }
    const built = await buildPromptBlocks(prompt, this.composer, (path) => this.deps.fs.readTextFile(path));
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
    const tab = this.tabs.find((t) => t.thread.pendingPermission(requestId)) ?? this.active;
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
      this.thread.notice('warning', `Cannot change the ${what}`, describeNoSession(this.agent));
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
    return this.agent.state === 'ready' ? this.running?.sessionSupport : undefined;
  }

  /** The running agent's own session list; undefined when it has none to offer. */
  async agentSessions(): Promise<{ agentName: string; sessions: Awaited<ReturnType<RunningAgent['listSessions']>> } | undefined> {
    const running = this.running;
    if (!running || !this.sessionSupport?.list) return undefined;
    return { agentName: running.config.name, sessions: await running.listSessions(workspaceRoots()[0]) };
  }

  /**
   * Reopens a past conversation on `config`'s agent (started if it is not the running one).
   * `thread` is what to show first (a saved transcript, or empty before a replay); with no
   * `opening` the thread is only shown, read-only, and the next prompt starts a new session.
   */
  async reopen(config: AgentConfig | undefined, thread: Thread, opening: SessionOpening | undefined): Promise<boolean> {
    if (opening && config && (this.chosen?.name !== config.name || this.agent.state !== 'ready')) await this.start(config);
    // A live conversation keeps its tab; the reopened one gets its own.
    if (this.active.session && this.thread.entries.length > 0) this.activate(this.addTab(new ChatThread(this.deps.store, false)));
    // An empty tab's session is replaced by the reopened one: end it on the agent too.
    void this.active.session?.closeSession().catch(() => undefined);
    this.active.renewScope();
    this.thread.show(thread);
    if (!opening) {
      this.fireStatus();
      return true;
    }
    const running = this.running;
    if (!running || this.agent.state !== 'ready') {
      this.thread.notice('warning', 'The conversation is shown read-only', describeNoSession(this.agent));
      return false;
    }
    return this.openSession(running, this.agentScope, opening);
  }

  // ── reacting to the editor ─────────────────────────────────────────────────────────────

  /** `agentChat.*` settings changed: refresh the list; offer a restart if the running agent changed. */
  settingsChanged(): void {
    this.settings = readAgentSettings();
    for (const problem of this.settings.problems) this.deps.log.warn(`Settings: ${problem}`);
    this.agentEmitter.fire();
    const chosen = this.chosen;
    if (!chosen || this.agent.state === 'none') return;
    const now = this.agentEntries().find((e) => e.config.name === chosen.name)?.config;
    if (now && !sameAgentConfig(now, chosen)) {
      void vscode.window
        .showInformationMessage(`The settings of ${chosen.name} changed. Restart it to use them?`, 'Restart Agent')
        .then((answer) => (answer === 'Restart Agent' ? this.start(now) : undefined));
    }
  }

  /** Workspace trust was granted: start what the distrust held back. */
  trustGranted(): void {
    if (this.agent.state === 'failed' || this.agent.state === 'none') void this.restart();
  }

  dispose(): void {
    this.disposeAgent();
    for (const tab of this.tabs) tab.dispose();
    this.lifetime.dispose();
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────

  /** The agent picked last in this workspace (it survives a window reload), else the preferred one. */
  private defaultChoice(): AgentConfig {
    const last = this.deps.state.get<string>(LAST_AGENT_KEY);
    const remembered = last ? this.agentEntries().find((e) => e.config.name === last)?.config : undefined;
    return remembered ?? preferredAgent(this.settings, this.deps.extensionPath);
  }

  private launchServices(config: AgentConfig): LaunchServices {
    const log = this.deps.log;
    return {
      fs: this.deps.fs,
      roots: workspaceRoots,
      tap: (direction, message) => log.message(config.name, direction, message),
      stderr: (line) => log.stderr(config.name, line),
      log: (line) => log.info(`[${config.name}] ${line}`),
      login: loginCallbacks(config.name),
    };
  }

  /** Where sessions live and which MCP servers they get; a broken MCP config never blocks a session. */
  private async sessionPlace(): Promise<SessionPlace & { mcpProblems: McpParseResult['problems'] }> {
    const cwd = workspaceRoots()[0] ?? os.homedir();
    try {
      const mcp = await this.deps.mcpServers?.();
      return { cwd, mcpServers: mcp?.servers ?? [], mcpProblems: mcp?.problems ?? [] };
    } catch (error) {
      this.deps.log.warn(`MCP servers not read: ${errorText(error)}`);
      return { cwd, mcpProblems: [] };
    }
  }

  private async openSession(
    running: RunningAgent,
    agentScope: DisposableScope,
    opening: SessionOpening = { kind: 'new' },
    tab: SessionTab = this.active,
  ): Promise<boolean> {
    const scope = tab.renewScope();
    tab.session = undefined;
    const thread = tab.thread;
    let session: LiveSession;
    const place = await this.sessionPlace();
    try {
      session = opening.kind === 'new' ? await running.newSession(place)
        : opening.kind === 'load' ? await running.loadSession(opening.sessionId, place)
        : await running.resumeSession(opening.sessionId, place);
    } catch (error) {
      if (scope.isDisposed) return false;
      this.deps.log.error(`session/${opening.kind} failed: ${errorText(error)}`);
      if (opening.kind !== 'new') {
        // The agent refused to reopen it: the thread (saved transcript, if any) stays readable.
        thread.notice('error', `${running.config.name} could not reopen the session`, errorText(error));
        this.fireStatus();
        return false;
      }
      const name = running.config.name;
      if (error instanceof AuthRequiredError) {
        // The login the agent layer ran (or offered) did not get us in: say so where the user looks.
        thread.apply({ kind: 'auth_required', methods: error.methods, message: error.message });
        this.setAgent({
          state: 'failed',
          agentName: name,
          reason: `${name} needs a login: ${error.loginOutcome}`,
          fix: `Log in with the agent's own CLI, or set its API key in agentChat.agents → env, then restart the agent.`,
        }, NO_EXTRAS);
        return false;
      }
      thread.notice('error', `${name} could not open a session`, errorText(error));
      this.setAgent({ state: 'failed', agentName: name, reason: `Could not open a session: ${errorText(error)}` }, NO_EXTRAS);
      return false;
    }
    if (scope.isDisposed || agentScope.isDisposed) {
      // Superseded while the agent answered: nobody will ever use this session.
      void session.closeSession().catch(() => undefined);
      return false;
    }
    // A reopened thread was just shown (nothing to archive); this marks it as a session's, so a
    // later session on another agent process keeps it as history above.
    thread.beginSession(running.config.name);
    tab.session = session;
    // The thread listens first, so the recorder always saves a thread that already has the event.
    scope.add(session.onEvent((event) => this.onSessionEvent(tab, event)));
    this.record(running.config.name, session, scope, thread);
    if (place.mcpProblems.length > 0) thread.notice('warning', 'Some MCP servers were left out or changed', describeMcpProblems(place.mcpProblems));
    scope.add({
      dispose: () => {
        if (tab.session === session) tab.session = undefined;
        thread.settleAll();
        this.fireTabs();
      },
    });
    this.fireStatus();
    this.fireTabs();
    return true;
  }

  /** Keeps the session's conversation in the transcript store until the session scope ends. */
  private record(agentName: string, session: LiveSession, scope: DisposableScope, thread: ChatThread): void {
    const store = this.deps.transcripts;
    if (!store) return;
    const ids = { agentName, sessionId: session.sessionId, cwd: session.cwd };
    const recording = recordTranscript(store, ids, { onEvent: (l) => session.onEvent(l), snapshot: () => thread.snapshot() });
    // A replay (or a reopened transcript) arrived before the recorder listened: save it now.
    if (thread.entries.length > 0) store.schedule(agentName, session.sessionId, () => ({ ...ids, ...thread.snapshot() }));
    scope.add({ dispose: () => void recording.dispose().catch((e: unknown) => this.deps.log.warn(`transcript not saved: ${errorText(e)}`)) });
  }

  private onSessionEvent(tab: SessionTab, event: SessionEvent): void {
    const { statusChanged, requested } = tab.thread.apply(event);
    if (statusChanged && tab === this.active) this.fireStatus();
    if (statusChanged) this.fireTabs();
    if (requested) tab.thread.announce(requested);
  }

  private agentExited(running: RunningAgent, exitCode: number | null, signal: string | null, stderrTail: string): void {
    if (this.running !== running) return;
    const how = signal ? `was killed by ${signal}` : `exited with code ${exitCode}`;
    this.deps.log.warn(`${running.config.name} ${how}`);
    // An open session reports the exit in the thread itself (ending its turn); say it only without one.
    if (!this.session) this.thread.notice('error', `${running.config.name} ${how}`, stderrTail || undefined);
    // Drop the process scope but keep the status: the user sees why and can restart.
    this.disposeAgent();
    this.setAgent({ state: 'exited', agentName: running.config.name, reason: `The agent ${how}.`, exitCode, stderrTail }, NO_EXTRAS);
  }

  private disposeAgent(): void {
    for (const tab of this.tabs) {
      tab.scope.dispose();
      tab.session = undefined;
    }
    this.agentScope.dispose();
    this.running = undefined;
  }

  private setAgent(status: AgentStatus, composer: ComposerCapabilities): void {
    this.agent = status;
    this.composer = composer;
    this.agentEmitter.fire();
    this.fireStatus();
  }

  private fireStatus(): void {
    this.statusEmitter.fire(this.status);
  }
}

export function workspaceRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
