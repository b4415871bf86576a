import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FORK_TOOLTIP, forkControl, latestTurnId, resendControl, restoreControl, type MessageActionFacts } from '../../../src/shared/messageActions.js';
import type { AgentStatus } from '../../../src/shared/webviewProtocol.js';

const forking: AgentStatus = { state: 'ready', agentName: 'forker', protocolVersion: 1, protocol: 'ACP v1', forks: true };
const facts = (over: Partial<MessageActionFacts> = {}): MessageActionFacts => ({ agent: forking, tabState: 'idle', turnState: 'idle', latestTurnId: 'turn-2', ...over });
const reason = (s: ReturnType<typeof forkControl>) => (s.shown && !s.enabled ? s.tooltip : undefined);

test('fork: offered, enabled, on the latest turn of an idle open session of an agent that forks', () => {
  assert.deepEqual(forkControl(facts(), 'turn-2'), { shown: true, enabled: true, tooltip: FORK_TOOLTIP });
});

test('fork: hidden on earlier turns (session/fork copies the whole session, so only the end is exact)', () => {
  assert.deepEqual(forkControl(facts(), 'turn-1'), { shown: false });
  assert.deepEqual(forkControl(facts(), ''), { shown: false });
});

test('fork: disabled with the reason — remote agent, no session/fork, agent not running, no open session, turn running', () => {
  assert.match(reason(forkControl(facts({ agent: { ...forking, remote: true } }), 'turn-2'))!, /remote \(A2A\) agents cannot copy/);
  assert.match(reason(forkControl(facts({ agent: { ...forking, forks: undefined, agentTitle: 'Scripted Agent' } }), 'turn-2'))!, /Scripted Agent does not offer session\/fork/);
  assert.match(reason(forkControl(facts({ agent: { state: 'starting', agentName: 'forker' } }), 'turn-2'))!, /not running/);
  for (const tabState of ['closed', 'restored'] as const) assert.match(reason(forkControl(facts({ tabState }), 'turn-2'))!, /no open session/);
  assert.match(reason(forkControl(facts({ turnState: 'running' }), 'turn-2'))!, /wait for the turn to end/);
  assert.match(reason(forkControl(facts({ tabState: 'waiting', turnState: 'requires_action' }), 'turn-2'))!, /wait for the turn to end/);
});

test('edit and resend: enabled on ACP agents, disabled with the reason on a remote agent', () => {
  assert.deepEqual(resendControl(facts(), 'turn-1'), { shown: true, enabled: true, tooltip: 'Edit and resend' });
  const remote = resendControl(facts({ agent: { ...forking, remote: true, forks: undefined } }), 'turn-1');
  assert.equal(remote.shown && remote.enabled, false);
  assert.match(remote.shown ? remote.tooltip : '', /remote \(A2A\) agent/);
  assert.deepEqual(resendControl(facts(), ''), { shown: false });
});

test('latestTurnId: the last prompt\'s turn, whatever follows it', () => {
  assert.equal(latestTurnId([{ type: 'user', turnId: 't1' }, { type: 'agent' }, { type: 'user', turnId: 't2' }, { type: 'agent' }, { type: 'turn_end' }]), 't2');
  assert.equal(latestTurnId([{ type: 'notice' }]), undefined);
});

test('restore and undo: enabled on an idle tab, disabled with the reason while a turn runs or waits there', () => {
  assert.deepEqual(restoreControl(facts(), 'turn-1'), { shown: true, enabled: true, tooltip: '' });
  for (const f of [facts({ turnState: 'running' }), facts({ tabState: 'running' }), facts({ tabState: 'waiting' })]) {
    assert.match(reason(restoreControl(f, 'turn-1'))!, /^Not while a turn is running/);
  }
  assert.deepEqual(restoreControl(facts(), ''), { shown: false });
});
