/**
 * Stopping one tool call or agent-owned terminal through the session (v2), against a stand-in
 * connection: what is sent when, the events the thread gets, and the v1 dialect that has no
 * such capability. Real agent over stdio: test/peer/stopWork.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseError } from 'vscode-jsonrpc/node';
import type { SessionEvent } from '../../../src/protocol/events.js';
import { sessionOver } from './sessionFixture.js';

function setup(version: 1 | 2, answer: (method: string) => unknown = () => ({})) {
  const sent: { method: string; params: unknown }[] = [];
  const conn = {
    sendRequest: async (method: string, params: unknown) => {
      sent.push({ method, params });
      return answer(method);
    },
    sendNotification: async () => undefined,
  };
  const { session, events } = sessionOver(conn, { protocolVersion: version });
  return { session, sent, events };
}

const stops = (events: SessionEvent[]) => events.filter((e) => e.kind === 'stop_requested' || e.kind === 'stop_refused');
const tool = { type: 'tool_call' as const, toolCallId: 'tool_1' };
const term = { type: 'terminal' as const, terminalId: 'term_1' };

test('v2: a tool call that offers cancel gets tool_call/cancel; the thread hears stop_requested first', async () => {
  const { session, sent, events } = setup(2);
  session.handleUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'tool_1', title: 'Index', status: 'in_progress', capabilities: { cancel: {} } });
  await session.stopWork(tool);
  assert.deepEqual(sent, [{ method: 'tool_call/cancel', params: { sessionId: 's1', toolCallId: 'tool_1' } }]);
  assert.deepEqual(stops(events), [{ kind: 'stop_requested', target: tool }]);
});

test('v2: an agent-owned terminal that offers cancel gets terminal/cancel', async () => {
  const { session, sent } = setup(2);
  session.handleUpdate({ sessionUpdate: 'terminal_update', terminalId: 'term_1', command: 'make', capabilities: { cancel: {} } });
  await session.stopWork(term);
  assert.deepEqual(sent, [{ method: 'terminal/cancel', params: { sessionId: 's1', terminalId: 'term_1' } }]);
});

test('v2: an error answer becomes stop_refused with the agent’s message', async () => {
  const { session, events } = setup(2, () => {
    throw new ResponseError(-32602, 'Invalid params: not now');
  });
  session.handleUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'tool_1', capabilities: { cancel: {} } });
  await session.stopWork(tool);
  assert.deepEqual(stops(events), [
    { kind: 'stop_requested', target: tool },
    { kind: 'stop_refused', target: tool, message: 'Invalid params: not now' },
  ]);
});

test('v2: nothing is sent for work that does not offer cancel (never did, withdrew it, or ended)', async () => {
  const { session, sent, events } = setup(2);
  session.handleUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'never', title: 'Plain' });
  session.handleUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'withdrawn', capabilities: { cancel: {} } });
  session.handleUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'withdrawn', capabilities: null });
  session.handleUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'ended', capabilities: { cancel: {} } });
  session.handleUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'ended', status: 'completed' });
  session.handleUpdate({ sessionUpdate: 'terminal_update', terminalId: 'exited', capabilities: { cancel: {} } });
  session.handleUpdate({ sessionUpdate: 'terminal_update', terminalId: 'exited', exitStatus: { exitCode: 0 } });
  for (const toolCallId of ['never', 'withdrawn', 'ended', 'unknown']) await session.stopWork({ type: 'tool_call', toolCallId });
  await session.stopWork({ type: 'terminal', terminalId: 'exited' });
  assert.deepEqual(sent, []);
  assert.equal(stops(events).length, 5);
  assert.ok(stops(events).every((e) => e.kind === 'stop_refused' && /does not offer/.test(e.message)));
});

test('v1: the capability is not part of the dialect — dropped from the events, nothing can be stopped', async () => {
  const { session, sent, events } = setup(1);
  session.handleUpdate({ sessionUpdate: 'tool_call', toolCallId: 'tool_1', title: 'Index', status: 'in_progress', capabilities: { cancel: {} } });
  session.handleUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'tool_1', capabilities: { cancel: {} } });
  const calls = events.filter((e): e is Extract<SessionEvent, { kind: 'tool_call' }> => e.kind === 'tool_call');
  assert.equal(calls.length, 2);
  assert.ok(calls.every((e) => !('cancellable' in e.patch)));
  await session.stopWork(tool);
  assert.deepEqual(sent, []);
});

test('a closed session sends nothing', async () => {
  const { session, sent, events } = setup(2);
  session.handleUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'tool_1', capabilities: { cancel: {} } });
  await session.closeSession();
  await session.stopWork(tool);
  assert.deepEqual(sent, []);
  assert.deepEqual(stops(events), [{ kind: 'stop_refused', target: tool, message: 'This session has ended.' }]);
});
