/**
 * The one place that owns the state of the chat: the chosen agent, its process and session,
 * the thread, pending permissions. Everything else (view, status bar, commands, notifications)
 * reads from here and listens to its events.
 *
 * Two disposal scopes: `lifetime` lives as long as the extension; `agentScope` lives as long as
 * one agent process (its listeners, its session, the process itself), and is thrown away
 * whole on restart, so a restart never leaks a listener. A session scope nests inside it.
 */
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { AgentConfig, ChatSession, FileSystemHost, LaunchFailure } from '../agent/api.js';
import type { PermissionOption, SessionEvent } from '../protocol/events.js';
import type { AgentChoice, AgentStatus, ComposerCapabilities, PanelSnapshot } from '../shared/webviewProtocol.js';
import type { ApplyResult, ThreadEntry, ToolCallEntry } from '../thread/types.js';
import type { LaunchAgent, LaunchServices, RunningAgent } from './agentPort.js';
import { agentChoices, agentEntries, preferredAgent, readAgentSettings, sameAgentConfig } from './config.js';
import type { AgentEntry, AgentSettings } from './config.js';
import { commandLineOf } from './commandLine.js';
import { DisposableScope } from './disposables.js';
import { buildPromptBlocks } from './promptBlocks.js';
import type { ComposedPrompt } from './promptBlocks.js';
import type { ProtocolLog } from './protocolLog.js';
import { describeLaunchFailure, untrustedStatus } from './statusText.js';
import { archivedThread } from './archive.js';
import { freshThread } from './threadStore.js';
import type { ThreadStore, Thread } from './threadStore.js';

const NO_EXTRAS: ComposerCapabilities = { image: false, audio: false, embeddedContext: false };

export interface PermissionRequest {
  requestId: string;
  toolCallId: string;
  title: string;
  options: PermissionOption[];
}

/** Everything the status bar and the `agentChat.turnRunning` context key render from. */
export interface ChatStatus {
  agent: AgentStatus;
  turnRunning: boolean;
  waitingForPermission: boolean;
  usage: Thread['session']['usage'];
  sessionTitle?: string | null;
}

export interface ContextDeps {
  extensionPath: string;
  launch: LaunchAgent;
  fs: FileSystemHost;
  log: ProtocolLog;
  store: ThreadStore;
}

export class AgentChatContext implements vscode.Disposable {
  private readonly lifetime = new DisposableScope();
  private agentScope = new DisposableScope();
  private sessionScope = new DisposableScope();

  private agent: AgentStatus = { state: 'none' };
  /** The agent the user chose (kept after a failure so "restart" retries it). */
  private chosen: AgentConfig | undefined;
  private running: RunningAgent | undefined;
  private session: ChatSession | undefined;
  private composer: ComposerCapabilities = NO_EXTRAS;
  private settings: AgentSettings;
  private thread: Thread;
  /** The thread already shows a session: the next session starts below it as history. */
  private threadHadSession = false;
  private readonly pending = new Map<string, PermissionRequest>();
  /** The start in progress (a prompt sent meanwhile waits for it). */
  private starting: Promise<AgentStatus> | undefined;

  private readonly rowsEmitter = this.lifetime.add(new vscode.EventEmitter<ApplyResult>());
  private readonly threadEmitter = this.lifetime.add(new vscode.EventEmitter<void>());
  private readonly agentEmitter = this.lifetime.add(new vscode.EventEmitter<void>());
  private readonly statusEmitter = this.lifetime.add(new vscode.EventEmitter<ChatStatus>());
  private readonly permissionEmitter = this.lifetime.add(new vscode.EventEmitter<PermissionRequest>());
  private readonly settledEmitter = this.lifetime.add(new vscode.EventEmitter<string>());

  /** Row changes of the current thread (and whether session facts changed). */
  readonly onRows = this.rowsEmitter.event;
  /** The thread was replaced (new session): views need a snapshot. */
  readonly onThreadReplaced = this.threadEmitter.event;
  /** Agent lifecycle, the agent list or composer capabilities changed. */
  readonly onAgentChanged = this.agentEmitter.event;
  readonly onStatus = this.statusEmitter.event;
  readonly onPermissionRequested = this.permissionEmitter.event;
  /** A pending permission was answered (from anywhere) or withdrawn. */
  readonly onPermissionSettled = this.settledEmitter.event;

  constructor(private readonly deps: ContextDeps) {
    this.settings = readAgentSettings();
    this.thread = deps.store.restore() ?? freshThread();
  }

  // ── reading ────────────────────────────────────────────────────────────────────────────

  get status(): ChatStatus {
    const session = this.thread.session;
    return {
      agent: this.agent,
      turnRunning: session.turnState !== 'idle',
      waitingForPermission: this.pending.size > 0,
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

  get sessionFacts(): Thread['session'] {
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
    };
  }

  findToolCall(toolCallId: string): ToolCallEntry | undefined {
    for (let i = this.thread.entries.length - 1; i >= 0; i--) {
      const entry = this.thread.entries[i]!;
      if (entry.type === 'tool_call' && entry.toolCallId === toolCallId) return entry;
    }
    return undefined;
  }

  pendingPermission(requestId: string): PermissionRequest | undefined {
    return this.pending.get(requestId);
  }

  // ── agent lifecycle ────────────────────────────────────────────────────────────────────

  /** Starts the preferred agent unless one is chosen already (the chat was opened). */
  async ensureStarted(): Promise<void> {
    if (this.agent.state !== 'none') return;
    await this.start(this.chosen ?? preferredAgent(this.settings, this.deps.extensionPath));
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
    const config = this.chosen ?? preferredAgent(this.settings, this.deps.extensionPath);
    // Pick up edited settings for the same name.
    const fresh = this.agentEntries().find((e) => e.config.name === config.name)?.config ?? config;
    return this.start(fresh);
  }

  /** A fresh thread and session on the running agent (or a start when none runs). */
  async newSession(): Promise<void> {
    // Leave no turn running unseen in the old session.
    if (this.session && this.thread.session.turnState !== 'idle') await this.session.cancel();
    this.replaceThread(freshThread());
    if (this.running && this.agent.state === 'ready' && !this.agentScope.isDisposed) {
      await this.openSession(this.running, this.agentScope);
    } else {
      await this.start(this.chosen ?? preferredAgent(this.settings, this.deps.extensionPath));
    }
  }

  // ── turns ──────────────────────────────────────────────────────────────────────────────

  async send(prompt: ComposedPrompt): Promise<void> {
    if (!this.session && this.agent.state === 'none') await this.ensureStarted();
    // Sent while the agent was starting (or its session opening): wait instead of refusing.
    if (!this.session && this.starting) await this.starting;
    const session = this.session;
    if (!session) {
      this.notice('warning', 'No agent session to send to', describeNoSession(this.agent));
      return;
    }
    const built = await buildPromptBlocks(prompt, this.composer, (path) => this.deps.fs.readTextFile(path));
    if (built.dropped.length > 0) this.notice('warning', 'Some attachments were not sent', built.dropped.join('\n'));
    if (built.blocks.length === 0) return;
    try {
      await session.prompt(built.blocks);
    } catch (error) {
      // The session reports turn errors as events; anything thrown here is a local failure.
      this.deps.log.error(`prompt failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      if (this.session === session) this.notice('error', 'The prompt could not be sent', errorText(error));
    }
  }

  /** Cancels the running turn; false when there is none. */
  async cancel(): Promise<boolean> {
    const session = this.session;
    if (!session || this.thread.session.turnState === 'idle') return false;
    await session.cancel();
    return true;
  }

  /** First answer wins: false when the request was already answered or withdrawn. */
  answerPermission(requestId: string, optionId: string): boolean {
    const request = this.pending.get(requestId);
    const session = this.session;
    if (!request || !session) return false;
    if (!request.options.some((o) => o.optionId === optionId)) return false;
    this.settle(requestId);
    session.answerPermission(requestId, { outcome: 'selected', optionId });
    return true;
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
    this.lifetime.dispose();
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────

  private launchServices(config: AgentConfig): LaunchServices {
    const log = this.deps.log;
    return {
      fs: this.deps.fs,
      roots: workspaceRoots,
      tap: (direction, message) => log.message(config.name, direction, message),
      stderr: (line) => log.stderr(config.name, line),
      log: (line) => log.info(`[${config.name}] ${line}`),
    };
  }

  private async openSession(running: RunningAgent, agentScope: DisposableScope): Promise<void> {
    if (this.threadHadSession) {
      this.replaceThread(archivedThread(this.thread.snapshot(), {
        title: `New session with ${running.config.name}`,
        detail: 'The agent does not remember the conversation above.',
      }));
    }
    this.sessionScope.dispose();
    const scope = (this.sessionScope = new DisposableScope());
    this.session = undefined;
    let session: ChatSession;
    try {
      session = await running.newSession(workspaceRoots()[0] ?? os.homedir());
    } catch (error) {
      if (scope.isDisposed) return;
      this.deps.log.error(`session/new failed: ${errorText(error)}`);
      this.notice('error', `${running.config.name} could not open a session`, errorText(error));
      this.setAgent({ state: 'failed', agentName: running.config.name, reason: `Could not open a session: ${errorText(error)}` }, NO_EXTRAS);
      return;
    }
    if (scope.isDisposed || agentScope.isDisposed) return;
    this.session = session;
    this.threadHadSession = true;
    scope.add(session.onEvent((event) => this.onSessionEvent(event)));
    scope.add({
      dispose: () => {
        if (this.session === session) this.session = undefined;
        for (const requestId of [...this.pending.keys()]) this.settle(requestId);
      },
    });
    this.fireStatus();
  }

  private onSessionEvent(event: SessionEvent): void {
    const result = this.thread.apply(event);
    if (result.rows.length > 0 || result.session) this.rowsEmitter.fire(result);
    let statusChanged = result.session;
    let requested: PermissionRequest | undefined;
    switch (event.kind) {
      case 'permission_requested': {
        const request: PermissionRequest = {
          requestId: event.requestId,
          toolCallId: event.toolCallId,
          title: event.title ?? this.findToolCall(event.toolCallId)?.title ?? 'The agent asks for permission',
          options: event.options,
        };
        this.pending.set(event.requestId, request);
        requested = request;
        statusChanged = true;
        break;
      }
      case 'permission_resolved':
        statusChanged = this.settle(event.requestId) || statusChanged;
        break;
      case 'turn_ended':
        // Whatever the session did not resolve is moot once the turn is over.
        for (const requestId of [...this.pending.keys()]) statusChanged = this.settle(requestId) || statusChanged;
        break;
      default:
        break;
    }
    if (statusChanged) this.fireStatus();
    // After the status: whoever answers or notifies sees the state that includes the request.
    if (requested) this.permissionEmitter.fire(requested);
    // A turn's start and end are checkpoints worth saving at once: a window reload right after a
    // turn must not lose its end to the debounce (deactivation is not guaranteed time to save).
    if (event.kind === 'turn_ended' || event.kind === 'prompt_sent') void this.deps.store.flush(this.thread);
    else this.deps.store.schedule(this.thread);
  }

  private settle(requestId: string): boolean {
    if (!this.pending.delete(requestId)) return false;
    this.settledEmitter.fire(requestId);
    this.fireStatus();
    return true;
  }

  private agentExited(running: RunningAgent, exitCode: number | null, signal: string | null, stderrTail: string): void {
    if (this.running !== running) return;
    const how = signal ? `was killed by ${signal}` : `exited with code ${exitCode}`;
    this.deps.log.warn(`${running.config.name} ${how}`);
    // An open session reports the exit in the thread itself (ending its turn); say it only without one.
    if (!this.session) this.notice('error', `${running.config.name} ${how}`, stderrTail || undefined);
    // Drop the process scope but keep the status: the user sees why and can restart.
    this.disposeAgent();
    this.setAgent({ state: 'exited', agentName: running.config.name, reason: `The agent ${how}.`, exitCode, stderrTail }, NO_EXTRAS);
  }

  private disposeAgent(): void {
    this.sessionScope.dispose();
    this.agentScope.dispose();
    this.session = undefined;
    this.running = undefined;
  }

  private replaceThread(thread: Thread): void {
    this.sessionScope.dispose();
    this.thread = thread;
    this.threadHadSession = false;
    this.threadEmitter.fire();
    this.fireStatus();
    this.deps.store.schedule(this.thread);
  }

  /** A notice in the thread (visible in the chat, persisted with it). */
  private notice(severity: 'info' | 'warning' | 'error', title: string, detail?: string): void {
    const result = this.thread.apply({ kind: 'notice_local', severity, title, detail });
    if (result.rows.length > 0) this.rowsEmitter.fire(result);
    this.deps.store.schedule(this.thread);
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

function failedStatus(config: AgentConfig, failure: LaunchFailure, commandLine: string): AgentStatus {
  const described = describeLaunchFailure(failure, config);
  return {
    state: 'failed',
    agentName: config.name,
    reason: described.reason,
    fix: described.fix,
    commandLine,
    exitCode: failure.reason === 'exited_during_initialize' ? failure.exitCode : undefined,
    stderrTail: 'stderrTail' in failure ? failure.stderrTail : undefined,
  };
}

function describeNoSession(agent: AgentStatus): string {
  switch (agent.state) {
    case 'none':
      return 'No agent is selected. Pick one with "Agent Chat: Select Agent".';
    case 'starting':
      return `${agent.agentName} is still starting; send again in a moment.`;
    case 'ready':
      return `${agent.agentName} has no open session. Try "Agent Chat: New Session".`;
    case 'failed':
      return `${agent.agentName} is not running: ${agent.reason}`;
    case 'exited':
      return `${agent.agentName} is not running: ${agent.reason} Use "Agent Chat: Restart Agent".`;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
