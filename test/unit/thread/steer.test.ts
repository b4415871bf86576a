/**
 * Messages sent while a turn runs: a v2 steer becomes a user row of its own inside the running
 * turn, bound to the agent's id whichever arrives first (the prompt answer or the agent's echo);
 * a message sent after the turn was stopped is marked on its own turn's row.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/protocol/events.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import type { UserEntry } from '../../../src/thread/types.js';
import { chunk, text, upsert } from './events.js';

const users = (model: ThreadModel) => model.entries.filter((e): e is UserEntry => e.type === 'user');
const turnStart: SessionEvent[] = [
  { kind: 'prompt_sent', turnId: 't1', content: [text('long')] },
  { kind: 'prompt_accepted', turnId: 't1', messageId: 'user_1' },
  upsert('user', 'user_1', [text('long')]),
  chunk('agent', 'tick ', 'msg_2'),
];

test('steered, the answer before the echo: one row, marked, the echo fills it', () => {
  const model = new ThreadModel();
  for (const e of turnStart) model.apply(e);
  model.apply({ kind: 'prompt_steered', content: [text('look at the tests')], messageId: 'user_3' });
  model.apply(upsert('user', 'user_3', [text('look at the tests')]));
  const rows = users(model);
  assert.equal(rows.length, 2);
  assert.deepEqual({ ...rows[1], id: '' }, { type: 'user', id: '', content: [text('look at the tests')], delivery: 'steered', messageId: 'user_3' });
  assert.equal(rows[0]!.delivery, undefined, 'the turn\'s own message is untouched');
  assert.equal(model.session.turnState, 'running', 'still the same turn');
  assert.equal(model.entries.filter((e) => e.type === 'agent').length, 1, 'the partial answer stays');
});

test('steered, the echo before the answer: the echo\'s row is the one marked', () => {
  const model = new ThreadModel();
  for (const e of turnStart) model.apply(e);
  model.apply(upsert('user', 'user_3', [text('look at the tests')]));
  model.apply({ kind: 'prompt_steered', content: [text('look at the tests')], messageId: 'user_3' });
  const rows = users(model);
  assert.equal(rows.length, 2, 'not shown twice');
  assert.equal(rows[1]!.delivery, 'steered');
});

test('steered without an id: its own row all the same', () => {
  const model = new ThreadModel();
  for (const e of turnStart) model.apply(e);
  model.apply({ kind: 'prompt_steered', content: [text('stop that')] });
  assert.deepEqual(users(model).map((u) => u.delivery), [undefined, 'steered']);
});

test('sent after the turn was stopped: its turn\'s row says how', () => {
  const model = new ThreadModel();
  model.apply({ kind: 'prompt_sent', turnId: 't1', content: [text('long')] });
  model.apply({ kind: 'turn_ended', turnId: 't1', stopReason: 'cancelled' });
  model.apply({ kind: 'prompt_sent', turnId: 't2', content: [text('do this instead')] });
  model.apply({ kind: 'prompt_delivery', turnId: 't2', delivery: 'stopped_and_sent' });
  model.apply({ kind: 'prompt_delivery', turnId: 'unknown', delivery: 'stopped_first' });
  assert.deepEqual(users(model).map((u) => u.delivery), [undefined, 'stopped_and_sent']);
  const restored = ThreadModel.restore(model.snapshot(), (s: string) => s);
  assert.equal(users(restored)[1]!.delivery, 'stopped_and_sent', 'kept with the saved thread');
});
