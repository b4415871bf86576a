/**
 * Where a session lives and what it gets: cwd, the fs/terminal boundary, the extra workspace
 * roots to announce, and the MCP servers this agent can take. Shared by session/new, load and
 * resume so the three never disagree.
 */
import { resolve } from 'node:path';
import type { SessionEvent } from '../../../protocol/events.js';
import type { McpServerStdio } from '../../../protocol/acp/outgoing.js';
import { contains } from '../../../services/confine.js';
import type { AgentFacts } from '../connection/capabilities.js';
import { filterMcpServers, mcpCapabilitiesOf, type AcpMcpServer, type McpFilterResult } from '../mcp/filter.js';
import type { McpServerSpec } from '../mcp/types.js';
import { t } from '../../translate.js';

/** Parsed settings servers (`McpServerSpec`) or, as before, v1 wire stdio servers. */
export type McpServerInput = McpServerSpec | McpServerStdio;

export interface SessionTargetPlan {
  cwd: string;
  /** Where fs/terminal requests may reach: every workspace root, and cwd even outside them (or exactly the roots given). */
  roots: string[];
  /** The roots were given for the session rather than taken from the workspace. */
  fixedRoots: boolean;
  /** The other workspace roots; the request builders send them only if the agent advertised it. */
  additionalDirectories: string[];
  mcpServers: AcpMcpServer[];
  skipped: McpFilterResult['skipped'];
}

function asSpec(s: McpServerInput): McpServerSpec {
  if ('transport' in s) return s;
  return { transport: 'stdio', name: s.name, command: s.command, args: s.args, env: Object.fromEntries(s.env.map((e) => [e.name, e.value])) };
}

/**
 * `confined`: the session may reach exactly these folders (a thread's own worktree); the
 * workspace folders are neither reachable nor announced to the agent.
 */
export function planSessionTarget(workspaceRoots: string[], cwd: string, servers: readonly McpServerInput[], facts: AgentFacts, confined?: readonly string[]): SessionTargetPlan {
  const filtered = filterMcpServers(servers.map(asSpec), mcpCapabilitiesOf(facts.raw, facts.protocolVersion), facts.protocolVersion);
  if (confined?.length) {
    const inside = confined.some((root) => contains(resolve(root), resolve(cwd)));
    const roots = inside ? [...confined] : [cwd, ...confined];
    return { cwd, roots, fixedRoots: true, additionalDirectories: confined.filter((root) => resolve(root) !== resolve(cwd)), mcpServers: filtered.sent, skipped: filtered.skipped };
  }
  const inside = workspaceRoots.some((root) => contains(resolve(root), resolve(cwd)));
  // cwd is always inside the session's boundary (ACP: [cwd, ...additionalDirectories]).
  const roots = inside ? workspaceRoots : [cwd, ...workspaceRoots];
  const additionalDirectories = workspaceRoots.filter((root) => resolve(root) !== resolve(cwd));
  return { cwd, roots, fixedRoots: false, additionalDirectories, mcpServers: filtered.sent, skipped: filtered.skipped };
}

/** One warning naming every server left out, so the user knows why a tool is missing. */
export function skippedMcpNotice(skipped: SessionTargetPlan['skipped']): SessionEvent | undefined {
  if (!skipped.length) return undefined;
  const names = skipped.map((s) => `"${s.name}"`).join(', ');
  return {
    kind: 'notice_local',
    severity: 'warning',
    title: skipped.length > 1 ? t('MCP servers not sent to the agent: {0}', names) : t('MCP server not sent to the agent: {0}', names),
    detail: skipped.map((s) => `${s.name}: ${s.reason}`).join('\n'),
  };
}
