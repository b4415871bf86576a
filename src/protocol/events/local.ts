/**
 * Events the client itself produces around the wire events, and a remote conversation's ids. Part
 * of the event language (`../events.ts`).
 */
import type { ChangedFile, ChangedHunk, ReportedMismatch, SnapshotRef } from './changes.js';
import type { ContentBlock } from './content.js';
import type { AuthRequiredMethod, ConsultationFacts, ElicitationAction, ElicitationPrompt, ElicitationValue, PermissionCommand, PermissionOption, PermissionOutcome, RuleOfferView } from './questions.js';
import type { SessionModeState, StopReason } from './sessionFacts.js';
import type { StopTarget, ToolCallContent, ToolCallPatch, ToolCallStatus } from './toolCalls.js';

/**
 * A message sent while a turn ran: `steered` — taken by the agent mid-turn; `stopped_first` — a
 * Steer to an agent that cannot take it while working, so its turn was stopped and the message sent
 * after; `stopped_and_sent` — the user's own "Stop and send".
 */
export type PromptDelivery = 'steered' | 'stopped_first' | 'stopped_and_sent';

/** Events the client itself produces around the wire events (turns, permissions, errors). */
export type LocalEvent =
  /** The user sent a prompt; a turn begins (v1) or is requested (v2). */
  | { kind: 'prompt_sent'; turnId: string; content: ContentBlock[] }
  /**
   * A message between a subagent and the session that started it, resolved into the subagent's
   * own thread (inside a `child` event): the task it was given (`task`, drawn like a prompt) or
   * its report (`report`, its answer). `content` as `message_upsert`'s; `chunk` appends one block.
   */
  | { kind: 'subagent_message'; role: 'task' | 'report'; messageId: string; content?: ContentBlock[] | null; chunk?: ContentBlock }
  /** v2: the agent accepted the prompt and named the user message. */
  | { kind: 'prompt_accepted'; turnId: string; messageId: string }
  /**
   * v2: the agent took a prompt the user sent while its turn ran ("Steer"): the user message
   * joins the running turn. `messageId` names it when the agent did (its echo then fills the same row).
   */
  | { kind: 'prompt_steered'; content: ContentBlock[]; messageId?: string }
  /**
   * How the prompt of `turnId` reached the agent when the user sent it while a turn ran: the
   * running turn was stopped first (the agent could not take it while working) for a Steer, or
   * on purpose ("Stop and send"). Said on the user's message.
   */
  | { kind: 'prompt_delivery'; turnId: string; delivery: PromptDelivery }
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

/** A remote conversation's ids and the last known state of its task (A2A wire names, lower case). */
export interface RemoteTaskRef {
  contextId?: string;
  taskId?: string;
  state?: string;
}
