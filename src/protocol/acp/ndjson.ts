/**
 * Newline-delimited JSON framing for vscode-jsonrpc.
 *
 * ACP agents write one JSON-RPC message per line on stdout; vscode-jsonrpc's stock stream
 * reader expects LSP `Content-Length` headers, so we bring our own reader and writer.
 *
 * The reader splits on the raw 0x0A byte *before* decoding, so a multi-byte UTF-8 character
 * split across two chunks is decoded only once both halves are joined. Nothing here throws
 * on bad input: every problem is reported through `onProblem` and reading continues.
 */
import { AbstractMessageReader, AbstractMessageWriter } from 'vscode-jsonrpc/node';
import type { DataCallback, Disposable, Message, MessageWriter } from 'vscode-jsonrpc/node';

/** The SDK's default cap; agents are expected to stay below it. */
export const DEFAULT_MAX_LINE_BYTES = 32 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

export type NdjsonProblem =
  | { kind: 'invalid_json'; message: string; line: string }
  | { kind: 'not_an_object'; line: string }
  | { kind: 'line_too_long'; bytes: number; maxBytes: number };

export interface NdjsonReaderOptions {
  maxLineBytes?: number;
  /** Bad input that was skipped. The stream keeps going. */
  onProblem?: (problem: NdjsonProblem) => void;
  /**
   * Sees every parsed message before the connection. Returning `true` claims the message:
   * it is not passed on (used for `$/cancel_request` and synchronous notification dispatch).
   */
  intercept?: (message: Message, line: Buffer, start: number, end: number) => boolean;
  /**
   * Sees each line's bytes before they are parsed; returning `true` claims the line, which is
   * then neither parsed nor passed on (the transport reads a line that continues a streamed
   * run by its text alone: lineTemplate.ts). The line is `line[start, end)`, without its newline.
   */
  continueLine?: (line: Buffer, start: number, end: number) => boolean;
  /**
   * After the lines of one read (and before the stream's end is reported): whatever the
   * intercept held back to hand over with the lines after it must be handed over now.
   */
  onReadEnd?: () => void;
}

/** How much of an offending line goes into a problem report (the log must stay small). */
const EXCERPT_CHARS = 200;

export class NdjsonMessageReader extends AbstractMessageReader {
  private readonly maxLineBytes: number;
  /** Pieces of the current, not yet terminated line. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside an over-long line: drop bytes until the next newline. */
  private skipping = false;
  private skippedBytes = 0;
  private callback: DataCallback | undefined;
  private ended = false;

  constructor(
    private readonly readable: NodeJS.ReadableStream,
    private readonly options: NdjsonReaderOptions = {},
  ) {
    super();
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (chunk: Buffer | string): void => {
      this.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    };
    const onEnd = (): void => this.finish();
    const onError = (error: Error): void => this.fireError(error);
    this.readable.on('data', onData);
    this.readable.on('end', onEnd);
    // A destroyed stream emits 'close' without 'end'; either way the peer is gone.
    this.readable.on('close', onEnd);
    this.readable.on('error', onError);
    return {
      dispose: () => {
        this.readable.off('data', onData);
        this.readable.off('end', onEnd);
        this.readable.off('close', onEnd);
        this.readable.off('error', onError);
        this.callback = undefined;
      },
    };
  }

  /** Feed raw bytes. Public so tests and benchmarks can drive the framing without a stream. */
  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(LF, start);
      if (nl === -1) break;
      if (this.skipping) {
        this.endSkip(this.skippedBytes + (nl - start));
      } else if (this.pending.length === 0) {
        // Fast path: the whole line is inside this chunk, decode straight from it.
        this.lineFrom(chunk, start, nl);
      } else {
        this.pending.push(chunk.subarray(start, nl));
        this.pendingBytes += nl - start;
        const line = Buffer.concat(this.pending, this.pendingBytes);
        this.pending = [];
        this.pendingBytes = 0;
        this.lineFrom(line, 0, line.length);
      }
      start = nl + 1;
    }
    if (start < chunk.length) this.keepPartial(chunk, start);
    this.readEnd();
  }

  private readEnd(): void {
    try {
      this.options.onReadEnd?.();
    } catch (error) {
      this.fireError(error);
    }
  }

  private keepPartial(chunk: Buffer, start: number): void {
    const bytes = chunk.length - start;
    if (this.skipping) {
      this.skippedBytes += bytes;
      return;
    }
    if (this.pendingBytes + bytes > this.maxLineBytes) {
      // Drop what we hold now rather than at the newline, so a runaway line never sits in memory.
      this.skipping = true;
      this.skippedBytes = this.pendingBytes + bytes;
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    // Copy only when the chunk is mostly line: a small tail must not pin a large chunk.
    const tail = chunk.subarray(start);
    this.pending.push(bytes * 4 < chunk.length ? Buffer.from(tail) : tail);
    this.pendingBytes += bytes;
  }

  private endSkip(totalBytes: number): void {
    this.skipping = false;
    this.skippedBytes = 0;
    this.options.onProblem?.({ kind: 'line_too_long', bytes: totalBytes, maxBytes: this.maxLineBytes });
  }

  private lineFrom(buf: Buffer, start: number, end: number): void {
    if (end > start && buf[end - 1] === CR) end--;
    if (end === start) return;
    if (end - start > this.maxLineBytes) {
      this.options.onProblem?.({ kind: 'line_too_long', bytes: end - start, maxBytes: this.maxLineBytes });
      return;
    }
    const continueLine = this.options.continueLine;
    if (continueLine !== undefined) {
      try {
        if (continueLine(buf, start, end)) return;
      } catch (error) {
        // Read whole, as if it had not been looked at.
        this.fireError(error);
      }
    }
    const text = buf.toString('utf8', start, end);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      // Blank (or whitespace-only) lines are legal padding, not errors.
      if (text.trim() === '') return;
      this.options.onProblem?.({
        kind: 'invalid_json',
        message: error instanceof Error ? error.message : String(error),
        line: text.slice(0, EXCERPT_CHARS),
      });
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      // Batches are not part of ACP; a bare value is not a message either.
      this.options.onProblem?.({ kind: 'not_an_object', line: text.slice(0, EXCERPT_CHARS) });
      return;
    }
    const message = value as Message;
    try {
      if (this.options.intercept?.(message, buf, start, end)) return;
      this.callback?.(message);
    } catch (error) {
      // A throwing consumer must not take the stream down (this runs in a 'data' handler,
      // where an exception would be uncaught): report it and read on.
      this.fireError(error);
    }
  }

  /** End of stream: a last line without a newline still counts. */
  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.skipping) {
      this.endSkip(this.skippedBytes);
    } else if (this.pendingBytes > 0) {
      const line = Buffer.concat(this.pending, this.pendingBytes);
      this.pending = [];
      this.pendingBytes = 0;
      this.lineFrom(line, 0, line.length);
    }
    this.readEnd();
    this.fireClose();
  }
}

export interface NdjsonWriterOptions {
  /** Sees every message just before it is written. */
  onWrite?: (message: Message) => void;
}

export class NdjsonMessageWriter extends AbstractMessageWriter implements MessageWriter {
  private closed = false;

  constructor(
    private readonly writable: NodeJS.WritableStream,
    private readonly options: NdjsonWriterOptions = {},
  ) {
    super();
    writable.on('error', (error: Error) => this.fireError(error));
    writable.on('close', () => {
      this.closed = true;
      this.fireClose();
    });
  }

  /** The agent's input is gone (closed by us or by the agent): writes would fail. */
  get isClosed(): boolean {
    return this.closed;
  }

  write(message: Message): Promise<void> {
    if (this.closed) {
      const error = new Error('The agent input stream is closed.');
      this.fireError(error, message);
      return Promise.reject(error);
    }
    this.options.onWrite?.(message);
    // JSON.stringify never emits a raw newline (they are escaped inside strings), so one line = one message.
    const line = JSON.stringify(message) + '\n';
    return new Promise<void>((resolve, reject) => {
      this.writable.write(line, (error?: Error | null) => {
        if (error) {
          this.fireError(error, message);
          reject(error);
        } else {
          resolve();
        }
      });
    });
  }

  end(): void {
    this.closed = true;
    this.writable.end();
  }
}
