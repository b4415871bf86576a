/**
 * MCP servers as the user configured them, before they are shaped for one agent's wire.
 * Env and headers stay maps here; the ACP `[{name, value}]` lists are made at send time.
 */
export type McpServerSpec =
  | { transport: 'stdio'; name: string; command: string; args: string[]; env: Record<string, string> }
  | { transport: 'http' | 'sse'; name: string; url: string; headers: Record<string, string> };

export type McpSource = 'settings' | 'mcp.json';

/** A server left out (or sent with something ignored), with the reason the user sees. */
export interface McpProblem {
  name: string;
  source: McpSource;
  reason: string;
  /** `skipped`: the server is not sent. `warning`: sent, but part of its config was ignored. */
  severity: 'skipped' | 'warning';
}

/** What `${…}` variables resolve to. Anything not given here makes its server skipped. */
export interface VariableContext {
  workspaceFolder?: string;
  userHome?: string;
  env?: Record<string, string | undefined>;
  /** Values for `${input:id}` the glue already asked the user for. */
  inputs?: Record<string, string>;
}
