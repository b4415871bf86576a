import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sliceLines } from '../../../src/services/sliceLines.js';
import { HostServiceError } from '../../../src/services/hostServices.js';

const text = 'one\ntwo\r\nthree\nfour';

test('no line/limit returns the text unchanged', () => {
  assert.equal(sliceLines(text), text);
});

test('line is 1-based; limit counts lines; endings are kept', () => {
  assert.equal(sliceLines(text, 1, 1), 'one\n');
  assert.equal(sliceLines(text, 2, 2), 'two\r\nthree\n');
  assert.equal(sliceLines(text, 4), 'four');
  assert.equal(sliceLines(text, undefined, 2), 'one\ntwo\r\n');
  assert.equal(sliceLines(text, 9, 3), '');
  assert.equal(sliceLines(text, 2, 0), '');
});

test('invalid line is an invalid-params error', () => {
  assert.throws(() => sliceLines(text, 0), (e: unknown) => e instanceof HostServiceError && e.code === -32602);
  assert.throws(() => sliceLines(text, 1, -1), (e: unknown) => e instanceof HostServiceError && e.code === -32602);
});
