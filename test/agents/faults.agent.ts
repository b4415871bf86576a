/**
 * Fault agent: raw ndjson ACP v1 (no SDK), for the fault suite (test/peer/faults-*.test.ts).
 * It starts and answers `initialize` normally; then the prompt's first word picks one fault.
 * See SCENARIOS.md (`faults`) for each one's exact behaviour.
 *
 * Flags: `--hang-session-new` never answers `session/new`.
 */
import { FAULT_STEPS, type FaultIo } from './lib/fault-steps.js';
import { parsePrompt } from './lib/words.js';
import { onJsonLines } from './lib/jsonLines.js';

type Json = Record<string, unknown>;

const hangSessionNew = process.argv.includes('--hang-session-new');
const pending = new Map<number, (answer: Json) => void>();
const cancelWaiters: (() => void)[] = [];
let nextId = 0;
let sessions = 0;

function write(data: string | Uint8Array): Promise<void> {
  return new Promise((resolve) => process.stdout.write(data, () => resolve()));
}

const send = (message: Json): Promise<void> => write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

function ask(method: string, params: unknown): Promise<Json> {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    void send({ id, method, params });
  });
}

async function prompt(id: unknown, params: Json): Promise<void> {
  const sessionId = String(params.sessionId);
  const blocks = Array.isArray(params.prompt) ? (params.prompt as Json[]) : [];
  const text = blocks.find((b) => b.type === 'text')?.text;
  const { scenario, args } = parsePrompt(typeof text === 'string' ? text : '');
  const io: FaultIo = {
    sessionId,
    args,
    write,
    send,
    ask,
    say: (words) => send({ method: 'session/update', params: { sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: words } } } }),
    answer: (result) => send({ id, result }),
    fail: (code, message) => send({ id, error: { code, message } }),
    cancelled: () => new Promise((resolve) => cancelWaiters.push(resolve)),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  };
  const step = FAULT_STEPS[scenario];
  if (step) await step(io);
  else {
    await io.say(`unknown fault "${scenario}"`);
    await io.answer({ stopReason: 'end_turn' });
  }
}

function handle(message: Json): void {
  const { id, method } = message;
  const params = (message.params ?? {}) as Json;
  if (method === undefined) {
    pending.get(Number(id))?.(message);
    pending.delete(Number(id));
    return;
  }
  if (method === 'session/cancel') {
    for (const wake of cancelWaiters.splice(0)) wake();
    return;
  }
  if (id === undefined) return;
  switch (method) {
    case 'initialize':
      void send({
        id,
        result: {
          protocolVersion: 1,
          agentCapabilities: { loadSession: false },
          agentInfo: { name: 'faults-agent', title: 'Fault Agent', version: '1.0.0' },
        },
      });
      return;
    case 'session/new':
      if (!hangSessionNew) void send({ id, result: { sessionId: `sess_${++sessions}` } });
      return;
    case 'session/prompt':
      void prompt(id, params);
      return;
    default:
      void send({ id, error: { code: -32601, message: `Method not found: ${String(method)}` } });
  }
}

function start(): void {
  // A client that hung up is not this agent's error.
  process.stdout.on('error', () => process.exit(0));
  // Never outlive a test that forgot us.
  setTimeout(() => process.exit(0), 120_000).unref();
  onJsonLines(handle);
}

start();
