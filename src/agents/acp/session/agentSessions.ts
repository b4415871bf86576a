/**
 * The agent's own session history: `session/list` paging and the params for reopening,
 * closing and deleting sessions, each gated by what the agent advertised. Sending a method
 * or field the agent did not advertise is a protocol error, so the builders say "no" with a
 * reason instead.
 */
import { isAbsolute } from 'node:path';
import type { MessageConnection } from 'vscode-jsonrpc';
import type { AcpMcpServer } from '../mcp/filter.js';
import { listSessionsParams, loadSessionParams, newSessionParams, resumeSessionParams, sessionIdParams } from '../../../protocol/acp/outgoing.js';
import type { AgentSessionInfo, SessionSupport } from '../../api.js';
import { parseInitializeResult, type AgentCapabilities } from '../../../protocol/acp/parseAgentResults.js';

export type RequestSender = Pick<MessageConnection, 'sendRequest'>;

/**
 * From a raw initialize result, through the protocol layer's parser (the one AgentClient
 * uses) so both read markers, `null`s and v2's "session implies list/resume/close" alike.
 */
export function sessionSupportOf(initializeResult: unknown, protocolVersion: 1 | 2): SessionSupport {
  const raw = initializeResult !== null && typeof initializeResult === 'object' ? initializeResult : {};
  // The caller already settled the version; the parser picks the v1 or v2 shape from it.
  const parsed = parseInitializeResult({ ...raw, protocolVersion });
  if (parsed.ok) return sessionSupportFromCapabilities(parsed.value.capabilities, protocolVersion);
  return { protocolVersion, load: false, list: false, resume: false, close: false, delete: false, fork: false, additionalDirectories: false };
}

/** The same table from already parsed capabilities (what AgentClient holds after initialize). */
export function sessionSupportFromCapabilities(caps: AgentCapabilities, protocolVersion: 1 | 2): SessionSupport {
  const s = caps.session;
  // v2 has no session/load: it resumes with replay, so "load" is "resume".
  return { protocolVersion, load: protocolVersion === 2 ? s.resume : caps.loadSession, list: s.list, resume: s.resume,
    close: s.close, delete: s.delete, fork: s.fork, additionalDirectories: s.additionalDirectories };
}

export interface ListResult {
  sessions: AgentSessionInfo[];
  /** More pages existed but `maxPages` stopped the walk. */
  truncated: boolean;
}

function readSession(v: unknown): AgentSessionInfo | undefined {
  const s = v as Record<string, unknown> | null;
  if (!s || typeof s.sessionId !== 'string' || typeof s.cwd !== 'string') return undefined;
  return {
    sessionId: s.sessionId,
    cwd: s.cwd,
    ...(typeof s.title === 'string' ? { title: s.title } : {}),
    ...(typeof s.updatedAt === 'string' ? { updatedAt: s.updatedAt } : {}),
    ...(Array.isArray(s.additionalDirectories) ? { additionalDirectories: s.additionalDirectories.filter((d): d is string => typeof d === 'string') } : {}),
  };
}

/**
 * Walks `session/list` pages. Cursors are opaque and never stored; a repeated cursor ends the
 * walk (a buggy agent must not spin the client). Throws if the agent cannot list.
 */
export async function listAgentSessions(
  conn: RequestSender,
  support: SessionSupport,
  opts: { cwd?: string; maxPages?: number } = {},
): Promise<ListResult> {
  if (!support.list) throw new Error('the agent does not support session/list');
  const maxPages = Math.max(1, opts.maxPages ?? 10);
  const sessions: AgentSessionInfo[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const res = (await conn.sendRequest('session/list', listSessionsParams(opts.cwd, cursor))) as Record<string, unknown> | null;
    for (const s of Array.isArray(res?.sessions) ? res.sessions : []) {
      const info = readSession(s);
      if (info) sessions.push(info);
    }
    const next = typeof res?.nextCursor === 'string' && res.nextCursor ? res.nextCursor : undefined;
    if (!next || seen.has(next)) return { sessions, truncated: false };
    seen.add(next);
    cursor = next;
  }
  return { sessions, truncated: true };
}

export interface ReopenInput {
  sessionId: string;
  cwd: string;
  /** Already filtered for this agent (`filterMcpServers`). */
  mcpServers: AcpMcpServer[];
  /** The complete list of extra roots; it replaces whatever the session had. */
  additionalDirectories?: string[];
}

export type Gated<P> =
  | { ok: true; method: string; params: P; notes: string[] }
  | { ok: false; reason: string };

/** `additionalDirectories` only when advertised, absolute, de-duplicated, without cwd. */
function extraRoots(support: SessionSupport, cwd: string, dirs: string[] | undefined, notes: string[]): string[] | undefined {
  if (!dirs?.length) return undefined;
  if (!support.additionalDirectories) {
    notes.push('the agent does not support additional workspace folders; only the primary folder is shared');
    return undefined;
  }
  const relative = dirs.filter((d) => !isAbsolute(d));
  if (relative.length) notes.push(`left out relative folders: ${relative.join(', ')}`);
  const out = [...new Set(dirs.filter((d) => isAbsolute(d) && d !== cwd))];
  return out.length ? out : undefined;
}

/**
 * Field rules (required `mcpServers`, `additionalDirectories` only when non-empty, `replayFrom`)
 * are the protocol layer's builders; the server list is ours because it may carry http/sse.
 */
function target(support: SessionSupport, input: Omit<ReopenInput, 'sessionId'>, notes: string[]) {
  const additionalDirectories = extraRoots(support, input.cwd, input.additionalDirectories, notes);
  return { cwd: input.cwd, ...(additionalDirectories ? { additionalDirectories } : {}) };
}

export function buildNewSessionRequest(support: SessionSupport, input: Omit<ReopenInput, 'sessionId'>): Gated<Record<string, unknown>> {
  if (!isAbsolute(input.cwd)) return { ok: false, reason: `cwd must be absolute: ${input.cwd}` };
  const notes: string[] = [];
  const params = { ...newSessionParams(target(support, input, notes)), mcpServers: input.mcpServers };
  return { ok: true, method: 'session/new', params, notes };
}

/** Reopen with the conversation replayed as `session/update`s before the answer. */
export function buildLoadRequest(support: SessionSupport, input: ReopenInput): Gated<Record<string, unknown>> {
  if (!support.load) return { ok: false, reason: 'the agent cannot load sessions' };
  if (!isAbsolute(input.cwd)) return { ok: false, reason: `cwd must be absolute: ${input.cwd}` };
  const notes: string[] = [];
  const where = target(support, input, notes);
  if (support.protocolVersion === 2) {
    // v2 has no session/load: resume, replaying from the start.
    return { ok: true, method: 'session/resume', params: { ...resumeSessionParams(input.sessionId, where, true), mcpServers: input.mcpServers }, notes };
  }
  return { ok: true, method: 'session/load', params: { ...loadSessionParams(input.sessionId, where), mcpServers: input.mcpServers }, notes };
}

/** Reconnect without replay: the client shows its own transcript. */
export function buildResumeRequest(support: SessionSupport, input: ReopenInput): Gated<Record<string, unknown>> {
  if (!support.resume) return { ok: false, reason: 'the agent cannot resume sessions' };
  if (!isAbsolute(input.cwd)) return { ok: false, reason: `cwd must be absolute: ${input.cwd}` };
  const notes: string[] = [];
  const params = { ...resumeSessionParams(input.sessionId, target(support, input, notes)), mcpServers: input.mcpServers };
  return { ok: true, method: 'session/resume', params, notes };
}

/** A new session holding a copy of `sessionId`'s conversation; answered like session/new. */
export function buildForkRequest(support: SessionSupport, input: ReopenInput): Gated<Record<string, unknown>> {
  if (!support.fork) return { ok: false, reason: 'the agent cannot fork sessions' };
  if (!isAbsolute(input.cwd)) return { ok: false, reason: `cwd must be absolute: ${input.cwd}` };
  const notes: string[] = [];
  const params = { ...loadSessionParams(input.sessionId, target(support, input, notes)), mcpServers: input.mcpServers };
  return { ok: true, method: 'session/fork', params, notes };
}

export function buildCloseRequest(support: SessionSupport, sessionId: string): Gated<{ sessionId: string }> {
  return support.close ? { ok: true, method: 'session/close', params: sessionIdParams(sessionId), notes: [] } : { ok: false, reason: 'the agent cannot close sessions' };
}

export function buildDeleteRequest(support: SessionSupport, sessionId: string): Gated<{ sessionId: string }> {
  return support.delete ? { ok: true, method: 'session/delete', params: sessionIdParams(sessionId), notes: [] } : { ok: false, reason: 'the agent cannot delete sessions' };
}

const NOT_FOUND = -32002;

/**
 * Sends a gated close/delete. "Not found" counts as done: the session is gone either way
 * (the SDK's own client does the same).
 */
export async function sendEnd(conn: RequestSender, req: Gated<{ sessionId: string }>): Promise<void> {
  if (!req.ok) throw new Error(req.reason);
  try {
    await conn.sendRequest(req.method, req.params);
  } catch (e) {
    if ((e as { code?: unknown }).code !== NOT_FOUND) throw e;
  }
}
