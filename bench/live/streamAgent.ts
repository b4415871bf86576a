/**
 * A bench agent on the official ACP SDK over stdio: a prompt `stream <count> <perSecond>` answers
 * with `count` agent_message_chunk notifications paced at `perSecond`, chunk k's text being
 * ` t<k>` so the panel can tell which chunk reached its DOM. The moment each chunk is handed to
 * stdout is taken on the system's monotonic clock (process.hrtime, shared by every process on the
 * machine) and, after the last chunk, written to stderr as one line `TIMES [ms, …]`.
 *
 * Usage: node --import tsx bench/live/streamAgent.ts
 */
import { Readable, Writable } from 'node:stream';
import { agent, ndJsonStream } from '@agentclientprotocol/sdk';

const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let sessions = 0;
const app = agent({ name: 'bench-stream-agent' })
  .onRequest('initialize', () => ({
    protocolVersion: 1,
    agentCapabilities: { loadSession: false, promptCapabilities: { image: false, audio: false, embeddedContext: false } },
    authMethods: [],
    agentInfo: { name: 'bench-stream-agent', title: 'Bench Stream Agent', version: '1.0.0' },
  }))
  .onRequest('session/new', () => ({ sessionId: `bench_${++sessions}` }))
  .onRequest('session/prompt', async ({ params, client }) => {
    const first = params.prompt.find((b) => b.type === 'text');
    const [, countArg, rateArg] = (first?.type === 'text' ? first.text : '').split(/\s+/);
    const count = Math.max(1, Number(countArg) || 100);
    const perSecond = Math.max(1, Number(rateArg) || 100);
    const times: number[] = [];
    const start = monotonicMs();
    for (let k = 1; k <= count; k++) {
      // Paced against the schedule, not the last write: a late timer sends what is due at once.
      const due = start + ((k - 1) * 1000) / perSecond;
      const wait = due - monotonicMs();
      if (wait >= 1) await sleep(wait);
      times.push(monotonicMs());
      void client.notify('session/update', {
        sessionId: params.sessionId,
        update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: ` t${k}` } },
      });
    }
    process.stderr.write(`TIMES ${JSON.stringify(times)}\n`);
    return { stopReason: 'end_turn' };
  });

const stream = ndJsonStream(Writable.toWeb(process.stdout) as WritableStream<Uint8Array>, Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>);
void app.connect(stream).closed.finally(() => setTimeout(() => process.exit(0), 10).unref());
