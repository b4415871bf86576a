import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeHunks, countLines, hunkViews, splitLines } from '../../../src/checkpoints/hunks.js';
import { withHunksKept } from '../../../src/checkpoints/merge/hunkTarget.js';

// Undoing every hunk, one at a time in either order, must give back the old text byte for byte.
function undoAll(oldText: string, newText: string, order: 'forward' | 'backward'): string {
  let kept = computeHunks(oldText, newText).map((h) => ({ oldStart: h.oldStart, oldCount: h.oldLines.length, newCount: h.newLines.length }));
  let text = newText;
  while (kept.length) {
    kept = order === 'forward' ? kept.slice(1) : kept.slice(0, -1);
    text = withHunksKept(oldText, newText, kept);
  }
  return text;
}

const CASES: Array<[string, string, string]> = [
  ['plain edit', 'a\nb\nc\n', 'a\nB\nc\n'],
  ['CRLF kept', 'one\r\ntwo\r\nthree\r\n', 'one\r\nTWO\r\nthree\r\nfour\r\n'],
  ['CRLF turned into LF', 'x\r\ny\r\n', 'x\ny\n'],
  ['mixed endings', 'a\r\nb\nc\r\n', 'a\nb\r\nc'],
  ['no final newline added', 'a\nb', 'a\nb\n'],
  ['no final newline removed', 'a\nb\n', 'a\nb'],
  ['append after a last line without newline', 'a\nb', 'a\nb\nc'],
  ['unicode', 'héllo 🌍\nçà\n日本語\n', 'héllo 🌏\nçà\n日本語\n€\n'],
  ['empty to text', '', 'new\nfile'],
  ['text to empty', 'gone\n', ''],
  ['several hunks', '1\n2\n3\n4\n5\n6\n7\n8\n', '0\n1\n2\nthree\n4\n5\n7\n8\n9\n'],
  ['BOM', '\uFEFFa\nb\n', '\uFEFFa\nc\n'],
  ['lone CR', 'a\rb\nc\n', 'a\rB\nc\n'],
];

for (const [name, oldText, newText] of CASES) {
  test(`hunk undo restores exactly: ${name}`, () => {
    assert.equal(undoAll(oldText, newText, 'forward'), oldText);
    assert.equal(undoAll(oldText, newText, 'backward'), oldText);
  });
}

test('undoing one hunk leaves the others as they are', () => {
  const oldText = 'a\nb\nc\nd\ne\nf\n';
  const newText = 'A\nb\nc\nd\ne\nF\n';
  const [first, second] = computeHunks(oldText, newText).map((h) => ({ oldStart: h.oldStart, oldCount: h.oldLines.length, newCount: h.newLines.length }));
  assert.ok(first && second);
  assert.equal(withHunksKept(oldText, newText, [first]), 'A\nb\nc\nd\ne\nf\n');
  assert.equal(withHunksKept(oldText, newText, [second]), 'a\nb\nc\nd\ne\nF\n');
});

test('lines keep their terminators; counts are lines', () => {
  assert.deepEqual(splitLines('a\r\nb\nc'), ['a\r\n', 'b\n', 'c']);
  assert.deepEqual(splitLines(''), []);
  assert.deepEqual(countLines(computeHunks('a\nb\n', 'a\nc\nd\n')), { added: 2, deleted: 1 });
});

test('hunk views list a few context lines around each change, without line terminators', () => {
  const old = 'a\r\nb\r\nc\r\nd\r\ne\r\nf\r\ng\r\n';
  const now = 'a\r\nb\r\nC\r\nd\r\ne\r\nf\r\ng\r\nh';
  const views = hunkViews(old, now, 1);
  assert.equal(views.length, 2);
  assert.deepEqual(views[0]!.lines, [[' ', 'b'], ['-', 'c'], ['+', 'C'], [' ', 'd']]);
  assert.deepEqual({ ...views[1], lines: undefined }, { oldStart: 7, oldCount: 0, newStart: 7, newCount: 1, lines: undefined });
  assert.deepEqual(views[1]!.lines, [[' ', 'g'], ['+', 'h']]);
  const long = hunkViews('', Array.from({ length: 50 }, (_, i) => `l${i}\n`).join(''), 2, 10);
  assert.equal(long[0]!.lines.length, 10);
  assert.equal(long[0]!.more, 40);
});
