/**
 * The agent's own history through AgentClient: list (paged), load with replay rendered by the
 * thread model, resume without replay, close, delete, and reopening after a restart.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { record, say, streamedText, tempDir } from '../support/harness.js';
import { assertWireValid, startDaily, type DailyPeer } from './support.js';

describe('daily sessions: history agent', () => {
  let peer: DailyPeer;
  let store: string;
  const ids: string[] = [];
  before(async () => {
    store = await tempDir('history-store-');
    peer = await startDaily('history', { HISTORY_AGENT_DIR: store }, { rootCount: 2 });
    for (const words of [['alpha', 'beta'], ['gamma'], ['delta']]) {
      const { session } = record(await peer.client.newSession());
      for (const w of words) await session.prompt(say(w));
      ids.push(session.sessionId);
    }
  });
  after(async () => {
    await peer.close();
    await rm(store, { recursive: true, force: true });
  });

  test('session/new sends the other workspace root as an additional directory', () => {
    const [req] = peer.wire.sent('session/new');
    assert.deepEqual(req?.params, { cwd: peer.roots[0], mcpServers: [], additionalDirectories: [peer.roots[1]] });
  });

  test('listSessions walks every page (2 per page), newest first', async () => {
    const listed = await peer.client.listSessions({ cwd: peer.roots[0] });
    assert.equal(listed.truncated, false);
    assert.deepEqual(listed.sessions.map((s) => s.sessionId), [...ids].reverse());
    assert.equal(listed.sessions.at(-1)?.title, 'alpha');
    assert.equal(peer.wire.sent('session/list').length >= 2, true, 'more than one page was asked for');
    const capped = await peer.client.listSessions({ maxPages: 1 });
    assert.equal(capped.truncated, true);
    assert.equal(capped.sessions.length, 2);
  });

  test('loadSession replays the conversation before it resolves; the thread renders it', async () => {
    const session = await peer.client.loadSession(ids[0]!);
    const answered = peer.wire.messages.findIndex((m) => m.direction === 'in' && m.message.id === peer.wire.sent('session/load').at(-1)?.id && m.message.method === undefined);
    const replays = peer.wire.messages.filter((m, i) => i < answered && m.direction === 'in' && m.message.method === 'session/update');
    assert.ok(replays.length >= 6, `replay arrived before the answer (${replays.length})`);
    // Attached after the call resolved: the held replay comes first, in order.
    const { events, thread } = record(session);
    assert.equal(streamedText(events, 'user'), 'alphabeta');
    assert.equal(streamedText(events), 'noted: alphanoted: beta');
    assert.deepEqual(thread.entries.map((e) => e.type), ['user', 'tool_call', 'agent', 'user', 'tool_call', 'agent']);
    const [req] = peer.wire.sent('session/load').slice(-1);
    assert.deepEqual(req?.params, { sessionId: ids[0], cwd: peer.roots[0], mcpServers: [], additionalDirectories: [peer.roots[1]] });
    await session.prompt(say('again'));
    assert.equal(streamedText(events).endsWith('noted: again'), true);
  });

  test('resumeSession reconnects without replay and takes prompts', async () => {
    const session = await peer.client.resumeSession(ids[1]!);
    const { events } = record(session);
    assert.equal(events.length, 0, 'no replay');
    await session.prompt(say('more'));
    assert.equal(streamedText(events), 'noted: more');
  });

  test('after a restart the history is still there and loads', async () => {
    assert.equal((await peer.client.restart()).state, 'ready');
    const listed = await peer.client.listSessions();
    assert.equal(listed.sessions.length, 3);
    const { thread } = record(await peer.client.loadSession(ids[2]!));
    assert.deepEqual(thread.entries.map((e) => e.type), ['user', 'tool_call', 'agent']);
  });

  test('closeSession sends session/close and ends the session here', async () => {
    const session = await peer.client.resumeSession(ids[2]!);
    await session.closeSession();
    assert.deepEqual(peer.wire.sent('session/close').at(-1)?.params, { sessionId: ids[2] });
    assert.equal(session.isClosed, true);
    await assert.rejects(session.prompt(say('late')), /ended/);
    await session.closeSession(); // idempotent, nothing more sent
    assert.equal(peer.wire.sent('session/close').length, 1);
  });

  test('deleteSession removes it from the list; unknown ids succeed', async () => {
    await peer.client.deleteSession(ids[1]!);
    await peer.client.deleteSession('hist_never');
    const listed = await peer.client.listSessions();
    assert.deepEqual(listed.sessions.map((s) => s.sessionId).sort(), [ids[0], ids[2]].sort());
    await assert.rejects(peer.client.loadSession(ids[1]!), (err: { code?: number }) => err.code === -32002);
  });

  test('a failed load leaves nothing routed, and everything we sent is valid v1', () => {
    assert.deepEqual(peer.log.filter((l) => /listener failed/.test(l)), []);
    assertWireValid(peer);
  });
});
