/**
 * The consumers compared by the wire benchmark. Each reads the same generator output from a
 * real child process and resolves once it has handled every message.
 */
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { normalizeSessionUpdate } from '../src/protocol/normalize.js';
import { createAcpConnection } from '../src/protocol/transport.js';
import { now, spawnGenerator } from './child.js';
import type { GeneratorRun } from './child.js';
import { createSink } from './sink.js';

export interface Measurement {
  ms: number;
  messages: number;
  bytes: number;
}

export interface Pipeline {
  name: string;
  /** Wire everything up on the child's streams; call `done()` once per handled message. */
  attach(run: GeneratorRun, onMessage: () => void, count: number): Promise<void> | void;
  note?: string;
}

export async function measure(pipeline: Pipeline, count: number): Promise<Measurement> {
  const run = spawnGenerator(count);
  let handled = 0;
  let finish!: (t: number) => void;
  const finished = new Promise<number>((r) => (finish = r));
  const exited = new Promise<void>((r) => run.child.once('exit', () => r()));
  await pipeline.attach(
    run,
    () => {
      if (++handled === count) finish(now());
    },
    count,
  );
  const [start, end, bytes] = await Promise.all([run.started, finished, run.bytes]);
  run.child.stdin.end();
  await exited;
  return { ms: end - start, messages: handled, bytes };
}

/** The practical limit: split on newline bytes and JSON.parse, nothing else. */
export const rawLoop: Pipeline = {
  name: 'raw split + JSON.parse',
  attach(run, onMessage) {
    let carry: Buffer | null = null;
    run.child.stdout.on('data', (chunk: Buffer) => {
      const buf = carry ? Buffer.concat([carry, chunk]) : chunk;
      let start = 0;
      let nl: number;
      while ((nl = buf.indexOf(10, start)) !== -1) {
        JSON.parse(buf.toString('utf8', start, nl));
        onMessage();
        start = nl + 1;
      }
      carry = start < buf.length ? buf.subarray(start) : null;
    });
  },
};

/** Our transport, notifications dispatched by vscode-jsonrpc (one per event-loop turn). */
export const transportQueued: Pipeline = {
  name: 'transport only, vscode-jsonrpc dispatch',
  attach(run, onMessage) {
    const conn = createAcpConnection(run.child.stdout, run.child.stdin);
    conn.onNotification('session/update', () => onMessage());
    conn.listen();
  },
};

/** Our transport with the ordered synchronous dispatch for session/update. */
export const transportSync: Pipeline = {
  name: 'transport only, sync dispatch',
  attach(run, onMessage) {
    const conn = createAcpConnection(run.child.stdout, run.child.stdin, {
      syncNotifications: { 'session/update': () => onMessage() },
    });
    conn.listen();
  },
};

async function fullPipeline(run: GeneratorRun, onMessage: () => void, sync: boolean): Promise<void> {
  const sink = await createSink();
  const handle = (params: unknown): void => {
    sink.apply(normalizeSessionUpdate((params as { update: unknown }).update));
    onMessage();
  };
  const conn = createAcpConnection(run.child.stdout, run.child.stdin, sync ? { syncNotifications: { 'session/update': handle } } : {});
  if (!sync) conn.onNotification('session/update', handle);
  conn.listen();
}

export const fullQueued: Pipeline = {
  name: 'full: transport → normalize → thread, vscode-jsonrpc dispatch',
  attach: (run, onMessage) => fullPipeline(run, onMessage, false),
};

export const fullSync: Pipeline = {
  name: 'full: transport → normalize → thread, sync dispatch',
  attach: (run, onMessage) => fullPipeline(run, onMessage, true),
};

/** The official SDK 2.4.0 client with a no-op session/update handler. */
export const sdkClient: Pipeline = {
  name: 'official SDK 2.4.0 client(), no-op handler',
  attach(run, onMessage, count) {
    const stream = acp.ndJsonStream(
      Writable.toWeb(run.child.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(run.child.stdout) as ReadableStream<Uint8Array>,
    );
    let seen = 0;
    let finish!: () => void;
    const allHandled = new Promise<void>((r) => (finish = r));
    void acp
      .client({ name: 'bench' })
      .onNotification(acp.methods.client.session.update, () => {
        onMessage();
        if (++seen === count) finish();
      })
      // Keep the connection open until the last update has been handled.
      .connectWith(stream, () => allHandled)
      .catch((error: unknown) => console.error('SDK client failed:', error));
  },
};

export async function loadSinkLabel(): Promise<string> {
  return (await createSink()).label;
}
