import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BURST_FRAME_MS, BurstPacer } from '../../../webview/thread/burstPacer.js';

function clocked(): { pacer: BurstPacer; at: (ms: number) => void } {
  let now = 1_000;
  return { pacer: new BurstPacer(() => now), at: (ms) => { now = ms; } };
}

test('text streaming into a row (no new rows overrunning the view) is drawn every frame', () => {
  const { pacer, at } = clocked();
  for (let frame = 0; frame < 10; frame++) {
    at(1_000 + frame * 16);
    assert.equal(pacer.skip(5, false), false);
  }
  assert.equal(pacer.inBurst, false);
});

test('a burst is drawn at most every BURST_FRAME_MS: the first overrun draws, the next frames wait, then it draws again', () => {
  const { pacer, at } = clocked();
  at(1_000);
  assert.equal(pacer.skip(40, true), false, 'the first pass of a burst draws');
  assert.equal(pacer.inBurst, true);
  assert.equal(pacer.rowsAtLastPass, 40);
  at(1_016);
  assert.equal(pacer.skip(80, true), true);
  at(1_032);
  assert.equal(pacer.skip(120, true), true);
  assert.equal(pacer.rowsAtLastPass, 40, 'a skipped frame is not a pass: the rows since the last one still count as new');
  at(1_000 + BURST_FRAME_MS);
  assert.equal(pacer.skip(160, true), false);
  assert.equal(pacer.rowsAtLastPass, 160);
});

test('rows a burst pushed above the view wait until it has been quiet for BURST_FRAME_MS', () => {
  const { pacer, at } = clocked();
  at(1_000);
  pacer.skip(40, true);
  assert.equal(pacer.quiet(), false);
  at(1_020);
  assert.equal(pacer.skip(40, false), false, 'nothing new: a pass');
  assert.equal(pacer.inBurst, false);
  assert.equal(pacer.quiet(), false);
  at(1_000 + BURST_FRAME_MS);
  assert.equal(pacer.quiet(), true);
});

test('a new thread starts quiet, its rows not new', () => {
  const { pacer, at } = clocked();
  at(1_000);
  pacer.skip(40, true);
  pacer.reset(5_000);
  assert.equal(pacer.inBurst, false);
  assert.equal(pacer.quiet(), true);
  assert.equal(pacer.rowsAtLastPass, 5_000);
});
