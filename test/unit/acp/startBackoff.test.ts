import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StartBackoff } from '../../../src/agents/startBackoff.js';

function clocked(opts: ConstructorParameters<typeof StartBackoff>[0] = {}) {
  let now = 1_000_000;
  const backoff = new StartBackoff({ baseMs: 100, maxMs: 400, giveUpAfter: 4, stableMs: 1_000, coolOffMs: 10_000, now: () => now, ...opts });
  return { backoff, advance: (ms: number) => (now += ms) };
}

test('failed starts wait 0, base, ×2, … up to the cap, then give up', () => {
  const { backoff } = clocked({ giveUpAfter: 5 });
  const waits: unknown[] = [];
  for (let i = 0; i < 6; i++) {
    const v = backoff.beforeStart();
    waits.push(v.go ? v.waitMs : 'gave up');
    if (v.go) backoff.started(false);
  }
  assert.deepEqual(waits, [0, 100, 200, 400, 400, 'gave up']);
});

test('an exit soon after ready is a quick death; one after the stable time clears the count', () => {
  const { backoff, advance } = clocked();
  backoff.started(false);
  backoff.started(false);
  assert.ok(backoff.beforeStart().go);
  backoff.started(true);
  advance(200);
  backoff.exited();
  const v = backoff.beforeStart();
  assert.deepEqual(v, { go: true, waitMs: 400 });
  backoff.started(true);
  advance(1_500);
  backoff.exited();
  assert.deepEqual(backoff.beforeStart(), { go: true, waitMs: 0 });
});

test('a start that stays up clears the count even before it exits', () => {
  const { backoff, advance } = clocked();
  backoff.started(false);
  backoff.started(true);
  advance(1_000);
  assert.deepEqual(backoff.beforeStart(), { go: true, waitMs: 0 });
});

test('given up: refused until left alone for the cool-off, with the time left', () => {
  const { backoff, advance } = clocked();
  for (let i = 0; i < 4; i++) backoff.started(false);
  advance(4_000);
  assert.deepEqual(backoff.beforeStart(), { go: false, attempts: 4, retryAfterMs: 6_000 });
  advance(6_000);
  assert.deepEqual(backoff.beforeStart(), { go: true, waitMs: 0 });
});
