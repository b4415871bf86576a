/**
 * The chosen agent and its process: start, restart, exit, and the status the panel and status
 * bar show for it. Everything tied to one process lives in `scope`, which is thrown away whole
 * on restart or exit, so a restart never leaks a listener.
 */
import * as vscode from 'vscode';
import { isA2aConfig, type AgentConfig } from '../../agents/api.js';
import type { FileSystemHost } from '../../services/hostServices.js';
import type { AgentStatus, ComposerCapabilities } from '../../shared/webviewProtocol.js';
import type { AgentSecrets } from './agentSecrets.js';
import type { PermissionAdvisor } from '../../agents/acp/permissions/permissionAdvice.js';
import type { EditorToolsOptions } from '../../agents/acp/editorTools/sessionEditorTools.js';
import type { LaunchAgent, LaunchServices, RunningAgent } from './agentPort.js';
import { commandLineOf } from './commandLine.js';
import { DisposableScope } from '../disposables.js';
import { loginCallbacks } from './loginUi.js';
import type { ProtocolLog } from '../protocolLog.js';
import { failedStatus, untrustedStatus } from './statusText.js';
import { protocolLabel } from './protocolLabel.js';
import { workspaceRoots } from '../editor/workspaceRoots.js';
import { rememberSecretsIn } from '../../services/redact.js';

export const NO_EXTRAS: ComposerCapabilities = { image: false, audio: false, embeddedContext: false };

/** workspaceState key: name of the agent last started in this workspace. */
const LAST_AGENT_KEY = 'agentChat.lastAgent';

export interface AgentSlotDeps {
  state: vscode.Memento;
  launch: LaunchAgent;
  fs: FileSystemHost;
  log: ProtocolLog;
  /** Variables entered at an env-var login, set on the agent's environment at each start. */
  secrets?: AgentSecrets;
  /** The user's auto-approve rules, per agent name. */
  permissionAdvisor?: (agentName: string) => PermissionAdvisor;
  /** The editor tools MCP server for ACP v2 agents' sessions (absent: not offered). */
  editorTools?: EditorToolsOptions;
}

export interface AgentSlotHooks {
  /** The status or composer capabilities changed. */
  changed(): void;
  /** The process is ready: open the first session on it (inside its scope). */
  ready(running: RunningAgent, scope: DisposableScope): Promise<void>;
  /** The process scope ends (restart, exit, shutdown): every session on it is gone. */
  ending(): void;
  /** The process went away on its own (`how` reads "exited with code 1"). */
  exited(running: RunningAgent, how: string, stderrTail: string): void;
}

export class AgentSlot {
  private status: AgentStatus = { state: 'none' };
  private composerCaps: ComposerCapabilities = NO_EXTRAS;
  /** The agent the user chose (kept after a failure so "restart" retries it). */
  private chosenConfig: AgentConfig | undefined;
  private runningAgent: RunningAgent | undefined;
  private processScope = new DisposableScope();
  /** The start in progress (a prompt sent meanwhile waits for it). */
  private startingNow: Promise<AgentStatus> | undefined;

  constructor(private readonly deps: AgentSlotDeps, private readonly hooks: AgentSlotHooks) {}

  get agent(): AgentStatus {
    return this.status;
  }

  get composer(): ComposerCapabilities {
    return this.composerCaps;
  }

  get chosen(): AgentConfig | undefined {
    return this.chosenConfig;
  }

  get running(): RunningAgent | undefined {
    return this.runningAgent;
  }

  get starting(): Promise<AgentStatus> | undefined {
    return this.startingNow;
  }

  get scope(): DisposableScope {
    return this.processScope;
  }

  /** The running agent when it is ready for sessions. */
  get ready(): RunningAgent | undefined {
    return this.status.state === 'ready' && !this.processScope.isDisposed ? this.runningAgent : undefined;
  }

  /** The agent started last in this workspace (it survives a window reload). */
  get lastName(): string | undefined {
    return this.deps.state.get<string>(LAST_AGENT_KEY);
  }

  /** Starts `config`, replacing whatever runs now. Resolves when it is ready or has failed. */
  start(config: AgentConfig, cancel?: vscode.CancellationToken): Promise<AgentStatus> {
    const starting = this.startNow(config, cancel);
    this.startingNow = starting;
    const clear = () => {
      if (this.startingNow === starting) this.startingNow = undefined;
    };
    starting.then(clear, clear);
    return starting;
  }

  private async startNow(config: AgentConfig, cancel?: vscode.CancellationToken): Promise<AgentStatus> {
    this.chosenConfig = config;
    // Only the name is remembered; the command is always looked up in user settings again.
    void this.deps.state.update(LAST_AGENT_KEY, config.name);
    this.stop();
    if (!vscode.workspace.isTrusted) {
      this.set(untrustedStatus(config.name), NO_EXTRAS);
      return this.status;
    }
    const scope = (this.processScope = new DisposableScope());
    const abort = new AbortController();
    scope.add({ dispose: () => abort.abort() });
    if (cancel) scope.add(cancel.onCancellationRequested(() => abort.abort()));

    this.set({ state: 'starting', agentName: config.name }, NO_EXTRAS);
    this.deps.log.info(`Starting ${config.name}: ${commandLineOf(config)}`);
    let result: Awaited<ReturnType<LaunchAgent>>;
    try {
      result = await this.deps.launch(await this.withStoredSecrets(config), this.launchServices(config), abort.signal);
    } catch (error) {
      if (scope.isDisposed) return this.status;
      const message = error instanceof Error ? error.message : String(error);
      this.deps.log.error(`${config.name} could not start: ${message}`);
      this.set({ state: 'failed', agentName: config.name, reason: message, commandLine: commandLineOf(config) }, NO_EXTRAS);
      return this.status;
    }
    if (scope.isDisposed || abort.signal.aborted) {
      if (result.ok) void result.agent.dispose();
      if (!scope.isDisposed) {
        scope.dispose();
        this.set({ state: 'none' }, NO_EXTRAS);
      }
      return this.status;
    }
    if (!result.ok) {
      this.deps.log.error(`${config.name} failed to start: ${result.failure.message}`);
      this.set(failedStatus(config, result.failure, result.commandLine), NO_EXTRAS);
      return this.status;
    }
    const running = result.agent;
    this.runningAgent = running;
    scope.add({ dispose: () => void running.dispose().catch(() => undefined) });
    scope.add({ dispose: () => (this.runningAgent === running ? (this.runningAgent = undefined) : undefined) });
    scope.add(running.onLifecycle((lifecycle) => {
      if (lifecycle.state === 'exited') this.exited(running, lifecycle.exitCode, lifecycle.signal, lifecycle.stderrTail);
    }));
    const lifecycle = running.lifecycle;
    const remote = isA2aConfig(config);
    const protocolVersion = lifecycle.state === 'ready' ? lifecycle.protocolVersion : remote ? 1 : config.protocolVersion;
    this.set(
      {
        state: 'ready',
        agentName: config.name,
        agentTitle: running.agentTitle,
        protocolVersion,
        protocol: protocolLabel(remote ? 'a2a' : 'acp', protocolVersion),
        ...(remote ? { remote: true } : {}),
        ...(running.sessionSupport?.fork ? { forks: true } : {}),
        ...(running.about ? { about: running.about } : {}),
      },
      running.composer,
    );
    await this.hooks.ready(running, scope);
    return this.status;
  }

  /** Shows `status` (e.g. a session that could not open marks the agent failed). */
  set(status: AgentStatus, composer: ComposerCapabilities): void {
    this.status = status;
    this.composerCaps = composer;
    this.hooks.changed();
  }

  /** Ends the process scope (sessions first), keeping the status shown. */
  stop(): void {
    this.hooks.ending();
    this.processScope.dispose();
    this.runningAgent = undefined;
  }

  private exited(running: RunningAgent, exitCode: number | null, signal: string | null, stderrTail: string): void {
    if (this.runningAgent !== running) return;
    const how = signal ? `was killed by ${signal}` : `exited with code ${exitCode}`;
    this.deps.log.warn(`${running.config.name} ${how}`);
    this.hooks.exited(running, how, stderrTail);
    // Drop the process scope but keep the status: the user sees why and can restart.
    this.stop();
    this.set({
      state: 'exited',
      agentName: running.config.name,
      reason: `The agent ${how}.`,
      exitCode,
      ...(signal ? { signal } : {}),
      stderrTail,
      commandLine: commandLineOf(running.config),
    }, NO_EXTRAS);
  }

  /** Logged-in variables win over the settings' env: they were entered after it failed to log in. */
  private async withStoredSecrets(config: AgentConfig): Promise<AgentConfig> {
    // A remote agent's secret is read per request by its own client, never put in its config.
    if (isA2aConfig(config)) return config;
    rememberSecretsIn({ env: config.env }); // so an agent that echoes them (stderr, errors, tool output) is redacted
    const stored = (await this.deps.secrets?.envFor(config.name).catch(() => undefined)) ?? {};
    return Object.keys(stored).length === 0 ? config : { ...config, env: { ...config.env, ...stored } };
  }

  private launchServices(config: AgentConfig): LaunchServices {
    const log = this.deps.log;
    return {
      fs: this.deps.fs,
      roots: workspaceRoots,
      tap: (direction, message, count) => log.message(config.name, direction, message, count),
      stderr: (line) => log.stderr(config.name, line),
      log: (line) => log.info(`[${config.name}] ${line}`),
      login: loginCallbacks(config.name, this.deps.secrets),
      ...(this.deps.permissionAdvisor ? { permissionAdvisor: this.deps.permissionAdvisor(config.name) } : {}),
      ...(this.deps.editorTools ? { editorTools: this.deps.editorTools } : {}),
    };
  }
}
