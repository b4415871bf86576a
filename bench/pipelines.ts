/**
 * The consumers compared by the wire benchmark. Each reads the same generator output (the same
 * bytes, from the same program in a real child process) and resolves once it has handled every
 * message.
 */
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { AgentClient } from '../src/agents/acp/connection/agentClient.js';
import { normalizeSessionUpdate } from '../src/protocol/acp/normalize.js';
import { createAcpConnection } from '../src/protocol/acp/transport.js';
import { NodeFileSystem } from '../src/services/nodeFileSystem.js';
import { StreamedText } from '../src/thread/state.js';
import { generatorArgs, generatorScript, now, threadCpuMs, spawnGenerator, tsxLoader, watchGeneratorStart } from './child.js';
import type { GeneratorRun, GeneratorStart } from './child.js';
import { createSink } from './sink.js';

export interface Measurement {
  ms: number;
  messages: number;
  bytes: number;
  /**
   * CPU time of this process's main thread from the first message to the last, per message
   * (µs); undefined where the system does not tell (Linux only). On a shared machine the wall
   * clock also measures who else got the CPU; this measures our own work.
   */
  cpuUsPerMessage?: number;
  /**
   * Memory pages this process touched for the first time from the first message to the last,
   * per 1,000 messages: what keeping the streamed text costs beyond parsing it (each fault is a
   * trip into the kernel; the floor, which keeps nothing, makes about none).
   */
  pageFaultsPerK: number;
}

export interface Running {
  feed: GeneratorStart;
  /** After the last message: ends the run and the child. */
  stop(): Promise<void>;
}

export interface Pipeline {
  name: string;
  /**
   * Starts a generator and wires this consumer to it; `onMessage(n)` as n more messages are
   * handled (one by one, or a run the product joined: see wireMessagesIn).
   */
  start(count: number, onMessage: (n?: number) => void, paced?: number): Promise<Running>;
}

export async function measure(pipeline: Pipeline, count: number): Promise<Measurement> {
  let handled = 0;
  let cpuFirst: number | undefined;
  let cpuLast: number | undefined;
  let finish!: (t: number) => void;
  const finished = new Promise<number>((r) => (finish = r));
  let faultsFirst = 0;
  let faultsLast = 0;
  const running = await pipeline.start(count, (n = 1) => {
    const first = handled === 0;
    handled += n;
    if (first) {
      cpuFirst = threadCpuMs();
      faultsFirst = process.resourceUsage().minorPageFault;
    }
    if (handled === count) {
      faultsLast = process.resourceUsage().minorPageFault;
      cpuLast = threadCpuMs();
      finish(now());
    }
  });
  const [start, end, bytes] = await Promise.all([running.feed.started, finished, running.feed.bytes]);
  await running.stop();
  const cpuUsPerMessage = cpuFirst !== undefined && cpuLast !== undefined ? ((cpuLast - cpuFirst) * 1000) / (count - 1) : undefined;
  const pageFaultsPerK = ((faultsLast - faultsFirst) * 1000) / count;
  return { ms: end - start, messages: handled, bytes, pageFaultsPerK, ...(cpuUsPerMessage !== undefined ? { cpuUsPerMessage } : {}) };
}

/**
 * Counts the agent's messages as the product handles them. The transport joins a run of text
 * chunks read at once into one update (textChunkRuns.ts), so one `message_chunk` event may hold
 * many of the generator's messages: the tap sees such a run once, with the number of messages it
 * joins, just before the event that holds it; they are handed to `onMessage` with that event.
 */
export function wireMessagesIn(onMessage: (n?: number) => void): { tapped(message: unknown, count: number): void; handled(): void } {
  let tapped = 0;
  let counted = 0;
  return {
    tapped: (message, count) => {
      if ((message as { method?: unknown }).method === 'session/update') tapped += count;
    },
    handled: () => {
      onMessage(tapped - counted);
      counted = tapped;
    },
  };
}

/** A consumer wired straight onto the plain generator's stdio. */
function onChild(name: string, attach: (run: GeneratorRun, onMessage: (n?: number) => void, count: number) => void): Pipeline {
  return {
    name,
    async start(count, onMessage, paced) {
      const run = spawnGenerator(count, paced);
      const exited = new Promise<void>((r) => run.child.once('exit', () => r()));
      attach(run, onMessage, count);
      return {
        feed: run,
        stop: async () => {
          run.child.stdin.end();
          await exited;
        },
      };
    },
  };
}

/**
 * The floor: the least any consumer must do. Split the chunks on newline bytes where they lie
 * (only a line cut between two chunks is joined) and JSON.parse each line, nothing else.
 */
export const rawLoop = onChild('raw split + JSON.parse', (run, onMessage) => {
  let carry: Buffer | null = null;
  run.child.stdout.on('data', (chunk: Buffer) => {
    let start = 0;
    let nl = chunk.indexOf(10);
    if (carry) {
      if (nl === -1) {
        carry = Buffer.concat([carry, chunk]);
        return;
      }
      JSON.parse(Buffer.concat([carry, chunk.subarray(0, nl)]).toString('utf8'));
      onMessage();
      carry = null;
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    while (nl !== -1) {
      JSON.parse(chunk.toString('utf8', start, nl));
      onMessage();
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    if (start < chunk.length) carry = chunk.subarray(start);
  });
});

/**
 * The floor plus keeping what a chat must keep: each line's chunk text, held the cheapest way
 * measured (`StreamedText`, the thread's own buffer; an array of every chunk costs more). A
 * reference without a goal: it shows how much of the gap to the floor is the text itself,
 * which the floor drops and any chat client keeps. The loop is the floor's own, copied: one
 * split function shared by both made the floor's per-line call polymorphic, and the floor
 * measured slower (median 1.97 against 1.83 µs per message, 11 rounds each, interleaved).
 */
export const rawKeepingText = onChild('reference: raw split + JSON.parse, keeping the text', (run, onMessage) => {
  const kept = new StreamedText();
  const keep = (line: string): void => {
    kept.append((JSON.parse(line) as { params: { update: { content: { text: string } } } }).params.update.content.text);
    onMessage();
  };
  let carry: Buffer | null = null;
  run.child.stdout.on('data', (chunk: Buffer) => {
    let start = 0;
    let nl = chunk.indexOf(10);
    if (carry) {
      if (nl === -1) {
        carry = Buffer.concat([carry, chunk]);
        return;
      }
      keep(Buffer.concat([carry, chunk.subarray(0, nl)]).toString('utf8'));
      carry = null;
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    while (nl !== -1) {
      keep(chunk.toString('utf8', start, nl));
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    if (start < chunk.length) carry = chunk.subarray(start);
  });
});

/** Our transport, notifications dispatched by vscode-jsonrpc (one per event-loop turn). */
export const transportQueued = onChild('transport only, vscode-jsonrpc dispatch', (run, onMessage) => {
  const conn = createAcpConnection(run.child.stdout, run.child.stdin);
  conn.onNotification('session/update', () => onMessage());
  conn.listen();
});

/** Our transport with the ordered synchronous dispatch for session/update. */
export const transportSync = onChild('transport only, sync dispatch', (run, onMessage) => {
  const conn = createAcpConnection(run.child.stdout, run.child.stdin, {
    syncNotifications: { 'session/update': () => onMessage() },
  });
  conn.listen();
});

/** Transport → normalize → ThreadModel with no session layers in between (a reference). */
function shortcut(sync: boolean): Pipeline {
  const name = `reference: transport → normalize → ThreadModel, no session layers, ${sync ? 'sync' : 'vscode-jsonrpc'} dispatch`;
  return {
    name,
    async start(count, onMessage) {
      const sink = await createSink();
      const handle = (params: unknown): void => {
        sink.apply(normalizeSessionUpdate((params as { update: unknown }).update));
        onMessage();
      };
      return onChild(name, (run) => {
        const conn = createAcpConnection(run.child.stdout, run.child.stdin, sync ? { syncNotifications: { 'session/update': handle } } : {});
        if (!sync) conn.onNotification('session/update', handle);
        conn.listen();
      }).start(count, onMessage);
    },
  };
}

export const shortcutQueued = shortcut(false);
export const shortcutSync = shortcut(true);

/**
 * The product's path without what the installed extension hangs on it (a reference; the row
 * with the goals is the product as shipped, shipped.ts): the AgentClient starts the generator as an
 * agent (`initialize`, `session/new`), a real session is registered with its router, and a
 * prompt makes the agent stream. Each update goes transport (sync dispatch, runs of chunks
 * joined) → session router (by sessionId) → AcpChatSession (normalize) → its event hub →
 * ThreadModel.apply. A tap counts the messages (wireMessagesIn), which the product has no tap for.
 */
export const productPath: Pipeline = {
  name: 'the product\'s path: AgentClient → session → normalize → ThreadModel',
  async start(count, onMessage, paced) {
    const feed = watchGeneratorStart();
    const sink = await createSink();
    const messages = wireMessagesIn(onMessage);
    const client = new AgentClient({
      config: { name: 'wire bench', command: process.execPath, args: ['--import', tsxLoader, generatorScript, ...generatorArgs(count, paced, '--agent')], env: {}, protocolVersion: 1 },
      workspace: { roots: () => [process.cwd()] },
      fs: new NodeFileSystem(),
      pathValue: async () => process.env.PATH ?? '',
      onStderr: (text) => feed.stderr(text),
      tap: (direction, message, count) => messages.tapped(message, count),
      killGraceMs: 500,
    });
    const lifecycle = await client.start();
    if (lifecycle.state !== 'ready') throw new Error(`the bench agent did not start: ${JSON.stringify(lifecycle)}`);
    const session = await client.newSession();
    session.onEvent((event) => {
      sink.apply(event);
      if (event.kind === 'message_chunk') messages.handled();
    });
    const turn = session.prompt([{ type: 'text', text: 'stream' }]);
    return {
      feed,
      stop: async () => {
        await turn;
        await client.dispose();
      },
    };
  },
};

/** The official SDK 2.4.0 client with a no-op session/update handler. */
export const sdkClient = onChild('official SDK 2.4.0 client(), no-op handler', (run, onMessage, count) => {
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
});

export async function loadSinkLabel(): Promise<string> {
  return (await createSink()).label;
}
