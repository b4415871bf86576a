/** Where streamed Markdown may be frozen, and where long code is cut into parts (pure; runs in node). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findBlockBoundaries, scanBlocks } from '../../webview/markdown/split.js';
import { PART_CHARS, partCuts, partEnd } from '../../webview/markdown/codeParts.js';

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

test('an unterminated closing line is no cut yet, but the text as it stands ends with a closed fence', () => {
  assert.deepEqual(findBlockBoundaries('```\ncode\n```'), []);
  // A message that ends right after its closing fence (no newline) is rendered closed, and highlighted.
  assert.equal(scanBlocks('```\ncode\n```').openFence, false);
  assert.equal(scanBlocks('```\ncode\n``').openFence, true);
  assert.equal(scanBlocks('```\ncode\n``` x').openFence, true);
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

test('long code is cut into parts of whole lines, the same wherever the text came from', () => {
  const line = (i: number) => `  const value${i} = compute(${i}, 'some text');\n`;
  const code = Array.from({ length: 400 }, (_, i) => line(i)).join('');
  const cuts = partCuts(code);
  assert.ok(cuts.length >= 3, `${cuts.length} cuts`);
  let start = 0;
  for (const cut of cuts) {
    assert.equal(code[cut - 1], '\n', 'a part ends with its line break');
    assert.ok(cut - start >= PART_CHARS && cut - start < PART_CHARS + line(399).length, 'a part is PART_CHARS or a line more');
    assert.equal(partEnd(code, start), cut, 'a part ends where partEnd says, from its start alone');
    start = cut;
  }
  assert.deepEqual(partCuts(code.slice(0, PART_CHARS - 1)), [], 'short code is one part');
  const exact = code.slice(0, cuts[0]);
  assert.deepEqual(partCuts(exact), [], 'no empty part after a last line break');
  assert.equal(partEnd(code.slice(0, cuts[0]! - 1), 0), -1, 'an incomplete line does not end a part');
});
