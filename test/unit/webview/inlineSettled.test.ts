/**
 * The rule that lets a streamed paragraph freeze its prefix: where inlineSettled says a piece left
 * nothing open, rendering "piece + ' ' + more" must equal rendering the two on their own with a
 * space between — checked on thousands of generated lines full of emphasis, code spans, links,
 * bare URLs and e-mail addresses, brackets, escapes and entities, on the webview's own markdown-it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { md, settledCheck } from '../../../webview/markdown/markdownIt.js';

/** Whether `text` renders as one paragraph, its inner HTML, and whether it left anything open. */
function piece(text: string): { inner: string; open: boolean } | null {
  const { result: html, settled } = settledCheck(() => md.render(text));
  const m = /^<p>([\s\S]*)<\/p>\n$/.exec(html);
  if (!m || m[1]!.includes('<p>')) return null;
  return { inner: m[1]!, open: !settled };
}

const TOKENS = ['word', 'two words', 'é', '*', '_', '**', '__', '~~', '`', '``', '[', ']', '(', ')', '](', '![', '\\', '\\*', '\\`', '\\[', '!', '<', '>', '&amp;', '&', 'http://example.com/x', 'www.example.org', 'a@b.co', '"', "'", ' ', ' ', ' ', '\0', 'snake_case', '2*3'];

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function line(rand: () => number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += TOKENS[Math.floor(rand() * TOKENS.length)];
  return out;
}

test('what the rule calls settled renders the same with more text after a space', () => {
  const rand = seeded(7);
  let settled = 0;
  let unsettled = 0;
  for (let i = 0; i < 20_000; i++) {
    const head = `w${line(rand, 1 + Math.floor(rand() * 12))}x`;
    const tail = `y${line(rand, Math.floor(rand() * 12))}`;
    if (head.endsWith('\\x')) continue;
    const a = piece(head);
    const b = piece(tail);
    if (!a || !b) continue;
    if (a.open) { unsettled++; continue; }
    settled++;
    assert.equal(md.render(`${head} ${tail}`), `<p>${a.inner} ${b.inner}</p>\n`, JSON.stringify([head, tail]));
  }
  assert.ok(settled > 5_000 && unsettled > 1_000, `both verdicts were exercised (${settled} settled, ${unsettled} open)`);
});

test('open constructs are reported open', () => {
  for (const text of ['a *b', 'a **b', 'a ~~b', 'a `b', 'a [b', 'a [b](c "d', 'a [b [c] d', 'a _b', 'a *b _c_']) assert.equal(piece(text)?.open, true, text);
  for (const text of ['a *b*', 'a `b`', 'a [b](c)', 'a [b]', 'a \\*b', 'a \\`b', 'snake_case_word', 'a ~~b~~', 'a b*', 'x (y']) assert.equal(piece(text)?.open, false, text);
});
