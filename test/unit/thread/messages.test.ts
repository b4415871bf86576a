import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/protocol/events.js';
import { blockChunk, chunk, prompt, run, text, textOf, upsert } from './events.js';

const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' } as const;

interface Case {
  name: string;
  events: SessionEvent[];
  /** Expected rows as "type:text" strings. */
  rows: string[];
}

const cases: Case[] = [
  {
    name: 'seed 002 worked example: [A], chunk B → [A,B]; upsert [C] → [C]; chunk D → [C,D]',
    events: [upsert('agent', 'm1', [text('A')]), chunk('agent', 'B', 'm1'), upsert('agent', 'm1', [text('C')]), chunk('agent', 'D', 'm1')],
    rows: ['agent:CD'],
  },
  {
    name: 'a chunk after an upsert whose last block is not text appends a block',
    events: [upsert('agent', 'm1', [text('A'), image]), chunk('agent', 'B', 'm1')],
    rows: ['agent:A|[image]|B'],
  },
  {
    name: 'upsert without content leaves accumulated chunks',
    events: [chunk('agent', 'A', 'm1'), chunk('agent', 'B', 'm1'), upsert('agent', 'm1')],
    rows: ['agent:AB'],
  },
  {
    name: 'upsert with null clears',
    events: [chunk('agent', 'A', 'm1'), upsert('agent', 'm1', null)],
    rows: ['agent:'],
  },
  {
    name: 'upsert with [] clears, then chunks start again',
    events: [chunk('agent', 'A', 'm1'), upsert('agent', 'm1', []), chunk('agent', 'B', 'm1')],
    rows: ['agent:B'],
  },
  {
    name: 'upsert for an unknown id creates the row (even without content)',
    events: [upsert('thought', 't1'), upsert('agent', 'm2', [text('x')])],
    rows: ['thought:', 'agent:x'],
  },
  {
    name: 'chunks with ids append to their message wherever it is',
    events: [chunk('agent', 'A', 'm1'), chunk('thought', 'think', 't1'), chunk('agent', 'B', 'm1'), chunk('thought', '!', 't1')],
    rows: ['agent:AB', 'thought:think!'],
  },
  {
    name: 'a new id starts a new message even for the same role',
    events: [chunk('agent', 'A', 'm1'), chunk('agent', 'B', 'm2')],
    rows: ['agent:A', 'agent:B'],
  },
  {
    name: 'the same id under two roles is two messages',
    events: [chunk('thought', 'T', 'x'), chunk('agent', 'A', 'x'), chunk('thought', 'U', 'x')],
    rows: ['thought:TU', 'agent:A'],
  },
  {
    name: 'a chunk under the streaming row\'s id but another role goes to its own message',
    events: [chunk('thought', 'T', 'x'), chunk('thought', 'U', 'x'), chunk('agent', 'A', 'x'), chunk('agent', 'B', 'x'), chunk('thought', 'V', 'x')],
    rows: ['thought:TUV', 'agent:AB'],
  },
  {
    name: 'without ids, a change of kind starts a new message',
    events: [chunk('agent', 'A'), chunk('agent', 'B'), chunk('thought', 'T'), chunk('agent', 'C')],
    rows: ['agent:AB', 'thought:T', 'agent:C'],
  },
  {
    name: 'without ids, only the last row continues',
    events: [chunk('agent', 'A'), { kind: 'notice', severity: 'info', title: 'n' }, chunk('agent', 'B')],
    rows: ['agent:A', 'notice:', 'agent:B'],
  },
  {
    name: 'non-text blocks append; text after them starts a new text block',
    events: [chunk('agent', 'A'), blockChunk('agent', image), chunk('agent', 'B'), chunk('agent', 'C')],
    rows: ['agent:A|[image]|BC'],
  },
  {
    name: 'empty text chunks change nothing',
    events: [chunk('agent', 'A'), chunk('agent', ''), chunk('agent', 'B')],
    rows: ['agent:AB'],
  },
  {
    name: 'replayed user messages without a prompt become user rows',
    events: [chunk('user', 'question'), chunk('agent', 'answer')],
    rows: ['user:question', 'agent:answer'],
  },
];

for (const c of cases) {
  test(`messages: ${c.name}`, () => {
    const { model } = run(c.events);
    assert.deepEqual(
      model.entries.map((e) => `${e.type}:${textOf(e)}`),
      c.rows,
    );
  });
}

test('messages: events are not mutated by streaming into their blocks', () => {
  const first = chunk('agent', 'A', 'm1');
  const { model } = run([first, chunk('agent', 'B', 'm1'), upsert('agent', 'm2', [text('X')]), chunk('agent', 'Y', 'm2')]);
  assert.deepEqual(first, chunk('agent', 'A', 'm1'));
  assert.equal(textOf(model.entries[1]), 'XY');
});

test('prompt: prompt_sent adds the user row with its turn and starts the turn', () => {
  const { model, results } = run([prompt('t1', 'hi')]);
  assert.deepEqual(model.entries.map((e) => e.type), ['user']);
  assert.equal(model.entries[0]!.type === 'user' && model.entries[0]!.turnId, 't1');
  assert.equal(model.session.turnState, 'running');
  assert.equal(model.session.currentTurnId, 't1');
  assert.equal(results[0]!.session, true);
});

const echoCases: Array<{ name: string; events: SessionEvent[]; rows: string[] }> = [
  {
    name: 'v2 accepted then user_message echo upserts into the prompt row',
    events: [prompt('t1', 'hi'), { kind: 'prompt_accepted', turnId: 't1', messageId: 'u1' }, upsert('user', 'u1', [text('hi (as the agent saw it)')])],
    rows: ['user:hi (as the agent saw it)'],
  },
  {
    name: 'echo before the prompt answer binds to the waiting prompt row',
    events: [prompt('t1', 'hi'), upsert('user', 'u1', [text('hi')]), { kind: 'prompt_accepted', turnId: 't1', messageId: 'u1' }],
    rows: ['user:hi'],
  },
  {
    name: 'echo as streamed user chunks replaces the local copy, then appends',
    events: [prompt('t1', 'hello'), { kind: 'prompt_accepted', turnId: 't1', messageId: 'u1' }, chunk('user', 'hel', 'u1'), chunk('user', 'lo', 'u1')],
    rows: ['user:hello'],
  },
  {
    name: 'echo without content keeps the prompt text',
    events: [prompt('t1', 'hi'), { kind: 'prompt_accepted', turnId: 't1', messageId: 'u1' }, upsert('user', 'u1')],
    rows: ['user:hi'],
  },
  {
    name: 'a second prompt gets its own row; the old message id still reaches the old row',
    events: [
      prompt('t1', 'one'),
      { kind: 'prompt_accepted', turnId: 't1', messageId: 'u1' },
      { kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' },
      prompt('t2', 'two'),
      { kind: 'prompt_accepted', turnId: 't2', messageId: 'u2' },
      upsert('user', 'u1', [text('one, redacted')]),
    ],
    rows: ['user:one, redacted', 'turn_end:', 'user:two'],
  },
];

for (const c of echoCases) {
  test(`prompt: ${c.name}`, () => {
    const { model } = run(c.events);
    assert.deepEqual(model.entries.map((e) => `${e.type}:${textOf(e)}`), c.rows);
  });
}

test('prompt: prompt_accepted records the message id on the row', () => {
  const { model, results } = run([prompt('t1'), { kind: 'prompt_accepted', turnId: 't1', messageId: 'u1' }]);
  const row = model.entries[0]!;
  assert.equal(row.type === 'user' && row.messageId, 'u1');
  assert.deepEqual(results[1]!.rows.map((c) => [c.op, c.index]), [['update', 0]]);
});

test('prompt: prompt_accepted for an unknown turn changes nothing', () => {
  const { model, results } = run([prompt('t1'), { kind: 'prompt_accepted', turnId: 'nope', messageId: 'u1' }]);
  assert.deepEqual(results[1], { rows: [], session: false });
  assert.equal(model.entries[0]!.type === 'user' && model.entries[0]!.messageId, undefined);
});
