/**
 * `session/update` payloads, any dialect (early draft, v1, v2 draft) → one `WireEvent`.
 *
 * Never throws. Unknown kinds become `unknown` events (ACP: ignore them, keep them for the log);
 * a known kind with a malformed payload becomes `unknown` with a `reason`.
 */
import type { z } from 'zod';
import type {
  ContentBlock,
  MessageRole,
  PlanBody,
  PlanEntry,
  PlanEntryPriority,
  PlanEntryStatus,
  TerminalExitStatus,
  WireEvent,
} from '../events.js';
import {
  normalizeToolCall,
  normalizeToolCallContentChunk,
  normalizeToolCallUpdate,
} from './normalizeToolCall.js';
import {
  availableCommandsUpdate,
  compactionSummaryChunk,
  compactionUpdate,
  configOptionUpdate,
  contentChunk,
  currentModeUpdate,
  messageUpsert,
  notice,
  planEntry,
  planRemoved,
  planUpdate,
  planV1,
  sessionInfoUpdate,
  sessionUpdateSchemas,
  stateChange,
  stateUpdate,
  terminalOutputChunk,
  terminalUpdate,
  upsertContent,
  usageUpdate,
} from './schemas/sessionUpdate.js';
import type { KnownSessionUpdateKind } from './schemas/sessionUpdate.js';
import { cancelCapability } from './schemas/toolCall.js';
import { normalizeSessionMessage, normalizeSessionMessageChunk, normalizeSubagentUpdate } from './normalizeSubagent.js';

type Update = Record<string, unknown>;
type Normalizer = (update: Update, kind: string) => WireEvent;

/** The v1 plan has no id; v1→v2 adapters call it "main". */
export const V1_PLAN_ID = 'main';

export function normalizeSessionUpdate(update: unknown): WireEvent {
  if (update === null || typeof update !== 'object' || Array.isArray(update)) {
    return { kind: 'unknown', sessionUpdate: '', raw: update, reason: 'update is not an object' };
  }
  const kind = (update as Update).sessionUpdate;
  if (typeof kind !== 'string') {
    return { kind: 'unknown', sessionUpdate: '', raw: update, reason: 'missing sessionUpdate' };
  }
  // Streamed text first, without the table lookup: it is nearly all of the traffic.
  const role = chunkRole(kind);
  if (role !== undefined) return plainTextChunk(update as Update, role) ?? chunkWithSchema(update as Update, kind);
  const normalizer = Object.hasOwn(NORMALIZERS, kind) ? NORMALIZERS[kind as KnownSessionUpdateKind] : undefined;
  if (!normalizer) return { kind: 'unknown', sessionUpdate: kind, raw: update };
  return normalizer(update as Update, kind);
}

function invalid(kind: string, raw: unknown, reason: string | z.ZodError): WireEvent {
  const text = typeof reason === 'string' ? reason : reason.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  return { kind: 'unknown', sessionUpdate: kind, raw, reason: text };
}

const ROLE: Readonly<Record<string, MessageRole>> = {
  user_message_chunk: 'user',
  agent_message_chunk: 'agent',
  agent_thought_chunk: 'thought',
  user_message: 'user',
  agent_message: 'agent',
  agent_thought: 'thought',
};

/**
 * The role of a chunk kind, undefined for other kinds. Compared, not looked up: JSON.parse hands
 * over a fresh string for every `sessionUpdate`, and hashing it for a map costs more than three
 * comparisons (which reject other lengths at once).
 */
function chunkRole(kind: string): MessageRole | undefined {
  if (kind === 'agent_message_chunk') return 'agent';
  if (kind === 'agent_thought_chunk') return 'thought';
  if (kind === 'user_message_chunk') return 'user';
  return undefined;
}

/**
 * A message chunk through its zod schema: the reference for what a chunk may be, and the only
 * path for anything but a well-formed text chunk (so malformed input gets the schema's error).
 * Exported so the tests can hold the fast path equal to it.
 */
export function chunkWithSchema(u: Update, kind: string): WireEvent {
  const r = contentChunk.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  const event: WireEvent = { kind: 'message_chunk', role: ROLE[kind]!, content: r.data.content };
  if (typeof r.data.messageId === 'string') event.messageId = r.data.messageId;
  return event;
}

const chunk: Normalizer = (u, kind) => plainTextChunk(u, ROLE[kind]!) ?? chunkWithSchema(u, kind);

/**
 * Streaming text is nearly all of the traffic (tens of thousands of chunks per turn, bursts
 * on session/load replay). A well-formed text chunk skips zod: it accepts only what the schema
 * accepts (content a plain object with `type: 'text'` and a string `text`, and no own
 * `__proto__` key; `messageId` a string or absent/null; other fields are free in the schema's
 * loose objects and unused here) and gives an identical event (chunkFastPath.test.ts holds the
 * two paths equal on valid and malformed input), only the content object is not copied.
 * Anything else returns undefined and goes through zod.
 */
function plainTextChunk(u: Update, role: MessageRole): WireEvent | undefined {
  const content = u.content as { type?: unknown; text?: unknown } | null | undefined;
  if (content === null || typeof content !== 'object' || content.type !== 'text' || typeof content.text !== 'string' || Array.isArray(content)) {
    return undefined;
  }
  // JSON.parse makes `"__proto__"` an own key; zod's copy leaves it out, so the schema decides.
  if (Object.hasOwn(content, '__proto__')) return undefined;
  const id = u.messageId;
  if (typeof id === 'string') return { kind: 'message_chunk', role, messageId: id, content: content as ContentBlock };
  if (id === undefined || id === null) return { kind: 'message_chunk', role, content: content as ContentBlock };
  return undefined;
}

const upsert: Normalizer = (u, kind) => {
  const r = messageUpsert.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  const event: WireEvent = { kind: 'message_upsert', role: ROLE[kind]!, messageId: r.data.messageId };
  const content = r.data.content;
  if (content === null) event.content = null;
  else if (content !== undefined) event.content = upsertContent.parse(content);
  return event;
};

const PRIORITIES: ReadonlySet<string> = new Set<PlanEntryPriority>(['high', 'medium', 'low']);
const PLAN_STATUSES: ReadonlySet<string> = new Set<PlanEntryStatus>(['pending', 'in_progress', 'completed', 'cancelled']);

function planEntries(entries: z.output<typeof planEntry>[]): PlanEntry[] {
  return entries.map((e) => ({
    content: e.content,
    priority: PRIORITIES.has(e.priority) ? (e.priority as PlanEntryPriority) : 'medium',
    status: PLAN_STATUSES.has(e.status) ? (e.status as PlanEntryStatus) : 'pending',
  }));
}

const plan: Normalizer = (u, kind) => {
  const r = planV1.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  return { kind: 'plan', planId: V1_PLAN_ID, entries: planEntries(r.data.entries) };
};

const planV2: Normalizer = (u, kind) => {
  const r = planUpdate.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  const p = r.data.plan;
  const planId = p.planId ?? p.id;
  // Every variant but `items` needs its id (the v1 → v2 "main" default is for checklists).
  if (p.type === 'items') return { kind: 'plan', planId: planId ?? V1_PLAN_ID, entries: planEntries(p.entries ?? []) };
  if (!planId) return invalid(kind, u, 'plan.planId: missing');
  let body: PlanBody;
  if (p.type === 'file') {
    if (!p.uri) return invalid(kind, u, 'plan.uri: missing');
    body = { type: 'file', uri: p.uri };
  } else if (p.type === 'markdown') {
    if (typeof p.content !== 'string') return invalid(kind, u, 'plan.content: missing');
    body = { type: 'markdown', content: p.content };
  } else {
    // An extension or future plan type still replaces what that plan showed before.
    body = { type: 'other', planType: p.type };
  }
  return { kind: 'plan', planId, entries: [], body };
};

const planGone: Normalizer = (u, kind) => {
  const r = planRemoved.safeParse(u);
  return r.success ? { kind: 'plan_removed', planId: r.data.planId } : invalid(kind, u, r.error);
};

const commands: Normalizer = (u, kind) => {
  const r = availableCommandsUpdate.safeParse(u);
  return r.success ? { kind: 'available_commands', commands: r.data.availableCommands } : invalid(kind, u, r.error);
};

const mode: Normalizer = (u, kind) => {
  const r = currentModeUpdate.safeParse(u);
  const id = r.success ? (r.data.currentModeId ?? r.data.modeId) : undefined;
  return id ? { kind: 'current_mode', currentModeId: id } : invalid(kind, u, 'missing currentModeId');
};

const config: Normalizer = (u, kind) => {
  const r = configOptionUpdate.safeParse(u);
  return r.success ? { kind: 'config_options', configOptions: r.data.configOptions } : invalid(kind, u, r.error);
};

const info: Normalizer = (u, kind) => {
  const r = sessionInfoUpdate.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  const event: WireEvent = { kind: 'session_info' };
  if (r.data.title !== undefined) event.title = r.data.title;
  if (r.data.updatedAt !== undefined) event.updatedAt = r.data.updatedAt;
  return event;
};

const usage: Normalizer = (u, kind) => {
  const r = usageUpdate.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  const { used, size, cost } = r.data;
  return { kind: 'usage', usage: cost ? { used, size, cost: { amount: cost.amount, currency: cost.currency } } : { used, size } };
};

const noticeEvent: Normalizer = (u, kind) => {
  const r = notice.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  const event: WireEvent = { kind: 'notice', severity: r.data.severity, title: r.data.title };
  if (r.data.description != null) event.description = r.data.description;
  return event;
};

const STATES = new Set(['running', 'idle', 'requires_action']);
type TurnState = 'running' | 'idle' | 'requires_action';

const state: Normalizer = (u, kind) => {
  const r = stateUpdate.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  if (!STATES.has(r.data.state)) return invalid(kind, u, `unknown state ${r.data.state}`);
  const event: WireEvent = { kind: 'state', state: r.data.state as TurnState };
  if (r.data.state === 'idle') {
    if (r.data.stopReason) event.stopReason = r.data.stopReason;
    if (r.data.error) event.error = { code: r.data.error.code, message: r.data.error.message };
  }
  return event;
};

/** The RFD's earlier spelling (seed 004): `state_change` with snake_case `stop_reason`. */
const stateChanged: Normalizer = (u, kind) => {
  const r = stateChange.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  if (!STATES.has(r.data.state)) return invalid(kind, u, `unknown state ${r.data.state}`);
  const event: WireEvent = { kind: 'state', state: r.data.state as TurnState };
  const stopReason = r.data.stopReason ?? r.data.stop_reason;
  if (r.data.state === 'idle' && stopReason) event.stopReason = stopReason;
  return event;
};

const compaction: Normalizer = (u, kind) => {
  const r = compactionUpdate.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  const event: WireEvent = { kind: 'compaction', compactionId: r.data.compactionId, status: r.data.status };
  if (r.data.summary !== undefined) event.summary = r.data.summary;
  if (r.data.error !== undefined) event.error = r.data.error;
  return event;
};

const compactionChunk: Normalizer = (u, kind) => {
  const r = compactionSummaryChunk.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  return { kind: 'compaction_chunk', compactionId: r.data.compactionId, content: r.data.content };
};

/** Padded base64 as the schema's `contentEncoding` means it; whitespace is not allowed. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const terminal: Normalizer = (u, kind) => {
  const r = terminalUpdate.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  const t = r.data;
  const event: WireEvent = { kind: 'agent_terminal', terminalId: t.terminalId };
  if (t.command !== undefined) event.command = t.command;
  if (t.cwd !== undefined) event.cwd = t.cwd;
  if (t.output === null) event.output = null;
  else if (t.output !== undefined) {
    if (!BASE64.test(t.output.data)) return invalid(kind, u, 'output.data: not base64');
    event.output = t.output.data;
  }
  if (t.exitStatus === null) event.exitStatus = null;
  else if (t.exitStatus !== undefined) {
    const exit: TerminalExitStatus = {};
    if (t.exitStatus.exitCode != null) exit.exitCode = t.exitStatus.exitCode;
    if (t.exitStatus.signal != null) exit.signal = t.exitStatus.signal;
    event.exitStatus = exit;
  }
  const cancellable = cancelCapability(t.capabilities);
  if (cancellable !== undefined) event.cancellable = cancellable;
  return event;
};

const terminalChunk: Normalizer = (u, kind) => {
  const r = terminalOutputChunk.safeParse(u);
  if (!r.success) return invalid(kind, u, r.error);
  if (!BASE64.test(r.data.data)) return invalid(kind, u, 'data: not base64');
  return { kind: 'agent_terminal_chunk', terminalId: r.data.terminalId, data: r.data.data };
};

const NORMALIZERS: Readonly<Record<KnownSessionUpdateKind, Normalizer>> = {
  user_message_chunk: chunk,
  agent_message_chunk: chunk,
  agent_thought_chunk: chunk,
  user_message: upsert,
  agent_message: upsert,
  agent_thought: upsert,
  tool_call: (u) => normalizeToolCall(u),
  tool_call_update: (u) => normalizeToolCallUpdate(u),
  tool_call_content_chunk: (u) => normalizeToolCallContentChunk(u),
  plan,
  plan_update: planV2,
  plan_removed: planGone,
  available_commands_update: commands,
  current_mode_update: mode,
  config_option_update: config,
  session_info_update: info,
  usage_update: usage,
  notice: noticeEvent,
  compaction_update: compaction,
  compaction_summary_chunk: compactionChunk,
  terminal_update: terminal,
  terminal_output_chunk: terminalChunk,
  state_update: state,
  state_change: stateChanged,
  subagent_update: normalizeSubagentUpdate,
  session_message: normalizeSessionMessage,
  session_message_chunk: normalizeSessionMessageChunk,
};
