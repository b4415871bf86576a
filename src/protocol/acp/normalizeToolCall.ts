/**
 * Tool call updates, any dialect → `tool_call` / `tool_call_content_chunk` events.
 *
 * The early draft is first rewritten into its v1 equivalent and then takes the v1 path, so a
 * draft tool call cannot drift from what the same call looks like in v1.
 */
import type { z } from 'zod';
import type { ToolCallContent, ToolCallPatch, ToolCallStatus, ToolKind, WireEvent } from '../events.js';
import { draftToolCall, draftToolCallUpdate, isDraftToolCall } from './schemas/draft.js';
import { cancelCapability, toolCall, toolCallContentChunk, toolCallUpdate } from './schemas/toolCall.js';

const KINDS: ReadonlySet<string> = new Set<ToolKind>([
  'read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other',
]);

/** v2 opened the kind set; anything new is shown as a generic tool. */
export function toToolKind(kind: string): ToolKind {
  return KINDS.has(kind) ? (kind as ToolKind) : 'other';
}

const STATUSES: Readonly<Record<string, ToolCallStatus>> = {
  pending: 'pending',
  in_progress: 'in_progress',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  paused: 'paused',
  // Early draft spellings.
  running: 'in_progress',
  success: 'completed',
  error: 'failed',
  failure: 'failed',
};

/** Unknown statuses read as "no change" rather than guessing a state. */
export function toToolStatus(status: string): ToolCallStatus | undefined {
  return Object.hasOwn(STATUSES, status) ? STATUSES[status] : undefined;
}

type Parsed = z.output<typeof toolCallUpdate>;

function patchFrom(u: Parsed): ToolCallPatch {
  const patch: ToolCallPatch = {};
  if (u.title !== undefined) patch.title = u.title;
  if (u.name !== undefined) patch.name = u.name;
  if (u.kind !== undefined) patch.kind = u.kind === null ? null : toToolKind(u.kind);
  if (u.status !== undefined) {
    const status = u.status === null ? null : toToolStatus(u.status);
    if (status !== undefined) patch.status = status;
  }
  if (u.content !== undefined) patch.content = u.content;
  if (u.locations !== undefined) patch.locations = u.locations;
  if (u.rawInput !== undefined) patch.rawInput = u.rawInput;
  if (u.rawOutput !== undefined) patch.rawOutput = u.rawOutput;
  const cancellable = cancelCapability(u.capabilities);
  if (cancellable !== undefined) patch.cancellable = cancellable;
  return patch;
}

function invalid(kind: string, raw: unknown, error: z.ZodError): WireEvent {
  return { kind: 'unknown', sessionUpdate: kind, raw, reason: error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
}

/** v1 `tool_call`: a full create. Missing optional fields get their spec defaults. */
export function normalizeToolCall(update: Record<string, unknown>): WireEvent {
  const v1 = isDraftToolCall(update) ? draftCallAsV1(update) : update;
  if (v1 instanceof Error) return { kind: 'unknown', sessionUpdate: 'tool_call', raw: update, reason: v1.message };
  const r = toolCall.safeParse(v1);
  if (!r.success) return invalid('tool_call', update, r.error);
  const u = r.data;
  const patch = patchFrom(u);
  patch.title = u.title ?? u.name ?? u.toolCallId;
  patch.name = u.name ?? null;
  patch.kind ??= 'other';
  patch.status ??= 'pending';
  patch.content ??= [];
  patch.locations ??= [];
  return { kind: 'tool_call', toolCallId: u.toolCallId, replace: true, patch };
}

/** v1/v2 `tool_call_update`: a patch (v2: also the create when the id is new). */
export function normalizeToolCallUpdate(update: Record<string, unknown>): WireEvent {
  const v1 = isDraftToolCall(update) ? draftUpdateAsV1(update) : update;
  if (v1 instanceof Error) return { kind: 'unknown', sessionUpdate: 'tool_call_update', raw: update, reason: v1.message };
  const r = toolCallUpdate.safeParse(v1);
  if (!r.success) return invalid('tool_call_update', update, r.error);
  return { kind: 'tool_call', toolCallId: r.data.toolCallId, replace: false, patch: patchFrom(r.data) };
}

/** Parse a permission request's `toolCall` (a ToolCallUpdate) into a patch. */
export function parseToolCallPatch(raw: unknown): { toolCallId: string; patch: ToolCallPatch } | undefined {
  const source = raw !== null && typeof raw === 'object' && isDraftToolCall(raw as Record<string, unknown>)
    ? draftUpdateAsV1(raw as Record<string, unknown>)
    : raw;
  const r = toolCallUpdate.safeParse(source);
  return r.success ? { toolCallId: r.data.toolCallId, patch: patchFrom(r.data) } : undefined;
}

export function normalizeToolCallContentChunk(update: Record<string, unknown>): WireEvent {
  const r = toolCallContentChunk.safeParse(update);
  if (!r.success) return invalid('tool_call_content_chunk', update, r.error);
  return { kind: 'tool_call_content_chunk', toolCallId: r.data.toolCallId, content: r.data.content };
}

/** Draft `{id, name, arguments}` → v1 `{toolCallId, title, name, rawInput}`. */
function draftCallAsV1(update: Record<string, unknown>): Record<string, unknown> | Error {
  const r = draftToolCall.safeParse(update);
  if (!r.success) return new Error(`early-draft tool_call: ${r.error.issues[0]?.message ?? 'invalid'}`);
  const { id, name, arguments: args, sessionUpdate, ...rest } = r.data;
  const v1: Record<string, unknown> = { ...rest, sessionUpdate, toolCallId: id, title: name, name };
  if (args !== undefined) v1.rawInput = args;
  return v1;
}

/** Draft `{id, status, output}` → v1 `{toolCallId, status, content:[text], rawOutput}`. */
function draftUpdateAsV1(update: Record<string, unknown>): Record<string, unknown> | Error {
  const r = draftToolCallUpdate.safeParse(update);
  if (!r.success) return new Error(`early-draft tool_call_update: ${r.error.issues[0]?.message ?? 'invalid'}`);
  const { id, status, output, ...rest } = r.data;
  const v1: Record<string, unknown> = { ...rest, toolCallId: id };
  if (status !== undefined) v1.status = toToolStatus(status) ?? status;
  if (output !== undefined) {
    v1.rawOutput = output;
    if (typeof output === 'string') v1.content = [textItem(output)];
  }
  return v1;
}

function textItem(text: string): ToolCallContent {
  return { type: 'content', content: { type: 'text', text } };
}
