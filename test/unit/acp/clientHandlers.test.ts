/**
 * The request handlers over a real ACP connection (in-memory streams, raw JSON-RPC lines on
 * the agent side), for what the scripted agents cannot easily provoke: `$/cancel_request` for a
 * terminal request, unknown sessions and terminals, bad params.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { createAcpConnection } from '../../../src/protocol/acp/transport.js';
import { registerClientHandlers } from '../../../src/agents/acp/connection/clientHandlers.js';
import { AcpChatSession } from '../../../src/agents/acp/session/acpSession.js';
import { NodeFileSystem } from '../../../src/services/nodeFileSystem.js';
import { NodeTerminals } from '../../../src/services/terminals.js';
import type { SessionEvent } from '../../../src/protocol/events.js';

let dir: string;
let connection: MessageConnection;
let toClient: PassThrough;
let answers: Map<number, { result?: unknown; error?: { code: number; message: string } }>;
let terminals: NodeTerminals;
const events: SessionEvent[] = [];

before(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'handlers-')));
  toClient = new PassThrough();
  const fromClient = new PassThrough();
  connection = createAcpConnection(toClient, fromClient);
  const session = new AcpChatSession({
    connection,
    sessionId: 's1',
    protocolVersion: 1,
    promptCapabilities: { image: false, audio: false, embeddedContext: false },
    cwd: dir,
    roots: [dir],
  });
  session.onEvent((e) => events.push(e));
  terminals = new NodeTerminals({ pathValue: async () => process.env.PATH ?? '' });
  registerClientHandlers(connection, { session: (id) => (id === 's1' ? session : undefined), sessions: () => [session], fs: new NodeFileSystem(), terminals });
  connection.listen();
  answers = new Map();
  createInterface({ input: fromClient }).on('line', (line) => {
    const m = JSON.parse(line) as { id?: number; result?: unknown; error?: { code: number; message: string } };
    if (typeof m.id === 'number') answers.set(m.id, m);
  });
});
after(async () => {
  await terminals.releaseAll();
  connection.dispose();
  await rm(dir, { recursive: true, force: true });
});

let nextId = 1;
function call(method: string, params: unknown): { id: number; answer: Promise<{ result?: unknown; error?: { code: number; message: string } }> } {
  const id = nextId++;
  toClient.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  const answer = new Promise<{ result?: unknown; error?: { code: number; message: string } }>((resolve, reject) => {
    const start = Date.now();
    const poll = () => {
      const a = answers.get(id);
      if (a) return resolve(a);
      if (Date.now() - start > 5000) return reject(new Error(`no answer to ${method}`));
      setTimeout(poll, 5);
    };
    poll();
  });
  return { id, answer };
}

test('$/cancel_request for a pending terminal/wait_for_exit answers -32800; the terminal can still be released', async () => {
  const created = await call('terminal/create', { sessionId: 's1', command: process.execPath, args: ['-e', 'setInterval(()=>{},1000)'] }).answer;
  const { terminalId } = created.result as { terminalId: string };
  const wait = call('terminal/wait_for_exit', { sessionId: 's1', terminalId });
  // A request sent after it has been answered: the wait has been received and is pending.
  await call('terminal/output', { sessionId: 's1', terminalId }).answer;
  assert.equal(answers.has(wait.id), false, 'still waiting');
  toClient.write(`${JSON.stringify({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: wait.id } })}\n`);
  assert.equal((await wait.answer).error?.code, -32800);
  assert.deepEqual((await call('terminal/release', { sessionId: 's1', terminalId }).answer).result, {});
  assert.equal((await call('terminal/output', { sessionId: 's1', terminalId }).answer).error?.code, -32002);
});

test('an unknown session is -32002; bad params are -32602 with a notice', async () => {
  assert.equal((await call('fs/read_text_file', { sessionId: 'nope', path: join(dir, 'a') }).answer).error?.code, -32002);
  const before = events.length;
  const bad = await call('fs/read_text_file', { sessionId: 's1', path: join(dir, 'a'), line: 0 }).answer;
  assert.equal(bad.error?.code, -32602);
  assert.match(bad.error?.message ?? '', /line must be a positive integer \(1-based\), got 0/);
  assert.equal(events.length, before + 1);
  assert.equal(events.at(-1)?.kind, 'notice_local');
  assert.equal((await call('terminal/create', { sessionId: 's1', args: ['x'] }).answer).error?.code, -32602);
  assert.equal((await call('terminal/create', { sessionId: 's1', command: process.execPath, cwd: '/' }).answer).error?.code, -32001);
  assert.equal((await call('fs/write_text_file', { sessionId: 's1', path: join(dir, 'x.txt') }).answer).error?.code, -32602);
});

test('write then read round-trips, creating folders; the answer shapes are {} and {content}', async () => {
  const p = join(dir, 'deep', 'er', 'f.txt');
  assert.deepEqual((await call('fs/write_text_file', { sessionId: 's1', path: p, content: 'a\nb\nc\n' }).answer).result, {});
  assert.deepEqual((await call('fs/read_text_file', { sessionId: 's1', path: p, line: 2, limit: 1 }).answer).result, { content: 'b\n' });
});

test('elicitation: a request-scoped one (no session to show it in) is answered cancel; no scope at all is -32602', async () => {
  const scoped = await call('elicitation/create', { requestId: 99, mode: 'form', message: 'API key?', requestedSchema: { type: 'object', properties: {} } }).answer;
  assert.deepEqual(scoped.result, { action: 'cancel' });
  const unscoped = await call('elicitation/create', { mode: 'form', message: 'x', requestedSchema: {} }).answer;
  assert.equal(unscoped.error?.code, -32602);
  assert.match(unscoped.error?.message ?? '', /sessionId/);
});

test('elicitation: one for an unknown session is -32002 and is never shown', async () => {
  const before = events.length;
  const answer = await call('elicitation/create', { sessionId: 'nope', mode: 'url', message: 'x', elicitationId: 'e', url: 'https://x.example' }).answer;
  assert.equal(answer.error?.code, -32002);
  assert.equal(events.slice(before).some((e) => e.kind === 'elicitation_requested'), false);
});

test('elicitation: $/cancel_request withdraws an open form: -32800 to the agent, the row cancelled', async () => {
  const pending = call('elicitation/create', { sessionId: 's1', mode: 'form', message: 'Name?', requestedSchema: { properties: { n: { type: 'string' } } } });
  const deadline = Date.now() + 5000;
  while (!events.some((e) => e.kind === 'elicitation_requested') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const asked = events.find((e): e is Extract<SessionEvent, { kind: 'elicitation_requested' }> => e.kind === 'elicitation_requested');
  assert.ok(asked, 'the form was shown');
  toClient.write(`${JSON.stringify({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: pending.id } })}\n`);
  const answer = await pending.answer;
  assert.equal(answer.error?.code, -32800);
  assert.ok(events.some((e) => e.kind === 'elicitation_resolved' && e.requestId === asked.requestId && e.action === 'cancel'));
});

test('elicitation/complete for a flow nobody opened is ignored (no event, no crash)', async () => {
  const before = events.length;
  toClient.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'elicitation/complete', params: { elicitationId: 'never-opened' } })}\n`);
  toClient.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'elicitation/complete', params: { nope: 1 } })}\n`);
  const check = await call('fs/read_text_file', { sessionId: 's1', path: join(dir, 'missing.txt') }).answer;
  assert.ok(check.error, 'the connection still answers');
  assert.equal(events.slice(before).some((e) => e.kind === 'elicitation_completed'), false);
});
