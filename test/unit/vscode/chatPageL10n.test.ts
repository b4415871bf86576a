/** The page carries the webview's strings as inert JSON: a translation cannot add markup or script. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chatPageHtml } from '../../../src/vscode/panel/chatPage.js';

const page = (o: { language?: string; l10n?: Record<string, string> }) =>
  chatPageHtml({ cspSource: 'https://x', nonce: 'n0', asset: (...p) => `https://x/${p.join('/')}`, ...o });

test('the bundle is a JSON data block whose text cannot close it', () => {
  const evil = '</script><script>alert(1)</script><!--';
  const html = page({ language: 'de', l10n: { Send: evil, 'New session': 'Neue Sitzung' } });
  const block = /<script type="application\/json" id="agent-chat-l10n" nonce="n0">(.*?)<\/script>/.exec(html);
  assert.ok(block, 'the data block is there');
  assert.deepEqual(JSON.parse(block[1]!), { Send: evil, 'New session': 'Neue Sitzung' });
  assert.equal(html.split('</script>').length - 1, 2, 'only the data block and the bundle close a script element');
  assert.match(html, /<html lang="de">/);
});

test('English (no bundle) has no data block; a language that is not a tag is not written into the page', () => {
  const html = page({ language: 'en" onload="x', l10n: undefined });
  assert.doesNotMatch(html, /agent-chat-l10n/);
  assert.match(html, /<html lang="en">/);
  assert.match(page({ language: 'zh-tw', l10n: {} }), /<html lang="zh-tw">/);
});
