/**
 * `subagent_update` → the `subagent` event. The schema gives a child a title, a description,
 * a state and capabilities; agents name the helper's kind and model in `_meta` (Claude Code's
 * Task tool: `subagent_type`), read here from a few spellings at the top of `_meta` or one
 * object below it, and shown only when they are plain short strings. `session_message` and
 * `session_message_chunk` (a child's task and report) → their events, which the receiving
 * session resolves to a card (agents/acp/session/sessionMessages.ts).
 */
import type { SubagentPatch, WireEvent } from '../events.js';
import { sessionMessage, sessionMessageChunk, subagentUpdate } from './schemas/subagent.js';
import { upsertContent } from './schemas/sessionUpdate.js';

const AGENT_TYPE_KEYS = ['agentType', 'subagentType', 'subagent_type', 'agent_type'];
const MODEL_KEYS = ['model', 'modelId', 'model_id'];
const MAX_NAME = 200;

export function normalizeSubagentUpdate(u: Record<string, unknown>, kind: string): WireEvent {
  const r = subagentUpdate.safeParse(u);
  if (!r.success) {
    const reason = r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    return { kind: 'unknown', sessionUpdate: kind, raw: u, reason };
  }
  const d = r.data;
  const patch: SubagentPatch = {};
  if (d.title !== undefined) patch.title = d.title;
  if (d.description !== undefined) patch.description = d.description;
  if (d.state !== undefined) {
    patch.state = d.state === null ? null : { state: d.state.state, ...(typeof d.state.stopReason === 'string' ? { stopReason: d.state.stopReason } : {}) };
  }
  if (d.capabilities !== undefined) {
    const cancel = d.capabilities?.cancel;
    patch.cancellable = typeof cancel === 'object' && cancel !== null && !Array.isArray(cancel);
  }
  if (d.cwd !== undefined) patch.cwd = d.cwd;
  const agentType = fromMeta(d._meta, AGENT_TYPE_KEYS);
  if (agentType !== undefined) patch.agentType = agentType;
  const model = fromMeta(d._meta, MODEL_KEYS);
  if (model !== undefined) patch.model = model;
  return { kind: 'subagent', childId: d.sessionId, patch };
}

/** `session_message`: the participants and links as the patch convention gives them, content like an upsert's. */
export function normalizeSessionMessage(u: Record<string, unknown>, kind: string): WireEvent {
  const r = sessionMessage.safeParse(u);
  if (!r.success) return malformed(u, kind, r.error.issues);
  const d = r.data;
  const event: Extract<WireEvent, { kind: 'session_message' }> = { kind: 'session_message', messageId: d.messageId };
  for (const key of ['senderSessionId', 'recipientSessionId', 'senderMessageId', 'recipientMessageId'] as const) {
    if (d[key] !== undefined) event[key] = d[key];
  }
  if (d.content === null) event.content = null;
  else if (d.content !== undefined) event.content = upsertContent.parse(d.content);
  return event;
}

export function normalizeSessionMessageChunk(u: Record<string, unknown>, kind: string): WireEvent {
  const r = sessionMessageChunk.safeParse(u);
  if (!r.success) return malformed(u, kind, r.error.issues);
  return { kind: 'session_message_chunk', messageId: r.data.messageId, content: r.data.content };
}

function malformed(u: Record<string, unknown>, kind: string, issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): WireEvent {
  return { kind: 'unknown', sessionUpdate: kind, raw: u, reason: issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('; ') };
}

function fromMeta(meta: Record<string, unknown> | null | undefined, keys: readonly string[]): string | undefined {
  if (!meta) return undefined;
  const direct = pick(meta, keys);
  if (direct !== undefined) return direct;
  for (const value of Object.values(meta)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const nested = pick(value as Record<string, unknown>, keys);
      if (nested !== undefined) return nested;
    }
  }
  return undefined;
}

function pick(obj: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = Object.hasOwn(obj, key) ? obj[key] : undefined;
    if (typeof value === 'string' && value.trim() !== '' && value.length <= MAX_NAME) return value.trim();
  }
  return undefined;
}
