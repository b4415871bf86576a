/**
 * What the editor glue needs from the agent layer, in one place: launch an agent with our
 * host services, watch its lifecycle, open sessions. `agentLauncher.ts` implements it with the
 * real agent layer (`src/agent`); nothing else in `src/vscode` imports agent internals.
 */
import type { AgentConfig, AgentLifecycle, ChatSession, FileSystemHost, LaunchFailure } from '../agent/api.js';
import type { LoginCallbacks } from '../agent/auth/login.js';
import type { ComposerCapabilities } from '../shared/webviewProtocol.js';

export interface LaunchServices {
  fs: FileSystemHost;
  /** Workspace folders as absolute paths; sessions are confined to them. */
  roots(): string[];
  /** Every JSON-RPC message in (agent → client) and out. */
  tap(direction: 'in' | 'out', message: unknown): void;
  /** The agent's stderr, one line at a time. */
  stderr(line: string): void;
  /** Diagnostics from the agent layer (ignored input, late answers). */
  log(line: string): void;
  /** The editor's part of a login the agent asks for (method choice, terminal, API keys). */
  login: LoginCallbacks;
}

export interface RunningAgent {
  readonly config: AgentConfig;
  /** `ready` once initialize succeeded; later `exited` when the process goes away. */
  readonly lifecycle: AgentLifecycle;
  onLifecycle(listener: (lifecycle: AgentLifecycle) => void): { dispose(): void };
  /** What prompts may carry (from `initialize`). */
  readonly composer: ComposerCapabilities;
  readonly agentTitle?: string;
  newSession(cwd: string): Promise<ChatSession>;
  /** Ends every session and the process (and its process group). */
  dispose(): Promise<void>;
}

export type LaunchResult = { ok: true; agent: RunningAgent } | { ok: false; failure: LaunchFailure; commandLine: string };

export type LaunchAgent = (config: AgentConfig, services: LaunchServices, signal: AbortSignal) => Promise<LaunchResult>;
