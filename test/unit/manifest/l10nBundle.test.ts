/**
 * The strings looked up at run time — `vscode.l10n.t('…')` in the host, `t('…')` in the webview
 * (webview/l10n.ts) — are keyed by their English text. l10n/bundle.l10n.json lists every one of
 * them for translators; a translation (bundle.l10n.<locale>.json) may only translate those, and
 * must keep each `{0}` placeholder or the value it stands for is lost.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { l10nLookups } from '../../support/l10nLookups.js';

const root = new URL('../../..', import.meta.url).pathname;
const readJson = (file: string): Record<string, string> => JSON.parse(readFileSync(join(root, file), 'utf8'));
const english = readJson('l10n/bundle.l10n.json');
const translations = readdirSync(join(root, 'l10n')).filter((f) => /^bundle\.l10n\.[\w-]+\.json$/.test(f));

const placeholders = (s: string) => [...new Set(s.match(/\{\d+\}/g) ?? [])].sort();

test('every string the host or the webview looks up is in l10n/bundle.l10n.json', () => {
  const { keys, computed } = l10nLookups(root);
  assert.ok(keys.size > 40, `the webview's and host's strings are looked up (found ${keys.size})`);
  assert.deepEqual(computed, [], 'keys are plain literals, so translators can see them');
  assert.deepEqual([...keys.keys()].filter((k) => !(k in english)), [], 'npm run l10n adds them');
  for (const [k, v] of Object.entries(english)) assert.equal(v, k, 'English is its own key');
});

test('l10n/bundle.l10n.json has no string nothing looks up', () => {
  const { keys } = l10nLookups(root);
  assert.deepEqual(Object.keys(english).filter((k) => !keys.has(k)), [], 'npm run l10n removes them');
});

test('every key of a translation exists in English, with the same placeholders', () => {
  assert.ok(translations.length > 0, 'at least one translation ships');
  for (const file of translations) {
    const t = readJson(join('l10n', file));
    assert.deepEqual(Object.keys(t).filter((k) => !(k in english)), [], `${file}: keys English does not have`);
    for (const [k, v] of Object.entries(t)) assert.deepEqual(placeholders(v), placeholders(k), `${file}: ${k}`);
  }
});

test('package.json points VS Code at the l10n folder, and the VSIX ships the translations', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  assert.equal(pkg.l10n, './l10n');
  const ignore = readFileSync(join(root, '.vscodeignore'), 'utf8').split('\n');
  assert.ok(ignore.includes('!l10n/bundle.l10n.*.json'), 'the bundles are allowed back into the VSIX');
  assert.ok(ignore.includes('!package.nls*.json'), 'the manifest strings are allowed back into the VSIX');
});
