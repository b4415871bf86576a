/**
 * An ACP connection: vscode-jsonrpc over newline-delimited JSON on a stream pair.
 *
 * What this adds to a stock `MessageConnection`:
 * - NDJSON framing with a line cap and problem reports instead of crashes (ndjson.ts);
 * - ACP cancellation, `$/cancel_request {requestId}` in both directions (cancellation.ts);
 * - a tap that sees every message in and out (the protocol log), a joined run of notifications
 *   as the one message it was handed over as, with the number of messages it joins;
 * - unknown notifications are reported and ignored; unknown requests get -32601 (vscode-jsonrpc);
 * - every fault answered (wireFaults.ts): a line that is not JSON gets -32700 with `id: null`,
 *   JSON that is not a message or a request reusing an id still in flight gets -32600;
 *   responses for unknown or already answered ids are claimed and reported, never dispatched;
 * - optional synchronous notification handlers (`syncNotifications`) that skip vscode-jsonrpc's
 *   one-message-per-event-loop-turn dispatch while keeping wire order (see below), and may join
 *   a run of them that arrived in one read into one call (`joinNotifications`).
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
import { answerForProblem, excerpt, INVALID_PARAMS, INVALID_REQUEST, invalidMessage, METHOD_NOT_FOUND } from './wireFaults.js';
import type { WireFault } from './wireFaults.js';
import type { NotificationJoin, TextJoin } from './textChunkRuns.js';
import { LineTemplate } from './lineTemplate.js';


export type TapDirection = 'in' | 'out';

export interface AcpConnectionOptions {
  /** Longest accepted line in bytes (default 32 MiB, the SDK's limit). */
  maxLineBytes?: number;
  /**
   * Every message in (as parsed, before dispatch) and out (just before writing). Errors are
   * logged. A run joined by `joinNotifications` is tapped once, as the notification it was
   * handed over as, with `count` the messages it joins (1 for any other message): the text the
   * handler keeps and the text the log keeps are then the same strings, and the log pays once
   * per run, not once per chunk.
   */
  tap?: (direction: TapDirection, message: Message, count: number) => void;
  /** Input that was skipped: invalid JSON, non-object lines, over-long lines. */
  onProtocolError?: (problem: NdjsonProblem) => void;
  /**
   * Every fault on the wire (answered or not): for the log and the counts. Skipped lines are
   * also reported to `onProtocolError`, which is what the user sees.
   */
  onFault?: (fault: WireFault) => void;
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
  /**
   * For methods in `syncNotifications`: joins a notification into the one before it when it
   * only continues it (streamed text: textChunkRuns.ts), so a run read at once is handled once.
   * A held run is handed to the handler when a message that does not continue it arrives and at
   * the end of every read, so it never waits for input. The tap sees the run when it is handed
   * over (see `tap`).
   */
  joinNotifications?: Readonly<Record<string, NotificationJoin>>;
}

/**
 * Answers to faults are dropped (and counted) once this much is waiting to be written: an
 * agent that floods garbage and never reads its input must not grow our memory.
 */
export const MAX_FAULT_BACKLOG_BYTES = 1024 * 1024;
/** How many answered request ids we remember, to tell a repeated response from a stray one. */
const RECENT_ANSWERS = 256;

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
  // Cancellation is the transport's own business, whatever handlers are passed.
  sync.delete(CANCEL_REQUEST_METHOD);
  sync.delete('$/cancelRequest');
  const hasSync = sync.size > 0;
  type SyncEntry = readonly [method: string, handler: (params: unknown) => void, join: NotificationJoin | undefined];
  const syncEntries: SyncEntry[] = [...sync].map(([method, handler]) => [method, handler, opts.joinNotifications?.[method]]);
  // Found by comparing, not hashing: a message's method is a fresh string from JSON.parse, and
  // with a handful of methods a scan by equality (other lengths rejected at once) is cheaper.
  const syncEntry = (method: unknown): SyncEntry | undefined => {
    for (let i = 0; i < syncEntries.length; i++) if (syncEntries[i]![0] === method) return syncEntries[i];
    return undefined;
  };
  const userTap = opts.tap;
  // The protocol log must never cost a message: a throwing tap is reported, not propagated.
  const tap = userTap
    ? (direction: TapDirection, message: Message, count = 1): void => {
        try {
          userTap(direction, message, count);
        } catch (error) {
          logger.error(`Protocol tap failed: ${String(error)}`);
        }
      }
    : undefined;
  // The run held back to be handed over as one call: its entry, its first message, the run its
  // join built (once a second message joined) and how many messages it holds.
  let held: SyncEntry | undefined;
  let heldMessage: NotificationMessage | undefined;
  let heldRun: unknown;
  let heldCount = 0;
  // The line the held run's first message was parsed from (a run never outlives its read, so the
  // bytes are still there), and the template cut from it when a line came that might continue
  // the run (null: it has none).
  let heldLine: Buffer | undefined;
  let heldStart = 0;
  let heldEnd = 0;
  let template: LineTemplate | null | undefined;
  const handOverHeld = (): void => {
    const entry = held;
    if (entry === undefined) return;
    const first = heldMessage!;
    const count = heldCount;
    const params = count === 1 ? first.params : entry[2]!.finish(heldRun);
    held = undefined;
    heldMessage = undefined;
    heldRun = undefined;
    heldCount = 0;
    heldLine = undefined;
    template = undefined;
    tap?.('in', count === 1 ? first : ({ jsonrpc: '2.0', method: entry[0], params } as NotificationMessage), count);
    runSync(entry, params);
  };
  /** A notification for a synchronous handler: joined to the held run, held, or tapped and handled now. */
  const dispatchSync = (entry: SyncEntry, message: NotificationMessage, line: Buffer, start: number, end: number): void => {
    if (held !== undefined) {
      if (held === entry) {
        const join = entry[2]!;
        if (heldCount === 1) {
          const run = join.start(heldMessage!.params, message.params);
          if (run !== undefined) {
            heldRun = run;
            heldCount = 2;
            return;
          }
        } else if (join.extend(heldRun, message.params)) {
          heldCount++;
          return;
        }
      }
      handOverHeld();
    }
    if (entry[2] !== undefined) {
      held = entry;
      heldMessage = message;
      heldCount = 1;
      heldLine = line;
      heldStart = start;
      heldEnd = end;
      return;
    }
    tap?.('in', message);
    runSync(entry, message.params);
  };
  const cancellation = new AcpCancellation();
  // Messages handed to vscode-jsonrpc and not yet dispatched by it: while > 0 a synchronous
  // dispatch would overtake them.
  let queued = 0;
  // vscode-jsonrpc queues requests and responses under 'req-<id>' / 'res-<id>' and folds a
  // duplicate id into the waiting entry, so it dispatches once: count such a message once too,
  // or the count would never return to 0 and the fast path would stay off.
  const queuedKeys = new Set<string>();
  // Requests the agent sent that we have not answered yet (id → method), and ours it has not.
  const inFlightIn = new Map<string | number, string>();
  const pendingOut = new Set<string | number>();
  const recentlyAnswered = new Set<string | number>();
  const fault = (f: WireFault): void => {
    try {
      opts.onFault?.(f);
    } catch (error) {
      logger.error(`Fault handler failed: ${String(error)}`);
    }
  };
  // Set while writing our own answer to a fault, so it does not count as answering the
  // request in flight under the same id.
  let writingFault = false;
  const answerFault = (id: string | number | null, code: number, text: string): void => {
    const backlog = (writable as { writableLength?: number }).writableLength ?? 0;
    if (writer.isClosed || backlog > MAX_FAULT_BACKLOG_BYTES) {
      fault({ kind: 'unanswered', detail: `${code} for id ${String(id)}: the agent is not reading its input` });
      return;
    }
    writingFault = true;
    try {
      void writer.write({ jsonrpc: '2.0', id, error: { code, message: text } } as ResponseMessage).catch(() => {});
    } finally {
      writingFault = false;
    }
  };

  const onProblem = (problem: NdjsonProblem): void => {
    handOverHeld();
    const answer = answerForProblem(problem);
    fault(answer.fault);
    answerFault(null, answer.code, answer.message);
    opts.onProtocolError?.(problem);
  };

  /** Responses: claimed (true) unless they answer a request of ours that is waiting. */
  const unplacedResponse = (message: ResponseMessage): boolean => {
    const id = message.id;
    if (id === null) {
      fault({ kind: 'error_without_id', detail: excerpt(message.error ?? message) });
      return true;
    }
    if (!pendingOut.has(id)) {
      const kind = recentlyAnswered.has(id) ? 'duplicate_response' : 'unknown_response_id';
      fault({ kind, detail: `id ${JSON.stringify(id)}: ${excerpt(message)}` });
      return true;
    }
    pendingOut.delete(id);
    recentlyAnswered.add(id);
    if (recentlyAnswered.size > RECENT_ANSWERS) recentlyAnswered.delete(recentlyAnswered.values().next().value!);
    return false;
  };

  /**
   * A line read before it is parsed: when it is the held run's first line but for the text of
   * its chunk, that text joins the run and the line is not parsed (lineTemplate.ts). Every other
   * line is parsed whole. The template is cut when the second line of a run comes, so a chunk
   * alone in its run costs nothing more; a run of two costs one parse more than before (the
   * proof), a run of n saves n − 2.
   */
  const continueLine = (line: Buffer, start: number, end: number): boolean => {
    const byText = held?.[2]?.byText;
    if (byText === undefined || heldLine === undefined || queued !== 0) return false;
    if (template === undefined) template = cutTemplate(byText, heldMessage!, heldLine, heldStart, heldEnd) ?? null;
    if (template === null) return false;
    const text = template.textIn(line, start, end);
    if (text === undefined) return false;
    if (heldCount === 1) heldRun = byText.start(heldMessage!.params, text);
    else byText.extend(heldRun, text);
    heldCount++;
    return true;
  };
  /** The template of the held run's first line around its text, when it is one a later line may repeat. */
  const cutTemplate = (byText: TextJoin<unknown>, first: NotificationMessage, line: Buffer, start: number, end: number): LineTemplate | undefined => {
    const text = byText.textOf(first.params);
    if (text === undefined) return undefined;
    return LineTemplate.of(line, start, end, text, (parsed) => {
      const m = parsed as NotificationMessage | null;
      return m !== null && typeof m === 'object' && m.method === first.method && (m as { id?: unknown }).id === undefined ? byText.textOf(m.params) : undefined;
    });
  };

  const intercept = (message: Message, line: Buffer, start: number, end: number): boolean => {
    // The hot path, nearly all of the traffic: a notification with a synchronous handler (a
    // message without an id whose method has one; the cancel methods never have one), handled
    // now unless a response or request is still queued (see `syncNotifications`). It is tapped
    // there, alone or with the run it joins.
    if (hasSync && queued === 0 && (message as { id?: unknown }).id === undefined) {
      const entry = syncEntry((message as NotificationMessage).method);
      if (entry) {
        dispatchSync(entry, message as NotificationMessage, line, start, end);
        return true;
      }
    }
    // Whatever comes next in wire order must not overtake a held run, in the log either.
    handOverHeld();
    tap?.('in', message);
    // Notifications first: they are nearly all of the traffic, and one is never also a request,
    // a response or malformed (it has a string method and no id).
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
      queued++;
      return false;
    }
    if (!Message.isRequest(message) && !Message.isResponse(message)) {
      const invalid = invalidMessage(message as unknown as Record<string, unknown>);
      fault({ kind: 'invalid_request', detail: invalid.detail });
      // Malformed, but it names a request of ours: let vscode-jsonrpc fail that request
      // rather than leave it waiting forever.
      if (invalid.id !== null && pendingOut.delete(invalid.id)) return false;
      answerFault(invalid.id, INVALID_REQUEST, invalid.message);
      return true;
    }
    if (Message.isResponse(message) && !Message.isRequest(message) && unplacedResponse(message)) return true;
    if (Message.isRequest(message)) {
      const id = (message as RequestMessage).id as string | number;
      if (inFlightIn.has(id)) {
        fault({ kind: 'duplicate_request_id', detail: `${message.method} reuses id ${JSON.stringify(id)} of ${inFlightIn.get(id)}` });
        answerFault(id, INVALID_REQUEST, `Invalid Request: id ${JSON.stringify(id)} is still in use by an unanswered request.`);
        return true;
      }
      inFlightIn.set(id, message.method);
      cancellation.requestReceived(id);
    }
    const key = queueKey(message);
    if (key !== undefined) {
      if (queuedKeys.has(key)) return false;
      queuedKeys.add(key);
    }
    queued++;
    return false;
  };

  const runSync = ([method, handler]: SyncEntry, params: unknown): void => {
    try {
      handler(params);
    } catch (error) {
      logger.error(`Notification handler '${method}' failed: ${String(error)}`);
    }
  };

  const unknownNotification = (message: NotificationMessage): void => {
    if (opts.onUnknownNotification) opts.onUnknownNotification(message);
    else logger.info(`Ignored notification ${message.method}`);
  };

  const reader = new NdjsonMessageReader(readable, {
    maxLineBytes: opts.maxLineBytes,
    onProblem,
    intercept,
    ...(opts.joinNotifications ? { continueLine } : {}),
    onReadEnd: handOverHeld,
  });
  const writer = new NdjsonMessageWriter(writable, {
    onWrite: (message) => {
      tap?.('out', message);
      if (writingFault) return;
      if (Message.isRequest(message)) pendingOut.add(message.id as string | number);
      if (isResponse(message) && message.id !== null) {
        cancellation.responseSent(message.id);
        const method = inFlightIn.get(message.id);
        inFlightIn.delete(message.id);
        const code = message.error?.code;
        if (code === METHOD_NOT_FOUND) fault({ kind: 'unknown_method', detail: `${method ?? '?'}` });
        if (code === INVALID_PARAMS) fault({ kind: 'invalid_params', detail: `${method ?? '?'}: ${message.error?.message ?? ''}` });
      }
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
