/** The seed's conversation against an agent built on @a2a-js/sdk's server (v1.0 wire). */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startV10Server } from '../../a2a/v10Server.js';
import { FINAL_CHUNKS, PRELIM, Q1, Q2 } from '../../a2a/conversation.js';
import { open } from './support.js';

let server: Awaited<ReturnType<typeof startV10Server>>;
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

test('v1.0: cancel while working; failure with the agent words', async () => {
  const h = await open(server.url);
  const turn = h.send('slow');
  const t0 = Date.now();
  while (!h.agentTexts().some((t) => t.includes('line 2'))) {
    if (Date.now() - t0 > 5000) throw new Error('no progress');
    await new Promise((r) => setTimeout(r, 10));
  }
  await h.session.cancel();
  await turn;
  assert.equal(h.turnEnds().at(-1)!.stopReason, 'cancelled');
  await h.send('fail');
  assert.deepEqual(h.turnEnds().at(-1), { stopReason: 'error', error: { message: 'disk on fire' } });
});
