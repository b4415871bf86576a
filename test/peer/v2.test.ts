import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../src/protocol/events.js';
import { record, say, startPeer, streamedText, testAgent, turnEnd, waitFor, type Peer } from './support/harness.js';
import { CUSTOM_STOP_REASON, HELLO_MARKDOWN, UPSERT_FINAL } from '../agents/lib/texts.js';

type Permission = Extract<SessionEvent, { kind: 'permission_requested' }>;
const permissionOf = (events: SessionEvent[]) => events.find((e): e is Permission => e.kind === 'permission_requested');
const agentTexts = (r: ReturnType<typeof record>) =>
  r.thread.entries.filter((e) => e.type === 'agent').map((e) => (e.type === 'agent' ? e.content.map((c) => (c.type === 'text' ? c.text : '')).join('') : ''));

describe('v2 turns (state updates drive the turn)', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('v2', ['--delay', '0'], 2), { cancelTimeoutMs: 1_500 });
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(() => peer.close());

  test('initialize speaks v2: info + the elicitation capability; the answer is read as v2', () => {
    assert.deepEqual(peer.wire.sent('initialize')[0]?.params, {
      protocolVersion: 2,
      info: { name: 'agent-chat', title: 'Agent Chat', version: '0.1.0' },
      capabilities: { elicitation: { form: {}, url: {} } },
    });
    assert.deepEqual(peer.client.lifecycle, { state: 'ready', protocolVersion: 2, agentTitle: 'Scripted v2 Agent' });
    assert.deepEqual(peer.client.facts?.prompt, { image: true, audio: false, embeddedContext: true });
  });

  test('the prompt answer is "accepted"; idle ends the turn', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('hello'));
    const accepted = r.events.find((e) => e.kind === 'prompt_accepted');
    assert.ok(accepted?.kind === 'prompt_accepted' && /^user_\d+$/.test(accepted.messageId));
    assert.ok(r.events.some((e) => e.kind === 'state' && e.state === 'running'));
    assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
    assert.deepEqual(agentTexts(r), [HELLO_MARKDOWN]);
    assert.equal(r.thread.entries.filter((e) => e.type === 'user').length, 1, 'the user message is not duplicated');
    assert.equal(r.thread.entries.filter((e) => e.type === 'turn_end').length, 1);
    assert.equal(r.session.turnState, 'idle');
  });

  test('message upserts replace, clear and append', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('upsert'));
    assert.deepEqual(agentTexts(r), [...UPSERT_FINAL]);
  });

  test('a custom stop reason is passed through as is', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('custom-stop'));
    assert.equal(turnEnd(r.events)?.stopReason, CUSTOM_STOP_REASON);
  });

  test('an unknown stop reason is passed through and logged', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('stop brand_new_reason'));
    assert.equal(turnEnd(r.events)?.stopReason, 'brand_new_reason');
    assert.ok(peer.log.some((l) => l.includes('unknown stop reason "brand_new_reason"')));
  });

  test('idle with an error ends the turn with that error', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('stop error'));
    const end = turnEnd(r.events);
    assert.equal(end?.stopReason, 'error');
    assert.deepEqual(end?.error, { code: -32603, message: 'Scripted error' });
  });

  test('the legacy state_change spelling ends the turn too', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('state-change'));
    assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
    assert.equal(turnEnd(r.events)?.timedOut, undefined);
  });

  test('unknown update kinds are ignored, the message still shows', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('unknown'));
    assert.equal(r.events.filter((e) => e.kind === 'unknown').length, 2);
    assert.deepEqual(agentTexts(r), ['Sent two update kinds you do not know.']);
  });

  test('v2 permission (title + subject): requires_action, then allow', async () => {
    const r = record(await peer.client.newSession());
    const turn = r.session.prompt(say('permission'));
    const permission = await waitFor(() => permissionOf(r.events), 3000, 'permission');
    assert.equal(permission.title, 'Allow editing notes.txt?');
    assert.match(permission.toolCallId, /^tool_\d+$/);
    assert.equal(r.session.turnState, 'requires_action');
    r.session.answerPermission(permission.requestId, { outcome: 'selected', optionId: 'allow' });
    await turn;
    assert.match(streamedText(r.events), /PERMISSION:allow/);
    assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
  });

  test('cancel with a pending v2 permission: answered cancelled, idle cancelled ends the turn', async () => {
    const r = record(await peer.client.newSession());
    const turn = r.session.prompt(say('permission'));
    await waitFor(() => permissionOf(r.events), 3000, 'permission');
    await r.session.cancel();
    await turn;
    const end = turnEnd(r.events);
    assert.equal(end?.stopReason, 'cancelled');
    assert.equal(end?.timedOut, undefined);
    const answer = peer.wire.answersTo('session/request_permission').at(-1);
    assert.ok(
      JSON.stringify(answer?.result) === JSON.stringify({ outcome: { outcome: 'cancelled' } }) || answer?.error?.code === -32800,
      JSON.stringify(answer),
    );
  });

  test('long + cancel: idle cancelled within the bounded wait', async () => {
    const r = record(await peer.client.newSession());
    const turn = r.session.prompt(say('long'));
    await waitFor(() => r.events.some((e) => e.kind === 'message_chunk'), 3000, 'ticks');
    await r.session.cancel();
    await turn;
    assert.equal(turnEnd(r.events)?.stopReason, 'cancelled');
    assert.equal(turnEnd(r.events)?.timedOut, undefined);
    const call = r.thread.entries.find((e) => e.type === 'tool_call');
    assert.equal(call?.type === 'tool_call' && call.status, 'cancelled');
  });

  test('the showcase turn ("all") with allow runs to end_turn', async () => {
    const r = record(await peer.client.newSession());
    const turn = r.session.prompt(say('all'));
    const permission = await waitFor(() => permissionOf(r.events), 5000, 'permission');
    r.session.answerPermission(permission.requestId, { outcome: 'selected', optionId: 'allow' });
    await turn;
    assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
    assert.ok(r.thread.entries.some((e) => e.type === 'plan'));
  });

  test('everything we sent is valid against the v2 JSON Schema', () => {
    assert.deepEqual(peer.wire.outgoingErrors(2), []);
  });
});

describe('v2 agent version negotiation', () => {
  test('a v1 request reaches its v1 side', async () => {
    const peer = await startPeer(testAgent('v2', ['--delay', '0'], 1));
    try {
      assert.deepEqual(await peer.client.start(), { state: 'ready', protocolVersion: 1, agentTitle: 'Scripted v2 Agent (v1 fallback)' });
      const r = record(await peer.client.newSession());
      await r.session.prompt(say('hello'));
      assert.equal(streamedText(r.events), 'V1-FALLBACK: this agent prefers ACP v2.');
      assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
    } finally {
      await peer.close();
    }
  });

  test('--v2-only answers a v1 initialize with -32022: unsupported_version', async () => {
    const peer = await startPeer(testAgent('v2', ['--v2-only'], 1));
    try {
      const state = await peer.client.start();
      assert.ok(state.state === 'failed' && state.failure.reason === 'unsupported_version', JSON.stringify(state));
      assert.equal(state.failure.reason === 'unsupported_version' && state.failure.answered, 2);
    } finally {
      await peer.close();
    }
  });
});
