import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJsonc } from '../../../../src/agents/acp/mcp/jsonc.js';

test('parseJsonc: table', () => {
  const cases: Array<[string, unknown]> = [
    ['{"a": 1}', { a: 1 }],
    ['// lead\n{"a": 1, // trailing line comment\n}', { a: 1 }],
    ['{/* block */"a": [1, 2,],}', { a: [1, 2] }],
    ['{"url": "http://x//y", "s": "/* not a comment */"}', { url: 'http://x//y', s: '/* not a comment */' }],
    ['{"q": "a \\" , }", }', { q: 'a " , }' }],
    ['\uFEFF{"bom": true}', { bom: true }],
    ['{"a": [ , ]}', { a: [] }], // lenient like VS Code: a lone comma is a trailing comma
    ['{"a": 1 "b": 2}', undefined],
    ['{"a": 1 /* unterminated', undefined],
    ['{"a": 1,\n  /* c */\n}', { a: 1 }],
  ];
  for (const [text, want] of cases) {
    const r = parseJsonc(text);
    if (want === undefined) assert.equal(r.ok, false, text);
    else assert.deepEqual(r, { ok: true, value: want }, text);
  }
});
