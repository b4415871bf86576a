/** The account of the host's writes in flight that a turn's end waits on before its snapshot. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WritesInFlight } from '../../../src/vscode/editor/writesInFlight.js';

function deferred(): { promise: Promise<void>; resolve(): void; reject(e: Error): void } {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

test('settled() resolves only once a real write in flight has landed whole', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'writes-in-flight-'));
  try {
    const writes = new WritesInFlight();
    const file = join(dir, 'new.txt');
    const text = 'a line the agent wrote\n'.repeat(200_000);
    void writes.track(writeFile(file, text));
    assert.equal(writes.size, 1);
    assert.equal(await writes.settled(60_000), 'settled');
    assert.equal(await readFile(file, 'utf8'), text, 'the whole file, not a prefix of it');
    assert.equal(writes.size, 0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('settled() waits for the writes in flight when called, not for ones started later', async () => {
  const writes = new WritesInFlight();
  const first = deferred();
  void writes.track(first.promise);
  const waiting = writes.settled(60_000);
  void writes.track(new Promise<void>(() => {})); // started later, never lands
  first.resolve();
  assert.equal(await waiting, 'settled');
  assert.equal(writes.size, 1);
});

test('a write that never lands holds settled() back only for its bound', async () => {
  const writes = new WritesInFlight();
  void writes.track(new Promise<void>(() => {}));
  assert.equal(await writes.settled(20), 'timeout');
});

test('a failed write counts as settled, and its caller still sees the failure', async () => {
  const writes = new WritesInFlight();
  const failing = deferred();
  const tracked = writes.track(failing.promise);
  failing.reject(new Error('disk full'));
  await assert.rejects(tracked, /disk full/);
  assert.equal(await writes.settled(60_000), 'settled');
  assert.equal(writes.size, 0);
});

test('nothing in flight: settled at once', async () => {
  assert.equal(await new WritesInFlight().settled(60_000), 'settled');
});
