/**
 * The editor's MCP server of one session: a private endpoint opened before `session/new` (the
 * MCP server must be in its `mcpServers`), bound to the session once the agent named it, closed
 * with the session or the agent process. It serves two sets of tools:
 *
 * - the editor tools, only to ACP v2 agents, which have no `fs/*` or `terminal/*` to reach the
 *   editor through (v1 agents read and write through `fs/*` as before);
 * - the consult tools (`list_agents`, `ask_agent`), to v1 and v2 agents alike, when
 *   `agentChat.consultAgents` is on — never to a session that is itself a consultation.
 *
 * Either needs an agent that accepts stdio MCP servers. Whether each set is on at all (the
 * settings, workspace trust) is the editor's call (`enabled()` of each).
 */
import type { McpServerSpec } from '../mcp/types.js';
import { mcpCapabilitiesOf } from '../mcp/filter.js';
import type { AgentFacts } from '../connection/capabilities.js';
import type { EditorToolsHost } from '../../../services/editorTools/editorHost.js';
import { ENDPOINT_DIR_ENV, openEditorEndpoint, type EditorEndpoint } from '../../../services/editorTools/hostEndpoint.js';
import { EDITOR_SERVER_NAME, EDITOR_TOOL_NAMES, isEditorToolName, toolError } from '../../../services/editorTools/toolList.js';
import { CONSULT_TOOL_NAMES, isConsultToolName } from '../../../services/editorTools/consultToolList.js';
import { callEditorTool, type EditorToolSession } from './editorToolCalls.js';
import { ConsultDesk, mayConsultAtDepth, type ConsultCaller, type ConsultOptions } from '../../consult/consultDesk.js';
import type { ConsultationRoutes } from '../session/acpSession.js';

export interface EditorToolsOptions {
  host: EditorToolsHost;
  /**
   * How the bridge process is started: in VS Code the extension host's own binary
   * (`process.execPath` with `ELECTRON_RUN_AS_NODE=1`) running dist/editor-tools.cjs.
   */
  bridge: { command: string; args: string[]; env: Record<string, string> };
  /** Asked as each session opens: the setting is on and the workspace trusted. */
  enabled(): boolean;
  /** The consult tools; absent: never offered. */
  consult?: ConsultOptions;
}

/** Which tools one session is offered. */
export interface SessionToolSet {
  editor: boolean;
  consult: boolean;
}

export interface SessionEditorTools {
  /** The stdio server to add to the session's `mcpServers`. */
  server: McpServerSpec;
  readonly tools: SessionToolSet;
  /** Tool calls are served for this session from now on (before: an error result). */
  bind(session: EditorToolSession, caller?: ConsultCaller): void;
  /** The consultations of this session (Stop on a card, a consulted agent's questions); none before `bind`. */
  readonly consultations: ConsultationRoutes;
  close(): Promise<void>;
}

/** Why a session gets no editor tools, or undefined when it does. */
export function editorToolsSkipReason(facts: AgentFacts, options: EditorToolsOptions | undefined): string | undefined {
  if (!options) return 'no editor host';
  if (facts.protocolVersion !== 2) return 'ACP v1 agents use fs/* instead';
  if (!options.enabled()) return 'turned off (agentChat.editorTools, or an untrusted workspace)';
  return stdioSkipReason(facts);
}

/** Why a session gets no consult tools, or undefined when it does. */
export function consultToolsSkipReason(facts: AgentFacts, options: EditorToolsOptions | undefined): string | undefined {
  if (!options?.consult) return 'no agents to consult';
  // An agent consulted by another consults further only as deep as agentChat.consultMaxDepth allows (default: not at all).
  if (!mayConsultAtDepth(options.consult)) return 'this session is itself a consultation (agentChat.consultMaxDepth)';
  if (!options.consult.enabled()) return 'turned off (agentChat.consultAgents, or an untrusted workspace)';
  return stdioSkipReason(facts);
}

function stdioSkipReason(facts: AgentFacts): string | undefined {
  const stdio = mcpCapabilitiesOf(facts.raw, facts.protocolVersion).stdio;
  if (!(stdio === true || (typeof stdio === 'object' && stdio !== null))) return 'the agent does not accept stdio MCP servers';
  return undefined;
}

export async function openSessionEditorTools(options: EditorToolsOptions, log?: (line: string) => void, tools: SessionToolSet = { editor: true, consult: false }): Promise<SessionEditorTools> {
  let bound: EditorToolSession | undefined;
  let desk: ConsultDesk | undefined;
  const offered = [...(tools.editor ? EDITOR_TOOL_NAMES : []), ...(tools.consult ? CONSULT_TOOL_NAMES : [])];
  const endpoint: EditorEndpoint = await openEditorEndpoint(async (name, args, signal) => {
    if (!offered.includes(name as never)) return toolError(`Unknown tool: ${name}`);
    if (!bound) return toolError('The session is not open yet; try again.');
    if (isEditorToolName(name)) return callEditorTool(name, args, options.host, bound);
    if (isConsultToolName(name) && desk) return desk.call(name, args, signal);
    return toolError(`Unknown tool: ${name}`);
  }, log, offered);
  return {
    server: {
      transport: 'stdio',
      name: EDITOR_SERVER_NAME,
      command: options.bridge.command,
      args: [...options.bridge.args],
      env: { ...options.bridge.env, [ENDPOINT_DIR_ENV]: endpoint.dir },
    },
    tools,
    bind: (session, caller) => {
      bound = session;
      if (tools.consult && options.consult && caller && !desk) desk = new ConsultDesk(caller, options.consult);
    },
    consultations: {
      stop: (cardId) => desk?.stop(cardId) ?? false,
      answerPermission: (requestId, outcome) => desk?.answerPermission(requestId, outcome) ?? false,
      answerElicitation: (requestId, answer) => desk?.answerElicitation(requestId, answer),
    },
    close: async () => {
      await desk?.dispose();
      await endpoint.close();
    },
  };
}
