import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/protocol/events.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import { chunk, prompt } from './events.js';

// A smoke check that streaming stays O(1) per chunk, not a benchmark (that is `npm run bench`).
// The bound is loose because the machine is shared; quadratic work would blow far past it.
const N = 100_000;

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
  test(`perf: ${N} agent_message_chunk events ${name} stay well under 200 ms`, (t) => {
    const events = Array.from({ length: N }, () => chunk('agent', 'word ', withId ? 'm1' : undefined));
    timeChunks(events.slice(0, 2_000)); // warm the JIT the way a long session would
    const best = Math.min(timeChunks(events), timeChunks(events));
    t.diagnostic(`${N} chunks ${name}: ${best.toFixed(1)} ms`);
    assert.ok(best < 200, `${best.toFixed(1)} ms`);
  });
}
