/**
 * stdio plumbing shared by the SDK-based test agents.
 *
 * The SDK owns the ndjson framing; we put a thin pass-through writable in front of it so a
 * scenario can also emit a message the SDK's types would never let us build (old drafts,
 * misspelt kinds). Both paths go through the same ordered writer, so raw messages land in
 * order with the SDK's own output.
 */
import { Readable, Writable } from 'node:stream';
import { ndJsonStream } from '@agentclientprotocol/sdk';
import type { AnyMessage, Stream } from '@agentclientprotocol/sdk';

export interface StdioPeer {
  stream: Stream;
  /** Writes any JSON value as one line, bypassing the SDK's typing. */
  sendRaw(message: Record<string, unknown>): Promise<void>;
}

export function openStdio(): StdioPeer {
  const inner = ndJsonStream(
    Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
    Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
  );
  const writer = inner.writable.getWriter();
  const writable = new WritableStream<AnyMessage>({
    write: (message) => writer.write(message),
    close: () => writer.close(),
    abort: (reason) => writer.abort(reason),
  });
  return {
    stream: { readable: inner.readable, writable },
    sendRaw: (message) => writer.write({ jsonrpc: '2.0', ...message } as AnyMessage),
  };
}

/** A scripted agent has nothing to do once its client has gone. */
export function exitWhenClosed(closed: Promise<void>): void {
  void closed.finally(() => {
    // Give stdout a tick to flush the last line.
    setTimeout(() => process.exit(0), 10).unref();
  });
}
