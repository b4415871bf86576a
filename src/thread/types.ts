/**
 * The thread: what one session looks like to the user, as plain data.
 *
 * Built by the thread reducer from `SessionEvent`s; shared with the webview (which renders it)
 * and the transcript store (which persists it). No `vscode`, no DOM.
 */
import type {
  AvailableCommand,
  CompactionStatus,
  ConsultationFacts,
  ContentBlock,
  PermissionCommand,
  PermissionOption,
  PlanBody,
  RuleOfferView,
  PlanEntry,
  PromptDelivery,
  RemoteTaskRef,
  SessionConfigOption,
  SessionModeState,
  ChangedFile,
  ElicitationPrompt,
  ElicitationValue,
  SnapshotRef,
  StopReason,
  SubagentState,
  ToolCallFields,
  Usage,
} from '../protocol/events.js';

/** Stable per-thread row id (never reused), so the view can key rows independent of index. */
export type EntryId = string;

export interface UserEntry {
  type: 'user';
  id: EntryId;
  /** Who wrote it when not the user: on a consultation card, the calling agent. */
  author?: string;
  messageId?: string;
  turnId?: string;
  content: ContentBlock[];
  /** The agent refused this prompt: it (and what followed) is not in the agent's context. */
  notKept?: boolean;
  /** Sent while a turn ran: taken mid-turn (Steer), or after that turn was stopped. */
  delivery?: PromptDelivery;
  /** Snapshots of the roots from just before this prompt: "Restore to here". */
  checkpoint?: SnapshotRef[];
  /** The workspace was restored to before this message or an earlier one. */
  undone?: boolean;
  /** Set on the message restored to: going forward again restores these. */
  redo?: SnapshotRef[];
  /** In a subagent's thread: the task the session that started it gave it (not typed by the user). */
  delegated?: true;
}

export interface AgentMessageEntry {
  type: 'agent';
  id: EntryId;
  /** Said above the message when it is not the thread's own agent's (a consulted agent). */
  author?: string;
  messageId?: string;
  content: ContentBlock[];
  /** In a subagent's thread: its report to the session that started it. */
  report?: true;
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
  /** v2: why the agent asks (plain text). */
  description?: string;
  /** v2 command subject: the command line and its cwd, shown on the card. */
  command?: PermissionCommand;
  /** The auto-approve rule the card offers ("Always allow …"). */
  ruleOffer?: RuleOfferView;
}

/**
 * The user's Stop on one tool call or agent-owned terminal (v2): `stopping` from the request
 * until the agent reports how the work ended; `refused` when the agent answered with an error.
 */
export type StopState = { state: 'stopping' } | { state: 'refused'; message: string };

/** A terminal's output as shown: a client-run one (v1 `terminal/*`) or an agent-owned one (v2). */
export interface TerminalView {
  terminalId: string;
  /** Empty while an agent-owned terminal has not said what it runs. */
  command: string;
  output: string;
  /** Earlier output was dropped to keep the row small. */
  truncated: boolean;
  exitStatus?: { exitCode?: number | null; signal?: string | null } | null;
  /** Working directory, when the agent reported one (v2 `terminal_update`). */
  cwd?: string;
  /** An agent-owned terminal that advertises `capabilities.cancel` (v2 sessions only). */
  cancellable?: true;
  stop?: StopState;
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
  /** That option's name as the agent offered it, for display. */
  permissionLabel?: string;
  /** The request was answered by this auto-approve rule, not by the user. */
  autoApproved?: { ruleId: string; title: string };
  /** Live terminals embedded in this call's content, by terminal id. */
  terminals?: Record<string, TerminalView>;
  /** Created from an update for a tool call never announced. */
  orphan?: boolean;
  /** The call advertises `capabilities.cancel` (v2 sessions only): the user may stop it alone. */
  cancellable?: true;
  stop?: StopState;
  /** Absolute paths whose reported diff differs from the disk at the turn's end (the review shows the disk). */
  diskDiffers?: string[];
  /** A consultation of another agent (the host's card, not the agent's tool call): who wrote each content item. */
  consultation?: ConsultationFacts;
}

export interface PlanThreadEntry {
  type: 'plan';
  id: EntryId;
  planId: string;
  /** The checklist; empty for the other variants. */
  entries: PlanEntry[];
  /** A v2 plan that is not a checklist: a file, Markdown, or a type shown generically. */
  body?: PlanBody;
  /** The agent removed the plan (`plan_removed`); the row stays, saying so. */
  removed?: boolean;
}

export interface NoticeEntry {
  type: 'notice';
  id: EntryId;
  severity: 'info' | 'warning' | 'error' | (string & {});
  title: string;
  detail?: string;
  /**
   * An agent's `notice`: a live event, not session history (agents never replay them), so a
   * saved transcript may leave it out. Unset for the client's own notices.
   */
  live?: true;
}

/** A context compaction, upserted by its id; the summary grows by chunks or is replaced. */
export interface CompactionEntry {
  type: 'compaction';
  id: EntryId;
  compactionId: string;
  status: CompactionStatus;
  /** Markdown text and other blocks, as for messages. */
  summary: ContentBlock[];
  error?: string;
}

/**
 * An agent-owned (v2) terminal that no tool call shows. Once a tool call embeds the terminal,
 * its output is shown there and this row is marked `embedded` (and drawn as nothing).
 */
export interface TerminalEntry {
  type: 'terminal';
  id: EntryId;
  terminalId: string;
  terminal: TerminalView;
  embedded?: boolean;
}

export interface TurnEndEntry {
  type: 'turn_end';
  id: EntryId;
  turnId: string;
  stopReason: StopReason;
  error?: { code?: number; message: string };
  timedOut?: boolean;
}

/** The files a turn changed on disk ("N files changed +a −d" with review actions). */
export interface ChangesEntry {
  type: 'changes';
  id: EntryId;
  turnId: string;
  files: ChangedFile[];
  /** Snapshots taken at the turn's end: what the turn produced (hand edits since are noticed). */
  after?: SnapshotRef[];
  undone?: boolean;
  /** The list may still grow: the turn runs, or its final list is not in yet (the row says "counting…"). */
  counting?: true;
}

/**
 * The agent asked the user for input (`elicitation/create`): a form inline in the thread, or a
 * page to open in the browser. `expired` when the thread was restored with it still open: the
 * session that asked is gone, so it can no longer be answered.
 */
export interface ElicitationEntry {
  type: 'elicitation';
  id: EntryId;
  requestId: string;
  prompt: ElicitationPrompt;
  toolCallId?: string;
  status: 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';
  /** Form mode: what was sent to the agent on accept. */
  answer?: Record<string, ElicitationValue>;
  /** URL mode: the agent said the page flow is done (`elicitation/complete`). */
  completed?: boolean;
}

/**
 * A child session (subagent) the agent announced in this thread: a card with what the parent
 * said of it and a summary of its own thread, which the model keeps beside this one (its rows
 * travel as `child` row changes and in `ThreadSnapshot.children`, never inside this row).
 */
export interface SubagentEntry {
  type: 'subagent';
  id: EntryId;
  childId: string;
  title?: string;
  description?: string;
  agentType?: string;
  model?: string;
  /** As the parent last reported it; undefined when it has not said. */
  state?: SubagentState;
  stopReason?: string;
  /** The agent lets the client stop this child's work (`capabilities.cancel`). */
  cancellable?: true;
  stop?: StopState;
  /** One line of what it does now: its latest tool call or the start of its latest message. */
  now?: string;
  toolCalls: number;
  filesChanged: number;
  /** Rows in the child's thread. */
  rows: number;
  /** Permission requests and elicitations waiting for the user in it (and in its children). */
  asking?: number;
  /** It still worked when the turn that announced it ended. */
  background?: true;
  /** Its traffic arrived before any announcement of it. */
  orphan?: true;
  /**
   * It was still working when the thread became history: the window reloaded (`reload`: the
   * agent process went with it) or its session ended otherwise (`ended`). What it did after is
   * not known, so its card says so rather than "Running" or "Stopped".
   */
  interrupted?: 'reload' | 'ended';
}

export type ThreadEntry =
  | ChangesEntry
  | SubagentEntry
  | ElicitationEntry
  | UserEntry
  | AgentMessageEntry
  | ThoughtEntry
  | ToolCallEntry
  | PlanThreadEntry
  | NoticeEntry
  | CompactionEntry
  | TerminalEntry
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
  /** A remote (A2A) conversation: its context and last task, so a reopened thread continues it. */
  remoteTask?: RemoteTaskRef;
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

/**
 * Changes to the rows of child session `childId` (a card's inside). Child ids are session ids,
 * unique on the connection, so grandchildren's changes travel in the same flat list.
 */
export interface ChildRowChange {
  childId: string;
  rows: RowChange[];
}

export interface ApplyResult {
  rows: RowChange[];
  /** True when `SessionFacts` changed. */
  session: boolean;
  /** Changes inside child sessions' threads (subagent cards), at any depth; absent when none. */
  children?: ChildRowChange[];
}
