/**
 * The seam between the agent layer (node only) and the editor glue (`src/vscode`).
 *
 * The agent layer launches an agent process, speaks ACP with it and runs sessions; it needs the
 * editor only through the host services below, which `src/vscode` implements with the real
 * VS Code API and tests implement with plain node.
 */
import type { ContentBlock, PermissionOutcome, SessionEvent, StopTarget } from '../protocol/events.js';

/** One configured agent, from `agentChat.agents` (user/application scope only) or a preset. */
export interface AgentConfig {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** ACP major version to ask for: 1 (default) or 2 (draft). */
  protocolVersion: 1 | 2;
}

/** Why a launch failed, as a typed state the UI renders with a fix. */
export type LaunchFailure =
  | { reason: 'not_found'; command: string; message: string }
  | { reason: 'exited_during_initialize'; exitCode: number | null; signal: string | null; stderrTail: string; message: string }
  | { reason: 'timeout'; afterMs: number; stderrTail: string; message: string }
  | { reason: 'unsupported_version'; requested: number; answered: number; message: string }
  | { reason: 'initialize_error'; code?: number; message: string; stderrTail: string };

/** Lifecycle of the agent process + connection. */
export type AgentLifecycle =
  | { state: 'starting' }
  | { state: 'ready'; protocolVersion: 1 | 2; agentTitle?: string }
  | { state: 'failed'; failure: LaunchFailure }
  | { state: 'exited'; exitCode: number | null; signal: string | null; stderrTail: string };

/** `fs/*` served against the workspace. Paths are absolute; errors are thrown as `HostServiceError`. */
export interface FileSystemHost {
  /** Unsaved editor text wins over disk. `line` is 1-based; `limit` is a line count. */
  readTextFile(path: string, line?: number, limit?: number): Promise<string>;
  /** Through the editor (undoable), creating missing files and folders. */
  writeTextFile(path: string, content: string): Promise<void>;
}

/** Workspace roots a session may touch (fs confinement follows them). */
export interface WorkspaceHost {
  roots(): string[];
}

/** A refusal or failure that becomes a JSON-RPC error answer and a visible notice. */
export class HostServiceError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** What the editor glue sees of a session. */
export interface ChatSession {
  readonly sessionId: string;
  /** Every event, wire and local, in order. The thread model is fed from here. */
  onEvent(listener: (event: SessionEvent) => void): { dispose(): void };
  /** Start a turn with blocks already filtered by the agent's prompt capabilities. */
  prompt(content: ContentBlock[]): Promise<void>;
  /** `session/cancel` + the client-side obligations; resolves when control is back. */
  cancel(): Promise<void>;
  answerPermission(requestId: string, outcome: PermissionOutcome): void;
  /**
   * v2 `tool_call/cancel` / `terminal/cancel` for work that currently offers it; the turn goes
   * on. The outcome arrives as events (`stop_requested`, then the final status or `stop_refused`).
   */
  stopWork(target: StopTarget): Promise<void>;
}
