/**
 * The seam between the agent layers (node only) and the editor glue (`src/vscode`): what an
 * agent is configured as, how its start can fail, its lifecycle, and a session as the editor
 * uses it — whatever protocol the agent speaks. The ACP client (`acp/`) needs the editor only
 * through the host services in `src/services/hostServices.ts`.
 */
import type { ContentBlock, ElicitationAction, PermissionOutcome, SessionEvent, StopTarget } from '../protocol/events.js';

/**
 * One configured agent, from `agentChat.agents` (user/application scope only) or a preset: a
 * local ACP agent we start (`command`), or a remote A2A agent we call (`url`).
 */
export type AgentConfig = AcpAgentConfig | A2aAgentConfig;

/** A local agent process speaking ACP over stdio. `kind` is optional: every older entry is ACP. */
export interface AcpAgentConfig {
  kind?: 'acp';
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** ACP major version to ask for: 1 (default) or 2 (draft). */
  protocolVersion: 1 | 2;
  /** `true`: other agents may consult it through `ask_agent`, each conversation a fresh session of it (default: they may not). */
  consultable?: boolean;
  /** What it is good at, in the user's words: what `list_agents` tells a calling agent. */
  description?: string;
}

/** A remote agent speaking A2A (v1.0 or v0.3, told by its card) over HTTP. */
export interface A2aAgentConfig {
  kind: 'a2a';
  name: string;
  /** The agent's base URL, or its agent card's URL. */
  url: string;
  /** Extra HTTP headers (not secrets: those go to the secret store). */
  headers: Record<string, string>;
  /** `false`: other agents may not consult it through `ask_agent` (default: they may, once the user allows). */
  consultable?: boolean;
}

export function isA2aConfig(config: AgentConfig): config is A2aAgentConfig {
  return config.kind === 'a2a';
}

/** Why a launch failed, as a typed state the UI renders with a fix. */
export type LaunchFailure =
  | { reason: 'not_found'; command: string; message: string; /** The PATH that was searched. */ searchedPath?: string }
  | { reason: 'exited_during_initialize'; exitCode: number | null; signal: string | null; stderrTail: string; message: string }
  | { reason: 'timeout'; afterMs: number; stderrTail: string; message: string }
  | { reason: 'unsupported_version'; requested: number; answered: number; message: string }
  | { reason: 'initialize_error'; code?: number; message: string; stderrTail: string }
  /** It died right after starting too many times in a row; not started again for `retryAfterMs` (agents/startBackoff.ts). */
  | { reason: 'restart_storm'; attempts: number; retryAfterMs: number; stderrTail: string; message: string };

/** Lifecycle of the agent process + connection. */
export type AgentLifecycle =
  | { state: 'starting' }
  /** `protocolVersion`: the ACP major version, or the A2A version (1 for v1.0, 0.3). */
  | { state: 'ready'; protocolVersion: number; agentTitle?: string }
  | { state: 'failed'; failure: LaunchFailure }
  | { state: 'exited'; exitCode: number | null; signal: string | null; stderrTail: string };

/** What the editor glue sees of a session. */
export interface ChatSession {
  readonly sessionId: string;
  /** Every event, wire and local, in order. The thread model is fed from here. */
  onEvent(listener: (event: SessionEvent) => void): { dispose(): void };
  /** Start a turn with blocks already filtered by the agent's prompt capabilities. */
  prompt(content: ContentBlock[]): Promise<void>;
  /** `session/cancel` + the client-side obligations; resolves when control is back. */
  cancel(): Promise<void>;
  /**
   * A prompt for the turn that runs now ("Steer"), where the protocol lets an agent take one
   * while it works (ACP v2): `delivered` once the agent accepted it into the turn; `refused` when
   * it would not (the caller stops the turn and sends the prompt after); `no_turn` when none runs.
   * Absent where a prompt can only start a turn (ACP v1, A2A).
   */
  steer?(content: ContentBlock[]): Promise<SteerOutcome>;
  answerPermission(requestId: string, outcome: PermissionOutcome): void;
  /** The user's answer to an `elicitation_requested`; a form that does not hold comes back with its errors. */
  answerElicitation(requestId: string, answer: ElicitationAnswer): ElicitationVerdict;
  /**
   * v2 `tool_call/cancel` / `terminal/cancel` for work that currently offers it; the turn goes
   * on. The outcome arrives as events (`stop_requested`, then the final status or `stop_refused`).
   */
  stopWork(target: StopTarget): Promise<void>;
  /** Stops one subagent (child session) where the agent allows it; absent where there are none. */
  stopSubagent?(childId: string): void;
}

export type SteerOutcome = 'delivered' | 'refused' | 'no_turn';

/** What an agent can do with its past sessions (ACP: from `initialize`; none for remote agents). */
export interface SessionSupport {
  protocolVersion: 1 | 2;
  /** v1 `session/load`; in v2, `session/resume` with replay from the start. */
  load: boolean;
  list: boolean;
  resume: boolean;
  close: boolean;
  delete: boolean;
  /** `session/fork` (unstable): a copy of the session's conversation in a new session. */
  fork: boolean;
  additionalDirectories: boolean;
}

/** One of the agent's own past sessions, as its `session/list` reports it. */
export interface AgentSessionInfo {
  sessionId: string;
  cwd: string;
  title?: string;
  updatedAt?: string;
  additionalDirectories?: string[];
}

export interface ElicitationAnswer {
  action: ElicitationAction;
  /** Form fields as filled in (accept only); checked against the form before anything is sent. */
  content?: Record<string, unknown>;
}

/** `unknown`: already answered, withdrawn, or never asked here; `invalid`: the form does not hold. */
export type ElicitationVerdict =
  | { ok: true }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'invalid'; errors: Record<string, string> };
