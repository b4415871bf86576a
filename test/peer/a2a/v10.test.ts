/** The seed's conversation against an agent built on @a2a-js/sdk's server (v1.0 wire). */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startV10Server, STUBBORN_PROGRESS, type V10Server } from '../../a2a/v10Server.js';
import { FINAL_CHUNKS, PRELIM, Q1, Q2 } from '../../a2a/conversation.js';
import { CANCEL_TIMEOUT_MS } from '../../../src/agents/a2a/session/a2aSession.js';
import { open } from './support.js';

let server: V10Server;
/** What the server received for `method` about task `id` (GetTask, CancelTask, SubscribeToTask name it `id`). */
const received = (method: string, id: string | undefined) => server.requests.filter((r) => r.method === method && (r.params as { id?: string } | undefined)?.id === id);
before(async () => { server = await startV10Server(); });
after(() => server.close());

test('v1.0: the seed conversation to the final artifact, then a new task in the same context', async () => {
  const h = await open(server.url);
  assert.equal(h.agent.card.version, '1.0');
  await h.send('Analyze this dataset');
  assert.ok(h.agentTexts().includes(Q1));
  await h.send('Revenue and profit margin');
  assert.ok(h.agentTexts().includes(PRELIM));
  assert.ok(h.agentTexts().includes(Q2));
  await h.send('Yes, include it but flag the anomalies');
  assert.deepEqual(h.turnEnds().map((e) => e.stopReason), ['input_required', 'input_required', 'end_turn']);
  assert.ok(h.agentTexts().includes(FINAL_CHUNKS.join('')), h.agentTexts().join('\n---\n'));
  assert.equal(h.agentTexts().filter((t) => t === Q1).length, 1);
  const contextId = h.session.mapper.contextId;
  await h.send('reject this');
  assert.equal(h.turnEnds().at(-1)!.stopReason, 'refusal');
  assert.equal(h.session.mapper.contextId, contextId);
  assert.ok(h.taps.some((t) => JSON.stringify(t).includes('TASK_STATE_')), 'v1.0 on the wire');
});

test('v1.0: cancel while working reaches the server as CancelTask; failure with the agent words', async () => {
  const h = await open(server.url);
  const turn = h.send('slow');
  await until(() => h.agentTexts().some((t) => t.includes('line 2')), 'the slow task to stream');
  const taskId = h.session.mapper.taskId;
  assert.ok(taskId);
  await h.session.cancel();
  await turn;
  assert.deepEqual(h.turnEnds().at(-1), { stopReason: 'cancelled' }, 'cancelled by the server\'s CANCELED, not by the time box');
  assert.equal(received('CancelTask', taskId).length, 1, 'the server was asked to cancel that task');
  await h.send('fail');
  assert.deepEqual(h.turnEnds().at(-1), { stopReason: 'error', error: { message: 'disk on fire' } });
});

test('v1.0: a stream cut mid-turn (socket destroyed) is resumed with SubscribeToTask, nothing repeated', async () => {
  const h = await open(server.url);
  await h.send('drop it');
  const taskId = h.session.mapper.taskId;
  assert.equal(h.turnEnds().at(-1)!.stopReason, 'end_turn');
  // The server sends the rest of the turn only on a resubscription: "part two" proves it came.
  assert.deepEqual(h.agentTexts().filter((t) => t.includes('part one')), ['part one. part two.']);
  assert.equal(received('SubscribeToTask', taskId).length, 1, 'resubscribed to the task once');
  assert.match(h.logs.join('\n'), /stream broke/, 'the client saw the stream break');
});

test('v1.0: a server that ignores CancelTask: the turn still ends, cancelled, once the product\'s time box passes', async () => {
  const h = await open(server.url, { cancelTimeoutMs: 'product' });
  const turn = h.send('stubborn');
  await until(() => h.thread.entries.some((e) => e.type === 'thought' && JSON.stringify(e).includes(STUBBORN_PROGRESS)), 'the task to be working');
  const taskId = h.session.mapper.taskId;
  await h.session.cancel();
  await turn;
  assert.deepEqual(h.turnEnds().at(-1), { stopReason: 'cancelled', timedOut: true });
  const [cancel] = received('CancelTask', taskId);
  assert.ok(cancel, 'the server was asked to cancel');
  assert.equal(cancel.answered, false, 'the turn ended although the server never answered the cancel');
  assert.ok(h.logs.includes(`cancel of ${taskId} not answered in ${CANCEL_TIMEOUT_MS} ms`), h.logs.join('\n'));
});

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
