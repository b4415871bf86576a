/**
 * The thread: what one session looks like to the user, as plain data.
 *
 * Built by the thread reducer from `SessionEvent`s; shared with the webview (which renders it)
 * and the transcript store (which persists it). No `vscode`, no DOM.
 */
import type {
  AvailableCommand,
  ContentBlock,
  PermissionOption,
  PlanEntry,
  SessionConfigOption,
  SessionModeState,
  StopReason,
  ToolCallFields,
  Usage,
} from '../protocol/events.js';

/** Stable per-thread row id (never reused), so the view can key rows independent of index. */
export type EntryId = string;

export interface UserEntry {
  type: 'user';
  id: EntryId;
  messageId?: string;
  turnId?: string;
  content: ContentBlock[];
  /** The agent refused this prompt: it (and what followed) is not in the agent's context. */
  notKept?: boolean;
}

export interface AgentMessageEntry {
  type: 'agent';
  id: EntryId;
  messageId?: string;
  content: ContentBlock[];
}

export interface ThoughtEntry {
  type: 'thought';
  id: EntryId;
  messageId?: string;
  content: ContentBlock[];
}

export interface PendingPermission {
  requestId: string;
  options: PermissionOption[];
  title?: string;
}

export interface TerminalView {
  terminalId: string;
  command: string;
  output: string;
  truncated: boolean;
  exitStatus?: { exitCode?: number | null; signal?: string | null } | null;
}

/** A tool call row: the wire fields (raw input/output may be absent) plus what the client tracks. */
export interface ToolCallEntry extends Omit<ToolCallFields, 'rawInput' | 'rawOutput'> {
  type: 'tool_call';
  id: EntryId;
  toolCallId: string;
  rawInput?: unknown;
  rawOutput?: unknown;
  /** Set while the agent waits for the user's answer. */
  permission?: PendingPermission;
  /** The option the user chose (or 'cancelled'), kept for the record. */
  permissionOutcome?: string;
  /** Live terminals embedded in this call's content, by terminal id. */
  terminals?: Record<string, TerminalView>;
  /** Created from an update for a tool call never announced. */
  orphan?: boolean;
}

export interface PlanThreadEntry {
  type: 'plan';
  id: EntryId;
  planId: string;
  entries: PlanEntry[];
}

export interface NoticeEntry {
  type: 'notice';
  id: EntryId;
  severity: 'info' | 'warning' | 'error' | (string & {});
  title: string;
  detail?: string;
}

export interface TurnEndEntry {
  type: 'turn_end';
  id: EntryId;
  turnId: string;
  stopReason: StopReason;
  error?: { code?: number; message: string };
  timedOut?: boolean;
}

export type ThreadEntry =
  | UserEntry
  | AgentMessageEntry
  | ThoughtEntry
  | ToolCallEntry
  | PlanThreadEntry
  | NoticeEntry
  | TurnEndEntry;

export type TurnState = 'idle' | 'running' | 'requires_action' | 'cancelling';

/** Session-level facts kept beside the entries (not rows). */
export interface SessionFacts {
  turnState: TurnState;
  currentTurnId?: string;
  usage?: Usage;
  commands: AvailableCommand[];
  modes?: SessionModeState;
  configOptions?: SessionConfigOption[];
  title?: string | null;
  updatedAt?: string | null;
}

/**
 * One change to the rows, produced per event so a view re-renders only what changed.
 * `append` is a hint that the row's last text block only grew by `text` (streaming fast path);
 * a view may always treat it as `update`.
 */
export type RowChange =
  | { op: 'insert'; index: number; entry: ThreadEntry }
  | { op: 'update'; index: number; entry: ThreadEntry }
  | { op: 'append'; index: number; id: EntryId; text: string };

export interface ApplyResult {
  rows: RowChange[];
  /** True when `SessionFacts` changed. */
  session: boolean;
}
