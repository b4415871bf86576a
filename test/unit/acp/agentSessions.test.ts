import type { SessionSupport } from '../../../src/agents/api.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildCloseRequest, buildDeleteRequest, buildLoadRequest, buildNewSessionRequest, buildResumeRequest,
  listAgentSessions, sendEnd, sessionSupportOf, type RequestSender,
} from '../../../src/agents/acp/session/agentSessions.js';

const v1All = sessionSupportOf({ agentCapabilities: { loadSession: true, sessionCapabilities: { list: {}, resume: {}, close: {}, delete: {}, additionalDirectories: {} } } }, 1);
const v1None = sessionSupportOf({ agentCapabilities: {} }, 1);

test('sessionSupportOf: table', () => {
  const cases: Array<[unknown, 1 | 2, Partial<SessionSupport>]> = [
    [{ agentCapabilities: { loadSession: true } }, 1, { load: true, list: false, resume: false }],
    [{ agentCapabilities: { sessionCapabilities: { list: {}, close: null } } }, 1, { load: false, list: true, close: false }],
    [{}, 1, { load: false, list: false, resume: false, close: false, delete: false, fork: false, additionalDirectories: false }],
    [{ capabilities: { session: {} } }, 2, { load: true, list: true, resume: true, close: true, delete: false, fork: false, additionalDirectories: false }],
    [{ capabilities: { session: { delete: {}, additionalDirectories: {} } } }, 2, { delete: true, additionalDirectories: true }],
    [{ agentCapabilities: { sessionCapabilities: { fork: {} } } }, 1, { fork: true, resume: false }],
    [{ capabilities: {} }, 2, { load: false, list: false, resume: false, close: false }],
  ];
  for (const [init, v, want] of cases) {
    const got = sessionSupportOf(init, v);
    for (const [k, val] of Object.entries(want)) assert.equal(got[k as keyof SessionSupport], val, `${JSON.stringify(init)} ${k}`);
  }
});

function pager(pages: Record<string, unknown>): RequestSender & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    calls,
    sendRequest: (async (method: string, params: { cursor?: string }) => {
      assert.equal(method, 'session/list');
      calls.push(params);
      return pages[params.cursor ?? ''];
    }) as RequestSender['sendRequest'],
  };
}

test('listAgentSessions: pages, stops at max pages, at repeats, skips bad items', async () => {
  const s = (id: string) => ({ sessionId: id, cwd: '/w', title: `t${id}`, updatedAt: '2026-01-01T00:00:00Z', extra: 1 });
  const conn = pager({ '': { sessions: [s('1'), s('2')], nextCursor: 'c1' }, c1: { sessions: [s('3'), { cwd: '/w' }], nextCursor: 'c2' }, c2: { sessions: [s('4')] } });
  const all = await listAgentSessions(conn, v1All, { cwd: '/w' });
  assert.deepEqual(all.sessions.map((x) => x.sessionId), ['1', '2', '3', '4']);
  assert.equal(all.truncated, false);
  assert.deepEqual(conn.calls, [{ cwd: '/w' }, { cwd: '/w', cursor: 'c1' }, { cwd: '/w', cursor: 'c2' }]);
  assert.deepEqual(all.sessions[0], { sessionId: '1', cwd: '/w', title: 't1', updatedAt: '2026-01-01T00:00:00Z' });

  const capped = await listAgentSessions(pager({ '': { sessions: [s('1')], nextCursor: 'a' }, a: { sessions: [s('2')], nextCursor: 'b' } }), v1All, { maxPages: 2 });
  assert.deepEqual([capped.sessions.length, capped.truncated], [2, true]);

  const loop = pager({ '': { sessions: [], nextCursor: 'x' }, x: { sessions: [s('1')], nextCursor: 'x' } });
  assert.deepEqual((await listAgentSessions(loop, v1All)).sessions.map((x) => x.sessionId), ['1']);
  assert.equal(loop.calls.length, 2);

  const nullish = await listAgentSessions(pager({ '': null }), v1All);
  assert.deepEqual(nullish, { sessions: [], truncated: false });
  await assert.rejects(listAgentSessions(pager({}), v1None), /does not support session\/list/);
});

test('load/resume/new params: gating, mcpServers, additionalDirectories rules', () => {
  const mcp = [{ name: 's', command: '/s', args: [], env: [] }];
  const input = { sessionId: 'S', cwd: '/w', mcpServers: mcp, additionalDirectories: ['/x', 'rel', '/w', '/x'] };
  const load = buildLoadRequest(v1All, input);
  assert.deepEqual(load, { ok: true, method: 'session/load', params: { sessionId: 'S', cwd: '/w', mcpServers: mcp, additionalDirectories: ['/x'] }, notes: ['left out relative folders: rel'] });
  const noDirs = { ...v1All, additionalDirectories: false };
  const r = buildResumeRequest(noDirs, input);
  assert.ok(r.ok);
  assert.equal(r.ok && 'additionalDirectories' in r.params, false);
  assert.match(r.ok ? r.notes[0]! : '', /additional workspace folders/);
  assert.deepEqual(buildLoadRequest(v1None, input), { ok: false, reason: 'the agent cannot load sessions' });
  assert.deepEqual(buildResumeRequest(v1None, input), { ok: false, reason: 'the agent cannot resume sessions' });
  assert.deepEqual(buildLoadRequest(v1All, { ...input, cwd: 'rel' }), { ok: false, reason: 'cwd must be absolute: rel' });
  const empty = buildLoadRequest(v1All, { sessionId: 'S', cwd: '/w', mcpServers: [] });
  assert.deepEqual(empty.ok && empty.params, { sessionId: 'S', cwd: '/w', mcpServers: [] }, 'v1 load always sends mcpServers');
  const v2 = buildLoadRequest(sessionSupportOf({ capabilities: { session: {} } }, 2), { sessionId: 'S', cwd: '/w', mcpServers: [] });
  assert.deepEqual(v2, { ok: true, method: 'session/resume', params: { sessionId: 'S', cwd: '/w', mcpServers: [], replayFrom: { type: 'start' } }, notes: [] });
  const fresh = buildNewSessionRequest(v1All, { cwd: '/w', mcpServers: [], additionalDirectories: ['/y'] });
  assert.deepEqual(fresh, { ok: true, method: 'session/new', params: { cwd: '/w', mcpServers: [], additionalDirectories: ['/y'] }, notes: [] });
});

test('close/delete gating and not-found as success', async () => {
  assert.deepEqual(buildCloseRequest(v1All, 'S'), { ok: true, method: 'session/close', params: { sessionId: 'S' }, notes: [] });
  assert.deepEqual(buildDeleteRequest(v1None, 'S'), { ok: false, reason: 'the agent cannot delete sessions' });
  const failing = (code: number): RequestSender => ({ sendRequest: (async () => { throw Object.assign(new Error('x'), { code }); }) as RequestSender['sendRequest'] });
  await sendEnd(failing(-32002), buildDeleteRequest(v1All, 'S'));
  await assert.rejects(sendEnd(failing(-32603), buildDeleteRequest(v1All, 'S')), /x/);
  await assert.rejects(sendEnd(failing(-32002), buildCloseRequest(v1None, 'S')), /cannot close/);
});
