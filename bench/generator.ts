/**
 * A stand-in agent for the wire benchmark: writes N `session/update` agent_message_chunk
 * notifications (~270 bytes each, like a real streaming agent) to stdout.
 *
 * The whole output is built before the first byte is written, so the consumer, not this
 * process, is what gets measured. The moment writing starts goes to stderr as
 * `START <epoch ms> BYTES <n>` (performance.timeOrigin + now, comparable across processes).
 *
 * Plain: writes at once and exits. With `--agent` it is a minimal ACP agent for the product's
 * own client: answers `initialize` and `session/new`, and writes the same bytes as its reply to
 * `session/prompt` (then ends the turn), so every pipeline reads the very same stream.
 *
 * Usage: node --import tsx bench/generator.ts <count> [--agent] [--paced <lines per block>]
 */
import { createInterface } from 'node:readline';

const SESSION_ID = 'sess_8c1e7f0a2b9d4c35';

const count = Number(process.argv[2] ?? 100_000);
const asAgent = process.argv.includes('--agent');
const words = ['stream', 'chunk', 'agent', 'thread', 'token', 'render', 'client', 'update'];

const lines: string[] = [];
for (let i = 0; i < count; i++) {
  const text = `${words[i % words.length]} ${i} — lorem ipsum dolor sit amet, consectetur adipiscing elit `;
  lines.push(
    JSON.stringify({
      jsonrpc: '2.0',
      method: 'session/update',
      params: {
        sessionId: SESSION_ID,
        update: {
          sessionUpdate: 'agent_message_chunk',
          messageId: `msg_${Math.floor(i / 1000)}`,
          content: { type: 'text', text },
        },
      },
    }),
  );
}
const payload = Buffer.from(lines.join('\n') + '\n', 'utf8');

function writePayload(): void {
  process.stderr.write(`START ${performance.timeOrigin + performance.now()} BYTES ${payload.length}\n`);
  process.stdout.write(payload);
}

/**
 * Paced (`--paced <lines>`): the same bytes, one block of that many lines per SIGUSR2, so a
 * bench can hand every consumer the same block in turn (bench/interleaved.ts). `PACED <pid>` on
 * stderr says it waits; `then` runs once the last block is out.
 */
function writePaced(then: () => void): void {
  let next = 0;
  // A signal handler alone does not keep the process running.
  const alive = setInterval(() => undefined, 60_000);
  process.on('SIGUSR2', () => {
    if (next >= lines.length) return;
    const block = lines.slice(next, next + pacedLines);
    next += block.length;
    process.stdout.write(block.join('\n') + '\n');
    if (next < lines.length) return;
    clearInterval(alive);
    then();
  });
  process.stderr.write(`PACED ${process.pid}\n`);
}
const pacedAt = process.argv.indexOf('--paced');
const pacedLines = pacedAt >= 0 ? Number(process.argv[pacedAt + 1]) : 0;
const start = (then: () => void): void => (pacedLines > 0 ? writePaced(then) : (writePayload(), then()));

const answer = (id: unknown, result: unknown): void => void process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result }) + '\n');

if (!asAgent) {
  start(() => undefined);
} else {
  // Runs until the client closes its input (the product's client stops agents that way).
  createInterface({ input: process.stdin }).on('line', (line) => {
    const m = JSON.parse(line) as { id?: unknown; method?: string };
    if (m.method === 'initialize') answer(m.id, { protocolVersion: 1, agentCapabilities: {} });
    else if (m.method === 'session/new') answer(m.id, { sessionId: SESSION_ID });
    else if (m.method === 'session/prompt') start(() => answer(m.id, { stopReason: 'end_turn' }));
  });
}
