/**
 * `session/fork` with a real SDK agent: advertised → a new session that remembers the origin's
 * prompts; not advertised → a clear refusal before anything goes on the wire.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { record, startPeer, streamedText, testAgent, type Peer } from './support/harness.js';

const peers: Peer[] = [];
after(async () => { await Promise.all(peers.map((p) => p.close())); });

async function started(args: string[]): Promise<Peer> {
  const peer = await startPeer(testAgent('edits', args));
  peers.push(peer);
  assert.equal((await peer.client.start()).state, 'ready');
  return peer;
}

test('an agent that advertises session/fork: the fork is a new session that remembers the conversation', async () => {
  const peer = await started(['--fork']);
  assert.equal(peer.client.sessionSupport?.fork, true);
  const origin = await peer.client.newSession();
  await origin.prompt([{ type: 'text', text: 'first question' }]);
  const fork = await peer.client.forkSession(origin.sessionId);
  assert.notEqual(fork.sessionId, origin.sessionId);
  const { events } = record(fork);
  await fork.prompt([{ type: 'text', text: 'which session' }]);
  assert.equal(streamedText(events), `session ${fork.sessionId} forked from ${origin.sessionId}`);
  const more = record(fork);
  await fork.prompt([{ type: 'text', text: 'edited question' }]);
  assert.equal(streamedText(more.events), 'prompts seen: first question | which session | edited question');
});

test('an agent without session/fork: forking is refused with the reason, nothing is sent', async () => {
  const peer = await started([]);
  assert.equal(peer.client.sessionSupport?.fork, false);
  const origin = await peer.client.newSession();
  await assert.rejects(peer.client.forkSession(origin.sessionId), /cannot fork sessions/);
});
