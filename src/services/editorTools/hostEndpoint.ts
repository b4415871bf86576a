/**
 * The editor's end of the bridge: a local socket (a named pipe on Windows) per session that the
 * editor-tools bridge process connects to, so tool calls run in the extension host where the
 * unsaved buffers, problems and selection are.
 *
 * Who may connect: the socket lives in a fresh private folder (0700) in the temp directory,
 * and the first message on a connection must be `editor/hello` with a random token kept in
 * `endpoint.json` (0600) in that folder. The agent is told only the folder's path (in the
 * bridge's environment), so the token never travels through ACP or the protocol log. On
 * Windows a pipe name is reachable by any local user, which is what the token is for there.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMessageConnection, ResponseError, SocketMessageReader, SocketMessageWriter, type Message } from 'vscode-jsonrpc/node';
import type { ToolResult } from './toolList.js';

/** The environment variable that names the endpoint's folder to the bridge. */
export const ENDPOINT_DIR_ENV = 'AGENT_CHAT_EDITOR_DIR';
export const ENDPOINT_FILE = 'endpoint.json';
export const HELLO = 'editor/hello';
export const CALL_TOOL = 'editor/callTool';

/** What `endpoint.json` holds. */
export interface EndpointInfo {
  socket: string;
  token: string;
}

/** `signal` aborts when the agent cancelled the call (MCP `notifications/cancelled`) or the link closed. */
export type CallTool = (name: string, args: unknown, signal?: AbortSignal) => Promise<ToolResult>;

/** What `editor/hello` answers: the names of the tools this session is offered. */
export interface HelloAnswer {
  tools: string[];
}

export interface EditorEndpoint {
  /** The private folder to give the bridge in `AGENT_CHAT_EDITOR_DIR`. */
  readonly dir: string;
  /** Stops listening, drops every connection and removes the folder. */
  close(): Promise<void>;
}

/** A connection that has not said hello by then is dropped. */
const HELLO_TIMEOUT_MS = 10_000;
const UNAUTHORISED = -32001;

export async function openEditorEndpoint(callTool: CallTool, log?: (line: string) => void, offered: readonly string[] = []): Promise<EditorEndpoint> {
  const dir = await mkdtemp(join(tmpdir(), 'agent-chat-editor-'));
  await chmod(dir, 0o700);
  const token = randomBytes(32).toString('hex');
  const socketPath = process.platform === 'win32' ? `\\\\.\\pipe\\agent-chat-editor-${randomBytes(16).toString('hex')}` : join(dir, 'editor.sock');
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let trusted = false;
    const timer = setTimeout(() => {
      if (!trusted) socket.destroy();
    }, HELLO_TIMEOUT_MS);
    timer.unref();
    const writer = new AnswerThenEnd(socket);
    const connection = createMessageConnection(new SocketMessageReader(socket), writer);
    connection.onRequest(HELLO, (params: unknown) => {
      if (!sameToken(params, token)) {
        log?.('editor tools: a connection presented a wrong token and was dropped');
        writer.endAfterNextWrite = true;
        throw new ResponseError(UNAUTHORISED, 'Wrong token.');
      }
      trusted = true;
      clearTimeout(timer);
      const answer: HelloAnswer = { tools: [...offered] };
      return answer;
    });
    connection.onRequest(CALL_TOOL, (params: unknown, token) => {
      if (!trusted) throw new ResponseError(UNAUTHORISED, 'Say hello first.');
      const p = (params ?? {}) as { name?: unknown; arguments?: unknown };
      // The bridge forwards the agent's cancel of the call; a link that closes ends it too.
      const abort = new AbortController();
      const sub = token.onCancellationRequested(() => abort.abort());
      const closed = () => abort.abort();
      socket.once('close', closed);
      return callTool(String(p.name), p.arguments ?? {}, abort.signal).finally(() => {
        sub.dispose();
        socket.off('close', closed);
      });
    });
    connection.onClose(() => socket.destroy());
    connection.listen();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const info: EndpointInfo = { socket: socketPath, token };
  await writeFile(join(dir, ENDPOINT_FILE), JSON.stringify(info), { mode: 0o600 });

  let closing: Promise<void> | undefined;
  return {
    dir,
    close: () =>
      (closing ??= (async () => {
        for (const s of sockets) s.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await rm(dir, { recursive: true, force: true });
      })()),
  };
}

/** Lets a refusal be written before the connection is ended (a destroy would drop the answer). */
class AnswerThenEnd extends SocketMessageWriter {
  endAfterNextWrite = false;

  constructor(private readonly socketOf: Socket) {
    super(socketOf);
  }

  override async write(message: Message): Promise<void> {
    await super.write(message);
    if (this.endAfterNextWrite) this.socketOf.end();
  }
}

function sameToken(params: unknown, token: string): boolean {
  const given = (params as { token?: unknown } | null)?.token;
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
