/**
 * The editor tools of one session: a private endpoint opened before `session/new` (the MCP
 * server must be in its `mcpServers`), bound to the session once the agent named it, closed
 * with the session or the agent process.
 *
 * Offered only to ACP v2 agents, which have no `fs/*` or `terminal/*` to reach the editor
 * through, and only when the agent accepts stdio MCP servers; v1 agents read and write through
 * `fs/*` as before. Whether the tools are on at all (the setting, workspace trust) is the
 * editor's call (`EditorToolsOptions.enabled`).
 */
import type { McpServerSpec } from '../mcp/types.js';
import { mcpCapabilitiesOf } from '../mcp/filter.js';
import type { AgentFacts } from '../connection/capabilities.js';
import type { EditorToolsHost } from '../../../services/editorTools/editorHost.js';
import { ENDPOINT_DIR_ENV, openEditorEndpoint, type EditorEndpoint } from '../../../services/editorTools/hostEndpoint.js';
import { EDITOR_SERVER_NAME, isEditorToolName, toolError } from '../../../services/editorTools/toolList.js';
import { callEditorTool, type EditorToolSession } from './editorToolCalls.js';

export interface EditorToolsOptions {
  host: EditorToolsHost;
  /**
   * How the bridge process is started: in VS Code the extension host's own binary
   * (`process.execPath` with `ELECTRON_RUN_AS_NODE=1`) running dist/editor-tools.cjs.
   */
  bridge: { command: string; args: string[]; env: Record<string, string> };
  /** Asked as each session opens: the setting is on and the workspace trusted. */
  enabled(): boolean;
}

export interface SessionEditorTools {
  /** The stdio server to add to the session's `mcpServers`. */
  server: McpServerSpec;
  /** Tool calls are served for this session from now on (before: an error result). */
  bind(session: EditorToolSession): void;
  close(): Promise<void>;
}

/** Why a session gets no editor tools, or undefined when it does. */
export function editorToolsSkipReason(facts: AgentFacts, options: EditorToolsOptions | undefined): string | undefined {
  if (!options) return 'no editor host';
  if (facts.protocolVersion !== 2) return 'ACP v1 agents use fs/* instead';
  if (!options.enabled()) return 'turned off (agentChat.editorTools, or an untrusted workspace)';
  const stdio = mcpCapabilitiesOf(facts.raw, facts.protocolVersion).stdio;
  if (!(stdio === true || (typeof stdio === 'object' && stdio !== null))) return 'the agent does not accept stdio MCP servers';
  return undefined;
}

export async function openSessionEditorTools(options: EditorToolsOptions, log?: (line: string) => void): Promise<SessionEditorTools> {
  let bound: EditorToolSession | undefined;
  const endpoint: EditorEndpoint = await openEditorEndpoint(async (name, args) => {
    if (!isEditorToolName(name)) return toolError(`Unknown tool: ${name}`);
    if (!bound) return toolError('The session is not open yet; try again.');
    return callEditorTool(name, args, options.host, bound);
  }, log);
  return {
    server: {
      transport: 'stdio',
      name: EDITOR_SERVER_NAME,
      command: options.bridge.command,
      args: [...options.bridge.args],
      env: { ...options.bridge.env, [ENDPOINT_DIR_ENV]: endpoint.dir },
    },
    bind: (session) => {
      bound = session;
    },
    close: () => endpoint.close(),
  };
}
