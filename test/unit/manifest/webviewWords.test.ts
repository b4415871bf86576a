/**
 * Every word the panel shows goes through `t(…)` (webview/l10n.ts), so a translation reaches it.
 * This looks where words are put on screen — text, tooltips, labels for screen readers,
 * placeholders, alt text, button labels, announcements — and fails on a bare literal that holds
 * a word (three letters or more; symbols such as `+3 −1` or `← old/path` are not words).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../..', import.meta.url).pathname;

function tsFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const p = join(dir, name);
    return statSync(join(root, p)).isDirectory() ? tsFiles(p) : name.endsWith('.ts') ? [p] : [];
  });
}

const LITERAL = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|` + '`(?:[^`\\\\]|\\\\.)*`)';
/** Where a string becomes something a person reads or hears. */
const PLACES = [
  String.raw`(?:\btext|\btitle|\balt|\bplaceholder|\blabel|'aria-label'|"aria-label"):\s*`,
  String.raw`\.(?:textContent|title|placeholder)\s*=\s*`,
  String.raw`setAttribute\(\s*'(?:aria-label|title|placeholder|alt)',\s*`,
  String.raw`\b(?:say|alert)\(\s*`,
  String.raw`\bactionButton\(\s*'[^']*',\s*`,
].map((place) => new RegExp(place + LITERAL, 'g'));

/** A literal's own text: a template's `${…}` parts (braces balanced) are values, not words. */
function ownText(literal: string): string {
  let out = '';
  for (let i = 1; i < literal.length - 1; i++) {
    if (literal[0] === '`' && literal.startsWith('${', i)) {
      let depth = 1;
      for (i += 2; i < literal.length - 1 && depth > 0; i++) depth += literal[i] === '{' ? 1 : literal[i] === '}' ? -1 : 0;
      i--;
    } else out += literal[i];
  }
  return out;
}
const words = (literal: string) => /[A-Za-z]{3,}/.test(ownText(literal));

/** Files that draw no words of their own (the benches' naive thread renders a test fixture). */
const EXEMPT = new Set(['webview/bench/naiveThread.ts', 'webview/l10n.ts']);

test('no word the panel shows is a bare literal in webview/', () => {
  const bare: string[] = [];
  for (const file of tsFiles('webview')) {
    if (EXEMPT.has(file)) continue;
    const text = readFileSync(join(root, file), 'utf8');
    for (const place of PLACES) {
      for (const m of text.matchAll(place)) if (words(m[1]!)) bare.push(`${file}: ${m[0].slice(0, 100)}`);
    }
  }
  assert.deepEqual(bare, [], 'wrap these in t(…) and add them to l10n/bundle.l10n.json');
});

test('the check finds a bare word where it looks', () => {
  const sample = `h('span', { text: 'Hello there' }); el.title = \`Stop \${x}\`; actionButton('go', 'Open diff'); say('Agent is working');`
    + ` h('span', { text: \`+\${n}\` }); el.setAttribute('aria-label', t('Fine'));`
    + ` h('b', { text: \` \${t('{0} exited', name)}\` });`;
  const found = PLACES.flatMap((p) => [...sample.matchAll(p)].filter((m) => words(m[1]!)).map((m) => m[1]));
  assert.deepEqual(found.sort(), ["'Agent is working'", "'Hello there'", "'Open diff'", '`Stop ${x}`'].sort());
});
