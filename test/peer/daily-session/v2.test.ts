/**
 * The same session API against the v2 draft agent: list, "load" = resume with replay from the
 * start, resume without replay, close; v2 has no modes.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { record, say, startPeer, streamedText, testAgent, type Peer } from '../support/harness.js';

describe('daily sessions: v2 draft agent', () => {
  let peer: Peer;
  let sessionId = '';
  before(async () => {
    peer = await startPeer(testAgent('v2', ['--delay', '0'], 2));
    assert.equal((await peer.client.start()).state, 'ready');
    const { session } = record(await peer.client.newSession());
    await session.prompt(say('hello'));
    sessionId = session.sessionId;
  });
  after(() => peer.close());

  test('v2 session support: list, resume (also for load), close', () => {
    const s = peer.client.sessionSupport;
    assert.deepEqual({ ...s }, { protocolVersion: 2, load: true, list: true, resume: true, close: true, delete: false, fork: false, additionalDirectories: false });
  });

  test('listSessions filters by cwd', async () => {
    const listed = await peer.client.listSessions({ cwd: peer.dir });
    assert.deepEqual(listed.sessions.map((s) => s.sessionId), [sessionId]);
    assert.deepEqual((await peer.client.listSessions({ cwd: '/nowhere' })).sessions, []);
  });

  test('loadSession resumes with replayFrom start; the replay renders before the call resolved', async () => {
    const session = await peer.client.loadSession(sessionId);
    assert.deepEqual(peer.wire.sent('session/resume').at(-1)?.params, { sessionId, cwd: peer.dir, mcpServers: [], replayFrom: { type: 'start' } });
    assert.equal(peer.wire.sent('session/load').length, 0, 'v2 has no session/load');
    const { events, thread } = record(session);
    assert.ok(streamedText(events).length > 0 || thread.entries.some((e) => e.type === 'agent'), 'agent text replayed');
    assert.ok(thread.entries.some((e) => e.type === 'user'), 'the user message replayed');
    assert.equal(session.turnState, 'idle');
    await assert.rejects(session.setMode('code'), /no session modes/);
  });

  test('resumeSession sends no replayFrom and gets no history', async () => {
    const session = await peer.client.resumeSession(sessionId);
    assert.equal('replayFrom' in (peer.wire.sent('session/resume').at(-1)?.params as object), false);
    const { thread } = record(session);
    assert.equal(thread.entries.filter((e) => e.type === 'user' || e.type === 'agent').length, 0);
    await session.closeSession();
    assert.deepEqual(peer.wire.sent('session/close').at(-1)?.params, { sessionId });
    assert.deepEqual((await peer.client.listSessions()).sessions, []);
  });

  test('everything we sent is valid v2', () => {
    assert.deepEqual(peer.wire.outgoingErrors(2), []);
  });
});
