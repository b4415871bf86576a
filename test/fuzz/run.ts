/**
 * `npm run fuzz`: the full fuzz run (100,000 cases by default, then 10,000 sequences of the
 * review's model-based test, test/fuzz/safety) with a fresh seed, printed
 * first so any failure can be replayed: `FUZZ_SEED=<seed> npm run fuzz`. `FUZZ_CASES` sets
 * the number of cases.
 */
import { randomInt } from 'node:crypto';
import { describeFailure, runFuzz } from './pipeline.js';
import { seedFromEnv } from './prng.js';
import { fuzzSafety } from './safety/model.js';

const seed = seedFromEnv(randomInt(2 ** 31));
const cases = Number(process.env.FUZZ_CASES ?? 100_000);
console.log(`fuzz: ${cases} cases, FUZZ_SEED=${seed}`);
const report = runFuzz({ seed, cases, maxFailures: 20 });
const perSecond = Math.round((report.cases / report.ms) * 1000);
console.log(`fuzz: ${report.cases} cases in ${(report.ms / 1000).toFixed(1)} s (${perSecond}/s)`);
console.log(`fuzz: events reached: ${Object.entries(report.eventKinds).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
for (const failure of report.failures) console.error(describeFailure(failure));
if (report.failures.length) {
  console.error(`fuzz: ${report.failures.length} failure(s) (stopped at 20) — replay with FUZZ_SEED=${seed}`);
  process.exit(1);
}
console.log('fuzz: 0 exceptions, every invariant held');

// The review's promise: sequences of writers, undo and restore (FUZZ_SEQUENCES, 10,000 by default).
const sequences = Number(process.env.FUZZ_SEQUENCES ?? 10_000);
const started = Date.now();
const safety = await fuzzSafety(seed, sequences);
console.log(`fuzz: ${sequences} sequences of agent writes, user edits, undo, restore and redo in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`fuzz: reached ${Object.entries(safety.stats).map(([k, n]) => `${k} ${n}`).join(', ')}`);
for (const f of safety.failures) console.error(`${f.error}\nminimal sequence: ${JSON.stringify(f.steps)}`);
if (safety.failures.length) {
  console.error(`fuzz: a user's line was lost — replay with FUZZ_SEED=${seed}`);
  process.exit(1);
}
console.log('fuzz: 0 violations: no line the user wrote was lost without their say, every clean undo exact');

// The same in a real folder: the product's snapshot store and restore engine, git gc in the user's repository between steps.
const gitSequences = Number(process.env.FUZZ_GIT_SEQUENCES ?? 100);
const gitStarted = Date.now();
const inGit = await fuzzSafety(seed, gitSequences, 'git');
console.log(`fuzz: ${gitSequences} sequences in a real git repository in ${((Date.now() - gitStarted) / 1000).toFixed(1)} s; reached ${Object.entries(inGit.stats).map(([k, n]) => `${k} ${n}`).join(', ')}`);
for (const f of inGit.failures) console.error(`${f.error}\nminimal sequence: ${JSON.stringify(f.steps)}`);
if (inGit.failures.length) {
  console.error(`fuzz: a user's line was lost in the git repository — replay with FUZZ_SEED=${seed}`);
  process.exit(1);
}
console.log('fuzz: 0 violations in the git repository either');
