import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stderrLines } from '../../../src/services/process/stderrLines.js';

const collect = (limits: Parameters<typeof stderrLines>[1] = {}) => {
  const lines: string[] = [];
  return { lines, push: stderrLines((l) => lines.push(l), { flushAfterMs: 1, ...limits }) };
};

test('chunks become whole lines; CRLF and blank lines are tidied', () => {
  const { lines, push } = collect();
  push('first li');
  push('ne\r\nsecond\n\n   \nthi');
  push('rd\n');
  assert.deepEqual(lines, ['first line', 'second', 'third']);
});

test('a line over the cap is cut once, with how much was dropped', () => {
  const { lines, push } = collect({ maxLineChars: 10 });
  push('0123456789abc');
  push('def\nnext\n');
  assert.deepEqual(lines, ['0123456789 … (6 more characters not logged)', 'next']);
});

test('an endless line costs at most the cap, whatever arrives', () => {
  const { lines, push } = collect({ maxLineChars: 100 });
  const piece = 'x'.repeat(64 * 1024);
  for (let i = 0; i < 200; i++) push(piece); // 12.5 MiB, no newline
  push('\n');
  assert.equal(lines.length, 1);
  assert.equal(lines[0], `${'x'.repeat(100)} … (${200 * piece.length - 100} more characters not logged)`);
});

test('after the budget, one line says the rest is not logged', () => {
  const { lines, push } = collect({ maxLoggedChars: 1000 });
  for (let i = 0; i < 500; i++) push(`${'y'.repeat(99)}\n`);
  assert.equal(lines.length, 11);
  assert.match(lines.at(-1)!, /stderr is flooding.*not logged/);
});

test('a last line without a newline is logged after a quiet moment', async () => {
  const { lines, push } = collect();
  push('no newline at the end');
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(lines, ['no newline at the end']);
});
