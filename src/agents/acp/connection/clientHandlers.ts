/**
 * The methods an agent calls on us: `fs/*`, `terminal/*`, `session/request_permission`,
 * `elicitation/create` (and the `elicitation/complete` notification).
 *
 * Every path is confined to the session's roots before a host sees it. A refusal is both a
 * JSON-RPC error (so the agent can react) and a `notice_local` in the thread (so the user
 * sees what was refused). A missing file is only an error: agents probe for files routinely.
 * `$/cancel_request` for one of these requests answers it with -32800.
 */
import { stat } from 'node:fs/promises';
import { ResponseError, type CancellationToken, type MessageConnection } from 'vscode-jsonrpc/node';
import { HostServiceError, type FileSystemHost } from '../../../services/hostServices.js';
import type { AcpChatSession } from '../session/acpSession.js';
import {
  createTerminalResult,
  emptyResult,
  readTextFileResult,
  terminalOutputResult,
  waitForTerminalExitResult,
} from '../../../protocol/acp/outgoing.js';
import {
  parseCreateTerminal,
  parseReadTextFile,
  parseTerminalRequest,
  parseWriteTextFile,
  type Parsed,
} from '../../../protocol/acp/parseClientRequests.js';
import { confinePath } from '../../../services/confine.js';
import { reachableRoots } from '../../../services/removedRoots.js';
import { ErrorCode } from '../../../services/errorCodes.js';
import type { NodeTerminals } from '../../../services/terminals.js';
import { t } from '../../translate.js';

/** What a request is served for: a session, or a subagent (child session) of one. */
export type RequestTarget = Pick<AcpChatSession, 'sessionId' | 'roots' | 'fixedRoots' | 'cwd' | 'emit' | 'requestPermission' | 'requestElicitation'>;

export interface ClientHandlerDeps {
  session(sessionId: unknown): RequestTarget | undefined;
  fs: FileSystemHost;
  terminals: NodeTerminals;
  log?: (line: string) => void;
  /** A well-formed request for a session that is gone or never existed (answered -32002). */
  onUnknownSession?: (method: string, sessionId: string) => void;
  /** `elicitation/complete` names no session: every session is asked whether the flow was its own. */
  sessions?(): Iterable<AcpChatSession>;
  /** The workspace folders open now: a session's root removed since it started is out of reach. */
  workspaceRoots?: () => readonly string[];
}

type Params = Record<string, unknown>;
type Handler = (p: Params, session: RequestTarget, token: CancellationToken) => Promise<unknown>;

export function registerClientHandlers(connection: MessageConnection, deps: ClientHandlerDeps): void {
  const handle = (method: string, fn: Handler, withoutSession?: (p: Params) => unknown) => {
    connection.onRequest(method, async (params: unknown, token: CancellationToken) => {
      // The shape is checked before the session, so a malformed request hears what is wrong
      // with it (-32602 naming the field) rather than "unknown session".
      if (!isObject(params)) throw new ResponseError(ErrorCode.invalidParams, 'Invalid params: params: expected an object');
      const p = params;
      if (withoutSession && p.sessionId === undefined) return withoutSession(p);
      if (typeof p.sessionId !== 'string' || p.sessionId === '') {
        throw new ResponseError(ErrorCode.invalidParams, 'Invalid params: sessionId: expected a non-empty string');
      }
      const session = deps.session(p.sessionId);
      if (!session) {
        deps.onUnknownSession?.(method, p.sessionId);
        throw new ResponseError(ErrorCode.notFound, `Unknown session: ${p.sessionId}`, { sessionId: p.sessionId });
      }
      try {
        return await untilCancelled(fn(p, session, token), token);
      } catch (err) {
        throw toResponseError(err, method, session, deps.log);
      }
    });
  };

  /** Confined to the session's roots that are still in the workspace. */
  const confine = async (raw: unknown, session: RequestTarget) => {
    const roots = reachableRoots(session.roots, session.fixedRoots ? undefined : deps.workspaceRoots?.());
    roots.checkNotRemoved(raw);
    return confinePath(raw, roots.open);
  };

  handle('session/request_permission', (p, session, token) => session.requestPermission(p, token));

  handle('elicitation/create', (p, session, token) => session.requestElicitation(p, token), (p) => {
    // Request-scoped (before any session, e.g. while logging in): there is no thread to ask in,
    // so it is answered as if the user closed it, and the agent carries on without the input.
    if (p.requestId === undefined || p.requestId === null) throw new ResponseError(ErrorCode.invalidParams, 'Invalid params: sessionId: expected a non-empty string');
    deps.log?.(`elicitation/create for request ${JSON.stringify(p.requestId)} answered "cancel": only session-scoped elicitations are shown`);
    return { action: 'cancel' };
  });
  connection.onNotification('elicitation/complete', (params: unknown) => {
    const id = isObject(params) && typeof params.elicitationId === 'string' ? params.elicitationId : undefined;
    if (id === undefined) {
      deps.log?.('elicitation/complete without an elicitationId, ignored');
      return;
    }
    for (const session of deps.sessions?.() ?? []) if (session.completeElicitation(id)) return;
    deps.log?.(`elicitation/complete for unknown elicitation ${id}, ignored`);
  });

  handle('fs/read_text_file', async (p, session) => {
    const req = parsed(parseReadTextFile(p));
    // Checked here, before any host reads, so every FileSystemHost refuses it the same way.
    if (req.line !== undefined && req.line < 1) {
      throw new HostServiceError(ErrorCode.invalidParams, `line must be a positive integer (1-based), got ${req.line}.`);
    }
    // The host acts on the location that was checked (links resolved), never the name given.
    const target = await confine(req.path, session);
    return readTextFileResult(await deps.fs.readTextFile(target.realPath, req.line, req.limit));
  });

  // Counted as in flight from its arrival: an agent that does not wait for the answer may end
  // its turn before the path is even checked, and the turn's changes must still include it.
  handle('fs/write_text_file', (p, session) => trackWrite(deps.fs, async () => {
    const req = parsed(parseWriteTextFile(p));
    const target = await confine(req.path, session);
    const before = await previousText(deps.fs, target.realPath);
    await deps.fs.writeTextFile(target.realPath, req.content);
    // What the file held and now holds: the review's account where no snapshot was taken.
    if (before !== undefined) session.emit({ kind: 'file_written', path: target.realPath, oldText: before, newText: req.content });
    return emptyResult();
  }));

  handle('terminal/create', async (p, session) => {
    const req = parsed(parseCreateTerminal(p));
    if (!req.command) throw new HostServiceError(ErrorCode.invalidParams, 'command must be a non-empty string.');
    if (req.cwd === undefined) reachableRoots(session.roots, session.fixedRoots ? undefined : deps.workspaceRoots?.()).checkNotRemoved(session.cwd);
    const cwd = req.cwd === undefined ? session.cwd : (await confine(req.cwd, session)).realPath;
    if (!(await stat(cwd).catch(() => undefined))?.isDirectory()) {
      throw new HostServiceError(ErrorCode.invalidParams, `cwd is not a directory: ${cwd}`);
    }
    const terminalId = await deps.terminals.create(session.sessionId, {
      command: req.command,
      args: req.args,
      env: req.env,
      cwd,
      outputByteLimit: req.outputByteLimit,
    });
    return createTerminalResult(terminalId);
  });

  handle('terminal/output', async (p, session) => {
    const out = deps.terminals.output(session.sessionId, parsed(parseTerminalRequest(p)).terminalId);
    return terminalOutputResult(out.output, out.truncated, out.exitStatus);
  });

  handle('terminal/wait_for_exit', async (p, session) =>
    waitForTerminalExitResult(await deps.terminals.waitForExit(session.sessionId, parsed(parseTerminalRequest(p)).terminalId)),
  );

  handle('terminal/kill', async (p, session) => {
    await deps.terminals.kill(session.sessionId, parsed(parseTerminalRequest(p)).terminalId);
    return emptyResult();
  });

  handle('terminal/release', async (p, session) => {
    await deps.terminals.release(session.sessionId, parsed(parseTerminalRequest(p)).terminalId);
    return emptyResult();
  });
}

function parsed<T>(result: Parsed<T>): T {
  if (!result.ok) throw new HostServiceError(ErrorCode.invalidParams, `Invalid params: ${result.error}`);
  return result.value;
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

function toResponseError(err: unknown, method: string, session: RequestTarget, log?: (line: string) => void): ResponseError<unknown> {
  if (err instanceof ResponseError) return err;
  if (err instanceof HostServiceError) {
    if (err.code === ErrorCode.invalidParams || err.code === ErrorCode.outsideWorkspace) {
      session.emit({ kind: 'notice_local', severity: 'warning', title: t('Refused {0}', method), detail: err.message });
    }
    return new ResponseError(err.code, err.message, err.data);
  }
  const message = (err as Error)?.message ?? String(err);
  log?.(`${method} failed: ${message}`);
  session.emit({ kind: 'notice_local', severity: 'error', title: t('{0} failed', method), detail: message });
  return new ResponseError(ErrorCode.internal, `${method} failed: ${message}`);
}

function isObject(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The file's text before a write: null when it does not exist, undefined when it cannot be read as text. */
const trackWrite = <T>(fs: FileSystemHost, request: () => Promise<T>): Promise<T> => (fs.trackWrite ? fs.trackWrite(request) : request());

async function previousText(fs: FileSystemHost, path: string): Promise<string | null | undefined> {
  try {
    return await fs.readTextFile(path);
  } catch (error) {
    return error instanceof HostServiceError && error.code === ErrorCode.notFound ? null : undefined;
  }
}
