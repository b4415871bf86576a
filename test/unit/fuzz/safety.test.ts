/**
 * The short run of the model-based test of "nothing the user wrote is lost" (`npm run fuzz`
 * runs 10,000 in memory and 100 in a real git repository, with a fresh seed): 500 seeded sequences of agent writes, user edits
 * saved and unsaved, undo, keep, restore and redo, 0 violations — and the mix must really
 * reach conflicts, clean merges, exact undos, restores, redos and hunks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fuzzSafety } from '../../fuzz/safety/model.js';
import { seedFromEnv } from '../../fuzz/prng.js';

const SEED = seedFromEnv(20_261_128);

test(`500 sequences of writers, undo and restore (FUZZ_SEED=${SEED}): no line the user wrote lost without their say`, async () => {
  const { failures, stats } = await fuzzSafety(SEED, 500);
  assert.deepEqual(failures.map((f) => `${f.error}\nminimal sequence: ${JSON.stringify(f.steps)}`), []);
  for (const [k, n] of Object.entries(stats)) assert.ok(n > 0, `no ${k} reached in 500 sequences`);
});

test(`6 sequences in a real git repository (FUZZ_SEED=${SEED}): the real snapshot store and restore, git gc in the user's repository between steps`, async () => {
  const { failures, stats } = await fuzzSafety(SEED, 6, 'git');
  assert.deepEqual(failures.map((f) => `${f.error}\nminimal sequence: ${JSON.stringify(f.steps)}`), []);
  assert.ok(stats.restores + stats.exactUndos > 0, 'the sequences reached undo and restore');
});
