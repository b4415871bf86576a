/**
 * A minimal MCP server (stdio: one JSON-RPC message per line) on vscode-jsonrpc: `initialize`,
 * `ping`, `tools/list` and `tools/call`, the part of MCP the editor tools need. The official
 * `@modelcontextprotocol/sdk` server would add ~80 KB compressed to the VSIX for the same four
 * methods; the peer tests drive this server with that SDK's client to hold it to the protocol.
 *
 * A client's `notifications/cancelled` for a running `tools/call` (the agent gave up on it, or
 * its request timed out) cancels that call's token, which the bridge passes on to the editor.
 */
import { CancellationTokenSource, createMessageConnection, ResponseError, type MessageConnection, type RequestMessage } from 'vscode-jsonrpc/node';
import { NdjsonMessageReader, NdjsonMessageWriter } from '../../protocol/acp/ndjson.js';
import type { McpToolDefinition } from './toolList.js';
import type { CallTool } from './hostEndpoint.js';

/** Newest first; a client asking for another version gets the newest (it may then disconnect). */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

const EDITOR_INSTRUCTIONS =
  "Tools of the user's editor. read_file sees unsaved changes; write_file writes through the editor " +
  "so the user can review and undo it; get_problems lists the editor's diagnostics; get_selection " +
  'gives the selected text. Paths must be inside the workspace folders.';
const CONSULT_INSTRUCTIONS =
  'list_agents names the agents you may consult; ask_agent asks one and returns its answer. When its ' +
  'state is input-required, answer the question with ask_agent and the same conversation handle.';

export function negotiateVersion(requested: unknown): string {
  return typeof requested === 'string' && (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(requested) ? requested : MCP_PROTOCOL_VERSIONS[0];
}

function instructionsFor(tools: readonly McpToolDefinition[]): string {
  const has = (name: string) => tools.some((t) => t.name === name);
  return [has('read_file') ? EDITOR_INSTRUCTIONS : '', has('ask_agent') ? CONSULT_INSTRUCTIONS : ''].filter(Boolean).join(' ');
}

export function serveMcp(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  callTool: CallTool,
  serverInfo: { name: string; version: string },
  tools: readonly McpToolDefinition[],
): MessageConnection {
  /** Token sources of the requests running now, by JSON-RPC id, for `notifications/cancelled`. */
  const running = new Map<string | number, CancellationTokenSource>();
  const connection = createMessageConnection(new NdjsonMessageReader(input), new NdjsonMessageWriter(output), undefined, {
    cancellationStrategy: {
      receiver: {
        kind: 'request',
        createCancellationTokenSource(request: RequestMessage) {
          const source = new CancellationTokenSource();
          const id = request.id;
          if (id !== null) running.set(id, source);
          return {
            get token() { return source.token; },
            cancel: () => source.cancel(),
            dispose: () => {
              if (id !== null && running.get(id) === source) running.delete(id);
              source.dispose();
            },
          };
        },
      },
      sender: { sendCancellation: async () => undefined, cleanup: () => undefined },
    },
  });
  connection.onRequest('initialize', (params: unknown) => ({
    protocolVersion: negotiateVersion((params as { protocolVersion?: unknown } | null)?.protocolVersion),
    capabilities: { tools: { listChanged: false } },
    serverInfo,
    instructions: instructionsFor(tools),
  }));
  connection.onRequest('ping', () => ({}));
  connection.onRequest('tools/list', () => ({ tools }));
  connection.onRequest('tools/call', (params: unknown, token) => {
    const p = (params ?? {}) as { name?: unknown; arguments?: unknown };
    if (typeof p.name !== 'string' || !tools.some((t) => t.name === p.name)) throw new ResponseError(-32602, `Unknown tool: ${String(p.name)}`);
    const abort = new AbortController();
    const sub = token.onCancellationRequested(() => abort.abort());
    return callTool(p.name, p.arguments ?? {}, abort.signal).finally(() => sub.dispose());
  });
  connection.onNotification('notifications/cancelled', (params: unknown) => {
    const id = (params as { requestId?: unknown } | null)?.requestId;
    if (typeof id === 'string' || typeof id === 'number') running.get(id)?.cancel();
  });
  // notifications/initialized and the like need no answer.
  connection.onNotification(() => undefined);
  connection.listen();
  return connection;
}
