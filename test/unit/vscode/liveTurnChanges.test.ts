import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChangedFile } from '../../../src/protocol/events.js';
import { LiveTurnChanges } from '../../../src/vscode/review/liveTurnChanges.js';

const file = (path: string): ChangedFile => ({ root: '/r', path, status: 'modified', added: 1, deleted: 0, binary: false });

/** A compute() the test finishes by hand, and a wait() that resolves at once. */
function harness() {
  const calls: Array<(files: ChangedFile[]) => void> = [];
  const published: ChangedFile[][] = [];
  const waits: number[] = [];
  const live = new LiveTurnChanges({
    compute: () => new Promise((resolve) => calls.push(resolve)),
    publish: (files) => published.push(files),
    wait: async (ms) => { waits.push(ms); },
    gapMs: 1_000,
  });
  const settle = () => new Promise((r) => setImmediate(r));
  return { live, calls, published, waits, settle };
}

test('a burst of file events during a refresh costs one more refresh, after the gap', async () => {
  const h = harness();
  h.live.poke();
  await h.settle();
  assert.equal(h.calls.length, 1, 'the first poke refreshes at once');
  for (let i = 0; i < 50; i++) h.live.poke();
  h.calls[0]!([file('a.txt')]);
  await h.settle();
  await h.settle();
  assert.deepEqual(h.published, [[file('a.txt')]]);
  assert.equal(h.calls.length, 2, 'fifty pokes while busy: one more refresh');
  assert.equal(h.waits.length, 1, 'that refresh waited for the gap first');
  assert.ok(h.waits[0]! > 0 && h.waits[0]! <= 1_000);
  h.calls[1]!([file('a.txt'), file('b.txt')]);
  await h.settle();
  assert.equal(h.published.length, 2);
  assert.equal(h.live.refreshes, 2);
});

test('a refresh that ends after stop() is dropped: the turn end has the last word', async () => {
  const h = harness();
  h.live.poke();
  await h.settle();
  const stopped = h.live.stop();
  h.live.poke();
  h.calls[0]!([file('late.txt')]);
  await stopped;
  assert.deepEqual(h.published, []);
  assert.equal(h.calls.length, 1, 'no refresh after stop()');
});

test('a failing refresh is reported and the next poke still refreshes', async () => {
  const errors: unknown[] = [];
  let fail = true;
  const published: ChangedFile[][] = [];
  const live = new LiveTurnChanges({
    compute: async () => { if (fail) throw new Error('git busy'); return [file('x')]; },
    publish: (f) => published.push(f), onError: (e) => errors.push(e), wait: async () => undefined,
  });
  live.poke();
  await new Promise((r) => setImmediate(r));
  fail = false;
  live.poke();
  for (let i = 0; i < 5 && !published.length; i++) await new Promise((r) => setImmediate(r));
  await live.stop();
  assert.equal(errors.length, 1);
  assert.match(String(errors[0]), /git busy/);
  assert.deepEqual(published, [[file('x')]]);
});
