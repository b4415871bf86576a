/**
 * Steer (a prompt sent while the agent works) at the session: a v2 agent that takes a prompt
 * mid-turn gets it inside the running turn — one turn, two user messages, no cancel — while a v2
 * agent that refuses one, and any v1 agent, leave it to the caller, which stops the turn (the
 * partial answer stays) and sends the prompt after the cancel is confirmed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ThreadEntry } from '../../src/thread/types.js';
import { record, say, startPeer, testAgent, waitFor, type Peer } from './support/harness.js';
import { LONG_CHUNK, STEERED_PREFIX } from '../agents/lib/texts.js';

const textOf = (e: ThreadEntry) => (e.type === 'agent' || e.type === 'user' ? e.content.map((c) => (c.type === 'text' ? c.text : '')).join('') : '');
const kinds = (entries: readonly ThreadEntry[]) => entries.filter((e) => e.type === 'user' || e.type === 'turn_end').map((e) => (e.type === 'turn_end' ? `end:${e.stopReason}` : `user:${textOf(e)}`));

describe('steer: a v2 agent that takes prompts while working', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('v2', ['--delay', '0', '--accept-while-working'], 2), { cancelTimeoutMs: 3_000 });
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(() => peer.close());

  test('the prompt joins the running turn: no cancel, one turn, the steered message marked and answered', async () => {
    const r = record(await peer.client.newSession());
    const turn = r.session.prompt(say('long'));
    await waitFor(() => r.thread.entries.find((e) => e.type === 'agent' && textOf(e).includes(LONG_CHUNK)), 10_000, 'the long turn to stream');
    assert.equal(await r.session.steer(say('look at the tests instead')), 'delivered');
    await turn;
    assert.equal(r.events.filter((e) => e.kind === 'cancel_requested').length, 0, 'nothing was cancelled');
    assert.equal(peer.wire.sent('session/prompt').length >= 2, true, 'the second prompt went out while the turn ran');
    assert.deepEqual(kinds(r.thread.entries), ['user:long', 'user:look at the tests instead', 'end:end_turn']);
    const steered = r.thread.entries.find((e) => e.type === 'user' && textOf(e) === 'look at the tests instead');
    assert.ok(steered?.type === 'user' && steered.delivery === 'steered' && /^user_\d+$/.test(steered.messageId ?? ''), 'marked steered and bound to the agent\'s id');
    assert.equal(steered?.type === 'user' && steered.turnId, undefined, 'its actions stay with the turn\'s first message');
    const agent = r.thread.entries.filter((e) => e.type === 'agent').map(textOf);
    assert.match(agent[0] ?? '', /^(tick )+$/, 'the partial answer before the steer stays');
    assert.equal(agent.at(-1), `${STEERED_PREFIX}look at the tests instead`);
  });

  test('with no turn running there is nothing to steer', async () => {
    const r = record(await peer.client.newSession());
    assert.equal(await r.session.steer(say('hello')), 'no_turn');
    assert.equal(peer.wire.sent('session/prompt').filter((m) => (m.params as { sessionId?: string }).sessionId === r.session.sessionId).length, 0);
  });
});

describe('steer: agents that cannot take a prompt while working', () => {
  let v2: Peer;
  let v1: Peer;
  before(async () => {
    v2 = await startPeer(testAgent('v2', ['--delay', '0'], 2), { cancelTimeoutMs: 3_000 });
    v1 = await startPeer(testAgent('scripted', ['--delay', '0']), { cancelTimeoutMs: 3_000 });
    assert.equal((await v2.client.start()).state, 'ready');
    assert.equal((await v1.client.start()).state, 'ready');
  });
  after(async () => {
    await v2.close();
    await v1.close();
  });

  test('v2 refusing a mid-turn prompt: refused, the turn runs on untouched', async () => {
    const r = record(await v2.client.newSession());
    const turn = r.session.prompt(say('long'));
    await waitFor(() => r.thread.entries.find((e) => e.type === 'agent' && textOf(e).includes(LONG_CHUNK)), 10_000, 'the long turn to stream');
    assert.equal(await r.session.steer(say('not now')), 'refused');
    assert.equal(r.session.turnState, 'running');
    assert.ok(!r.thread.entries.some((e) => e.type === 'user' && textOf(e) === 'not now'), 'nothing shown for a prompt the agent did not take');
    await r.session.cancel();
    await turn;
  });

  test('v1: refused without asking the agent; cancel keeps the partial answer, then the prompt goes out', async () => {
    const r = record(await v1.client.newSession());
    const turn = r.session.prompt(say('long'));
    await waitFor(() => r.thread.entries.find((e) => e.type === 'agent' && textOf(e).includes(LONG_CHUNK)), 10_000, 'the long turn to stream');
    const prompts = v1.wire.sent('session/prompt').length;
    assert.equal(await r.session.steer(say('echo after the stop')), 'refused');
    assert.equal(v1.wire.sent('session/prompt').length, prompts, 'a v1 prompt would start a second turn: none sent');
    await r.session.cancel();
    await turn;
    await r.session.prompt(say('echo after the stop'));
    assert.deepEqual(kinds(r.thread.entries), ['user:long', 'end:cancelled', 'user:echo after the stop', 'end:end_turn']);
    const agent = r.thread.entries.filter((e) => e.type === 'agent').map(textOf);
    assert.match(agent[0] ?? '', /tick/, 'the partial answer of the stopped turn stays');
    assert.match(agent.at(-1) ?? '', /ECHO:.*echo after the stop/);
  });
});
