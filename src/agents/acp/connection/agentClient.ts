/**
 * One configured agent: its process, its ACP connection, its sessions.
 *
 * start() → spawn (typed `not_found`), `initialize` raced against the process exiting and a
 * time limit (typed failures with the stderr tail), version check (v1 answer to a v2 request:
 * restart with v1 params, digest §9.2). After that the process may still die: every session
 * ends its turn with an error and a notice, and the lifecycle says `exited`.
 * dispose()/restart() kill the whole process tree. What one started process carries (connection,
 * request handlers, terminals, session routing) is `runningProcess.ts`.
 */
import type { PermissionAdvisor } from '../permissions/permissionAdvice.js';
import { homedir } from 'node:os';
import type { Message, MessageConnection } from 'vscode-jsonrpc/node';
import type { AcpAgentConfig, AgentLifecycle, LaunchFailure } from '../../api.js';
import { StartBackoff } from '../../startBackoff.js';
import type { FileSystemHost, WorkspaceHost } from '../../../services/hostServices.js';
import type { AgentFacts } from './capabilities.js';
import { initializeAgent } from './handshake.js';
import { DEFAULT_CLIENT_INFO } from './initialize.js';
import type { ClientInfo } from '../../../protocol/acp/outgoing.js';
import type { WireFaultKind, WireFaultTally } from '../../../protocol/acp/wireFaults.js';
import { spawnAgent } from './agentProcess.js';
import { loginShellPath } from '../../../services/process/loginShellPath.js';
import { DEFAULT_KILL_GRACE_MS } from '../../../services/process/processTree.js';
import type { AcpChatSession } from '../session/acpSession.js';
import { stopRunningProcess, wireRunningProcess, type RunningProcess } from './runningProcess.js';
import type { LoginCallbacks } from '../auth/login.js';
import type { AuthOutcome } from '../auth/flow.js';
import { AgentLogin } from '../auth/agentLogin.js';
import { openSession, supportOf, type OpenOptions, type OpenRequest } from '../session/sessionOpen.js';
import type { EditorToolsOptions, SessionEditorTools } from '../editorTools/sessionEditorTools.js';
import { buildDeleteRequest, listAgentSessions, sendEnd, type ListResult } from '../session/agentSessions.js';

export interface AgentClientOptions extends LoginCallbacks {
  config: AcpAgentConfig;
  workspace: WorkspaceHost;
  fs: FileSystemHost;
  clientInfo?: ClientInfo;
  /** Time for the agent to answer `initialize` (default 30 s). */
  initializeTimeoutMs?: number;
  /** Bounded wait for the `session/new` answer (default 60 s). */
  sessionOpenTimeoutMs?: number;
  /**
   * Restart-storm guard, shared by every client of the same agent so it spans their starts
   * (default: one for this client).
   */
  backoff?: StartBackoff;
  /** Bounded wait after `session/cancel` (default 10 s). */
  cancelTimeoutMs?: number;
  /** SIGTERM → SIGKILL grace when stopping the agent (default 2 s). */
  killGraceMs?: number;
  stderrLimitBytes?: number;
  /** PATH used to find and run the agent (default: the login-shell PATH, resolved once). */
  pathValue?: () => Promise<string>;
  /** Every ACP message in and out (the protocol log); `count` > 1: a run of streamed chunks joined into one (transport.ts). */
  tap?: (direction: 'in' | 'out', message: Message, count: number) => void;
  /** Agent stderr as it arrives. */
  onStderr?: (text: string) => void;
  /** Diagnostics: ignored input, late answers, unknown stop reasons. */
  log?: (line: string) => void;
  /** The user's auto-approve rules, asked before each permission card (none: every request asks). */
  permissionAdvisor?: PermissionAdvisor;
  /** The editor tools MCP server given to v2 agents' sessions (none: not offered). */
  editorTools?: EditorToolsOptions;
}

export const DEFAULT_INITIALIZE_TIMEOUT_MS = 30_000;

/** How a turn ends when a login restarted the agent under it (not "stopped during the turn"). */
export const LOGIN_RESTART_NOTE = 'The agent needs a login: it was restarted to log in, which ended this turn. Send your message again.';

export class AgentClient {
  private state: AgentLifecycle = { state: 'starting' };
  private running: RunningProcess | undefined;
  private agentFacts: AgentFacts | undefined;
  private readonly listeners = new Set<(lifecycle: AgentLifecycle) => void>();
  private lastStderr = '';
  private lastFaults: WireFaultTally | undefined;
  private disposed = false;
  private generation = 0;
  private latestStart: Promise<AgentLifecycle> | undefined;
  /** Sessions' editor-tool endpoints of the running process, closed when it ends. */
  private readonly editorTools = new Set<SessionEditorTools>();
  /** The launch config; an env-var login restarts the agent with the new variables in it. */
  private currentConfig: AcpAgentConfig;
  private readonly login: AgentLogin;
  private readonly backoff: StartBackoff;
  /** Why the next stop() happens, for the turns it ends (unset: the user stopped or restarted it). */
  private stopNote: string | undefined;

  constructor(private readonly opts: AgentClientOptions) {
    this.currentConfig = opts.config;
    this.backoff = opts.backoff ?? new StartBackoff();
    this.login = new AgentLogin(opts, {
      facts: () => (this.state.state === 'ready' ? this.agentFacts : undefined),
      config: () => this.currentConfig,
      request: (method, params) => {
        if (!this.running) return Promise.reject(new Error('The agent is not running.'));
        return this.running.connection.sendRequest(method, params);
      },
      restart: (config) => {
        this.currentConfig = config;
        // stop() runs synchronously inside start(): the turns it ends learn why.
        this.stopNote = LOGIN_RESTART_NOTE;
        try {
          return this.start();
        } finally {
          this.stopNote = undefined;
        }
      },
    });
  }

  get lifecycle(): AgentLifecycle {
    return this.state;
  }

  /** Negotiated version, prompt capabilities and agent info (after a successful start). */
  get facts(): AgentFacts | undefined {
    return this.agentFacts;
  }

  /**
   * The live ACP connection (undefined unless started), for requests this layer does not wrap
   * yet: authenticate, session/set_config_option, session/list… Do not register handlers on it.
   */
  get connection(): MessageConnection | undefined {
    return this.running?.connection;
  }

  get config(): AcpAgentConfig {
    return this.currentConfig;
  }

  onLifecycle(listener: (lifecycle: AgentLifecycle) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Faults the current (or last) agent process put on the wire, by kind: what was answered
   * with a JSON-RPC error and what was dropped. Each is also in the log.
   */
  wireFaults(): Partial<Record<WireFaultKind, number>> {
    return (this.running?.faults ?? this.lastFaults)?.snapshot() ?? {};
  }

  /** The last bytes the agent wrote to stderr (current process, or the last one that ran). */
  stderrTail(): string {
    return this.running?.process.stderrTail() ?? this.lastStderr;
  }

  /**
   * Launches and initializes; resolves with `ready` or `failed` (never rejects). A later
   * start()/restart() supersedes an unfinished one: its process is killed and the older call
   * resolves with the newer call's outcome.
   */
  start(): Promise<AgentLifecycle> {
    if (this.disposed) return Promise.reject(new Error('This agent client was disposed.'));
    const gen = ++this.generation;
    const run = this.run(gen);
    this.latestStart = run;
    return run;
  }

  private async run(gen: number): Promise<AgentLifecycle> {
    const superseded = () => this.latestStart ?? Promise.resolve(this.state);
    await this.stop();
    if (gen !== this.generation) return superseded();
    this.setState({ state: 'starting' });
    const verdict = this.backoff.beforeStart();
    if (!verdict.go) {
      this.setState({ state: 'failed', failure: stormFailure(this.currentConfig.name, verdict.attempts, verdict.retryAfterMs, this.lastStderr) });
      return this.state;
    }
    if (verdict.waitMs > 0) {
      this.opts.log?.(`the agent died right after its last start; waiting ${verdict.waitMs} ms before starting it again`);
      await new Promise((resolve) => setTimeout(resolve, verdict.waitMs));
      if (gen !== this.generation) return superseded();
    }
    const requested = this.currentConfig.protocolVersion ?? 1;
    let outcome = await this.attempt(requested, gen);
    if (gen !== this.generation) return superseded();
    if (outcome === 'retry_v1' && !this.disposed) {
      this.opts.log?.('agent answered protocol version 1 to a v2 initialize; restarting it with v1 parameters');
      await this.stop();
      if (gen !== this.generation) return superseded();
      outcome = await this.attempt(1, gen);
      if (gen !== this.generation) return superseded();
    }
    if (outcome === 'retry_v1' || this.disposed) outcome = { reason: 'initialize_error', message: 'Start cancelled.', stderrTail: '' };
    if (!this.disposed) this.backoff.started(!('reason' in outcome));
    if ('reason' in outcome) {
      await this.stop();
      this.setState({ state: 'failed', failure: outcome });
    } else {
      this.agentFacts = outcome;
      const title = outcome.info.title ?? outcome.info.name;
      this.setState({ state: 'ready', protocolVersion: outcome.protocolVersion, ...(title ? { agentTitle: title } : {}) });
    }
    return this.state;
  }

  restart(): Promise<AgentLifecycle> {
    return this.start();
  }

  /**
   * `session/new` in the first workspace root (or `cwd`); the roots bound fs and terminals and,
   * when the agent supports it, the other roots go along as `additionalDirectories`. MCP
   * servers the agent cannot take are left out with a warning in the thread. "Authentication
   * required" runs one login and one retry; if that does not help it throws AuthRequiredError.
   */
  newSession(options: OpenOptions = {}): Promise<AcpChatSession> {
    return this.open({ kind: 'new' }, options);
  }

  /**
   * Reopens a session with its history: v1 `session/load`, v2 `session/resume` replaying from
   * the start. The replayed updates are the session's first events (held for the first
   * listener), followed by the answer's modes/config options; the call resolves after both.
   */
  loadSession(sessionId: string, options: OpenOptions = {}): Promise<AcpChatSession> {
    return this.open({ kind: 'load', sessionId }, options);
  }

  /** Reconnects without replay (the client shows its own saved transcript). */
  resumeSession(sessionId: string, options: OpenOptions = {}): Promise<AcpChatSession> {
    return this.open({ kind: 'resume', sessionId }, options);
  }

  /** `session/fork`: a new session that starts with a copy of `sessionId`'s conversation. */
  forkSession(sessionId: string, options: OpenOptions = {}): Promise<AcpChatSession> {
    return this.open({ kind: 'fork', sessionId }, options);
  }

  /** The agent's own session history (`session/list`, every page up to `maxPages`). */
  async listSessions(options: { cwd?: string; maxPages?: number } = {}): Promise<ListResult> {
    const { running, facts } = this.ready();
    return listAgentSessions(running.connection, supportOf(facts), options);
  }

  /** `session/delete` ("not found" counts as deleted); a live session with that id is closed first. */
  async deleteSession(sessionId: string): Promise<void> {
    const { running, facts } = this.ready();
    await running.router.get(sessionId)?.closeSession().catch((err: unknown) => this.opts.log?.(`close before delete failed: ${(err as Error).message}`));
    await sendEnd(running.connection, buildDeleteRequest(supportOf(facts), sessionId));
  }

  /** What session operations the agent advertised (for enabling history/close/delete in the UI). */
  get sessionSupport() {
    return this.agentFacts && this.state.state === 'ready' ? supportOf(this.agentFacts) : undefined;
  }

  /**
   * Runs one login: the given method, or the chooser's / first runnable one. A terminal or
   * env-var login restarts the agent (open sessions end); then start new ones or reopen them.
   */
  authenticate(methodId?: string): Promise<AuthOutcome> {
    return this.login.authenticate(methodId);
  }

  /** `logout` (v1) / `auth/logout` (v2); rejects when the agent did not advertise it. */
  logout(): Promise<void> {
    return this.login.logout();
  }

  private ready(): { running: RunningProcess; facts: AgentFacts } {
    const running = this.running;
    const facts = this.agentFacts;
    if (!running || !facts || this.state.state !== 'ready') throw new Error(`The agent is not ready (${this.state.state}).`);
    return { running, facts };
  }

  private open(req: OpenRequest, options: OpenOptions): Promise<AcpChatSession> {
    // Each attempt reads the connection afresh: a login may have restarted the agent.
    return this.login.withLogin(() => {
      const { running, facts } = this.ready();
      return openSession({
        connection: running.connection,
        router: running.router,
        facts,
        workspaceRoots: this.opts.workspace.roots(),
        cancelTimeoutMs: this.opts.cancelTimeoutMs,
        openTimeoutMs: this.opts.sessionOpenTimeoutMs,
        agentName: this.currentConfig.name,
        log: this.opts.log,
        onAuthRequired: (err) => this.login.forPrompt(err),
        ...(this.opts.permissionAdvisor ? { permissionAdvisor: this.opts.permissionAdvisor } : {}),
        currentRoots: () => this.opts.workspace.roots(),
        ...(this.opts.editorTools ? { editorTools: { options: this.opts.editorTools, track: (tools) => this.trackEditorTools(tools) } } : {}),
      }, req, options);
    });
  }

  private trackEditorTools(tools: SessionEditorTools): void {
    this.editorTools.add(tools);
    const close = tools.close;
    tools.close = () => {
      this.editorTools.delete(tools);
      return close();
    };
  }

  private closeEditorTools(): Promise<unknown> {
    return Promise.allSettled([...this.editorTools].map((tools) => tools.close()));
  }

  /** Stops the agent (whole process tree) and ends its sessions; the client can start again. */
  async stop(): Promise<void> {
    const running = this.running;
    // Started, not awaited, before anything else: the process state must change synchronously.
    const toolsClosed = this.closeEditorTools();
    if (!running) {
      await toolsClosed;
      return;
    }
    this.running = undefined;
    this.lastFaults = running.faults;
    this.lastStderr = await stopRunningProcess(running, this.opts.killGraceMs ?? DEFAULT_KILL_GRACE_MS, this.stopNote);
    await toolsClosed;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await this.stop();
    this.listeners.clear();
  }

  private async attempt(version: 1 | 2, gen: number): Promise<AgentFacts | LaunchFailure | 'retry_v1'> {
    const roots = this.opts.workspace.roots();
    const pathValue = await (this.opts.pathValue ?? (() => loginShellPath()))();
    const spawned = await spawnAgent(this.currentConfig, {
      cwd: roots[0] ?? homedir(),
      pathValue,
      stderrLimit: this.opts.stderrLimitBytes,
      onStderr: this.opts.onStderr,
    });
    if (!spawned.ok) return spawned.failure;
    const proc = spawned.process;
    if (this.disposed || gen !== this.generation) {
      // dispose() or a newer start() ran while we were resolving PATH or spawning: nobody else
      // would ever stop this process.
      await proc.kill(this.opts.killGraceMs ?? DEFAULT_KILL_GRACE_MS);
      return { reason: 'initialize_error', message: 'Start cancelled.', stderrTail: '' };
    }
    const running = wireRunningProcess(proc, {
      pathValue,
      fs: this.opts.fs,
      workspaceRoots: () => this.opts.workspace.roots(),
      tap: this.opts.tap,
      log: this.opts.log,
      onCrash: (crashed, exit) => {
        this.lastStderr = exit.stderrTail;
        if (this.running !== crashed) return;
        void this.closeEditorTools();
        this.lastFaults = crashed.faults;
        this.running = undefined;
        // During initialize the start() race reports the failure; afterwards it is an exit.
        if (this.state.state === 'ready') {
          this.backoff.exited();
          this.setState({ state: 'exited', ...exit });
        }
      },
    });
    this.running = running;

    const timeoutMs = this.opts.initializeTimeoutMs ?? DEFAULT_INITIALIZE_TIMEOUT_MS;
    return initializeAgent(running.connection, proc, version, this.opts.clientInfo ?? DEFAULT_CLIENT_INFO, timeoutMs, {
      terminalAuth: this.opts.terminalAuth !== undefined,
    });
  }

  private setState(state: AgentLifecycle): void {
    this.state = state;
    for (const listener of [...this.listeners]) {
      try {
        listener(state);
      } catch (err) {
        this.opts.log?.(`lifecycle listener failed: ${(err as Error).message}`);
      }
    }
  }
}

function stormFailure(name: string, attempts: number, retryAfterMs: number, stderrTail: string): LaunchFailure {
  return {
    reason: 'restart_storm',
    attempts,
    retryAfterMs,
    stderrTail,
    message: `${name} died right after starting ${attempts} times in a row; it is not started again for ${Math.ceil(retryAfterMs / 1000)} s.`,
  };
}
