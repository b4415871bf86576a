/**
 * Results of our requests to the agent, normalised across protocol versions.
 *
 * The initialize result is read according to the version the agent *answered* (a v1 agent
 * answers a v2 request with a v1-shaped result).
 */
import type { AvailableCommand, SessionConfigOption, SessionModeState, StopReason } from '../events.js';
import { issuesText } from './parseClientRequests.js';
import type { Parsed } from './parseClientRequests.js';
import {
  listSessionsResult,
  initializeResultV1,
  initializeResultV2,
  loadSessionResult,
  newSessionResult,
  promptResult,
  setConfigOptionResult,
} from './schemas/agentResults.js';

/** What the agent can do, with every marker resolved to a boolean (absent = unsupported). */
export interface AgentCapabilities {
  /** v1 `session/load` (replay). v2 has no load; it resumes with replay instead. */
  loadSession: boolean;
  prompt: { image: boolean; audio: boolean; embeddedContext: boolean };
  mcp: { http: boolean; sse: boolean };
  session: { list: boolean; resume: boolean; close: boolean; delete: boolean; fork: boolean; additionalDirectories: boolean };
  logout: boolean;
}

export interface AuthMethod {
  id: string;
  name: string;
  description?: string;
  /** `agent` (call authenticate / auth/login) or `terminal` (run the agent command with args). */
  type: 'agent' | 'terminal' | (string & {});
  args?: string[];
  env?: Record<string, string>;
}

export interface InitializeOutcome {
  protocolVersion: number;
  agentInfo?: { name: string; title?: string; version: string };
  capabilities: AgentCapabilities;
  authMethods: AuthMethod[];
}

export function parseInitializeResult(raw: unknown): Parsed<InitializeOutcome> {
  const version = raw !== null && typeof raw === 'object' ? (raw as { protocolVersion?: unknown }).protocolVersion : undefined;
  return version === 2 ? parseV2(raw) : parseV1(raw);
}

function info(i: { name: string; title?: string | null; version: string } | null | undefined): InitializeOutcome['agentInfo'] {
  if (!i) return undefined;
  return i.title != null ? { name: i.name, title: i.title, version: i.version } : { name: i.name, version: i.version };
}

function parseV1(raw: unknown): Parsed<InitializeOutcome> {
  const r = initializeResultV1.safeParse(raw);
  if (!r.success) return { ok: false, error: issuesText(r.error) };
  const c = r.data.agentCapabilities;
  const s = c?.sessionCapabilities;
  const out: InitializeOutcome = {
    protocolVersion: r.data.protocolVersion,
    capabilities: {
      loadSession: c?.loadSession === true,
      prompt: {
        image: c?.promptCapabilities?.image === true,
        audio: c?.promptCapabilities?.audio === true,
        embeddedContext: c?.promptCapabilities?.embeddedContext === true,
      },
      mcp: { http: c?.mcpCapabilities?.http === true, sse: c?.mcpCapabilities?.sse === true },
      session: {
        list: s?.list === true,
        resume: s?.resume === true,
        close: s?.close === true,
        delete: s?.delete === true,
        fork: s?.fork === true,
        additionalDirectories: s?.additionalDirectories === true,
      },
      logout: c?.auth?.logout === true,
    },
    authMethods: (r.data.authMethods ?? []).map((m) => {
      const method: AuthMethod = { id: m.id, name: m.name, type: m.type ?? 'agent' };
      if (m.description != null) method.description = m.description;
      if (m.args) method.args = m.args;
      if (m.env) method.env = m.env;
      return method;
    }),
  };
  const agentInfo = info(r.data.agentInfo);
  if (agentInfo) out.agentInfo = agentInfo;
  return { ok: true, value: out };
}

function parseV2(raw: unknown): Parsed<InitializeOutcome> {
  const r = initializeResultV2.safeParse(raw);
  if (!r.success) return { ok: false, error: issuesText(r.error) };
  const s = r.data.capabilities?.session;
  // In v2 the presence of `session` means list/resume/close are all implemented.
  const hasSession = s != null;
  const out: InitializeOutcome = {
    protocolVersion: r.data.protocolVersion,
    capabilities: {
      loadSession: false,
      prompt: {
        image: s?.prompt?.image === true,
        audio: s?.prompt?.audio === true,
        embeddedContext: s?.prompt?.embeddedContext === true,
      },
      mcp: { http: s?.mcp?.http === true, sse: false },
      session: {
        list: hasSession,
        resume: hasSession,
        close: hasSession,
        delete: s?.delete === true,
        fork: s?.fork === true,
        additionalDirectories: s?.additionalDirectories === true,
      },
      logout: (r.data.authMethods ?? []).length > 0,
    },
    authMethods: (r.data.authMethods ?? []).map((m) => {
      const method: AuthMethod = { id: m.methodId, name: m.name, type: m.type };
      if (m.description != null) method.description = m.description;
      if (m.args) method.args = m.args;
      if (m.env) method.env = Object.fromEntries(m.env.map((e) => [e.name, e.value]));
      return method;
    }),
  };
  const agentInfo = info(r.data.info);
  if (agentInfo) out.agentInfo = agentInfo;
  return { ok: true, value: out };
}

export interface SessionSetup {
  modes?: SessionModeState;
  configOptions?: SessionConfigOption[];
  availableCommands?: AvailableCommand[];
}

function setupFrom(d: {
  modes?: SessionModeState | null;
  configOptions?: SessionConfigOption[] | null;
  availableCommands?: AvailableCommand[] | null;
}): SessionSetup {
  const out: SessionSetup = {};
  if (d.modes) out.modes = { currentModeId: d.modes.currentModeId, availableModes: d.modes.availableModes };
  if (d.configOptions) out.configOptions = d.configOptions;
  if (d.availableCommands) out.availableCommands = d.availableCommands;
  return out;
}

export function parseNewSessionResult(raw: unknown): Parsed<SessionSetup & { sessionId: string }> {
  const r = newSessionResult.safeParse(raw);
  if (!r.success) return { ok: false, error: issuesText(r.error) };
  return { ok: true, value: { sessionId: r.data.sessionId, ...setupFrom(r.data) } };
}

/** `session/load` and `session/resume`; `null` (seen in the docs) counts as `{}`. */
export function parseLoadSessionResult(raw: unknown): Parsed<SessionSetup> {
  const r = loadSessionResult.safeParse(raw ?? {});
  if (!r.success) return { ok: false, error: issuesText(r.error) };
  return { ok: true, value: setupFrom(r.data) };
}

export function parseSetConfigOptionResult(raw: unknown): Parsed<SessionConfigOption[]> {
  const r = setConfigOptionResult.safeParse(raw);
  return r.success ? { ok: true, value: r.data.configOptions } : { ok: false, error: issuesText(r.error) };
}

/**
 * v1 ends the turn with `{stopReason}`; v2 only accepts the prompt (`{messageId}` in the SDK
 * schema, `{}` in the RFD). A v1 answer without a stop reason is malformed.
 */
export type PromptOutcome =
  | { protocolVersion: 1; stopReason: StopReason }
  | { protocolVersion: 2; messageId?: string };

export function parsePromptResult(raw: unknown, protocolVersion: 1 | 2): Parsed<PromptOutcome> {
  const r = promptResult.safeParse(raw ?? {});
  if (!r.success) return { ok: false, error: issuesText(r.error) };
  if (protocolVersion === 1) {
    if (!r.data.stopReason) return { ok: false, error: 'stopReason: missing' };
    return { ok: true, value: { protocolVersion: 1, stopReason: r.data.stopReason } };
  }
  return { ok: true, value: r.data.messageId ? { protocolVersion: 2, messageId: r.data.messageId } : { protocolVersion: 2 } };
}

export interface SessionListing {
  sessionId: string;
  cwd: string;
  additionalDirectories?: string[];
  title?: string;
  /** ISO 8601. */
  updatedAt?: string;
}

export function parseListSessionsResult(raw: unknown): Parsed<{ sessions: SessionListing[]; nextCursor?: string }> {
  const r = listSessionsResult.safeParse(raw);
  if (!r.success) return { ok: false, error: issuesText(r.error) };
  const sessions = r.data.sessions.map((s) => {
    const out: SessionListing = { sessionId: s.sessionId, cwd: s.cwd };
    if (s.additionalDirectories?.length) out.additionalDirectories = s.additionalDirectories;
    if (s.title != null) out.title = s.title;
    if (s.updatedAt != null) out.updatedAt = s.updatedAt;
    return out;
  });
  return { ok: true, value: r.data.nextCursor ? { sessions, nextCursor: r.data.nextCursor } : { sessions } };
}
