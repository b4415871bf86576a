import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TailBuffer } from '../../../src/services/tailBuffer.js';

test('keeps everything under the limit, not truncated', () => {
  const b = new TailBuffer(100);
  b.push('hello ');
  b.push(Buffer.from('world'));
  assert.equal(b.text(), 'hello world');
  assert.equal(b.truncated, false);
});

test('keeps the last N bytes and flags truncation', () => {
  const b = new TailBuffer(5);
  b.push('abcdefghij');
  assert.equal(b.text(), 'fghij');
  assert.equal(b.truncated, true);
});

test('never starts inside a multi-byte character', () => {
  // "é" is 2 bytes, "€" is 3, "😀" is 4.
  const s = 'aé€😀b';
  assert.equal(Buffer.byteLength(s), 11);
  for (let limit = 0; limit <= 12; limit++) {
    const b = new TailBuffer(limit);
    b.push(s);
    const out = b.text(true);
    assert.ok(Buffer.byteLength(out) <= limit, `limit ${limit}: ${out}`);
    assert.ok(s.endsWith(out), `limit ${limit}: "${out}" is a suffix`);
    assert.ok(!out.includes('\uFFFD'), `limit ${limit}: no replacement char`);
  }
  const b = new TailBuffer(6);
  b.push(s); // the last 6 bytes start with the final byte of "€", which must be skipped
  assert.equal(b.text(), '😀b');
});

test('a character split across chunks is held back until complete', () => {
  const euro = Buffer.from('€');
  const b = new TailBuffer(100);
  b.push(Buffer.concat([Buffer.from('x'), euro.subarray(0, 2)]));
  assert.equal(b.text(), 'x');
  b.push(euro.subarray(2));
  assert.equal(b.text(), 'x€');
});

test('many small chunks compact without losing the tail', () => {
  const b = new TailBuffer(10);
  for (let i = 0; i < 5000; i++) b.push(`${i % 10}`);
  assert.equal(b.text(), '0123456789');
  assert.equal(b.truncated, true);
});
