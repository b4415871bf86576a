/**
 * A stand-in agent for the wire benchmark: writes N `session/update` agent_message_chunk
 * notifications (~235 bytes each, like a real streaming agent) to stdout and exits.
 *
 * The whole output is built before the first byte is written, so the consumer, not this
 * process, is what gets measured. The moment writing starts goes to stderr as
 * `START <epoch ms>` (performance.timeOrigin + now, comparable across processes).
 *
 * Usage: node --import tsx bench/generator.ts <count>
 */
const count = Number(process.argv[2] ?? 100_000);
const words = ['stream', 'chunk', 'agent', 'thread', 'token', 'render', 'client', 'update'];

const lines: string[] = [];
for (let i = 0; i < count; i++) {
  const text = `${words[i % words.length]} ${i} — lorem ipsum dolor sit amet, consectetur adipiscing elit `;
  lines.push(
    JSON.stringify({
      jsonrpc: '2.0',
      method: 'session/update',
      params: {
        sessionId: 'sess_8c1e7f0a2b9d4c35',
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

process.stderr.write(`START ${performance.timeOrigin + performance.now()} BYTES ${payload.length}\n`);
process.stdout.write(payload);
