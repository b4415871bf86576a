/**
 * The turn state machine in isolation: a fake connection records what the session sends and
 * lets each test answer (or not) exactly when it wants. Real agents are in test/peer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CancellationTokenSource, ResponseError } from 'vscode-jsonrpc/node';
import type { SessionEvent } from '../../../src/protocol/events.js';
import { newSession, sessionOver } from './sessionFixture.js';

interface Pending {
  method: string;
  params: unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

class FakeConnection {
  readonly requests: Pending[] = [];
  readonly notifications: { method: string; params: unknown }[] = [];
  sendRequest(method: string, params: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => this.requests.push({ method, params, resolve, reject }));
  }
  sendNotification(method: string, params: unknown): Promise<void> {
    this.notifications.push({ method, params });
    return Promise.resolve();
  }
  last(method: string): Pending {
    const found = [...this.requests].reverse().find((r) => r.method === method);
    assert.ok(found, `no ${method} sent`);
    return found;
  }
}

function setup(version: 1 | 2 = 1, cancelTimeoutMs = 1_000) {
  const conn = new FakeConnection();
  const logs: string[] = [];
  const { session, events } = sessionOver(conn, { protocolVersion: version, cancelTimeoutMs, log: (l) => logs.push(l) });
  return { conn, session, events, logs };
}

const kinds = (events: SessionEvent[]) => events.map((e) => e.kind);
const flush = () => new Promise((r) => setImmediate(r));
const permissionParams = { sessionId: 's1', toolCall: { toolCallId: 'call_1', title: 'Edit', kind: 'edit', status: 'pending' }, options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }] };

test('v1: the prompt request is the turn; its answer ends it', async () => {
  const { conn, session, events } = setup();
  const done = session.prompt([{ type: 'text', text: 'hi' }, { type: 'image', data: 'x', mimeType: 'image/png' }]);
  assert.deepEqual(conn.last('session/prompt').params, { sessionId: 's1', prompt: [{ type: 'text', text: 'hi' }] });
  assert.equal(session.turnState, 'running');
  session.handleUpdate({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'yo' } });
  conn.last('session/prompt').resolve({ stopReason: 'end_turn' });
  await done;
  assert.deepEqual(kinds(events), ['prompt_sent', 'message_chunk', 'turn_ended']);
  assert.deepEqual(events.at(-1), { kind: 'turn_ended', turnId: 'turn-1', stopReason: 'end_turn' });
  assert.equal(session.turnState, 'idle');
});

test('cancel: notification, cancel_requested at once, pending permission answered cancelled, late updates kept', async () => {
  const { conn, session, events } = setup();
  const done = session.prompt([{ type: 'text', text: 'go' }]);
  const answer = session.requestPermission(permissionParams, new CancellationTokenSource().token);
  assert.equal(session.turnState, 'requires_action');
  const requested = events.find((e) => e.kind === 'permission_requested');
  assert.ok(requested?.kind === 'permission_requested' && requested.toolCallId === 'call_1');
  const cancelled = session.cancel();
  // Synchronously: the notification is sent, the thread told, the permission withdrawn.
  assert.deepEqual(conn.notifications, [{ method: 'session/cancel', params: { sessionId: 's1' } }]);
  assert.deepEqual(kinds(events).slice(-2), ['cancel_requested', 'permission_resolved']);
  assert.equal(session.turnState, 'cancelling');
  assert.deepEqual(await answer, { outcome: { outcome: 'cancelled' } });
  // A permission asked after the cancel is answered cancelled without bothering the user.
  assert.deepEqual(await session.requestPermission(permissionParams, new CancellationTokenSource().token), { outcome: { outcome: 'cancelled' } });
  session.handleUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'failed' });
  assert.equal(events.at(-1)?.kind, 'tool_call');
  assert.equal(session.cancel(), cancelled, 'a second cancel waits for the same end');
  conn.last('session/prompt').resolve({ stopReason: 'cancelled' });
  await cancelled;
  await done;
  assert.deepEqual(events.at(-1), { kind: 'turn_ended', turnId: 'turn-1', stopReason: 'cancelled' });
  assert.equal(conn.notifications.length, 1);
});

test('an error answer after cancel counts as cancelled', async () => {
  const { conn, session, events } = setup();
  const done = session.prompt([{ type: 'text', text: 'go' }]);
  void session.cancel();
  conn.last('session/prompt').reject(new ResponseError(-32603, 'aborted'));
  await done;
  assert.deepEqual(events.at(-1), { kind: 'turn_ended', turnId: 'turn-1', stopReason: 'cancelled' });
});

test('an error answer without cancel is an error end', async () => {
  const { conn, session, events } = setup();
  const done = session.prompt([{ type: 'text', text: 'go' }]);
  conn.last('session/prompt').reject(new ResponseError(-32603, 'Internal error'));
  await done;
  assert.deepEqual(events.at(-1), { kind: 'turn_ended', turnId: 'turn-1', stopReason: 'error', error: { code: -32603, message: 'Internal error', data: undefined } });
});

test('a prompt refused for want of a login (-32000) ends as needing a login, not as an error', async () => {
  const { conn, session, events } = setup();
  const done = session.prompt([{ type: 'text', text: 'go' }]);
  conn.last('session/prompt').reject(new ResponseError(-32000, 'Authentication required'));
  await done;
  assert.deepEqual(events.at(-1), {
    kind: 'turn_ended', turnId: 'turn-1', stopReason: 'auth_required',
    error: { code: -32000, message: 'The agent needs a login to answer (Authentication required).' },
  });
});

test('bounded wait: no answer to the cancel gives control back, flags the agent, ignores the late answer', async () => {
  const { conn, session, events, logs } = setup(1, 50);
  const done = session.prompt([{ type: 'text', text: 'go' }]);
  const t = Date.now();
  await session.cancel();
  assert.ok(Date.now() - t >= 45);
  await done;
  assert.deepEqual(events.at(-1), { kind: 'turn_ended', turnId: 'turn-1', stopReason: 'cancelled', timedOut: true });
  assert.ok(events.some((e) => e.kind === 'notice_local' && e.severity === 'warning'));
  assert.equal(session.unresponsive, true);
  assert.equal(session.turnState, 'idle');
  conn.last('session/prompt').resolve({ stopReason: 'cancelled' });
  await flush();
  assert.equal(events.filter((e) => e.kind === 'turn_ended').length, 1);
  assert.ok(logs.some((l) => l.includes('late session/prompt answer')));
  // The next turn works.
  const next = session.prompt([{ type: 'text', text: 'again' }]);
  conn.last('session/prompt').resolve({ stopReason: 'end_turn' });
  await next;
  const last = events.at(-1);
  assert.equal(last?.kind === 'turn_ended' && last.turnId, 'turn-2');
});

test('the agent withdrawing a permission ($/cancel_request) answers -32800 and withdraws the question', async () => {
  const { session, events } = setup();
  void session.prompt([{ type: 'text', text: 'go' }]);
  const source = new CancellationTokenSource();
  const answer = session.requestPermission(permissionParams, source.token);
  source.cancel();
  await assert.rejects(answer, (e: unknown) => e instanceof ResponseError && e.code === -32800);
  const requested = events.find((e) => e.kind === 'permission_requested');
  assert.deepEqual(events.at(-1), { kind: 'permission_resolved', requestId: requested?.kind === 'permission_requested' ? requested.requestId : '', outcome: { outcome: 'cancelled' } });
  assert.equal(session.turnState, 'running');
});

test('answerPermission: the chosen option goes back; unknown ids are ignored, unknown options refused', async () => {
  const { session, events } = setup();
  void session.prompt([{ type: 'text', text: 'go' }]);
  const answer = session.requestPermission(permissionParams, new CancellationTokenSource().token);
  const requested = events.find((e) => e.kind === 'permission_requested');
  const id = requested?.kind === 'permission_requested' ? requested.requestId : '';
  assert.throws(() => session.answerPermission(id, { outcome: 'selected', optionId: 'not-offered' }), /no option/);
  session.answerPermission('perm-999', { outcome: 'cancelled' });
  session.answerPermission(id, { outcome: 'selected', optionId: 'ok' });
  assert.deepEqual(await answer, { outcome: { outcome: 'selected', optionId: 'ok' } });
  session.answerPermission(id, { outcome: 'cancelled' });
  assert.equal(events.filter((e) => e.kind === 'permission_resolved').length, 1);
});

test('malformed permission params are invalid params and a notice', async () => {
  const { session, events } = setup();
  await assert.rejects(session.requestPermission({ sessionId: 's1', options: 'nope' }, new CancellationTokenSource().token), (e: unknown) => e instanceof ResponseError && e.code === -32602);
  assert.equal(events.at(-1)?.kind, 'notice_local');
});

test('v2: answer = accepted; state updates drive the turn; a stale idle does not end it', async () => {
  const { conn, session, events } = setup(2);
  const done = session.prompt([{ type: 'text', text: 'go' }]);
  session.handleUpdate({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' }); // from before this turn
  assert.equal(session.turnState, 'running');
  conn.last('session/prompt').resolve({ messageId: 'user_1' });
  await flush();
  assert.deepEqual(events.find((e) => e.kind === 'prompt_accepted'), { kind: 'prompt_accepted', turnId: 'turn-1', messageId: 'user_1' });
  session.handleUpdate({ sessionUpdate: 'state_update', state: 'running' });
  session.handleUpdate({ sessionUpdate: 'state_update', state: 'requires_action' });
  assert.equal(session.turnState, 'requires_action');
  session.handleUpdate({ sessionUpdate: 'state_update', state: 'idle', stopReason: '_custom_done' });
  await done;
  assert.deepEqual(events.at(-1), { kind: 'turn_ended', turnId: 'turn-1', stopReason: '_custom_done' });
});

test('v2: idle error after cancel is cancelled; updates outside a turn are emitted', async () => {
  const { conn, session, events } = setup(2);
  session.handleUpdate({ sessionUpdate: 'agent_message_chunk', messageId: 'm0', content: { type: 'text', text: 'background' } });
  assert.equal(events.at(-1)?.kind, 'message_chunk');
  const done = session.prompt([{ type: 'text', text: 'go' }]);
  conn.last('session/prompt').resolve({ messageId: 'u1' });
  await flush();
  void session.cancel();
  session.handleUpdate({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'error', error: { code: -32603, message: 'boom' } });
  await done;
  assert.deepEqual(events.at(-1), { kind: 'turn_ended', turnId: 'turn-1', stopReason: 'cancelled' });
});

test('the agent process dying mid-turn ends the turn with an error (said once, no extra notice); the session is closed', async () => {
  const { conn, session, events } = setup();
  const done = session.prompt([{ type: 'text', text: 'go' }]);
  // The connection dying rejects the request before the exit report: the session waits for it.
  conn.last('session/prompt').reject(new ResponseError(-32097, 'Pending response rejected since connection got disposed'));
  await flush();
  assert.ok(!events.some((e) => e.kind === 'turn_ended'));
  session.agentGone({ exitCode: 3, signal: null, stderrTail: 'boom\n' }, false);
  await done;
  const end = events.find((e) => e.kind === 'turn_ended');
  assert.ok(end?.kind === 'turn_ended' && end.stopReason === 'error' && /exited with code 3 during the turn/.test(end.error?.message ?? ''));
  assert.deepEqual(end.error?.data, { exitCode: 3, signal: null, stderrTail: 'boom\n' });
  assert.ok(!events.some((e) => e.kind === 'notice_local'), 'the exit is not repeated as a notice');
  await assert.rejects(session.prompt([{ type: 'text', text: 'again' }]), /ended/);
});

test('events emitted before anyone listens are handed to the first listener', () => {
  const conn = new FakeConnection();
  const session = newSession(conn);
  session.handleUpdate({ sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'plan', description: 'Plan' }] });
  const seen: string[] = [];
  session.onEvent((e) => seen.push(e.kind));
  assert.deepEqual(seen, ['available_commands']);
});
