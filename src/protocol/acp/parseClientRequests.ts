/**
 * Agent → client request params, parsed and normalised for the host services.
 *
 * Each parser returns a result instead of throwing, so the caller can answer a bad request
 * with -32602 (`INVALID_PARAMS`) and the reason, and keep the session alive.
 */
import type { z } from 'zod';
import type { PermissionOption, ToolCallPatch } from '../events.js';
import { parseToolCallPatch } from './normalizeToolCall.js';
import {
  createTerminalParams,
  readTextFileParams,
  requestPermissionV1,
  requestPermissionV2,
  terminalIdParams,
  writeTextFileParams,
} from './schemas/clientRequests.js';

export const INVALID_PARAMS = -32602;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

function parseWith<S extends z.ZodType, T>(schema: S, raw: unknown, map: (v: z.output<S>) => T): Parsed<T> {
  const r = schema.safeParse(raw);
  return r.success ? { ok: true, value: map(r.data) } : { ok: false, error: issuesText(r.error) };
}

export interface ReadTextFileRequest {
  sessionId: string;
  path: string;
  /** 1-based first line. */
  line?: number;
  limit?: number;
}
export function parseReadTextFile(raw: unknown): Parsed<ReadTextFileRequest> {
  return parseWith(readTextFileParams, raw, (p) => {
    const out: ReadTextFileRequest = { sessionId: p.sessionId, path: p.path };
    if (p.line != null) out.line = p.line;
    if (p.limit != null) out.limit = p.limit;
    return out;
  });
}

export interface WriteTextFileRequest {
  sessionId: string;
  path: string;
  content: string;
}
export function parseWriteTextFile(raw: unknown): Parsed<WriteTextFileRequest> {
  return parseWith(writeTextFileParams, raw, (p) => ({ sessionId: p.sessionId, path: p.path, content: p.content }));
}

export interface CreateTerminalRequest {
  sessionId: string;
  command: string;
  args: string[];
  env: { name: string; value: string }[];
  cwd?: string;
  outputByteLimit?: number;
}
export function parseCreateTerminal(raw: unknown): Parsed<CreateTerminalRequest> {
  return parseWith(createTerminalParams, raw, (p) => {
    const out: CreateTerminalRequest = {
      sessionId: p.sessionId,
      command: p.command,
      args: p.args ?? [],
      env: (p.env ?? []).map((e) => ({ name: e.name, value: e.value })),
    };
    if (p.cwd != null) out.cwd = p.cwd;
    if (p.outputByteLimit != null) out.outputByteLimit = p.outputByteLimit;
    return out;
  });
}

export interface TerminalRequest {
  sessionId: string;
  terminalId: string;
}
/** `terminal/output`, `terminal/wait_for_exit`, `terminal/kill`, `terminal/release`. */
export function parseTerminalRequest(raw: unknown): Parsed<TerminalRequest> {
  return parseWith(terminalIdParams, raw, (p) => ({ sessionId: p.sessionId, terminalId: p.terminalId }));
}

/** One shape for both protocol versions' `session/request_permission`. */
export interface PermissionRequest {
  sessionId: string;
  options: PermissionOption[];
  /** The tool call asked about (v1 always; v2 for tool-call subjects, or the command's call). */
  toolCallId?: string;
  /** Fields to apply to the displayed tool call (a ToolCallUpdate on the wire). */
  toolCall?: ToolCallPatch;
  /** v2: the prompt's own title and description. */
  title?: string;
  description?: string;
  /** v2 command subject: a shell command the agent wants to run. */
  command?: { command: string; cwd: string; terminalId?: string };
}

/**
 * v1 carries `toolCall`; v2 carries `title` and an optional `subject`. The shape decides, not
 * the negotiated version, so a v1 agent that already sends v2-style fields still parses.
 */
export function parseRequestPermission(raw: unknown): Parsed<PermissionRequest> {
  const isV2 = raw !== null && typeof raw === 'object' && (raw as { toolCall?: unknown }).toolCall === undefined;
  if (!isV2) {
    const r = requestPermissionV1.safeParse(raw);
    if (!r.success) return { ok: false, error: issuesText(r.error) };
    const tc = parseToolCallPatch(r.data.toolCall);
    if (!tc) return { ok: false, error: 'toolCall: expected a tool call update with toolCallId' };
    const out: PermissionRequest = { sessionId: r.data.sessionId, options: r.data.options, toolCallId: tc.toolCallId, toolCall: tc.patch };
    // Some v1 agents already add the v2 title/description.
    if (typeof r.data.title === 'string') out.title = r.data.title;
    if (typeof r.data.description === 'string') out.description = r.data.description;
    return { ok: true, value: out };
  }
  const r = requestPermissionV2.safeParse(raw);
  if (!r.success) return { ok: false, error: issuesText(r.error) };
  const p = r.data;
  const out: PermissionRequest = { sessionId: p.sessionId, options: p.options, title: p.title };
  if (p.description != null) out.description = p.description;
  const subject = p.subject;
  if (subject?.type === 'tool_call') {
    const tc = parseToolCallPatch((subject as { toolCall: unknown }).toolCall);
    if (!tc) return { ok: false, error: 'subject.toolCall: expected a tool call update with toolCallId' };
    out.toolCallId = tc.toolCallId;
    out.toolCall = tc.patch;
  } else if (subject?.type === 'command') {
    const c = subject as { command: string; cwd: string; toolCallId?: string | null; terminalId?: string | null };
    out.command = { command: c.command, cwd: c.cwd };
    if (c.terminalId != null) out.command.terminalId = c.terminalId;
    if (c.toolCallId != null) out.toolCallId = c.toolCallId;
  }
  return { ok: true, value: out };
}
