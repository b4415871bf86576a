/**
 * The one internal event language.
 *
 * Every wire dialect an agent may speak (the early draft, ACP v1, the v2 draft) is normalised
 * into these events by `normalize*` functions in this folder; everything downstream (session,
 * thread model, UI) speaks only this language. Events are plain data: no classes, no `vscode`.
 *
 * Patch convention (v2 semantics, also used for v1 updates): a field that is `undefined` means
 * "leave unchanged", `null` means "clear", a value means "replace".
 */

/** Content blocks as ACP defines them (MCP-compatible). Extra fields are kept. */
export type ContentBlock =
  | { type: 'text'; text: string; annotations?: unknown; [extra: string]: unknown }
  | { type: 'image'; data: string; mimeType: string; uri?: string | null; [extra: string]: unknown }
  | { type: 'audio'; data: string; mimeType: string; [extra: string]: unknown }
  | {
      type: 'resource_link';
      uri: string;
      name: string;
      mimeType?: string | null;
      title?: string | null;
      description?: string | null;
      size?: number | null;
      [extra: string]: unknown;
    }
  | {
      type: 'resource';
      resource:
        | { uri: string; text: string; mimeType?: string | null }
        | { uri: string; blob: string; mimeType?: string | null };
      [extra: string]: unknown;
    };

export type ToolKind =
  | 'read'
  | 'edit'
  | 'delete'
  | 'move'
  | 'search'
  | 'execute'
  | 'think'
  | 'fetch'
  | 'switch_mode'
  | 'other';

/** Wire statuses plus the client-local `cancelled` (v1) that v2 also sends, and v2 `paused`. */
export type ToolCallStatus = 'pending' | 'in_progress' | 'completed' | 'failed' | 'cancelled' | 'paused';

export type ToolCallContent =
  | { type: 'content'; content: ContentBlock }
  | { type: 'diff'; path: string; oldText: string | null; newText: string }
  | { type: 'terminal'; terminalId: string }
  /**
   * v2 "diff file states" (`{type:"diff", changes, patch?}` on the wire): which files changed
   * how, plus optional patch text. Its own internal type so code reading v1 diffs (old/new
   * text) never mistakes one for the other.
   */
  | { type: 'file_changes'; changes: FileChange[]; patch?: DiffPatch };

/** One file operation of a v2 diff. Unknown operations (extensions, future ACP) are kept as is. */
export interface FileChange {
  operation: 'add' | 'delete' | 'modify' | 'move' | 'copy' | (string & {});
  /** Absolute path after the operation. */
  path: string;
  /** Absolute path before a move or copy. */
  oldPath?: string;
  fileType?: 'text' | 'binary' | 'directory' | 'symlink' | (string & {});
  mimeType?: string;
}

/** Renderable patch text; `git_patch` is the only format ACP defines. */
export interface DiffPatch {
  format: 'git_patch' | (string & {});
  text: string;
}

export interface ToolCallLocation {
  path: string;
  line?: number | null;
}

/** Fields of a tool call; in a patch every field is optional with the patch convention. */
export interface ToolCallFields {
  title: string;
  /** Programmatic tool name (v1 `name`, early-draft `name`). */
  name: string | null;
  kind: ToolKind;
  status: ToolCallStatus;
  content: ToolCallContent[];
  locations: ToolCallLocation[];
  rawInput: unknown;
  rawOutput: unknown;
}

export type ToolCallPatch = { [K in keyof ToolCallFields]?: ToolCallFields[K] | null } & {
  /**
   * v2 `capabilities.cancel`: whether the client may now send `tool_call/cancel` for this call.
   * Undefined keeps; the wire's `capabilities` object replaces as a whole, so any value given
   * (null or malformed included) settles it to true or false.
   */
  cancellable?: boolean;
};

/** One piece of work the user can stop on its own (v2): a tool call or an agent-owned terminal. */
export type StopTarget = { type: 'tool_call'; toolCallId: string } | { type: 'terminal'; terminalId: string };

export type PlanEntryStatus = 'pending' | 'in_progress' | 'completed' | 'cancelled';
export type PlanEntryPriority = 'high' | 'medium' | 'low';
export interface PlanEntry {
  content: string;
  priority: PlanEntryPriority;
  status: PlanEntryStatus;
}

/**
 * What a v2 plan shows besides a checklist (plan variants): a file the plan lives in, Markdown,
 * or a plan type this client does not know (kept by name, shown generically).
 */
export type PlanBody =
  | { type: 'file'; uri: string }
  | { type: 'markdown'; content: string }
  | { type: 'other'; planType: string };

/** Compaction statuses ACP names, plus extension/future ones as strings. */
export type CompactionStatus = 'in_progress' | 'completed' | 'failed' | 'cancelled' | (string & {});

export interface TerminalExitStatus {
  exitCode?: number | null;
  signal?: string | null;
}

export interface AvailableCommand {
  name: string;
  description: string;
  /** Hint shown after the command name when it takes free-text input. */
  inputHint?: string | null;
}

export interface SessionMode {
  id: string;
  name: string;
  description?: string | null;
}
export interface SessionModeState {
  currentModeId: string;
  availableModes: SessionMode[];
}

export interface ConfigSelectOption {
  value: string;
  name: string;
  description?: string | null;
}
export interface ConfigSelectGroup {
  group: string;
  name: string;
  options: ConfigSelectOption[];
}
export type SessionConfigOption =
  | {
      type: 'select';
      id: string;
      name: string;
      description?: string | null;
      category?: string | null;
      currentValue: string;
      options: ConfigSelectOption[] | ConfigSelectGroup[];
    }
  | {
      type: 'boolean';
      id: string;
      name: string;
      description?: string | null;
      category?: string | null;
      currentValue: boolean;
    };

export interface Usage {
  used: number;
  size: number;
  cost?: { amount: number; currency: string } | null;
}

/**
 * The five v1 stop reasons, v2's `error`, A2A's parked states (`input_required`: the agent asked
 * a question and the next prompt continues the same task; `auth_required`), and anything else
 * (custom `_…` or unknown) as a string.
 */
export type StopReason =
  | 'end_turn'
  | 'input_required'
  | 'auth_required'
  | 'max_tokens'
  | 'max_turn_requests'
  | 'refusal'
  | 'cancelled'
  | 'error'
  | (string & {});

export type MessageRole = 'user' | 'agent' | 'thought';

export interface PermissionOption {
  optionId: string;
  name: string;
  kind: 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always' | (string & {});
}

/** A rule the client offers on a permission card; the host keeps what it means under `id`. */
/** Who wrote each message of a consultation card and where the consultation stands. */
export interface ConsultationFacts {
  /** The consulted agent's name as configured. */
  agent: string;
  /** Per content item of the card: the calling agent's message, the consulted agent's, or a note of ours. */
  from: Array<'caller' | 'agent' | 'note'>;
  /** The consulted task's state in words a card shows: working, input-required, completed… */
  state: string;
}

export interface RuleOfferView {
  id: string;
  /** The rule in words: "Allow edits under src/". */
  title: string;
  /** The same without "Allow", in the user's language: "edits under src/" (absent in threads saved before). */
  words?: string;
  /** The agent's allow option the request is answered with when the rule is made. */
  optionId: string;
}

/** A v2 permission request's command subject, as the card shows it. */
export interface PermissionCommand {
  command: string;
  cwd: string;
}

export type PermissionOutcome = { outcome: 'selected'; optionId: string } | { outcome: 'cancelled' };

/** One field of an elicitation form (`elicitation/create`, mode "form"), normalised from its JSON-schema property. */
export type ElicitationField = ElicitationFieldBase &
  (
    | { kind: 'text'; format?: 'email' | 'uri' | 'date' | 'date-time'; minLength?: number; maxLength?: number; pattern?: string; default?: string }
    | { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number }
    | { kind: 'boolean'; default?: boolean }
    | { kind: 'choice'; options: ElicitationChoice[]; default?: string }
    | { kind: 'multi'; options: ElicitationChoice[]; minItems?: number; maxItems?: number; default?: string[] }
  );
export interface ElicitationFieldBase {
  /** The property name the answer is keyed by (for the agent, not shown). */
  name: string;
  /** The property's title, else its name. */
  label: string;
  description?: string;
  required: boolean;
}
export interface ElicitationChoice {
  value: string;
  label: string;
  description?: string;
}
export type ElicitationValue = string | number | boolean | string[];
export type ElicitationAction = 'accept' | 'decline' | 'cancel';
/** What the client asks the user: a form to fill in, or a page to open in the browser. */
export type ElicitationPrompt =
  | { mode: 'form'; message: string; title?: string; description?: string; fields: ElicitationField[] }
  | { mode: 'url'; message: string; url: string; elicitationId: string };

/** Events decoded from `session/update` notifications (any dialect). */
export type WireEvent =
  /** A chunk appended to a message. Without `messageId`, a change of role starts a new message. */
  | { kind: 'message_chunk'; role: MessageRole; messageId?: string; content: ContentBlock }
  /** v2 whole-message upsert: `content` undefined leaves, null/[] clears, an array replaces. */
  | { kind: 'message_upsert'; role: MessageRole; messageId: string; content?: ContentBlock[] | null }
  /** `replace: true` for v1 `tool_call` (a full create); false for `tool_call_update` patches. */
  | { kind: 'tool_call'; toolCallId: string; replace: boolean; patch: ToolCallPatch }
  /** v2 `tool_call_content_chunk`: append one content item. */
  | { kind: 'tool_call_content_chunk'; toolCallId: string; content: ToolCallContent }
  /**
   * Plan replaced wholesale (v1 `plan` uses planId "main"). `body` is set for the v2 variants
   * that are not a checklist (file, markdown, unknown types); `entries` is then empty.
   */
  | { kind: 'plan'; planId: string; entries: PlanEntry[]; body?: PlanBody }
  | { kind: 'plan_removed'; planId: string }
  | { kind: 'available_commands'; commands: AvailableCommand[] }
  | { kind: 'current_mode'; currentModeId: string }
  | { kind: 'config_options'; configOptions: SessionConfigOption[] }
  | { kind: 'session_info'; title?: string | null; updatedAt?: string | null }
  | { kind: 'usage'; usage: Usage }
  | { kind: 'notice'; severity: string; title: string; description?: string | null }
  /**
   * `compaction_update`: upsert by id. The first sighting fixes the row's place in the thread;
   * `summary` and `error` follow the patch convention (`[]` also clears the summary).
   */
  | {
      kind: 'compaction';
      compactionId: string;
      status: CompactionStatus;
      summary?: ContentBlock[] | null;
      error?: string | null;
    }
  /** `compaction_summary_chunk`: one block appended to the compaction's summary. */
  | { kind: 'compaction_chunk'; compactionId: string; content: ContentBlock }
  /**
   * v2 `terminal_update` for an agent-owned, display-only terminal (patch convention).
   * `output` is base64 of a complete replacement snapshot of the output bytes.
   */
  | {
      kind: 'agent_terminal';
      terminalId: string;
      command?: string | null;
      cwd?: string | null;
      output?: string | null;
      exitStatus?: TerminalExitStatus | null;
      /** v2 `capabilities.cancel` (may the client send `terminal/cancel`); as for tool calls. */
      cancellable?: boolean;
    }
  /**
   * v2 `terminal_output_chunk`: base64 bytes appended to the terminal's output. A chunk may end
   * inside a UTF-8 character or an escape sequence; the thread decodes per terminal, streaming.
   */
  | { kind: 'agent_terminal_chunk'; terminalId: string; data: string }
  /** v2 turn state (`state_update` / `state_change`). */
  | {
      kind: 'state';
      state: 'running' | 'idle' | 'requires_action';
      stopReason?: StopReason;
      error?: { code: number; message: string } | null;
    }
  /**
   * `subagent_update` (unstable v1 with the `subagents` client capability, baseline v2): the
   * session announces a child session it owns, or patches what it said of it. The first one for
   * an id announces the child; later ones follow the patch convention.
   */
  | { kind: 'subagent'; childId: string; patch: SubagentPatch }
  /**
   * A kind this client does not know, or a known kind whose payload was malformed (then
   * `reason` says why): kept for the log, ignored by the thread.
   */
  | { kind: 'unknown'; sessionUpdate: string; raw: unknown; reason?: string };

/** The foreground state a parent reports of a child (`StateUpdate`); unknown states kept as strings. */
export type SubagentState = 'running' | 'idle' | 'requires_action' | 'unknown' | (string & {});

/** What a `subagent_update` says of a child; every field follows the patch convention. */
export interface SubagentPatch {
  title?: string | null;
  description?: string | null;
  state?: { state: SubagentState; stopReason?: string } | null;
  /** `capabilities.cancel`: may the client stop this child's work (`session/cancel` with its id). */
  cancellable?: boolean;
  /** The kind of helper and its model, where the agent says so in `_meta`. */
  agentType?: string | null;
  model?: string | null;
  cwd?: string | null;
}

/**
 * An event of a child session (its updates, and what the client serves for it: permissions,
 * elicitations, terminal output), carried by the session that announced it. A grandchild's
 * event is a child event inside a child event.
 */
export interface ChildEvent {
  kind: 'child';
  childId: string;
  event: SessionEvent;
}

/** Events the client itself produces around the wire events (turns, permissions, errors). */
export type LocalEvent =
  /** The user sent a prompt; a turn begins (v1) or is requested (v2). */
  | { kind: 'prompt_sent'; turnId: string; content: ContentBlock[] }
  /** v2: the agent accepted the prompt and named the user message. */
  | { kind: 'prompt_accepted'; turnId: string; messageId: string }
  /** The user asked to cancel: unfinished tool calls of the turn are marked cancelled at once. */
  | { kind: 'cancel_requested'; turnId: string }
  /** The turn ended (v1 response, v2 idle, error, or the bounded wait after cancel). */
  | {
      kind: 'turn_ended';
      turnId: string;
      stopReason: StopReason;
      /** Set when the turn ended by an error answer (not after a cancel). */
      error?: { code?: number; message: string; data?: unknown };
      /** The agent never answered the cancel in time: control was taken back. */
      timedOut?: boolean;
    }
  | {
      kind: 'permission_requested';
      requestId: string;
      toolCallId: string;
      /** The ToolCallUpdate carried by the request, applied to the displayed tool call. */
      toolCall: ToolCallPatch;
      options: PermissionOption[];
      title?: string;
      /** v2: why the agent asks, in its words (plain text). */
      description?: string;
      /** v2 command subject: the command line the answer allows and where it runs. */
      command?: PermissionCommand;
      /** The auto-approve rule the card may offer for this request ("Always allow …"). */
      ruleOffer?: RuleOfferView;
    }
  | { kind: 'permission_resolved'; requestId: string; outcome: PermissionOutcome }
  /**
   * A `session/request_permission` the client answered by one of the user's auto-approve rules,
   * choosing `optionId` (an allow option the agent offered). The user was not asked.
   */
  | {
      kind: 'permission_auto_approved';
      toolCallId: string;
      toolCall: ToolCallPatch;
      options: PermissionOption[];
      optionId: string;
      rule: { id: string; title: string };
      title?: string;
    }
  /** `elicitation/create`: the agent asks the user for input (a form, or a page to open). */
  | { kind: 'elicitation_requested'; requestId: string; prompt: ElicitationPrompt; toolCallId?: string }
  /** Answered by the user, or cancelled (turn cancelled, agent withdrew it, session ended). */
  | { kind: 'elicitation_resolved'; requestId: string; action: ElicitationAction; content?: Record<string, ElicitationValue> }
  /** `elicitation/complete`: the agent says the page flow it asked the user to open is done. */
  | { kind: 'elicitation_completed'; elicitationId: string }
  /** Live output of a client-run terminal embedded in tool calls. */
  | {
      kind: 'terminal_output';
      terminalId: string;
      command: string;
      output: string;
      truncated: boolean;
      exitStatus?: { exitCode?: number | null; signal?: string | null } | null;
    }
  /**
   * The user asked to stop one tool call or agent-owned terminal (v2 `tool_call/cancel`,
   * `terminal/cancel`): shown as stopping until the agent reports how it ended.
   */
  | { kind: 'stop_requested'; target: StopTarget }
  /** That request was answered with an error (or could not be sent): said on the card or row. */
  | { kind: 'stop_refused'; target: StopTarget; message: string }
  /**
   * The user stopped one child session's work (`session/cancel` with the child's id), or that
   * failed (`refused`); `null` once the child reported a state again.
   */
  | { kind: 'subagent_stop'; childId: string; stop: { state: 'stopping' } | { state: 'refused'; message: string } | null }
  /** Something the user should see in the thread: fs refusals, agent crashes, bad input. */
  | { kind: 'notice_local'; severity: 'info' | 'warning' | 'error'; title: string; detail?: string }
  /**
   * Where a remote (A2A) conversation stands: its context, the current task and that task's
   * state. Kept in the session facts, so a saved thread can continue the same context and task.
   */
  | { kind: 'remote_task'; task: RemoteTaskRef }
  /**
   * The whole mode state, from a `session/new|load|resume` answer (the wire only ever updates
   * the current id), so the thread learns the available modes without a separate seed.
   */
  | { kind: 'modes'; modes: SessionModeState }
  /**
   * The agent answered "authentication required" (-32000) and no login could run or the one
   * that ran did not help: the UI offers a "Log in" action with these methods.
   */
  | { kind: 'auth_required'; methods: AuthRequiredMethod[]; message?: string }
  /** Snapshots of the session's roots taken before the prompt of `turnId` went out. */
  | { kind: 'checkpoint'; turnId: string; snapshots: SnapshotRef[] }
  /**
   * The agent consulted another agent through the editor's `ask_agent` tool: the whole card as
   * it stands now (upsert by `toolCallId`, an id of the host's own the agent never sees). Shown
   * as a tool call card whose content items are the messages both ways, `consultation.from`
   * saying who wrote each.
   */
  | { kind: 'consultation'; toolCallId: string; title: string; status: ToolCallStatus; content: ToolCallContent[]; consultation: ConsultationFacts }
  /**
   * The host wrote a file for the agent (`fs/write_text_file`): what it held before (null: it
   * did not exist) and what was written. Kept for the turn's review when no snapshot was taken.
   */
  | { kind: 'file_written'; path: string; oldText: string | null; newText: string }
  /**
   * What the turn changed (replaces the last one): on disk against its checkpoint, or as the
   * agent reported it where no snapshot was taken. `differs` names tool calls whose reported
   * diff of a file disagrees with the disk at the turn's end (absolute paths). `counting`: true
   * while the list may still grow (the turn runs, or its final list is being worked out), false
   * for the final list; absent leaves the row as it was (a recount for another tab's overlap).
   */
  | { kind: 'turn_changes'; turnId: string; files: ChangedFile[]; after?: SnapshotRef[]; differs?: ReportedMismatch[]; counting?: boolean }
  /** The user kept or undid one changed file of a turn (or, without `path`, all of them). */
  | { kind: 'turn_file_settled'; turnId: string; path?: string; state: 'kept' | 'undone' }
  /** One file of a turn after a hunk of it was undone: its counts and remaining hunks now. */
  | { kind: 'turn_file_updated'; turnId: string; root: string; path: string; added: number; deleted: number; hunks: ChangedHunk[] }
  /** The roots were put back as they were before `turnId`'s prompt; `redo` goes forward again. */
  | { kind: 'checkpoint_restored'; turnId: string; redo: SnapshotRef[] }
  /** The restore of `turnId` was taken back. */
  | { kind: 'checkpoint_redone'; turnId: string };

/** A snapshot of one root (ids are the snapshot engine's, kept with the thread). */
export interface SnapshotRef {
  root: string;
  id: string;
}

/** One file a turn changed on disk, as the thread shows it. */
export interface ChangedFile {
  root: string;
  path: string;
  oldPath?: string;
  status: 'added' | 'deleted' | 'modified' | 'renamed' | 'type-changed';
  added: number;
  deleted: number;
  binary: boolean;
  state?: 'kept' | 'undone';
  /** The file's hunks (text files under the size cap), for undo per hunk. */
  hunks?: ChangedHunk[];
  /** Other tabs whose turns overlapped this one and changed the same file (titles). */
  alsoChangedBy?: string[];
  /**
   * Where the entry comes from when not from the disk: `reported` — the agent's tool calls and
   * fs writes in a root that had no snapshot; `outside` — a file outside every workspace root
   * (named, not tracked: `path` is absolute and `root` empty).
   */
  source?: 'reported' | 'outside';
  /** For `reported`: the texts the agent reported (null: the file did not exist), when both are known. */
  reported?: { oldText: string | null; newText: string | null };
  /** A tool call's reported result for this file differs from the disk at the turn's end. */
  diskDiffers?: true;
}

/** A tool call whose reported diff of `path` (absolute) is not what the disk held at the turn's end. */
export interface ReportedMismatch {
  toolCallId: string;
  path: string;
}

/** One line of a hunk: ' ' context, '-' removed, '+' added (without its terminator). */
export type ChangedHunkLine = [' ' | '-' | '+', string];

/** A hunk as the review lists it: its place (0-based lines) and sizes, a few context lines, what changed. */
export interface ChangedHunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  lines: ChangedHunkLine[];
  /** Lines left out of `lines` (a long hunk is cut). */
  more?: number;
}

/** One way to log in, as the UI lists it (`kind` says who acts: agent, terminal, env vars). */
export interface AuthRequiredMethod {
  id: string;
  name: string;
  description?: string;
  kind: 'agent' | 'terminal' | 'env_var' | 'unknown';
}

export type SessionEvent = WireEvent | LocalEvent | ChildEvent;

/** A remote conversation's ids and the last known state of its task (A2A wire names, lower case). */
export interface RemoteTaskRef {
  contextId?: string;
  taskId?: string;
  state?: string;
}
