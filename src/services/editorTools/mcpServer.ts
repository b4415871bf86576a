/**
 * A minimal MCP server (stdio: one JSON-RPC message per line) on vscode-jsonrpc: `initialize`,
 * `ping`, `tools/list` and `tools/call`, the part of MCP the editor tools need. The official
 * `@modelcontextprotocol/sdk` server would add ~80 KB compressed to the VSIX for the same four
 * methods; the peer tests drive this server with that SDK's client to hold it to the protocol.
 */
import { createMessageConnection, ResponseError, type MessageConnection } from 'vscode-jsonrpc/node';
import { NdjsonMessageReader, NdjsonMessageWriter } from '../../protocol/ndjson.js';
import { EDITOR_TOOLS, isEditorToolName } from './toolList.js';
import type { CallTool } from './hostEndpoint.js';

/** Newest first; a client asking for another version gets the newest (it may then disconnect). */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

const INSTRUCTIONS =
  "Tools of the user's editor. read_file sees unsaved changes; write_file writes through the editor " +
  "so the user can review and undo it; get_problems lists the editor's diagnostics; get_selection " +
  'gives the selected text. Paths must be inside the workspace folders.';

export function negotiateVersion(requested: unknown): string {
  return typeof requested === 'string' && (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(requested) ? requested : MCP_PROTOCOL_VERSIONS[0];
}

export function serveMcp(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  callTool: CallTool,
  serverInfo: { name: string; version: string },
): MessageConnection {
  const connection = createMessageConnection(new NdjsonMessageReader(input), new NdjsonMessageWriter(output));
  connection.onRequest('initialize', (params: unknown) => ({
    protocolVersion: negotiateVersion((params as { protocolVersion?: unknown } | null)?.protocolVersion),
    capabilities: { tools: { listChanged: false } },
    serverInfo,
    instructions: INSTRUCTIONS,
  }));
  connection.onRequest('ping', () => ({}));
  connection.onRequest('tools/list', () => ({ tools: EDITOR_TOOLS }));
  connection.onRequest('tools/call', (params: unknown) => {
    const p = (params ?? {}) as { name?: unknown; arguments?: unknown };
    if (!isEditorToolName(p.name)) throw new ResponseError(-32602, `Unknown tool: ${String(p.name)}`);
    return callTool(p.name, p.arguments ?? {});
  });
  // notifications/initialized, notifications/cancelled and the like need no answer.
  connection.onNotification(() => undefined);
  connection.listen();
  return connection;
}
