/**
 * Hostile ACP v1 agent: raw ndjson with no SDK, so it can send what no SDK would. Each
 * prompt runs misbehaviours (all of them by default, or the one named by the prompt's
 * first word), then finishes normally with a message listing what the client answered.
 * See SCENARIOS.md for the exact bytes.
 */
import { HOSTILE_ORDER, HOSTILE_STEPS, WIRE_FAULT_STEPS } from './lib/hostile-steps.js';
import type { HostileIo } from './lib/hostile-steps.js';
import { applyStartFlags, readFlags } from './lib/flags.js';
import { parsePrompt } from './lib/words.js';
import { onJsonLines } from './lib/jsonLines.js';

const NAME = 'hostile-agent';
const ANSWER_TIMEOUT_MS = 2000;
const flags = readFlags();
const garbageFirst = process.argv.includes('--garbage-before-init') || (process.env.ACP_TEST_AGENT_FLAGS ?? '').includes('--garbage-before-init');

type Json = Record<string, unknown>;

const doubleAnswer = process.argv.includes('--double-answer');
const pending = new Map<number, (answer: { code?: number; message?: string }) => void>();
/** Every answer to a request the steps wrote raw (string ids), in arrival order. */
const rawAnswers = new Map<string, string[]>();
/** Codes of the errors the client sent with `id: null` (its answers to unparsable lines). */
const nullIdErrors: number[] = [];
let nextId = 0;
let sessions = 0;

function write(data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(data, (err) => (err ? reject(err) : resolve())));
}

const send = (message: Json): Promise<void> => write(`${JSON.stringify(message)}\n`);

async function ask(method: string, params: unknown): Promise<string> {
  const answer = await askDetail(method, params);
  return answer.code === undefined ? (answer.message === 'timeout' ? 'timeout' : 'ok') : String(answer.code);
}

function askDetail(method: string, params: unknown): Promise<{ code?: number; message?: string }> {
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve({ message: 'timeout' });
    }, ANSWER_TIMEOUT_MS);
    pending.set(id, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    void send({ jsonrpc: '2.0', id, method, params });
  });
}

async function prompt(id: unknown, params: Json): Promise<void> {
  const sessionId = String(params.sessionId);
  const blocks = Array.isArray(params.prompt) ? (params.prompt as Json[]) : [];
  const text = blocks.find((b) => b.type === 'text')?.text;
  const { scenario, args } = parsePrompt(typeof text === 'string' ? text : '');
  const all: Record<string, (io: HostileIo) => Promise<void>> = { ...HOSTILE_STEPS, ...WIRE_FAULT_STEPS };
  const steps = scenario in all ? [scenario] : [...HOSTILE_ORDER];
  const facts: string[] = [];
  const io: HostileIo = {
    sessionId,
    args,
    write,
    send,
    ask,
    askDetail,
    answersTo: (id) => rawAnswers.get(id) ?? [],
    nullIdErrors: () => [...nullIdErrors],
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    record: (fact) => facts.push(fact),
  };
  for (const step of steps) await all[step]?.(io);
  await send({
    jsonrpc: '2.0',
    method: 'session/update',
    params: {
      sessionId,
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `SURVIVED ${steps.join(',')}\nRESPONSES: ${facts.join(' ')}` } },
    },
  });
  await send({ jsonrpc: '2.0', id, result: { stopReason: 'end_turn' } });
}

function handle(message: Json): void {
  const { id, method } = message;
  const params = (message.params ?? {}) as Json;
  if (method === undefined) {
    const error = message.error as { code?: number; message?: string } | undefined;
    if (id === null) {
      if (error?.code !== undefined) nullIdErrors.push(error.code);
      return;
    }
    if (typeof id === 'string') {
      rawAnswers.set(id, [...(rawAnswers.get(id) ?? []), error ? String(error.code) : 'ok']);
      return;
    }
    const answer = pending.get(Number(id));
    if (answer) {
      pending.delete(Number(id));
      answer(error ? { code: error.code, message: error.message } : {});
    }
    return;
  }
  if (id === undefined) return; // notifications (session/cancel included) are ignored
  switch (method) {
    case 'initialize':
      void send({
        jsonrpc: '2.0',
        id,
        result: {
          protocolVersion: 1,
          agentCapabilities: { loadSession: false },
          agentInfo: { name: NAME, title: 'Hostile Agent', version: '6.6.6' },
        },
      });
      return;
    case 'session/new': {
      const answer = { jsonrpc: '2.0', id, result: { sessionId: `sess_${++sessions}` } };
      void send(answer);
      // --double-answer: the same response twice (the second must be counted, not acted on).
      if (doubleAnswer) void send(answer);
      return;
    }
    case 'session/prompt':
      void prompt(id, params);
      return;
    default:
      void send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${String(method)}` } });
  }
}

function start(): void {
  // The client may hang up mid-write (e.g. after the huge line): that is not our error.
  process.stdout.on('error', () => process.exit(0));
  if (garbageFirst) process.stdout.write('Hostile agent v6.6.6 starting…\n\u001b[32mready\u001b[0m\n');
  onJsonLines(handle);
}

if (!applyStartFlags(NAME, flags)) start();
