/**
 * The page the tests load is the extension's own (chatPage.ts), so its policy is what these
 * checks hold: anything looser there (inline scripts, eval, remote images or styles) fails here.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { CSP, launchHarness, type Harness } from './harness.js';
import { chatCsp } from '../../src/vscode/panel/chatPage.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

test('the loaded page carries the policy the extension emits', async () => {
  const panel = await harness.open();
  const meta = await panel.page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.equal(meta, CSP);
  assert.equal(meta, chatCsp('https://webview.test', 'dGVzdC1ub25jZQ'));
  assert.equal(await panel.count('#root .thread'), 1, 'the panel mounts where the extension page puts it');
  // A page driven over DevTools may eval whatever the policy says, so eval is checked on the text.
  assert.doesNotMatch((meta ?? '').split('https://webview.test').join('EXTENSION'), /unsafe-|\*|https?:|blob:|'self'/);
  assert.match(meta ?? '', /^default-src 'none';/);
});

test('under that policy nothing without the nonce runs and nothing loads from the web', async () => {
  const panel = await harness.open();
  const ran = await panel.page.evaluate(async () => {
    const g = globalThis as any;
    const d = g.document;
    g.__ran = [];
    const s = d.createElement('script');
    s.textContent = 'window.__ran.push("inline")';
    d.head.append(s);
    const withNonce = d.createElement('script');
    withNonce.nonce = 'dGVzdC1ub25jZQ';
    withNonce.textContent = 'window.__ran.push("nonce ok")';
    d.head.append(withNonce);
    const img = d.createElement('img');
    img.src = 'https://example.com/x.png';
    d.body.append(img);
    const style = d.createElement('style');
    style.textContent = 'body { --leak: 1 }';
    d.head.append(style);
    const div = d.createElement('div');
    div.setAttribute('onclick', 'window.__ran.push("handler")');
    d.body.append(div);
    div.click();
    // Inline scripts run as they are appended, a handler as it is clicked: nothing to wait for.
    return g.__ran as string[];
  });
  assert.deepEqual(ran, ['nonce ok'], 'only the nonce\'d script ran');
  // Violation reports arrive as events of their own: wait for the four (or the bound) to come.
  const directives = ['script-src-elem', 'img-src', 'style-src-elem', 'script-src-attr'];
  let violations: string[] = [];
  for (const deadline = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 20))) {
    violations = (await panel.violations()).map((v) => v.split(' ')[0]!);
    if (directives.every((d) => violations.includes(d)) || Date.now() > deadline) break;
  }
  for (const directive of directives) {
    assert.ok(violations.includes(directive), `${directive} refused (${violations.join(', ')})`);
  }
});
