/** @-mentions in the composer: the completion list, keyboard and mouse picks, chips, reload, drops, the sent message. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { snapshot } from './fixtures.js';
import type { Attachment } from '../../src/shared/webviewProtocol.js';
import type { UserEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => {
  harness = await launchHarness();
  // A new page starts without saved view state (pages of one browser share localStorage); a
  // reload of the same page keeps it, as VS Code does.
  await harness.context.addInitScript(() => {
    const w = globalThis as any;
    if (w.sessionStorage.getItem('loaded')) return;
    w.localStorage.clear();
    w.sessionStorage.setItem('loaded', '1');
  });
});
after(async () => { await harness?.close(); });

/** Every test on a new page: the earlier ones are closed first (they would save their state). */
async function fresh(): Promise<Panel> {
  for (const page of harness.context.pages()) await page.close();
  const panel = await harness.open();
  await panel.send(snapshot([]));
  return panel;
}

const FILE: Attachment = { kind: 'file', uri: 'file:///w/src/composer.ts', name: 'composer.ts', detail: 'src/composer.ts' };
const FOLDER: Attachment = { kind: 'folder', uri: 'file:///w/src', name: 'src/', detail: 'src/' };
const SYMBOL: Attachment = { kind: 'symbol', uri: 'file:///w/src/greeter.ts', name: 'welcomeVisitor', range: { startLine: 1, endLine: 1 }, detail: 'Function in src/greeter.ts:1' };
const GIT: Attachment = { kind: 'git', uri: 'agent-chat:/git/staged', name: 'Git staged changes', detail: 'git diff --cached' };

/** Waits for the webview's next `mentionQuery` after `count` of them and returns it. */
async function nextQuery(panel: Panel, count: number): Promise<{ id: number; text: string }> {
  await panel.page.waitForFunction((n) => (globalThis as any).__posted.filter((m: { type: string }) => m.type === 'mentionQuery').length > n, count);
  const all = await panel.postedOf('mentionQuery');
  return all[all.length - 1]!;
}

const optionTexts = (panel: Panel) => panel.page.locator('#mention-list li .mention-name').allTextContents();

test('typing @ asks the host (debounced), lists its answer, filters as the user types, ignores stale answers; Enter picks', async () => {
  const panel = await fresh();
  const input = panel.page.locator('textarea');
  await input.click();
  await panel.page.keyboard.type('explain @');
  const q1 = await nextQuery(panel, 0);
  assert.equal(q1.text, '');
  assert.equal(await panel.count('#mention-list:not([hidden])'), 0, 'nothing shown before the host answers');
  await panel.send({ type: 'mentionResults', id: q1.id, items: [FILE, FOLDER, GIT] });
  assert.deepEqual(await optionTexts(panel), ['composer.ts', 'src/', 'Git staged changes']);
  assert.equal(await panel.count('#mention-list:not([hidden])'), 1);
  assert.equal(await input.getAttribute('aria-expanded'), null, 'a textarea may not carry aria-expanded');
  assert.equal(await input.getAttribute('aria-controls'), 'mention-list');
  assert.equal(await input.getAttribute('aria-activedescendant'), 'mention-opt-0');
  assert.equal(await panel.page.getByRole('option', { name: 'File: composer.ts, src/composer.ts' }).count(), 1, 'options read their kind, name and place');

  // Keys typed faster than the debounce send one query for the word, not one per key (three
  // input events in one task: no machine is slow enough to let the 60 ms pass between them).
  await input.evaluate((el: any) => {
    for (const more of ['w', 'we', 'wel']) {
      el.value = `explain @${more}`;
      el.setSelectionRange(el.value.length, el.value.length);
      el.dispatchEvent(new (globalThis as any).Event('input'));
    }
  });
  const q2 = await nextQuery(panel, 1);
  assert.equal(q2.text, 'wel');
  assert.equal((await panel.postedOf('mentionQuery')).length, 2, 'debounced: one query for three keys');
  // The answer to the older query comes late: ignored.
  await panel.send({ type: 'mentionResults', id: q1.id, items: [GIT] });
  await panel.send({ type: 'mentionResults', id: q2.id, items: [FILE, SYMBOL] });
  assert.deepEqual(await optionTexts(panel), ['composer.ts', 'welcomeVisitor']);

  await panel.page.keyboard.press('ArrowDown');
  assert.equal(await input.getAttribute('aria-activedescendant'), 'mention-opt-1');
  await panel.screenshot('mentions-list');
  await panel.page.keyboard.press('Enter');
  assert.equal(await input.inputValue(), 'explain @welcomeVisitor ');
  assert.equal(await panel.count('#mention-list:not([hidden])'), 0);
  assert.deepEqual(await panel.page.locator('.chips .chip-label').allTextContents(), ['welcomeVisitor']);
  const chip = panel.page.locator('.chips .chip');
  assert.equal(await chip.getAttribute('title'), 'Function in src/greeter.ts:1\n/w/src/greeter.ts', 'the tooltip says where it is, with the full path');
  assert.equal(await chip.locator('.codicon-symbol-method').count(), 1);
  assert.equal((await panel.postedOf('send')).length, 0, 'Enter picked, it did not send');

  // Enter now sends the text with the mention as an attachment.
  await panel.page.keyboard.press('Enter');
  const [sent] = await panel.postedOf('send');
  assert.equal(sent!.text, 'explain @welcomeVisitor ');
  assert.deepEqual(sent!.attachments, [SYMBOL]);
  assert.equal(await panel.count('.chips .chip'), 0);
});

test('Escape closes the list until another @; Tab and a click pick too; an @ inside a word is not a mention', async () => {
  const panel = await fresh();
  const input = panel.page.locator('textarea');
  await input.click();
  await panel.page.keyboard.type('mail me@example @co');
  let q = await nextQuery(panel, 0);
  // Queries go out in order: once the one for `@co` is there, one for the address would be too.
  await panel.page.waitForFunction(() => (globalThis as any).__posted.some((m: { type: string; text?: string }) => m.type === 'mentionQuery' && m.text === 'co'));
  q = (await panel.postedOf('mentionQuery')).find((m) => m.text === 'co')!;
  assert.ok((await panel.postedOf('mentionQuery')).every((m) => !m.text.includes('example')), 'an e-mail address asks nothing');
  await panel.send({ type: 'mentionResults', id: q.id, items: [FILE, FOLDER] });
  await panel.page.keyboard.press('Escape');
  assert.equal(await panel.count('#mention-list:not([hidden])'), 0);
  assert.equal(await input.getAttribute('aria-activedescendant'), null);
  assert.equal(await input.inputValue(), 'mail me@example @co', 'Escape keeps the text');
  const asked = (await panel.postedOf('mentionQuery')).length;
  await panel.page.keyboard.type('m @');
  q = await nextQuery(panel, asked);
  assert.equal(q.text, '');
  assert.ok((await panel.postedOf('mentionQuery')).every((m) => m.text !== 'com'), 'closed for that @ while typing on');
  await panel.send({ type: 'mentionResults', id: q.id, items: [FILE, FOLDER] });
  await panel.page.keyboard.press('Tab');
  assert.equal(await input.inputValue(), 'mail me@example @com @composer.ts ');

  let asked2 = (await panel.postedOf('mentionQuery')).length;
  await panel.page.keyboard.type('@');
  q = await nextQuery(panel, asked2);
  await panel.send({ type: 'mentionResults', id: q.id, items: [FILE, FOLDER] });
  await panel.page.locator('#mention-list li[data-kind="folder"]').click();
  assert.deepEqual(await panel.page.locator('.chips .chip-label').allTextContents(), ['composer.ts', 'src/']);
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.activeElement?.tagName), 'TEXTAREA', 'focus stays in the input');
  // The same item again is one chip.
  asked2 = (await panel.postedOf('mentionQuery')).length;
  await panel.page.keyboard.type('@');
  q = await nextQuery(panel, asked2);
  await panel.send({ type: 'mentionResults', id: q.id, items: [FILE] });
  await panel.page.keyboard.press('Enter');
  assert.equal(await panel.count('.chips .chip'), 2);

  // Nothing found says so.
  const before = (await panel.postedOf('mentionQuery')).length;
  await panel.page.keyboard.type('@zzz');
  await panel.page.waitForFunction(() => (globalThis as any).__posted.some((m: { type: string; text?: string }) => m.type === 'mentionQuery' && m.text === 'zzz'));
  q = (await panel.postedOf('mentionQuery')).slice(before).find((m) => m.text === 'zzz')!;
  await panel.send({ type: 'mentionResults', id: q.id, items: [] });
  assert.equal(await panel.text('#mention-list'), 'Nothing matches');
});

test('chips and the draft survive a reload; a drop of files asks the host to attach them', async () => {
  const panel = await fresh();
  const input = panel.page.locator('textarea');
  await input.click();
  await panel.page.keyboard.type('see @');
  const q = await nextQuery(panel, 0);
  await panel.send({ type: 'mentionResults', id: q.id, items: [GIT] });
  await panel.page.keyboard.press('Enter');
  await panel.send({ type: 'attach', attachment: FOLDER });
  await panel.reload();
  await panel.send(snapshot([]));
  assert.equal(await panel.page.locator('textarea').inputValue(), 'see @Git staged changes ');
  assert.deepEqual(await panel.page.locator('.chips .chip-label').allTextContents(), ['Git staged changes', 'src/']);
  assert.equal(await panel.page.locator('.chips .chip').first().locator('.codicon-source-control').count(), 1);

  await panel.page.evaluate(() => {
    const w = globalThis as any;
    const data = new w.DataTransfer();
    data.setData('text/uri-list', '# from the Explorer\r\nfile:///w/src/a.ts\r\nfile:///w/docs\r\n');
    const target = w.document.querySelector('.composer');
    target.dispatchEvent(new w.DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    target.dispatchEvent(new w.DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  assert.deepEqual(await panel.postedOf('dropUris'), [{ type: 'dropUris', uris: ['file:///w/src/a.ts', 'file:///w/docs'] }]);
  await panel.send({ type: 'attach', attachment: { kind: 'file', uri: 'file:///w/src/a.ts', name: 'a.ts', detail: 'src/a.ts' } });
  assert.deepEqual(await panel.page.locator('.chips .chip-label').allTextContents(), ['Git staged changes', 'src/', 'a.ts']);
});

test('names from the host are text, never markup; the sent message shows its resources by name', async () => {
  const panel = await fresh();
  const input = panel.page.locator('textarea');
  await input.click();
  await panel.page.keyboard.type('@');
  const q = await nextQuery(panel, 0);
  const hostile: Attachment = { kind: 'file', uri: 'file:///w/%3Cimg%3E.ts', name: '<img src=x onerror=alert(1)>.ts', detail: '<b>bold</b>' };
  await panel.send({ type: 'mentionResults', id: q.id, items: [hostile] });
  assert.equal(await panel.count('#mention-list img, #mention-list b'), 0);
  assert.equal(await panel.text('#mention-list .mention-name'), hostile.name);
  await panel.page.keyboard.press('Enter');
  assert.equal(await panel.count('.chips img'), 0);
  assert.equal(await panel.text('.chips .chip-label'), hostile.name);

  const sent: UserEntry = {
    type: 'user', id: 'u1', content: [
      { type: 'text', text: 'look @greeter' },
      { type: 'resource', resource: { uri: 'file:///w/src/greeter.ts#L1-L3', text: 'export function welcomeVisitor() {}', mimeType: 'text/x-typescript' } },
      { type: 'resource', resource: { uri: 'agent-chat:/git/staged', text: 'diff', mimeType: 'text/x-diff' } },
      { type: 'resource_link', uri: 'file:///w/notes.md', name: 'notes.md' },
    ],
  };
  await panel.send(snapshot([sent]));
  assert.deepEqual(await panel.page.locator('.row.user .resource-label').allTextContents(), ['greeter.ts:1-3', 'Git staged changes']);
  assert.equal(await panel.text('.row.user .link-chip'), 'notes.md');
  assert.deepEqual(await panel.violations(), []);
});
