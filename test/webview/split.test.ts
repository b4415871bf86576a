/** Where streamed Markdown may be frozen (pure; runs in node). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findBlockBoundaries, scanBlocks } from '../../webview/markdown/split.js';

const cutsOf = (s: string) => findBlockBoundaries(s).map((i) => s.slice(0, i));

test('paragraphs are cut once the next block starts in column 0', () => {
  assert.deepEqual(cutsOf('one\n\ntwo\n\nthr'), ['one\n\n', 'one\n\ntwo\n\n']);
  assert.deepEqual(cutsOf('one\n\n'), [], 'not before the next block starts');
});

test('never inside a fence, even across blank lines and column-0 lines', () => {
  const s = '```js\nconst a = 1;\n\nfoo();\n\nbar\n';
  assert.deepEqual(findBlockBoundaries(s), []);
  assert.equal(scanBlocks(s).openFence, true);
  const closed = `${s}\`\`\`\nafter`;
  assert.deepEqual(cutsOf(closed), [`${s}\`\`\`\n`]);
  assert.equal(scanBlocks(closed).openFence, false);
});

test('a fence closes only with the same character and at least the same length', () => {
  const s = '````\n```\nstill code\n~~~\n\nmore\n````\nout';
  assert.deepEqual(cutsOf(s), ['````\n```\nstill code\n~~~\n\nmore\n````\n']);
  assert.deepEqual(findBlockBoundaries('~~~\n```\n\ntext\n'), []);
});

test('an unterminated closing line is not judged yet', () => {
  assert.deepEqual(findBlockBoundaries('```\ncode\n```'), []);
  assert.equal(scanBlocks('```\ncode\n```').openFence, true);
});

test('indented continuations (list items, indented code) are not cut', () => {
  assert.deepEqual(findBlockBoundaries('- item\n\n  continued\n'), []);
  assert.deepEqual(findBlockBoundaries('para\n\n    indented code\n\n    more\n'), []);
  assert.deepEqual(cutsOf('- a\n\n  b\n\nnext'), ['- a\n\n  b\n\n']);
});

test('a fence inside a list item is followed by the item, not cut after', () => {
  assert.deepEqual(findBlockBoundaries('1. step\n   ```\n   code\n   ```\n   tail\n'), []);
});

test('backtick info strings with backticks are not fences; CRLF lines work', () => {
  assert.deepEqual(cutsOf('``` a`b\n\nx'), ['``` a`b\n\n']);
  assert.deepEqual(cutsOf('one\r\n\r\ntwo'), ['one\r\n\r\n']);
});
