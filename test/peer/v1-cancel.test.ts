import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../src/protocol/events.js';
import { lastOf, record, say, startPeer, streamedText, testAgent, turnEnd, waitFor, type Peer } from './support/harness.js';
import { LONG_CHUNK } from '../agents/lib/texts.js';

type Permission = Extract<SessionEvent, { kind: 'permission_requested' }>;
const permissionOf = (events: SessionEvent[]) => events.find((e): e is Permission => e.kind === 'permission_requested');

describe('v1 cancellation (seed 001)', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('scripted'), { cancelTimeoutMs: 1_000 });
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(() => peer.close());

  test('long + cancel with a pending permission: the agent receives cancelled, the turn ends cancelled', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    const turn = session.prompt(say('long'));
    const permission = await waitFor(() => permissionOf(events), 3000, 'permission');
    await waitFor(() => streamedText(events).includes(LONG_CHUNK), 3000, 'ticks');
    const cancelled = session.cancel();
    // At once, before the agent answers: cancel_requested, then the permission withdrawn.
    const kinds = events.map((e) => e.kind);
    const at = kinds.lastIndexOf('cancel_requested');
    assert.ok(at > 0);
    assert.deepEqual(events[at + 1], { kind: 'permission_resolved', requestId: permission.requestId, outcome: { outcome: 'cancelled' } });
    assert.equal(session.turnState, 'cancelling');
    for (const row of thread.entries) {
      if (row.type === 'tool_call') assert.equal(row.status, 'cancelled', `${row.toolCallId} shown cancelled at once`);
    }
    await cancelled;
    await turn;
    assert.equal(turnEnd(events)?.stopReason, 'cancelled');
    assert.equal(turnEnd(events)?.timedOut, undefined);
    assert.deepEqual(peer.wire.answersTo('session/request_permission').at(-1)?.result, { outcome: { outcome: 'cancelled' } });
    assert.deepEqual(peer.wire.sent('session/cancel').at(-1)?.params, { sessionId: session.sessionId });
    // Late updates after the cancel were still applied (the agent reports what it got).
    assert.match(streamedText(events), /PERMISSION:cancelled$/);
    assert.equal(session.unresponsive, false);
    // The session is usable again.
    await session.prompt(say('stop end_turn'));
    assert.equal(turnEnd(events)?.stopReason, 'end_turn');
  });

  test('ignore-cancel: the bounded wait gives control back and flags the agent', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    const turn = session.prompt(say('ignore-cancel'));
    await waitFor(() => permissionOf(events), 3000, 'permission');
    const t = Date.now();
    await session.cancel();
    // The full time box was waited (a timer never fires early); no upper limit: a loaded machine
    // is slow, and the agent ignoring the cancel means only the time box could have ended it.
    const waited = Date.now() - t;
    assert.ok(waited >= 900, `waited ${waited} ms`);
    await turn;
    const end = turnEnd(events);
    assert.equal(end?.stopReason, 'cancelled');
    assert.equal(end?.timedOut, true);
    assert.equal(session.unresponsive, true);
    assert.ok(events.some((e) => e.kind === 'notice_local' && e.title === 'The agent did not confirm the cancel'));
    const row = lastOf(thread.entries, (e) => e.type === 'turn_end');
    assert.equal(row?.type === 'turn_end' && row.timedOut, true);
    assert.equal(session.turnState, 'idle');
  });

  test('error-after-cancel is shown as cancelled, not as an error', async () => {
    const { session, events } = record(await peer.client.newSession());
    const turn = session.prompt(say('error-after-cancel'));
    await waitFor(() => permissionOf(events), 3000, 'permission');
    await session.cancel();
    await turn;
    const end = turnEnd(events);
    assert.equal(end?.stopReason, 'cancelled');
    assert.equal(end?.error, undefined);
    assert.equal(end?.timedOut, undefined);
  });

  test('cancel with no turn running is a no-op', async () => {
    const { session, events } = record(await peer.client.newSession());
    await session.cancel();
    assert.equal(events.length, 0);
    assert.equal(peer.wire.sent('session/cancel').filter((m) => (m.params as { sessionId: string }).sessionId === session.sessionId).length, 0);
  });

  test('everything we sent is schema-valid', () => {
    assert.deepEqual(peer.wire.outgoingErrors(1), []);
  });
});
