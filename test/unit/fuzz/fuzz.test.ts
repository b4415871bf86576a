/**
 * The short fuzz run `npm test` does (the full one is `npm run fuzz`): 2,000 mutated
 * session/updates, agent requests and prompt answers through parse → thread → panel rows →
 * presentation, 0 exceptions and every invariant held. A fixed seed keeps it deterministic;
 * `FUZZ_SEED` runs another one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFailure, runFuzz } from '../../fuzz/pipeline.js';
import { seedFromEnv } from '../../fuzz/prng.js';

const SEED = seedFromEnv(20_261_125);

test(`2,000 fuzz cases (FUZZ_SEED=${SEED}): no exception, no row lost, the thread stays serialisable`, () => {
  const report = runFuzz({ seed: SEED, cases: 2_000, maxFailures: 5 });
  assert.equal(report.cases, 2_000);
  assert.deepEqual(report.failures.map(describeFailure), []);
  // The mutations must still reach the thread, not only be refused at the parser.
  for (const kind of ['message_chunk', 'message_upsert', 'tool_call', 'plan', 'permission_requested', 'turn_ended', 'usage', 'compaction', 'agent_terminal']) {
    assert.ok((report.eventKinds[kind] ?? 0) > 0, `no ${kind} event reached the thread`);
  }
});

test('a fuzz run is reproducible from its seed', () => {
  const a = runFuzz({ seed: 7, cases: 300 });
  const b = runFuzz({ seed: 7, cases: 300 });
  assert.deepEqual(a.eventKinds, b.eventKinds);
  assert.notDeepEqual(runFuzz({ seed: 8, cases: 300 }).eventKinds, a.eventKinds);
});
