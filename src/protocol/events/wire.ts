/**
 * Events decoded from `session/update` notifications (any dialect), and what a parent says of a
 * child session. Part of the event language (`../events.ts`).
 */
import type { ContentBlock, MessageRole } from './content.js';
import type { AvailableCommand, CompactionStatus, PlanBody, PlanEntry, SessionConfigOption, StopReason, Usage } from './sessionFacts.js';
import type { TerminalExitStatus, ToolCallContent, ToolCallPatch } from './toolCalls.js';

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
   * `session_message` (with subagents): a message between this session and another — the task
   * a parent gave a child, a child's report — as this session's transcript has it (an upsert:
   * participants and links follow the patch convention, `content` as `message_upsert`'s). The
   * session it arrived on resolves whose card it belongs to (agents/acp/session/sessionMessages.ts)
   * and passes it on as `subagent_message`.
   */
  | {
      kind: 'session_message';
      messageId: string;
      senderSessionId?: string | null;
      recipientSessionId?: string | null;
      senderMessageId?: string | null;
      recipientMessageId?: string | null;
      content?: ContentBlock[] | null;
    }
  /** `session_message_chunk`: one block appended to such a message (its participants come from `session_message`). */
  | { kind: 'session_message_chunk'; messageId: string; content: ContentBlock }
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
