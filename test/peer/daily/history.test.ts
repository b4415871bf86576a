/**
 * Session history against a real agent with persistent sessions: list paging, load replay
 * into the thread model (and through the transcript store), resume, close, delete — across
 * restarts of the agent process.
 */
import type { SessionSupport } from '../../../src/agents/api.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildCloseRequest, buildDeleteRequest, buildLoadRequest, buildNewSessionRequest, buildResumeRequest,
  listAgentSessions, sendEnd, sessionSupportOf, type RequestSender,
} from '../../../src/agents/acp/session/agentSessions.js';
import { TranscriptStore } from '../../../src/history/store.js';
import { normalizeSessionUpdate } from '../../../src/protocol/acp/normalize.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import type { ThreadEntry } from '../../../src/thread/types.js';
import { startAgent, text, type RunningAgent } from './support.js';

const cwd = '/work/project';

async function open(dir: string): Promise<{ a: RunningAgent; support: SessionSupport }> {
  const a = startAgent('history', { HISTORY_AGENT_DIR: dir });
  const support = sessionSupportOf(await a.initialize({}), 1);
  return { a, support };
}

function send(a: RunningAgent, req: { ok: true; method: string; params: unknown } | { ok: false; reason: string }): Promise<any> {
  if (!req.ok) throw new Error(req.reason);
  return a.conn.sendRequest(req.method, req.params);
}

function counting(a: RunningAgent): RequestSender & { pages: number } {
  const c = {
    pages: 0,
    sendRequest: ((method: string, params: unknown) => {
      c.pages++;
      return a.conn.sendRequest(method, params);
    }) as RequestSender['sendRequest'],
  };
  return c;
}

/** What a user sees of a thread: role + text / tool title, in order. */
function rows(entries: readonly ThreadEntry[]): string[] {
  return entries.map((e) => {
    switch (e.type) {
      case 'user':
      case 'agent':
      case 'thought':
        return `${e.type}: ${e.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('')}`;
      case 'tool_call':
        return `tool: ${e.title} (${e.status})`;
      default:
        return e.type;
    }
  });
}

test('list pages, survives restart, load replays into the thread, resume/close/delete', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-agent-'));
  let { a, support } = await open(dir);
  const ids: string[] = [];
  try {
    assert.deepEqual(support, { protocolVersion: 1, load: true, list: true, resume: true, close: true, delete: true, fork: false, additionalDirectories: true });
    for (let i = 1; i <= 5; i++) {
      const { sessionId } = await send(a, buildNewSessionRequest(support, { cwd, mcpServers: [], additionalDirectories: ['/work/lib'] }));
      ids.push(sessionId);
      await a.conn.sendRequest('session/prompt', { sessionId, prompt: text(`task ${i}`) });
    }
    const other = await send(a, buildNewSessionRequest(support, { cwd: '/elsewhere', mcpServers: [] }));
    assert.ok(other.sessionId);
  } finally {
    await a.stop();
  }

  ({ a, support } = await open(dir));
  try {
    const sender = counting(a);
    const listed = await listAgentSessions(sender, support, { cwd });
    assert.equal(sender.pages, 3, '5 sessions at 2 per page');
    assert.equal(listed.truncated, false);
    assert.deepEqual(listed.sessions.map((s) => s.sessionId), [...ids].reverse(), 'newest first, after a restart');
    assert.deepEqual(listed.sessions[0], { sessionId: ids[4], cwd, title: 'task 5', updatedAt: listed.sessions[0]!.updatedAt, additionalDirectories: ['/work/lib'] });
    const capped = await listAgentSessions(a.conn, support, { cwd, maxPages: 2 });
    assert.deepEqual([capped.sessions.length, capped.truncated], [4, true]);
    assert.equal((await listAgentSessions(a.conn, support)).sessions.length, 6, 'no cwd filter: every session');

    // Load: replay arrives as ordinary updates, all before the answer.
    const before = a.updates.length;
    const loadReq = buildLoadRequest(support, { sessionId: ids[0]!, cwd, mcpServers: [], additionalDirectories: ['/work/lib', '/work/docs'] });
    assert.equal(loadReq.ok && loadReq.method, 'session/load');
    const result = await send(a, loadReq);
    assert.deepEqual(result ?? {}, {});
    const replay = a.updates.slice(before);
    assert.deepEqual(replay.map((u) => u.update.sessionUpdate), ['user_message_chunk', 'tool_call', 'agent_message_chunk']);
    const thread = new ThreadModel();
    for (const u of replay) thread.apply(normalizeSessionUpdate(u.update));
    assert.deepEqual(rows(thread.entries), ['user: task 1', 'tool: Recall "task 1" (completed)', 'agent: noted: task 1']);

    // The loaded thread goes through the transcript store and continues after a restore.
    const store = new TranscriptStore(mkdtempSync(join(tmpdir(), 'history-store-')));
    await store.save({ agentName: 'history', sessionId: ids[0]!, cwd, ...thread.snapshot() });
    const saved = await store.loadSession({ agentName: 'history', sessionId: ids[0]!, cwd });
    const restored = ThreadModel.restore({ entries: saved!.entries, session: saved!.session });
    const mark = a.updates.length;
    await a.conn.sendRequest('session/prompt', { sessionId: ids[0], prompt: text('more') });
    for (const u of a.updates.slice(mark)) restored.apply(normalizeSessionUpdate(u.update));
    assert.deepEqual(rows(restored.entries).slice(3), ['tool: Recall "more" (completed)', 'agent: noted: more']);
    assert.equal(restored.session.title, 'task 1', 'session_info_update carried the title');
    assert.equal(saved!.title, 'task 1');

    // Resume: no replay, and the session takes prompts again.
    await assert.rejects(a.conn.sendRequest('session/prompt', { sessionId: ids[1], prompt: text('x') }), (e: any) => e.code === -32002);
    const mark2 = a.updates.length;
    await send(a, buildResumeRequest(support, { sessionId: ids[1]!, cwd, mcpServers: [] }));
    assert.equal(a.updates.length, mark2, 'resume does not replay');
    await a.conn.sendRequest('session/prompt', { sessionId: ids[1], prompt: text('again') });

    // Close: the session stops taking prompts; closing twice is not an error for the client.
    await sendEnd(a.conn, buildCloseRequest(support, ids[1]!));
    await assert.rejects(a.conn.sendRequest('session/prompt', { sessionId: ids[1], prompt: text('x') }), (e: any) => e.code === -32002);
    await sendEnd(a.conn, buildCloseRequest(support, ids[1]!));

    // Delete: gone from the list, idempotent.
    await sendEnd(a.conn, buildDeleteRequest(support, ids[2]!));
    await sendEnd(a.conn, buildDeleteRequest(support, ids[2]!));
    const after = await listAgentSessions(a.conn, support, { cwd });
    assert.equal(after.sessions.some((s) => s.sessionId === ids[2]), false);
    assert.equal(after.sessions.length, 4);
    assert.equal(after.sessions[0]!.sessionId, ids[1], 'the prompt after resume made it the newest');
  } finally {
    await a.stop();
  }
});
