import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ThreadModel } from '../../../src/thread/reducer.js';
import type { ThreadEntry } from '../../../src/thread/types.js';
import { toolCall } from '../thread/events.js';
import { forkedThread, turnEnd } from '../../../src/vscode/thread/forkedThread.js';

/** Two finished turns, each a prompt, a tool call, an answer and its end. */
function twoTurns(): ThreadModel {
  const model = new ThreadModel();
  for (const [turnId, text] of [['turn-1', 'plant tomatoes'], ['turn-2', 'water them']] as const) {
    model.apply({ kind: 'prompt_sent', turnId, content: [{ type: 'text', text }] });
    model.apply(toolCall(`call-${turnId}`, { title: `Recall ${text}`, status: 'completed' }));
    model.apply({ kind: 'message_chunk', role: 'agent', content: { type: 'text', text: `noted: ${text}` } });
    model.apply({ kind: 'turn_ended', turnId, stopReason: 'end_turn' });
  }
  return model;
}

const textOf = (e: ThreadEntry) => (e.type === 'user' || e.type === 'agent' ? e.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : e.type);

test('turnEnd: just past the chosen turn (up to the next prompt), the end for the last turn, -1 for an unknown one', () => {
  const entries = twoTurns().entries;
  const second = entries.findIndex((e) => e.type === 'user' && e.turnId === 'turn-2');
  assert.ok(second > 0);
  assert.equal(turnEnd(entries, 'turn-1'), second);
  assert.equal(turnEnd(entries, 'turn-2'), entries.length);
  assert.equal(turnEnd(entries, 'turn-9'), -1);
});

test('the fork of the latest turn: every row, re-keyed, titled after the original, then a notice saying where it came from', () => {
  const origin = twoTurns();
  const before = JSON.stringify(origin.snapshot());
  const fork = forkedThread(origin.snapshot(), 'turn-2', 'Tomatoes', 'p:');
  assert.ok(fork);
  const rows = fork.entries;
  assert.equal(rows.length, origin.entries.length + 1);
  assert.deepEqual(rows.slice(0, -1).map(textOf), origin.entries.map(textOf));
  // Ids the forked session reuses (turns counted from its own start, tool call ids) never patch a copied row.
  const user = rows.find((e) => e.type === 'user');
  assert.equal(user?.type === 'user' && user.turnId, 'p:turn-1');
  const tool = rows.find((e) => e.type === 'tool_call');
  assert.equal(tool?.type === 'tool_call' && tool.toolCallId, 'p:call-turn-1');
  const note = rows.at(-1)!;
  assert.equal(note.type, 'notice');
  assert.equal(note.type === 'notice' && note.title, 'Forked from "Tomatoes"');
  assert.match(note.type === 'notice' ? note.detail ?? '' : '', /session\/fork/);
  assert.equal(fork.session.title, 'Tomatoes (fork)');
  assert.equal(fork.session.turnState, 'idle');
  // The original is untouched.
  assert.equal(JSON.stringify(origin.snapshot()), before);
});

test('the fork goes on: a new turn of the forked session with a reused turn id adds its own rows', () => {
  const fork = forkedThread(twoTurns().snapshot(), 'turn-2', 'Tomatoes', 'p:')!;
  const count = fork.entries.length;
  fork.apply({ kind: 'prompt_sent', turnId: 'turn-1', content: [{ type: 'text', text: 'pick them' }] });
  fork.apply({ kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'noted: pick them' } });
  fork.apply({ kind: 'turn_ended', turnId: 'turn-1', stopReason: 'end_turn' });
  assert.equal(fork.entries.length, count + 3);
  assert.equal(fork.entries.filter((e) => e.type === 'turn_end').length, 3);
  assert.equal(fork.session.turnState, 'idle');
});

test('an earlier turn cuts the copy after that turn; an unknown turn gives nothing', () => {
  const origin = twoTurns();
  const fork = forkedThread(origin.snapshot(), 'turn-1', 'Tomatoes', 'p:')!;
  assert.deepEqual(fork.entries.filter((e) => e.type === 'user').map(textOf), ['plant tomatoes']);
  assert.equal(forkedThread(origin.snapshot(), 'nope', 'Tomatoes'), undefined);
});
