/**
 * What the editor glue needs from the agent layer, in one place: launch an agent with our
 * host services, watch its lifecycle, open sessions. `agentLauncher.ts` implements it with the
 * real agent layer (`src/agent`); nothing else in `src/vscode` imports agent internals.
 */
import type { PermissionAdvisor } from '../../agents/acp/permissions/permissionAdvice.js';
import type { AgentConfig, AgentLifecycle, AgentSessionInfo, ChatSession, LaunchFailure, SessionSupport } from '../../agents/api.js';
import type { RemoteTaskRef } from '../../protocol/events.js';
import type { FileSystemHost } from '../../services/hostServices.js';
import type { LoginCallbacks } from '../../agents/acp/auth/login.js';
import type { McpServerSpec } from '../../agents/acp/mcp/types.js';
import type { EditorToolsOptions } from '../../agents/acp/editorTools/sessionEditorTools.js';
import type { AgentAbout, ComposerCapabilities } from '../../shared/webviewProtocol.js';

export interface LaunchServices {
  fs: FileSystemHost;
  /** Workspace folders as absolute paths; sessions are confined to them. */
  roots(): string[];
  /** Every JSON-RPC message in (agent → client) and out; `count` > 1: a run of streamed chunks joined into one. */
  tap(direction: 'in' | 'out', message: unknown, count?: number): void;
  /** The agent's stderr, one line at a time. */
  stderr(line: string): void;
  /** Diagnostics from the agent layer (ignored input, late answers). */
  log(line: string): void;
  /** The editor's part of a login the agent asks for (method choice, terminal, API keys). */
  login: LoginCallbacks;
  /** The user's auto-approve rules for this agent in this workspace. */
  permissionAdvisor?: PermissionAdvisor;
  /** The editor tools MCP server for ACP v2 agents' sessions (absent: not offered). */
  editorTools?: EditorToolsOptions;
}

/** A session as the editor uses it: turns, plus the pickers and an explicit end. */
export interface LiveSession extends ChatSession {
  readonly cwd: string;
  /** `session/set_mode`; the new mode arrives as an event once the agent agreed. */
  setMode(modeId: string): Promise<void>;
  /** `session/set_config_option`; the answer's full option list arrives as an event. */
  setConfigOption(configId: string, value: string | boolean): Promise<void>;
  /** `session/close` when supported; ends a running turn as cancelled either way. */
  closeSession(): Promise<void>;
  /** Ended: closed, or its agent process is gone (e.g. restarted after a login). */
  readonly isClosed: boolean;
}

export interface SessionPlace {
  /** Absolute folder the session works in. */
  cwd: string;
  /** Filtered by what the agent can take; skipped ones become a warning in the thread. */
  mcpServers?: readonly McpServerSpec[];
  /**
   * The folders the session may reach, instead of the workspace folders (a thread's own
   * worktree: confined to it). Absent: the workspace folders and `cwd`.
   */
  roots?: readonly string[];
  /** A reopened remote (A2A) thread: the context and task it was in, from its saved session facts. */
  remoteTask?: RemoteTaskRef;
}

export interface RunningAgent {
  readonly config: AgentConfig;
  /** `ready` once initialize succeeded; later `exited` when the process goes away. */
  readonly lifecycle: AgentLifecycle;
  onLifecycle(listener: (lifecycle: AgentLifecycle) => void): { dispose(): void };
  /** What prompts may carry (from `initialize`). */
  readonly composer: ComposerCapabilities;
  readonly agentTitle?: string;
  /** What the agent declares it can do (remote agents' cards); none for ACP agents. */
  readonly about?: AgentAbout;
  newSession(place: SessionPlace): Promise<LiveSession>;
  /** `session/load`: the replay arrives as the session's first events. */
  loadSession(sessionId: string, place: SessionPlace): Promise<LiveSession>;
  /** `session/resume`: no replay. */
  resumeSession(sessionId: string, place: SessionPlace): Promise<LiveSession>;
  /** `session/fork` (check `sessionSupport.fork` first): a new session with a copy of the conversation. */
  forkSession(sessionId: string, place: SessionPlace): Promise<LiveSession>;
  /** What the agent advertised for list/load/resume/close/delete (undefined unless ready). */
  readonly sessionSupport: SessionSupport | undefined;
  /** The agent's own `session/list` (all pages up to a bound). */
  listSessions(cwd?: string): Promise<AgentSessionInfo[]>;
  /** `session/delete` (closing it first when it is open here); check `sessionSupport.delete` first. */
  deleteSession(sessionId: string): Promise<void>;
  /** Whether the agent advertised `logout` (v1) / `auth/logout` (v2). */
  readonly canLogout: boolean;
  /** Forgets the agent's login; rejects when it cannot. */
  logout(): Promise<void>;
  /**
   * Runs the agent's own login now (the method chooser, then the method), for a user who
   * dismissed it before; absent for agents that have no login of that kind (remote agents).
   */
  logIn?(): Promise<LoginResult>;
  /** Ends every session and the process (and its process group). */
  dispose(): Promise<void>;
}

/** `restarted`: a terminal or API-key login restarted the agent, so its open sessions ended. */
export type LoginResult = { outcome: 'logged_in' | 'restarted' | 'cancelled' } | { outcome: 'failed'; message: string };

export type LaunchResult = { ok: true; agent: RunningAgent } | { ok: false; failure: LaunchFailure; commandLine: string };

export type LaunchAgent = (config: AgentConfig, services: LaunchServices, signal: AbortSignal) => Promise<LaunchResult>;
