/**
 * One A2A turn on the wire: send (streaming when the card says so, else blocking then polling
 * the task with backoff), feed every result to the mapper, and when a stream drops before the
 * turn ended, resubscribe to the task (its snapshot replaces artifacts rather than repeating
 * them). The runner never throws: what goes wrong reaches `onError`.
 */
import { randomUUID } from 'node:crypto';
import type { A2aUpdate } from '../../../protocol/a2a/update.js';
import { parseResult } from '../../../protocol/a2a/parse.js';
import { causeOf } from '../connection/card.js';
import { sendResultJson, streamEventJson, taskJson, userMessage, type Client } from '../connection/sdkClient.js';

export interface TurnIo {
  client: Client;
  streaming: boolean;
  signal: AbortSignal;
  /** Applies one update; returns true once the turn has ended. */
  onUpdate(update: A2aUpdate): boolean;
  /** The task this turn is on, once known (for resubscribe and polling). */
  taskId(): string | undefined;
  log(line: string): void;
  /** Delays between polls and resubscribe attempts (tests shorten them). */
  backoffMs?: readonly number[];
}

const BACKOFF = [250, 500, 1000, 2000, 4000];
const RESUBSCRIBE_ATTEMPTS = 3;

export async function runTurn(io: TurnIo, text: string, ids: { taskId?: string; contextId?: string }): Promise<void> {
  const message = userMessage(text, ids, randomUUID());
  if (io.streaming) {
    let ended = await consume(io, () => io.client.sendMessageStream({ message } as never, { signal: io.signal }));
    for (let attempt = 0; !ended && !io.signal.aborted && attempt < RESUBSCRIBE_ATTEMPTS; attempt++) {
      const taskId = io.taskId();
      if (!taskId) throw new Error('The stream ended before the agent named a task.');
      io.log(`stream ended before the task did; resubscribing to ${taskId} (attempt ${attempt + 1})`);
      await delay(io, attempt);
      ended = await consume(io, () => io.client.resubscribeTask({ id: taskId } as never, { signal: io.signal }), true);
    }
    if (!ended && !io.signal.aborted) throw new Error('The stream kept ending before the task finished.');
    return;
  }
  const result = await io.client.sendMessage({ message } as never, { signal: io.signal });
  if (io.onUpdate(parseResult(sendResultJson(result)))) return;
  await poll(io);
}

/** Polls `tasks/get` with backoff until the turn ends or is aborted. */
async function poll(io: TurnIo): Promise<void> {
  for (let i = 0; !io.signal.aborted; i++) {
    await delay(io, i);
    const taskId = io.taskId();
    if (!taskId || io.signal.aborted) return;
    const task = await io.client.getTask({ id: taskId } as never, { signal: io.signal });
    if (io.onUpdate(parseResult(taskJson(task)))) return;
  }
}

/**
 * Drains one stream. Returns whether the turn ended. A stream that breaks is reported as not
 * ended (the caller resubscribes); an error before anything arrived is the call's own failure.
 */
async function consume(io: TurnIo, open: () => AsyncGenerator<unknown>, isResubscribe = false): Promise<boolean> {
  let received = 0;
  try {
    for await (const event of open()) {
      received++;
      if (io.onUpdate(parseResult(streamEventJson(event as never)))) return true;
    }
    return false;
  } catch (err) {
    if (io.signal.aborted) return false;
    // Before anything arrived and with no task to go back to, it is the call's own failure
    // (refused, not SSE, unreachable); a task we know can be resubscribed to.
    if (received === 0 && (isResubscribe ? !isNetworkError(err) : io.taskId() === undefined)) throw err;
    io.log(`stream broke: ${causeOf(err)}`);
    return false;
  }
}

function isNetworkError(err: unknown): boolean {
  return /fetch failed|ECONNREFUSED|ECONNRESET|terminated|socket/i.test(`${(err as Error)?.message} ${causeOf(err)}`);
}

function delay(io: TurnIo, attempt: number): Promise<void> {
  const steps = io.backoffMs ?? BACKOFF;
  const ms = steps[Math.min(attempt, steps.length - 1)]!;
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      io.signal.removeEventListener('abort', done);
      resolve();
    }
    io.signal.addEventListener('abort', done, { once: true });
  });
}
