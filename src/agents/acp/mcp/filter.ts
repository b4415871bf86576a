/**
 * Which configured MCP servers one agent gets, in its protocol version's wire shape.
 * Sending a transport the agent did not advertise makes `session/new` fail for every server,
 * so unsupported ones are dropped and reported instead.
 */
import type { McpServerSpec } from './types.js';
import { t } from '../../translate.js';

/** v1 `agentCapabilities.mcpCapabilities` (booleans) or v2 `capabilities.session.mcp` (objects). */
export interface McpCapabilitiesLike {
  stdio?: unknown;
  http?: unknown;
  sse?: unknown;
}

export type NameValue = { name: string; value: string };

export type AcpMcpServer =
  | { name: string; command: string; args: string[]; env: NameValue[] }
  | { type: 'stdio'; name: string; command: string; args: string[]; env: NameValue[] }
  | { type: 'http' | 'sse'; name: string; url: string; headers: NameValue[] };

export interface McpFilterResult {
  sent: AcpMcpServer[];
  skipped: Array<{ name: string; reason: string }>;
}

const supported = (v: unknown) => v === true || (typeof v === 'object' && v !== null);
const list = (m: Record<string, string>): NameValue[] => Object.entries(m).map(([name, value]) => ({ name, value }));

export function toAcpMcpServer(s: McpServerSpec, protocolVersion: 1 | 2): AcpMcpServer {
  switch (s.transport) {
    case 'stdio':
      // v1 stdio has no `type` field at all; v2 made it explicit.
      return protocolVersion === 2
        ? { type: 'stdio', name: s.name, command: s.command, args: s.args, env: list(s.env) }
        : { name: s.name, command: s.command, args: s.args, env: list(s.env) };
    case 'http':
    case 'sse':
      return { type: s.transport, name: s.name, url: s.url, headers: list(s.headers) };
  }
}

/**
 * v1: stdio always (the baseline), http/sse when `mcpCapabilities.http|sse` is true.
 * v2: stdio and http when `session.mcp.stdio|http` is present; sse no longer exists.
 */
export function filterMcpServers(
  servers: readonly McpServerSpec[],
  caps: McpCapabilitiesLike | null | undefined,
  protocolVersion: 1 | 2 = 1,
): McpFilterResult {
  const c = caps ?? {};
  const sent: AcpMcpServer[] = [];
  const skipped: McpFilterResult['skipped'] = [];
  for (const s of servers) {
    const reason = skipReason(s, c, protocolVersion);
    if (reason) skipped.push({ name: s.name, reason });
    else sent.push(toAcpMcpServer(s, protocolVersion));
  }
  return { sent, skipped };
}

function skipReason(s: McpServerSpec, c: McpCapabilitiesLike, v: 1 | 2): string | undefined {
  switch (s.transport) {
    case 'stdio':
      return v === 1 || supported(c.stdio) ? undefined : t('the agent does not accept stdio MCP servers');
    case 'http':
      return supported(c.http) ? undefined : t('the agent does not accept HTTP MCP servers');
    case 'sse':
      if (v === 2) return t('ACP v2 has no SSE transport for MCP servers');
      return supported(c.sse) ? undefined : t('the agent does not accept SSE MCP servers');
  }
}

/** The MCP part of an initialize result, for either protocol version. */
export function mcpCapabilitiesOf(initializeResult: unknown, protocolVersion: 1 | 2): McpCapabilitiesLike {
  const r = (initializeResult ?? {}) as Record<string, any>;
  const caps = protocolVersion === 2 ? r.capabilities?.session?.mcp : r.agentCapabilities?.mcpCapabilities;
  return caps && typeof caps === 'object' ? (caps as McpCapabilitiesLike) : {};
}
