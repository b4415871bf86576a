import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/protocol/events.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import { chunk, prompt, run, text, textOf, toolCall, toolUpdate, upsert } from './events.js';

/** A snapshot survives JSON (that is how transcripts are stored). */
const viaJson = (model: ThreadModel) => JSON.parse(JSON.stringify(model.snapshot()));

const before: SessionEvent[] = [
  { kind: 'available_commands', commands: [{ name: 'plan', description: 'Plan' }] },
  prompt('t1', 'one'),
  { kind: 'prompt_accepted', turnId: 't1', messageId: 'u1' },
  chunk('agent', 'Hello', 'm1'),
  chunk('agent', ' world', 'm1'),
  toolCall('c1', { title: 'Run', content: [{ type: 'terminal', terminalId: 'T' }] }),
  { kind: 'plan', planId: 'main', entries: [{ content: 'a', priority: 'low', status: 'pending' }] },
  { kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' },
  { kind: 'state', state: 'running' },
  { kind: 'state', state: 'idle', stopReason: 'end_turn' },
];

const after: SessionEvent[] = [
  chunk('agent', '!', 'm1'),
  upsert('user', 'u1', [text('one (edited)')]),
  toolUpdate('c1', { status: 'completed' }),
  { kind: 'terminal_output', terminalId: 'T', command: 'ls', output: 'x', truncated: false },
  { kind: 'plan', planId: 'main', entries: [] },
  { kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' },
  { kind: 'state', state: 'idle', stopReason: 'end_turn' },
  prompt('t2', 'two'),
  { kind: 'state', state: 'running' },
  { kind: 'state', state: 'idle', stopReason: 'end_turn' },
];

test('restore: a restored model continues exactly like the live one', () => {
  const live = run(before).model;
  const restored = ThreadModel.restore(viaJson(live));
  assert.deepEqual(restored.snapshot(), viaJson(live));
  const liveResults = after.map((e) => live.apply(e));
  const restoredResults = after.map((e) => restored.apply(e));
  assert.deepEqual(restoredResults, liveResults);
  assert.deepEqual(restored.entries, live.entries);
  assert.equal(textOf(restored.entries[1]), 'Hello world!');
  assert.equal(textOf(restored.entries[0]), 'one (edited)');
});

test('restore: new rows never reuse saved ids', () => {
  const live = run(before).model;
  const restored = ThreadModel.restore(viaJson(live));
  const inserted = restored.apply({ kind: 'notice_local', severity: 'info', title: 'x' }).rows[0]!;
  assert.ok(inserted.op === 'insert');
  assert.ok(!live.entries.some((e) => e.id === inserted.entry.id));
});

test('restore: ids of another scheme are tolerated and not reused', () => {
  const restored = ThreadModel.restore({
    entries: [{ type: 'notice', id: 'e7', severity: 'info', title: 'a' }, { type: 'notice', id: 'custom', severity: 'info', title: 'b' }],
    session: { turnState: 'idle', commands: [] },
  });
  restored.apply({ kind: 'notice_local', severity: 'info', title: 'c' });
  assert.deepEqual(restored.entries.map((e) => e.id), ['e7', 'custom', 'e8']);
});

test('restore: saved mid-turn, a cancel still reaches that turn’s calls and the end closes it', () => {
  const live = run([prompt('t1'), toolCall('c1', { title: 'Run', status: 'in_progress' })]).model;
  const restored = ThreadModel.restore(viaJson(live));
  restored.apply({ kind: 'cancel_requested', turnId: 't1' });
  const c1 = restored.entries[1]!;
  assert.equal(c1.type === 'tool_call' && c1.status, 'cancelled');
  restored.apply({ kind: 'turn_ended', turnId: 't1', stopReason: 'cancelled' });
  assert.equal(restored.session.turnState, 'idle');
  assert.equal(restored.entries.filter((e) => e.type === 'turn_end').length, 1);
});

test('restore: the snapshot given is not changed by later events', () => {
  const snapshot = viaJson(run(before).model);
  const copy = structuredClone(snapshot);
  const restored = ThreadModel.restore(snapshot);
  for (const e of after) restored.apply(e);
  assert.deepEqual(snapshot, copy);
});

test('snapshot: detached from later events, streaming text included', () => {
  const model = run([chunk('agent', 'a'), chunk('agent', 'b')]).model;
  const snap = model.snapshot();
  model.apply(chunk('agent', 'c'));
  model.apply({ kind: 'notice_local', severity: 'info', title: 'n' });
  assert.equal(textOf(snap.entries[0]), 'ab');
  assert.equal(snap.entries.length, 1);
  assert.equal(textOf(model.entries[0]), 'abc');
});
