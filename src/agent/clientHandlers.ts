/**
 * The methods an agent calls on us: `fs/*`, `terminal/*`, `session/request_permission`.
 *
 * Every path is confined to the session's roots before a host sees it. A refusal is both a
 * JSON-RPC error (so the agent can react) and a `notice_local` in the thread (so the user
 * sees what was refused). A missing file is only an error: agents probe for files routinely.
 * `$/cancel_request` for one of these requests answers it with -32800.
 */
import { stat } from 'node:fs/promises';
import { ResponseError, type CancellationToken, type MessageConnection } from 'vscode-jsonrpc/node';
import { HostServiceError, type FileSystemHost } from './api.js';
import type { AcpChatSession } from './session.js';
import { confinePath } from '../services/confine.js';
import { ErrorCode } from '../services/errorCodes.js';
import type { NodeTerminals } from '../services/terminals.js';

export interface ClientHandlerDeps {
  session(sessionId: unknown): AcpChatSession | undefined;
  fs: FileSystemHost;
  terminals: NodeTerminals;
  log?: (line: string) => void;
}

type Params = Record<string, unknown>;
type Handler = (p: Params, session: AcpChatSession, token: CancellationToken) => Promise<unknown>;

export function registerClientHandlers(connection: MessageConnection, deps: ClientHandlerDeps): void {
  const handle = (method: string, fn: Handler) => {
    connection.onRequest(method, async (params: unknown, token: CancellationToken) => {
      const p = isObject(params) ? params : {};
      const session = deps.session(p.sessionId);
      if (!session) {
        throw new ResponseError(ErrorCode.notFound, `Unknown session: ${String(p.sessionId)}`, { sessionId: p.sessionId });
      }
      try {
        return await untilCancelled(fn(p, session, token), token);
      } catch (err) {
        throw toResponseError(err, method, session, deps.log);
      }
    });
  };

  handle('session/request_permission', (p, session, token) => session.requestPermission(p, token));

  handle('fs/read_text_file', async (p, session) => {
    const line = optionalCount(p.line, 'line', 1);
    const limit = optionalCount(p.limit, 'limit', 0);
    const target = await confinePath(p.path, session.roots);
    return { content: await deps.fs.readTextFile(target.path, line, limit) };
  });

  handle('fs/write_text_file', async (p, session) => {
    if (typeof p.content !== 'string') throw new HostServiceError(ErrorCode.invalidParams, 'content must be a string.');
    const target = await confinePath(p.path, session.roots);
    await deps.fs.writeTextFile(target.path, p.content);
    return {};
  });

  handle('terminal/create', async (p, session) => {
    if (typeof p.command !== 'string' || !p.command) throw new HostServiceError(ErrorCode.invalidParams, 'command must be a non-empty string.');
    const args = p.args == null ? [] : p.args;
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) {
      throw new HostServiceError(ErrorCode.invalidParams, 'args must be an array of strings.');
    }
    const env = p.env == null ? [] : p.env;
    if (!Array.isArray(env) || !env.every((e) => isObject(e) && typeof e.name === 'string' && typeof e.value === 'string')) {
      throw new HostServiceError(ErrorCode.invalidParams, 'env must be an array of {name, value} strings.');
    }
    const cwd = p.cwd == null ? session.cwd : (await confinePath(p.cwd, session.roots)).path;
    if (!(await stat(cwd).catch(() => undefined))?.isDirectory()) {
      throw new HostServiceError(ErrorCode.invalidParams, `cwd is not a directory: ${cwd}`);
    }
    const terminalId = await deps.terminals.create(session.sessionId, {
      command: p.command,
      args: args as string[],
      env: env as { name: string; value: string }[],
      cwd,
      outputByteLimit: optionalCount(p.outputByteLimit, 'outputByteLimit', 0),
    });
    return { terminalId };
  });

  handle('terminal/output', async (p, session) => {
    const out = deps.terminals.output(session.sessionId, terminalId(p));
    return { output: out.output, truncated: out.truncated, ...(out.exitStatus ? { exitStatus: out.exitStatus } : {}) };
  });

  handle('terminal/wait_for_exit', async (p, session) => deps.terminals.waitForExit(session.sessionId, terminalId(p)));

  handle('terminal/kill', async (p, session) => {
    await deps.terminals.kill(session.sessionId, terminalId(p));
    return {};
  });

  handle('terminal/release', async (p, session) => {
    await deps.terminals.release(session.sessionId, terminalId(p));
    return {};
  });
}

function terminalId(p: Params): string {
  if (typeof p.terminalId !== 'string') throw new HostServiceError(ErrorCode.invalidParams, 'terminalId must be a string.');
  return p.terminalId;
}

function optionalCount(value: unknown, name: string, min: number): number | undefined {
  if (value == null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new HostServiceError(ErrorCode.invalidParams, `${name} must be an integer >= ${min}.`);
  }
  return value;
}

/** Answers -32800 as soon as the agent cancels the request, whatever the work is doing. */
function untilCancelled<T>(work: Promise<T>, token: CancellationToken): Promise<T> {
  if (token.isCancellationRequested) {
    void work.catch(() => {});
    return Promise.reject(new ResponseError(ErrorCode.requestCancelled, 'Request cancelled.'));
  }
  return new Promise<T>((resolve, reject) => {
    const sub = token.onCancellationRequested(() => reject(new ResponseError(ErrorCode.requestCancelled, 'Request cancelled.')));
    work.then(resolve, reject).finally(() => sub.dispose());
  });
}

function toResponseError(err: unknown, method: string, session: AcpChatSession, log?: (line: string) => void): ResponseError<unknown> {
  if (err instanceof ResponseError) return err;
  if (err instanceof HostServiceError) {
    if (err.code === ErrorCode.invalidParams || err.code === ErrorCode.outsideWorkspace) {
      session.emit({ kind: 'notice_local', severity: 'warning', title: `Refused ${method}`, detail: err.message });
    }
    return new ResponseError(err.code, err.message, err.data);
  }
  const message = (err as Error)?.message ?? String(err);
  log?.(`${method} failed: ${message}`);
  session.emit({ kind: 'notice_local', severity: 'error', title: `${method} failed`, detail: message });
  return new ResponseError(ErrorCode.internal, `${method} failed: ${message}`);
}

function isObject(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
