/**
 * Everything we send, built in one place so tests can hold each shape against the official
 * JSON Schema (test/support/schemaValidator.ts).
 *
 * We advertise only what the client implements: fs read/write, terminals, boolean config
 * options, notices and compaction (both shown in the thread), elicitation forms and URLs (rows
 * in the thread), v1 `plan` (unstable: plans by id as `plan_update` / `plan_removed`,
 * given as items, Markdown or a file — the same rows v2 plans get), and child sessions
 * (`subagents`, unstable: each child a card in its parent's thread). No `auth.terminal` unless
 * the editor wires a terminal login (agents/acp/connection/initialize.ts). docs/PROTOCOL.md
 * says why each capability is or is not advertised.
 */
import type { ContentBlock, PermissionOutcome } from '../events.js';

export interface ClientInfo {
  name: string;
  title?: string;
  version: string;
}

export const CLIENT_CAPABILITIES_V1 = {
  fs: { readTextFile: true, writeTextFile: true },
  terminal: true,
  session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
  elicitation: { form: {}, url: {} },
  plan: {},
  // Child sessions (unstable): each shown as a card in its parent's thread (thread/children/subagents.ts).
  subagents: {},
} as const;

export function initializeParamsV1(clientInfo: ClientInfo) {
  return { protocolVersion: 1, clientCapabilities: CLIENT_CAPABILITIES_V1, clientInfo: { ...clientInfo } };
}

/**
 * v2 client capabilities are only `auth` and `elicitation` (`auth.terminal` is added where the
 * editor wires a terminal login). Subagents (baseline in v2), notices,
 * compaction, agent-owned terminals, plan variants and diff file states need no capability in
 * v2, so there is nothing to advertise for them.
 */
export function initializeParamsV2(clientInfo: ClientInfo) {
  return { protocolVersion: 2, info: { ...clientInfo }, capabilities: { elicitation: { form: {}, url: {} } } };
}

export function initializeParams(version: 1 | 2, clientInfo: ClientInfo) {
  return version === 2 ? initializeParamsV2(clientInfo) : initializeParamsV1(clientInfo);
}

export interface McpServerStdio {
  name: string;
  command: string;
  args: string[];
  env: { name: string; value: string }[];
}

export interface SessionTarget {
  /** Absolute. */
  cwd: string;
  /** Only when the agent advertised `additionalDirectories`. Absolute paths. */
  additionalDirectories?: string[];
  mcpServers?: McpServerStdio[];
}

/** v1 requires `mcpServers` (send `[]`); v2 made it optional, `[]` is valid there too. */
export function newSessionParams(target: SessionTarget) {
  const params: { cwd: string; mcpServers: McpServerStdio[]; additionalDirectories?: string[] } = {
    cwd: target.cwd,
    mcpServers: target.mcpServers ?? [],
  };
  if (target.additionalDirectories?.length) params.additionalDirectories = [...target.additionalDirectories];
  return params;
}

export function loadSessionParams(sessionId: string, target: SessionTarget) {
  return { sessionId, ...newSessionParams(target) };
}

/** `replay: true` asks a v2 agent to replay history (v2 has no `session/load`). */
export function resumeSessionParams(sessionId: string, target: SessionTarget, replay = false) {
  const params: ReturnType<typeof loadSessionParams> & { replayFrom?: { type: 'start' } } = loadSessionParams(sessionId, target);
  if (replay) params.replayFrom = { type: 'start' };
  return params;
}

/** First page: no cursor. Cursors are opaque and not to be persisted. */
export function listSessionsParams(cwd?: string, cursor?: string) {
  const params: { cwd?: string; cursor?: string } = {};
  if (cwd) params.cwd = cwd;
  if (cursor) params.cursor = cursor;
  return params;
}

/** `session/close` and `session/delete`. */
export function sessionIdParams(sessionId: string) {
  return { sessionId };
}

export function promptParams(sessionId: string, prompt: ContentBlock[]) {
  return { sessionId, prompt };
}

export function cancelParams(sessionId: string) {
  return { sessionId };
}

/**
 * v2 `tool_call/cancel`: only for a tool call that currently advertises `capabilities.cancel`.
 * The answer means "accepted"; the agent confirms with the call's final status.
 */
export function cancelToolCallParams(sessionId: string, toolCallId: string) {
  return { sessionId, toolCallId };
}

/** v2 `terminal/cancel`: as above, for an agent-owned terminal; confirmed by its `exitStatus`. */
export function cancelTerminalParams(sessionId: string, terminalId: string) {
  return { sessionId, terminalId };
}

export function authenticateParams(methodId: string) {
  return { methodId };
}

export function setModeParams(sessionId: string, modeId: string) {
  return { sessionId, modeId };
}

/** v1: select values are untagged, booleans carry `type: "boolean"`; v2 tags both (`"id"` / `"boolean"`). */
export function setConfigOptionParams(version: 1 | 2, sessionId: string, configId: string, value: string | boolean) {
  if (version === 2) {
    return { sessionId, configId, type: typeof value === 'boolean' ? 'boolean' : 'id', value };
  }
  return typeof value === 'boolean' ? { sessionId, configId, type: 'boolean', value } : { sessionId, configId, value };
}

/** Answer to `session/request_permission`. */
export function permissionResult(outcome: PermissionOutcome) {
  return {
    outcome: outcome.outcome === 'selected' ? { outcome: 'selected', optionId: outcome.optionId } : { outcome: 'cancelled' },
  };
}

export function readTextFileResult(content: string) {
  return { content };
}

/** `fs/write_text_file`, `terminal/kill`, `terminal/release`: an empty object (not null). */
export function emptyResult(): Record<string, never> {
  return {};
}

export function createTerminalResult(terminalId: string) {
  return { terminalId };
}

export interface ExitStatus {
  exitCode?: number | null;
  signal?: string | null;
}

export function terminalOutputResult(output: string, truncated: boolean, exitStatus?: ExitStatus) {
  return exitStatus ? { output, truncated, exitStatus: exitFields(exitStatus) } : { output, truncated };
}

export function waitForTerminalExitResult(exitStatus: ExitStatus) {
  return exitFields(exitStatus);
}

function exitFields(s: ExitStatus): ExitStatus {
  return { exitCode: s.exitCode ?? null, signal: s.signal ?? null };
}
