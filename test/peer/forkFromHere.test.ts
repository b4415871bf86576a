/**
 * "Fork from here" with a real SDK agent: the rule that offers the control (src/shared/
 * messageActions.ts), the thread the new tab starts with (src/vscode/thread/forkedThread.ts) and
 * `session/fork` of the real session, put together as the host does. An agent that forks: the
 * fork's thread shows the conversation, the agent's copy remembers it and goes on, and the
 * original session and thread stay as they were. An agent without fork: the control is
 * disabled with the reason, and the agent would refuse anyway.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { forkControl, latestTurnId, type MessageActionFacts } from '../../src/shared/messageActions.js';
import type { AgentStatus } from '../../src/shared/webviewProtocol.js';
import type { ThreadEntry } from '../../src/thread/types.js';
import { forkedThread } from '../../src/vscode/thread/forkedThread.js';
import { record, startPeer, streamedText, testAgent, type Peer } from './support/harness.js';

const peers: Peer[] = [];
after(async () => { await Promise.all(peers.map((p) => p.close())); });

async function started(args: string[]): Promise<Peer> {
  const peer = await startPeer(testAgent('edits', args));
  peers.push(peer);
  assert.equal((await peer.client.start()).state, 'ready');
  return peer;
}

/** The panel's view of the agent, as the host's agent slot describes a running ACP agent. */
function statusOf(peer: Peer): AgentStatus {
  return { state: 'ready', agentName: 'edits', protocolVersion: 1, protocol: 'ACP v1', ...(peer.client.sessionSupport?.fork ? { forks: true } : {}) };
}

const factsOf = (peer: Peer, entries: readonly ThreadEntry[]): MessageActionFacts =>
  ({ agent: statusOf(peer), tabState: 'idle', turnState: 'idle', latestTurnId: latestTurnId(entries) });

const said = (entries: readonly ThreadEntry[]) => entries.flatMap((e) => (e.type === 'user' || e.type === 'agent'
  ? [`${e.type}: ${e.content.map((b) => (b.type === 'text' ? b.text : '')).join('')}`] : []));

test('an agent with session/fork: the latest message forks into a thread that shows the conversation; the copy remembers and goes on; the original is unchanged', async () => {
  const peer = await started(['--fork']);
  const origin = record(await peer.client.newSession());
  await origin.session.prompt([{ type: 'text', text: 'plant tomatoes' }]);
  await origin.session.prompt([{ type: 'text', text: 'water them weekly' }]);
  const entries = origin.thread.entries;
  const latest = latestTurnId(entries)!;
  const first = entries.find((e) => e.type === 'user')!;

  // Offered on the latest message only, and enabled.
  const control = forkControl(factsOf(peer, entries), latest);
  assert.equal(control.shown && control.enabled, true);
  assert.deepEqual(forkControl(factsOf(peer, entries), first.type === 'user' ? first.turnId! : ''), { shown: false });

  const originBefore = JSON.stringify(origin.thread.snapshot());
  const shown = forkedThread(origin.thread.snapshot(), latest, 'plant tomatoes')!;
  assert.deepEqual(said(shown.entries), said(entries), 'the fork shows the conversation so far');
  assert.equal(shown.entries.at(-1)?.type, 'notice');

  const fork = await peer.client.forkSession(origin.session.sessionId);
  assert.notEqual(fork.sessionId, origin.session.sessionId);
  fork.onEvent((event) => shown.apply(event));
  await fork.prompt([{ type: 'text', text: 'pick them in August' }]);
  assert.deepEqual(said(shown.entries).slice(-2), ['user: pick them in August', 'agent: prompts seen: plant tomatoes | water them weekly | pick them in August']);
  assert.equal(shown.session.turnState, 'idle');
  assert.equal(shown.entries.filter((e) => e.type === 'turn_end').length, 3, 'the fork\'s first turn ends on its own row, not on a copied one');

  // The original session and thread: as they were, and the agent's original does not know the fork's message.
  assert.equal(JSON.stringify(origin.thread.snapshot()), originBefore);
  const more = record(origin.session);
  await origin.session.prompt([{ type: 'text', text: 'and then' }]);
  assert.equal(streamedText(more.events), 'prompts seen: plant tomatoes | water them weekly | and then');
});

test('an agent without session/fork: the control is disabled with the reason, and the agent refuses a fork', async () => {
  const peer = await started([]);
  const origin = record(await peer.client.newSession());
  await origin.session.prompt([{ type: 'text', text: 'plant tomatoes' }]);
  const entries = origin.thread.entries;
  const control = forkControl(factsOf(peer, entries), latestTurnId(entries)!);
  assert.equal(control.shown, true);
  assert.equal(control.shown && control.enabled, false);
  assert.match(control.shown ? control.tooltip : '', /edits does not offer session\/fork/);
  await assert.rejects(peer.client.forkSession(origin.session.sessionId), /cannot fork sessions/);
});
