/**
 * Reads `session/request_permission` params in both shapes: v1 `{toolCall, options}` and v2
 * `{title, description?, subject?: {type:"tool_call", toolCall} | {type:"command", …}, options}`.
 * The tool call payload is a ToolCallUpdate; it goes through the normaliser so the thread
 * applies it to the displayed tool call exactly like a `tool_call_update`.
 */
import type { PermissionOption, ToolCallPatch } from '../protocol/events.js';
import { normalizeSessionUpdate } from '../protocol/normalize.js';

export interface PermissionRequestInfo {
  toolCallId: string;
  toolCall: ToolCallPatch;
  options: PermissionOption[];
  title?: string;
}

export type PermissionParse = { ok: true; value: PermissionRequestInfo } | { ok: false; message: string };

export function readPermissionParams(params: unknown, fallbackToolCallId: string): PermissionParse {
  const p = obj(params);
  const options = readOptions(p.options);
  if (!options) return { ok: false, message: 'options must be an array of {optionId, name, kind}.' };
  const title = typeof p.title === 'string' ? p.title : undefined;
  const subject = obj(p.subject);
  const toolCallRaw = p.toolCall !== undefined ? obj(p.toolCall) : subject.type === 'tool_call' ? obj(subject.toolCall) : undefined;
  if (toolCallRaw) {
    const id = toolCallRaw.toolCallId;
    if (typeof id !== 'string' || !id) return { ok: false, message: 'toolCall.toolCallId must be a non-empty string.' };
    return { ok: true, value: { toolCallId: id, toolCall: patchOf(toolCallRaw), options, ...(title ? { title } : {}) } };
  }
  if (title === undefined) return { ok: false, message: 'A permission request needs a toolCall (v1) or a title (v2).' };
  // v2 command/custom subject: bind to its tool call when named, else to a card of its own.
  const toolCallId = typeof subject.toolCallId === 'string' && subject.toolCallId ? subject.toolCallId : fallbackToolCallId;
  const command = typeof subject.command === 'string' ? subject.command : undefined;
  const toolCall: ToolCallPatch = { title: command ? `${title}: ${command}` : title, kind: command ? 'execute' : 'other' };
  return { ok: true, value: { toolCallId, toolCall, options, title } };
}

function patchOf(toolCall: Record<string, unknown>): ToolCallPatch {
  const event = normalizeSessionUpdate({ ...toolCall, sessionUpdate: 'tool_call_update' });
  return event.kind === 'tool_call' ? event.patch : {};
}

function readOptions(value: unknown): PermissionOption[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: PermissionOption[] = [];
  for (const item of value) {
    const o = obj(item);
    // Tolerate a missing name or kind: the id is a better button than none.
    if (typeof o.optionId !== 'string') continue;
    out.push({
      optionId: o.optionId,
      name: typeof o.name === 'string' ? o.name : o.optionId,
      kind: typeof o.kind === 'string' ? o.kind : 'unknown',
    });
  }
  return out.length > 0 || value.length === 0 ? out : undefined;
}

function obj(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
