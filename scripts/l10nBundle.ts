/**
 * Writes l10n/bundle.l10n.json — the list translators start from — from the strings the sources
 * look up (test/support/l10nLookups.ts: `vscode.l10n.t('…')` and `t('…')`; `@vscode/l10n-dev
 * export` would miss the webview's and the shared helpers' calls). Strings already listed keep
 * their place, new ones follow, gone ones go; a computed key stops it, since no translator could
 * see it. test/unit/manifest/l10nBundle.test.ts fails until this has been run.
 *
 *   npm run l10n
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { l10nLookups } from '../test/support/l10nLookups.js';

const root = new URL('..', import.meta.url).pathname;
const file = join(root, 'l10n/bundle.l10n.json');
const { keys, computed } = l10nLookups(root);
if (computed.length) {
  console.error(`Keys that are not plain string literals:\n  ${computed.join('\n  ')}`);
  process.exit(1);
}
const before: Record<string, string> = JSON.parse(readFileSync(file, 'utf8'));
const after: Record<string, string> = {};
for (const k of Object.keys(before)) if (keys.has(k)) after[k] = k;
for (const k of keys.keys()) after[k] = k;
writeFileSync(file, JSON.stringify(after, null, 2) + '\n');
const added = Object.keys(after).filter((k) => !(k in before)).length;
const removed = Object.keys(before).filter((k) => !(k in after)).length;
console.log(`l10n/bundle.l10n.json: ${Object.keys(after).length} strings (${added} added, ${removed} removed)`);
