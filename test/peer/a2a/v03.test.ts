/** The seed's conversation and every misbehaviour, against a plain node:http server speaking v0.3. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startV03Server, type V03Server } from '../../a2a/v03Server.js';
import { AUTH_QUESTION, FINAL_CHUNKS, HOSTILE, PRELIM, Q1, Q2, WAREHOUSE_REPORT } from '../../a2a/conversation.js';
import { open, startFailure } from './support.js';

let server: V03Server;
before(async () => { server = await startV03Server(); });
after(() => server.close());

test('v0.3: the seed conversation — two questions, a partial artifact, the final one in chunks', async () => {
  const h = await open(server.url);
  assert.equal(h.agent.card.version, '0.3');
  assert.equal(h.agent.card.skills[0]?.examples[0], 'Analyze this dataset');
  await h.send('Analyze this dataset');
  assert.deepEqual(h.turnEnds().map((e) => e.stopReason), ['input_required']);
  assert.ok(h.agentTexts().includes(Q1));
  const taskId = h.session.mapper.taskId;
  await h.send('Revenue and profit margin');
  assert.ok(h.agentTexts().includes(PRELIM));
  assert.ok(h.agentTexts().includes(Q2));
  await h.send('Yes, include it but flag the anomalies');
  assert.deepEqual(h.turnEnds().map((e) => e.stopReason), ['input_required', 'input_required', 'end_turn']);
  assert.ok(h.agentTexts().includes(FINAL_CHUNKS.join('')), h.agentTexts().join('\n---\n'));
  // Every follow-up went to the same task; the prelim artifact is shown once.
  const sends = server.requests.filter((r) => r.method === 'message/stream').slice(-3);
  const ids = sends.map((r) => (r.params as { message: { taskId?: string } }).message.taskId);
  assert.deepEqual(ids, [undefined, taskId, taskId]);
  assert.equal(h.agentTexts().filter((t) => t === PRELIM).length, 1);
  // Progress came as a thought row.
  assert.ok(h.thread.entries.some((e) => e.type === 'thought'));
  // After completion: a new task in the same context.
  const contextId = h.session.mapper.contextId;
  await h.send('reject this');
  const last = server.requests.filter((r) => r.method === 'message/stream').at(-1)!.params as { message: { taskId?: string; contextId?: string } };
  assert.equal(last.message.taskId, undefined);
  assert.equal(last.message.contextId, contextId);
  assert.equal(h.turnEnds().at(-1)!.stopReason, 'refusal');
  // The protocol log saw requests and SSE events.
  assert.ok(h.taps.some((t) => (t as { sse?: unknown }).sse !== undefined));
});

test('v0.3: blocking agent (no streaming) — send, then poll', async () => {
  const h = await open(`${server.url}/blocking`);
  await h.send('Analyze this');
  await h.send('Revenue');
  await h.send('Yes');
  assert.deepEqual(h.turnEnds().map((e) => e.stopReason), ['input_required', 'input_required', 'end_turn']);
  assert.ok(h.agentTexts().includes(FINAL_CHUNKS.join('')));
});

test('v0.3: cancel while working ends the turn cancelled', async () => {
  const h = await open(server.url);
  const turn = h.send('slow please');
  await until(() => h.agentTexts().some((t) => t.includes('line 2')));
  await h.session.cancel();
  await turn;
  assert.equal(h.turnEnds().at(-1)!.stopReason, 'cancelled');
  assert.ok(server.requests.some((r) => r.method === 'tasks/cancel'));
});

test('v0.3: cancel of a parked task that never answers is time-boxed', async () => {
  const h = await open(server.url, { cancelTimeoutMs: 200 });
  await h.send('park it');
  assert.equal(h.turnEnds().at(-1)!.stopReason, 'input_required');
  const taskId = h.session.mapper.taskId;
  await h.session.cancel();
  // The cancel returned on its own time box: the server still has not answered it.
  const cancels = server.requests.filter((r) => r.method === 'tasks/cancel' && (r.params as { id?: string }).id === taskId);
  assert.deepEqual(cancels.map((r) => r.answered), [false]);
  assert.ok(h.logs.includes(`cancel of ${taskId} not answered in 200 ms`), h.logs.join('\n'));
  assert.ok(h.thread.entries.some((e) => e.type === 'notice' && /did not confirm the cancel in time/.test(e.title)));
  // The next prompt starts a new task.
  await h.send('reject');
  const last = server.requests.filter((r) => r.method === 'message/stream').at(-1)!.params as { message: { taskId?: string } };
  assert.equal(last.message.taskId, undefined);
});

test('v0.3: failure carries the agent words', async () => {
  const h = await open(server.url);
  await h.send('fail now');
  assert.deepEqual(h.turnEnds().at(-1), { stopReason: 'error', error: { message: 'disk on fire' } });
});

test('v0.3: a dropped stream is resumed without duplicating the artifact', async () => {
  const h = await open(server.url);
  await h.send('drop it');
  assert.equal(h.turnEnds().at(-1)!.stopReason, 'end_turn');
  assert.deepEqual(h.agentTexts().filter((t) => t.includes('part one')), ['part one. part two.']);
  assert.ok(server.requests.some((r) => r.method === 'tasks/resubscribe'));
});

test('v0.3: 401 → the secret is asked once → retried with it', async () => {
  const asked: unknown[] = [];
  const h = await open(`${server.url}/auth`, { secrets: { get: async () => undefined, ask: async (why) => { asked.push(why); return asked.length === 1 ? 'wrong' : 'sesame'; }, forget: async () => {} } });
  await h.send('reject');
  // The card declares bearer: asked before the first send ("wrong"), refused (401), asked again, retried once.
  assert.equal(asked.length, 2);
  assert.equal(h.turnEnds().at(-1)!.stopReason, 'refusal');
  assert.ok(!JSON.stringify(h.taps).includes('sesame'), 'the secret never reaches the protocol log');
});

test('v0.3: AUTH_REQUIRED mid-task runs the 401 flow: the secret is asked, kept, and the same task continues with it', async () => {
  const asked: unknown[] = [];
  const stored: string[] = [];
  const h = await open(server.url, { secrets: { get: async () => stored.at(-1), ask: async (why) => { asked.push(why); stored.push('sesame'); return 'sesame'; }, forget: async () => {} } });
  const from = server.requests.length;
  await h.send('warehouse report please');
  assert.deepEqual(asked, [{ url: server.url }], 'asked once, as for credentials (no HTTP status)');
  assert.deepEqual(h.turnEnds().map((e) => e.stopReason), ['end_turn'], 'one turn, finished');
  assert.ok(h.agentTexts().includes(AUTH_QUESTION), 'the agent\'s reason is shown');
  assert.ok(h.agentTexts().includes(WAREHOUSE_REPORT), h.agentTexts().join('\n---\n'));
  const sends = server.requests.slice(from).filter((r) => r.method === 'message/stream');
  assert.equal(sends.length, 2);
  const [first, second] = sends.map((r) => r.params as { message: { taskId?: string; contextId?: string } });
  assert.equal(sends[0]!.auth, undefined);
  assert.equal(sends[1]!.auth, 'Bearer sesame', 'the continue carries the secret');
  assert.ok(second!.message.taskId, 'the continue names the task');
  assert.equal(second!.message.contextId, h.session.mapper.contextId);
  assert.equal(first!.message.taskId, undefined);
  assert.ok(!JSON.stringify(h.taps).includes('sesame'), 'the secret never reaches the protocol log');
});

test('v0.3: AUTH_REQUIRED with the sign-in dismissed ends the turn waiting, and the next message continues the task', async () => {
  let answer: string | undefined;
  const h = await open(server.url, { secrets: { get: async () => undefined, ask: async () => answer, forget: async () => {} } });
  await h.send('warehouse');
  assert.equal(h.turnEnds().at(-1)!.stopReason, 'auth_required');
  assert.equal(h.session.mapper.state, 'auth_required');
  const taskId = h.session.mapper.taskId;
  answer = 'sesame';
  await h.send('signed in now');
  assert.equal(h.turnEnds().at(-1)!.stopReason, 'end_turn');
  assert.equal(h.session.mapper.taskId, taskId, 'the same task');
  assert.ok(h.agentTexts().includes(WAREHOUSE_REPORT));
});

test('v0.3: events for another task, unknown states, kinds and parts, malformed events', async () => {
  const h = await open(server.url);
  await h.send('other');
  assert.equal(h.turnEnds().at(-1)!.stopReason, 'end_turn');
  await h.send('weird');
  assert.equal(h.turnEnds().at(-1)!.stopReason, 'end_turn');
  // The SDK's v0.3 layer rejects an unknown part kind by breaking the stream: the client
  // resubscribes and the turn still ends as the task did; the log says why.
  assert.match(h.logs.join('\n'), /task someone-else/);
  assert.match(h.logs.join('\n'), /unknown task state|hologram/);
});

test('v0.3: a 51 MB artifact is truncated with a note', async () => {
  const h = await open(server.url);
  const t0 = Date.now();
  await h.send('big');
  const text = h.agentTexts().find((t) => t.startsWith('xxx'))!;
  assert.ok(text.length <= 50 * 1024 * 1024 + 200);
  assert.match(text, /truncated/);
  console.log(`51 MB artifact in 1 MB chunks: ${Date.now() - t0} ms`);
});

test('v0.3: hostile markdown reaches the thread as text (the webview sanitises it)', async () => {
  const h = await open(server.url);
  await h.send('hostile');
  assert.ok(h.agentTexts().includes(HOSTILE));
});

test('bad inputs: a clear error, nothing thrown', async () => {
  assert.match(await startFailure(`${server.url}/404`), /HTTP 404/);
  assert.match(await startFailure(`${server.url}/notjson`), /not JSON/);
  assert.match(await startFailure(`${server.url}/notcard`), /not an A2A agent card/);
  assert.match(await startFailure('http://127.0.0.1:1'), /Could not reach/);
  const h500 = await open(`${server.url}/500`);
  await h500.send('hello');
  assert.equal(h500.turnEnds().at(-1)!.stopReason, 'error');
  const nosse = await open(`${server.url}/nosse`);
  await nosse.send('hello');
  assert.equal(nosse.turnEnds().at(-1)!.stopReason, 'error');
  assert.match(nosse.turnEnds().at(-1)!.error!.message, /event-stream/i);
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
