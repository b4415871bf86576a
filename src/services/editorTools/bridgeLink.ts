/**
 * The bridge's end of the link to the editor: reads `endpoint.json` from the private folder it
 * was given, connects, presents the token, then forwards tool calls.
 */
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createMessageConnection, SocketMessageReader, SocketMessageWriter } from 'vscode-jsonrpc/node';
import { CancellationTokenSource } from 'vscode-jsonrpc';
import { CALL_TOOL, ENDPOINT_FILE, HELLO, type CallTool, type EndpointInfo, type HelloAnswer } from './hostEndpoint.js';
import type { ToolResult } from './toolList.js';

export interface EditorLink {
  callTool: CallTool;
  /** The names of the tools the editor offers this session. */
  tools: string[];
  /** The editor closed the link (the session ended or the window closed). */
  onClose(listener: () => void): void;
  dispose(): void;
}

export async function linkToEditor(dir: string): Promise<EditorLink> {
  const info = JSON.parse(await readFile(join(dir, ENDPOINT_FILE), 'utf8')) as EndpointInfo;
  const socket = connect(info.socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const connection = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
  connection.listen();
  const hello = (await connection.sendRequest(HELLO, { token: info.token })) as Partial<HelloAnswer> | null;
  return {
    tools: Array.isArray(hello?.tools) ? hello.tools.filter((t): t is string => typeof t === 'string') : [],
    callTool: (name, args, signal) => {
      // The agent's cancel of the call reaches the editor as `$/cancelRequest`.
      const source = new CancellationTokenSource();
      const cancel = () => source.cancel();
      signal?.addEventListener('abort', cancel, { once: true });
      return connection.sendRequest<ToolResult>(CALL_TOOL, { name, arguments: args }, source.token).finally(() => {
        signal?.removeEventListener('abort', cancel);
        source.dispose();
      });
    },
    onClose: (listener) => {
      connection.onClose(listener);
      socket.on('close', listener);
    },
    dispose: () => {
      connection.dispose();
      socket.destroy();
    },
  };
}
