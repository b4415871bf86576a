import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/protocol/events.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import { chunk, prompt } from './events.js';

// A check that streaming does not go quadratic, not a benchmark (that is `npm run bench`).
// The bound is far above linear work on a loaded machine (~20 ms quiet, ~2 s at a load of 20
// on two cores) and far below quadratic work: copying the whole text per chunk would move
// 5 × N² / 2 = 25 GB for N = 100,000, minutes on any machine. A tight bound here failed
// whenever the machine was busy; the figure to watch is the bench's.
const N = 100_000;
const BOUND_MS = 15_000;

function timeChunks(events: SessionEvent[]): number {
  const model = new ThreadModel();
  model.apply(prompt('t1'));
  const started = performance.now();
  for (const event of events) model.apply(event);
  const elapsed = performance.now() - started;
  const row = model.entries[1]!;
  assert.ok(row.type === 'agent' && row.content[0]!.type === 'text' && row.content[0]!.text.length === 5 * events.length);
  return elapsed;
}

for (const [name, withId] of [
  ['without message ids', false],
  ['with message ids', true],
] as const) {
  test(`perf: ${N} agent_message_chunk events ${name} stay linear (under ${BOUND_MS / 1000} s)`, (t) => {
    const events = Array.from({ length: N }, () => chunk('agent', 'word ', withId ? 'm1' : undefined));
    timeChunks(events.slice(0, 2_000)); // warm the JIT the way a long session would
    const best = Math.min(timeChunks(events), timeChunks(events));
    t.diagnostic(`${N} chunks ${name}: ${best.toFixed(1)} ms`);
    assert.ok(best < BOUND_MS, `${best.toFixed(1)} ms`);
  });
}
