/**
 * An ACP connection: vscode-jsonrpc over newline-delimited JSON on a stream pair.
 *
 * What this adds to a stock `MessageConnection`:
 * - NDJSON framing with a line cap and problem reports instead of crashes (ndjson.ts);
 * - ACP cancellation, `$/cancel_request {requestId}` in both directions (cancellation.ts);
 * - a tap that sees every message in and out (the protocol log);
 * - unknown notifications are reported and ignored; unknown requests get -32601 (vscode-jsonrpc);
 * - optional synchronous notification handlers (`syncNotifications`) that skip vscode-jsonrpc's
 *   one-message-per-event-loop-turn dispatch while keeping wire order (see below).
 *
 * `maxParallelism` is deliberately never set: with it, responses overtake queued notifications
 * and a `session/prompt` result would land before the turn's last chunks.
 */
import { createMessageConnection, Message } from 'vscode-jsonrpc/node';
import type {
  Logger,
  MessageConnection,
  NotificationMessage,
  RequestMessage,
  ResponseMessage,
} from 'vscode-jsonrpc/node';
import { AcpCancellation, CANCEL_REQUEST_METHOD } from './cancellation.js';
import { NdjsonMessageReader, NdjsonMessageWriter } from './ndjson.js';
import type { NdjsonProblem } from './ndjson.js';

export type TapDirection = 'in' | 'out';

export interface AcpConnectionOptions {
  /** Longest accepted line in bytes (default 32 MiB, the SDK's limit). */
  maxLineBytes?: number;
  /** Every message in (as parsed, before dispatch) and out (just before writing). Errors are logged. */
  tap?: (direction: TapDirection, message: Message) => void;
  /** Input that was skipped: invalid JSON, non-object lines, over-long lines. */
  onProtocolError?: (problem: NdjsonProblem) => void;
  /** A notification nobody handles (ACP says: ignore). */
  onUnknownNotification?: (message: NotificationMessage) => void;
  /** vscode-jsonrpc's own diagnostics. Silent by default. */
  logger?: Logger;
  /**
   * Notification handlers run synchronously from the reader, in wire order.
   *
   * vscode-jsonrpc dispatches one queued message per `setImmediate`, which caps a burst of
   * `session/update`s (a load replay, fast streaming) at roughly 1/5 µs. For methods listed
   * here the reader calls the handler directly whenever vscode-jsonrpc's queue is empty; when
   * an earlier response or request is still queued, the notification is queued behind it and
   * dispatched by vscode-jsonrpc instead, so order against responses is never broken.
   * Handlers must be synchronous (a returned promise is not awaited by either path). Do not
   * also register these methods with `connection.onNotification`.
   */
  syncNotifications?: Readonly<Record<string, (params: unknown) => void>>;
}

const SILENT: Logger = { error: () => {}, warn: () => {}, info: () => {}, log: () => {} };

/**
 * Creates the connection; call `listen()` on it after registering handlers, as with any
 * vscode-jsonrpc connection.
 */
export function createAcpConnection(
  readable: NodeJS.ReadableStream,
  writable: NodeJS.WritableStream,
  opts: AcpConnectionOptions = {},
): MessageConnection {
  const logger = opts.logger ?? SILENT;
  // A Map, not the options object: a method named "constructor" must not find a handler.
  const sync = new Map(Object.entries(opts.syncNotifications ?? {}));
  const hasSync = sync.size > 0;
  const userTap = opts.tap;
  // The protocol log must never cost a message: a throwing tap is reported, not propagated.
  const tap = userTap
    ? (direction: TapDirection, message: Message): void => {
        try {
          userTap(direction, message);
        } catch (error) {
          logger.error(`Protocol tap failed: ${String(error)}`);
        }
      }
    : undefined;
  const cancellation = new AcpCancellation();
  // Messages handed to vscode-jsonrpc and not yet dispatched by it: while > 0 a synchronous
  // dispatch would overtake them.
  let queued = 0;
  // vscode-jsonrpc queues requests and responses under 'req-<id>' / 'res-<id>' and folds a
  // duplicate id into the waiting entry, so it dispatches once: count such a message once too,
  // or the count would never return to 0 and the fast path would stay off.
  const queuedKeys = new Set<string>();

  const intercept = (message: Message): boolean => {
    tap?.('in', message);
    if (Message.isNotification(message)) {
      if (message.method === CANCEL_REQUEST_METHOD) {
        cancellation.cancelReceived((message.params as { requestId?: unknown } | undefined)?.requestId);
        return true;
      }
      // LSP's cancel is not ACP; keep vscode-jsonrpc from acting on it. Treat as unknown.
      if (message.method === '$/cancelRequest') {
        unknownNotification(message);
        return true;
      }
      if (hasSync && queued === 0) {
        const handler = sync.get(message.method);
        if (handler) {
          runSync(handler, message);
          return true;
        }
      }
    } else if (Message.isRequest(message)) {
      cancellation.requestReceived((message as RequestMessage).id as string | number);
    }
    const key = queueKey(message);
    if (key !== undefined) {
      if (queuedKeys.has(key)) return false;
      queuedKeys.add(key);
    }
    queued++;
    return false;
  };

  const runSync = (handler: (params: unknown) => void, message: NotificationMessage): void => {
    try {
      handler(message.params);
    } catch (error) {
      logger.error(`Notification handler '${message.method}' failed: ${String(error)}`);
    }
  };

  const unknownNotification = (message: NotificationMessage): void => {
    if (opts.onUnknownNotification) opts.onUnknownNotification(message);
    else logger.info(`Ignored notification ${message.method}`);
  };

  const reader = new NdjsonMessageReader(readable, {
    maxLineBytes: opts.maxLineBytes,
    onProblem: opts.onProtocolError,
    intercept,
  });
  const writer = new NdjsonMessageWriter(writable, {
    onWrite: (message) => {
      tap?.('out', message);
      if (isResponse(message) && message.id !== null) cancellation.responseSent(message.id);
    },
  });

  const connection = createMessageConnection(reader, writer, logger, {
    cancellationStrategy: cancellation.strategy,
    messageStrategy: {
      handleMessage: (message, next) => {
        const key = queueKey(message);
        if (key !== undefined) queuedKeys.delete(key);
        queued--;
        return next(message);
      },
    },
  });
  for (const [method, handler] of sync) {
    connection.onNotification(method, (params: unknown) => handler(params));
  }
  connection.onUnhandledNotification(unknownNotification);
  return connection;
}

/** The key vscode-jsonrpc files a request or response under in its dispatch queue. */
function queueKey(message: Message): string | undefined {
  if (Message.isRequest(message)) return `req-${String(message.id)}`;
  if (Message.isResponse(message) && message.id !== null) return `res-${String(message.id)}`;
  return undefined;
}

function isResponse(message: Message): message is ResponseMessage {
  return (message as { method?: unknown }).method === undefined && 'id' in message;
}
