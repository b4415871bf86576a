import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/protocol/events.js';
import type { ThreadEntry, ToolCallEntry } from '../../../src/thread/types.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import { chunk, prompt, run, toolCall, toolUpdate } from './events.js';

const idle = (stopReason?: string): SessionEvent =>
  stopReason === undefined ? { kind: 'state', state: 'idle' } : { kind: 'state', state: 'idle', stopReason };
const state = (s: 'running' | 'requires_action'): SessionEvent => ({ kind: 'state', state: s });
const ended = (turnId: string, stopReason = 'end_turn', extra: Partial<Extract<SessionEvent, { kind: 'turn_ended' }>> = {}): SessionEvent => ({
  kind: 'turn_ended',
  turnId,
  stopReason,
  ...extra,
});
const askPermission = (requestId: string, toolCallId: string, title?: string): SessionEvent => ({
  kind: 'permission_requested',
  requestId,
  toolCallId,
  toolCall: { status: 'pending' },
  options: [
    { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
    { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
  ],
  ...(title === undefined ? {} : { title }),
});
const resolved = (requestId: string, optionId?: string): SessionEvent => ({
  kind: 'permission_resolved',
  requestId,
  outcome: optionId === undefined ? { outcome: 'cancelled' } : { outcome: 'selected', optionId },
});

const turnEnds = (entries: readonly ThreadEntry[]) => entries.filter((e) => e.type === 'turn_end');
const call = (model: ThreadModel, id: string) =>
  model.entries.find((e): e is ToolCallEntry => e.type === 'tool_call' && e.toolCallId === id)!;

const stateCases: Array<{ name: string; events: SessionEvent[]; turnState: string; turnEndRows: number }> = [
  { name: 'v1: prompt → running', events: [prompt('t1')], turnState: 'running', turnEndRows: 0 },
  { name: 'v1: prompt answer ends the turn', events: [prompt('t1'), ended('t1')], turnState: 'idle', turnEndRows: 1 },
  { name: 'v2: running, requires_action, running', events: [prompt('t1'), state('running'), state('requires_action'), state('running')], turnState: 'running', turnEndRows: 0 },
  // The session follows a valid wire idle with its own turn_ended at once (see turns.ts).
  { name: 'v2 client turn: the wire idle, then the session’s turn_ended: one row', events: [prompt('t1'), state('running'), idle('end_turn'), ended('t1')], turnState: 'idle', turnEndRows: 1 },
  { name: 'v2 client turn: a stale idle snapshot alone does not end it', events: [prompt('t1'), idle('end_turn')], turnState: 'running', turnEndRows: 0 },
  { name: 'v2 client turn: repeated idle snapshots after the end add no rows', events: [prompt('t1'), idle('end_turn'), ended('t1'), idle('end_turn'), idle('end_turn')], turnState: 'idle', turnEndRows: 1 },
  { name: 'v2 client turn: turn_ended then the wire idle: one row', events: [prompt('t1'), ended('t1'), idle('end_turn')], turnState: 'idle', turnEndRows: 1 },
  { name: 'v2: idle snapshot on resume, no turn: no row', events: [idle('end_turn')], turnState: 'idle', turnEndRows: 0 },
  { name: 'v2: agent-started turn: idle with a stop reason ends it with a row', events: [state('running'), chunk('agent', 'hi'), idle('end_turn')], turnState: 'idle', turnEndRows: 1 },
  { name: 'v2: agent-started turn: repeated idle snapshots add no rows', events: [state('running'), idle('end_turn'), idle('end_turn'), idle('end_turn')], turnState: 'idle', turnEndRows: 1 },
  { name: 'v2: agent-started turn: idle without a reason closes it quietly', events: [state('running'), idle(), idle('end_turn')], turnState: 'idle', turnEndRows: 0 },
  { name: 'v2: two agent-started turns: two rows', events: [state('running'), idle('end_turn'), state('requires_action'), idle('end_turn'), idle('end_turn')], turnState: 'idle', turnEndRows: 2 },
  { name: 'two prompts, two ends; a late end for the first adds nothing', events: [prompt('t1'), ended('t1'), prompt('t2'), ended('t2'), ended('t1')], turnState: 'idle', turnEndRows: 2 },
];

for (const c of stateCases) {
  test(`turns: ${c.name}`, () => {
    const { model } = run(c.events);
    assert.equal(model.session.turnState, c.turnState);
    assert.equal(turnEnds(model.entries).length, c.turnEndRows);
  });
}

test('turns: turn_end row carries stop reason, error and timeout', () => {
  const { model } = run([
    prompt('t1'),
    ended('t1', 'error', { error: { code: -32603, message: 'boom', data: { big: 'x' } } }),
    prompt('t2'),
    { kind: 'cancel_requested', turnId: 't2' },
    ended('t2', 'cancelled', { timedOut: true }),
  ]);
  const [first, second] = turnEnds(model.entries);
  assert.deepEqual({ ...first, id: '' }, { type: 'turn_end', id: '', turnId: 't1', stopReason: 'error', error: { code: -32603, message: 'boom' } });
  assert.deepEqual({ ...second, id: '' }, { type: 'turn_end', id: '', turnId: 't2', stopReason: 'cancelled', timedOut: true });
  assert.ok(!('currentTurnId' in model.session));
});

test('turns: v2 idle error of an agent-started turn is kept on the row', () => {
  const { model } = run([state('running'), { kind: 'state', state: 'idle', stopReason: 'error', error: { code: 1, message: 'bad' } }]);
  const [row] = turnEnds(model.entries);
  assert.deepEqual(row && row.type === 'turn_end' && row.error, { code: 1, message: 'bad' });
  assert.match(row && row.type === 'turn_end' ? row.turnId : '', /^agent-turn-\d+$/);
});

test('turns: v2 error idle after a cancel shows what the session reports (cancelled)', () => {
  const { model } = run([
    prompt('t1'),
    state('running'),
    { kind: 'cancel_requested', turnId: 't1' },
    { kind: 'state', state: 'idle', stopReason: 'error', error: { code: -32603, message: 'aborted' } },
    ended('t1', 'cancelled'),
  ]);
  assert.deepEqual(turnEnds(model.entries).map((e) => e.type === 'turn_end' && [e.stopReason, e.error]), [['cancelled', undefined]]);
  assert.equal(model.session.turnState, 'idle');
});

test('turns: v2 idle with a stop reason but no following turn_ended keeps a client turn running', () => {
  const { model, results } = run([prompt('t1'), state('running'), idle('end_turn')]);
  assert.deepEqual(results[2], { rows: [], session: false });
  assert.equal(model.session.turnState, 'running');
});

for (const [name, end] of [
  ['v1 response', [ended('t2', 'refusal')]],
  ['v2 idle then the session’s end', [idle('refusal'), ended('t2', 'refusal')]],
] as const) {
  test(`turns: refusal (${name}) marks only that turn's prompt not kept`, () => {
    const { model, results } = run([prompt('t1', 'fine'), ended('t1'), prompt('t2', 'bad'), chunk('agent', 'no'), ...end]);
    const users = model.entries.filter((e) => e.type === 'user');
    assert.deepEqual(users.map((u) => u.type === 'user' && u.notKept === true), [false, true]);
    assert.deepEqual(results[results.length - 1]!.rows.map((c) => [c.op, c.index]), [['update', 2], ['insert', 4]]);
  });
}

test('turns: refusal of an agent-started turn marks that turn’s user message', () => {
  const { model } = run([prompt('t1'), ended('t1'), state('running'), chunk('user', 'queued'), idle('refusal')]);
  assert.deepEqual(model.entries.map((e) => e.type === 'user' && e.notKept === true), [false, false, true, false]);
});

test('turns: refusal of an agent-started turn marks no earlier prompt', () => {
  const { model } = run([prompt('t1'), ended('t1'), state('running'), idle('refusal')]);
  assert.equal(model.entries[0]!.type === 'user' && model.entries[0]!.notKept, undefined);
});

test('cancel: unfinished calls of the turn are cancelled at once, finished ones and older turns kept', () => {
  const { model, results } = run([
    toolCall('old', { title: 'old', status: 'in_progress' }),
    prompt('t1'),
    toolCall('a', { title: 'a', status: 'pending' }),
    toolCall('b', { title: 'b', status: 'in_progress' }),
    toolCall('c', { title: 'c', status: 'completed' }),
    toolUpdate('d', { title: 'd', status: 'paused' }),
    toolCall('e', { title: 'e', status: 'failed' }),
    { kind: 'cancel_requested', turnId: 't1' },
  ]);
  const statuses = Object.fromEntries(['old', 'a', 'b', 'c', 'd', 'e'].map((id) => [id, call(model, id).status]));
  assert.deepEqual(statuses, { old: 'in_progress', a: 'cancelled', b: 'cancelled', c: 'completed', d: 'cancelled', e: 'failed' });
  assert.equal(model.session.turnState, 'cancelling');
  const cancelResult = results[7]!;
  assert.deepEqual(cancelResult.rows.map((c) => [c.op, c.index]), [['update', 2], ['update', 3], ['update', 5]]);
  assert.equal(cancelResult.session, true);
});

test('cancel: pending permissions are withdrawn as cancelled; late answers change nothing', () => {
  const { model, results } = run([
    prompt('t1'),
    toolCall('a', { title: 'a' }),
    askPermission('r1', 'a'),
    { kind: 'cancel_requested', turnId: 't1' },
    resolved('r1', 'allow'),
  ]);
  const a = call(model, 'a');
  assert.equal(a.permission, undefined);
  assert.equal(a.permissionOutcome, 'cancelled');
  assert.equal(a.status, 'cancelled');
  assert.deepEqual(results[4], { rows: [], session: false });
  assert.equal(model.session.turnState, 'cancelling');
});

test('cancel: late updates still apply, state stays cancelling until the end', () => {
  const { model } = run([
    prompt('t1'),
    toolCall('a', { title: 'a', status: 'in_progress' }),
    { kind: 'cancel_requested', turnId: 't1' },
    toolUpdate('a', { status: 'completed', rawOutput: 'partial' }),
    chunk('agent', 'stopping'),
    state('running'),
    askPermission('r2', 'a'),
  ]);
  assert.equal(call(model, 'a').status, 'pending'); // the permission's own patch applied
  assert.equal(call(model, 'a').rawOutput, 'partial');
  assert.equal(model.session.turnState, 'cancelling');
  model.apply(idle('cancelled'));
  assert.equal(model.session.turnState, 'cancelling'); // the session's turn_ended ends a client turn
  model.apply(ended('t1', 'cancelled'));
  assert.equal(model.session.turnState, 'idle');
  assert.deepEqual(turnEnds(model.entries).map((e) => e.type === 'turn_end' && e.stopReason), ['cancelled']);
});

test('cancel: a stale cancel for an older turn changes nothing', () => {
  const { model, results } = run([prompt('t1'), ended('t1'), prompt('t2'), toolCall('a', { title: 'a' }), { kind: 'cancel_requested', turnId: 't1' }]);
  assert.deepEqual(results[4], { rows: [], session: false });
  assert.equal(call(model, 'a').status, 'pending');
  assert.equal(model.session.turnState, 'running');
});

test('permissions: request sets the card state and requires_action; answer records the option and resumes', () => {
  const { model, results } = run([prompt('t1'), toolCall('a', { title: 'Write' }), askPermission('r1', 'a', 'Allow write?')]);
  const a = call(model, 'a');
  assert.equal(a.permission?.requestId, 'r1');
  assert.equal(a.permission?.title, 'Allow write?');
  assert.equal(a.permission?.options.length, 2);
  assert.equal(model.session.turnState, 'requires_action');
  assert.deepEqual(results[2]!.rows.map((c) => [c.op, c.index]), [['update', 1]]);
  const answer = model.apply(resolved('r1', 'allow'));
  assert.equal(call(model, 'a').permission, undefined);
  assert.equal(call(model, 'a').permissionOutcome, 'allow');
  assert.equal(call(model, 'a').permissionLabel, 'Allow once', 'the option as the agent named it, for display');
  assert.equal(model.session.turnState, 'running');
  assert.equal(answer.session, true);
});

test('permissions: two pending; running again only when both are answered', () => {
  const { model } = run([prompt('t1'), askPermission('r1', 'a'), askPermission('r2', 'b'), resolved('r1', 'reject')]);
  assert.equal(model.session.turnState, 'requires_action');
  model.apply(resolved('r2'));
  assert.equal(model.session.turnState, 'running');
  assert.equal(call(model, 'b').permissionOutcome, 'cancelled');
  assert.equal(call(model, 'b').permissionLabel, undefined);
  assert.equal(call(model, 'a').permissionLabel, 'Reject');
});

test('permissions: a request for an unknown tool call creates it (one insert)', () => {
  const { model, results } = run([
    prompt('t1'),
    { ...askPermission('r1', 'x', 'Run rm?'), toolCall: { kind: 'execute', rawInput: { cmd: 'rm' } } } as SessionEvent,
  ]);
  const x = call(model, 'x');
  assert.equal(x.title, 'Run rm?');
  assert.equal(x.kind, 'execute');
  assert.equal(x.orphan, undefined);
  assert.equal(x.permission?.requestId, 'r1');
  assert.deepEqual(results[1]!.rows.map((c) => c.op), ['insert']);
  const insert = results[1]!.rows[0]!;
  assert.ok(insert.op === 'insert' && insert.entry.type === 'tool_call' && insert.entry.permission?.requestId === 'r1');
});

test('permissions: the request patch updates the displayed call', () => {
  const { model } = run([
    toolCall('a', { title: 'Edit', status: 'pending' }),
    { ...askPermission('r1', 'a'), toolCall: { title: 'Edit /src/a.ts', locations: [{ path: '/src/a.ts' }] } } as SessionEvent,
  ]);
  assert.equal(call(model, 'a').title, 'Edit /src/a.ts');
  assert.deepEqual(call(model, 'a').locations, [{ path: '/src/a.ts' }]);
});

test('cancel: a cancel arriving after its turn ended changes nothing', () => {
  const { model, results } = run([
    prompt('t1'),
    toolCall('a', { title: 'a' }),
    askPermission('r1', 'a'),
    ended('t1'),
    { kind: 'cancel_requested', turnId: 't1' },
  ]);
  assert.deepEqual(results[4], { rows: [], session: false });
  assert.equal(call(model, 'a').permission?.requestId, 'r1');
  assert.equal(model.session.turnState, 'idle');
});
