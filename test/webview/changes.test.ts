/** The changes row under a turn: files, and each file's hunks with "Undo this hunk". */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness } from './harness.js';
import { snapshot } from './fixtures.js';
import type { ChangesEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const changes = (hunks: NonNullable<ChangesEntry['files'][number]['hunks']>, added: number, deleted: number): ChangesEntry => ({
  type: 'changes', id: 'c1', turnId: 't1', files: [
    { root: '/w', path: 'src/a.ts', status: 'modified', added, deleted, binary: false, hunks },
    { root: '/w', path: 'logo.png', status: 'modified', added: 0, deleted: 0, binary: true },
  ],
});

const two = changes([
  { oldStart: 2, oldCount: 1, newStart: 2, newCount: 1, lines: [[' ', 'line 2'], ['-', 'old <b>3</b>'], ['+', 'new <img src=x onerror=alert(1)>'], [' ', 'line 4']] },
  { oldStart: 9, oldCount: 0, newStart: 9, newCount: 2, lines: [[' ', 'line 9'], ['+', 'added a'], ['+', 'added b']], more: 3 },
], 3, 1);

test('a file with hunks expands to list them, as text, each with Undo this hunk; the host gets the hunk', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([two]));
  const toggle = panel.page.locator('.changes-file[data-path="src/a.ts"] .hunks-toggle');
  await toggle.waitFor();
  assert.equal(await panel.count('.changes-file[data-path="logo.png"] .hunks-toggle'), 0, 'a binary file has no hunks');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await panel.count('.file-hunks'), 0);

  await toggle.click();
  await panel.page.locator('.file-hunks .hunk').nth(1).waitFor();
  assert.equal(await panel.page.locator('.changes-file[data-path="src/a.ts"] .hunks-toggle').getAttribute('aria-expanded'), 'true');
  assert.deepEqual(await panel.page.locator('.hunk-where').allTextContents(), ['lines 3–3 +1 −1', 'lines 10–11 +2 −0']);
  assert.equal(await panel.text('.hunk:first-child .hunk-del'), '- old <b>3</b>\n');
  assert.equal(await panel.text('.hunk:first-child .hunk-add'), '+ new <img src=x onerror=alert(1)>\n');
  assert.equal(await panel.count('.hunk-lines img, .hunk-lines b'), 0, 'file text is never markup');
  assert.match(await panel.text('.hunk:nth-child(2) .hunk-more'), /3 more lines/);

  await panel.clearPosted();
  await panel.page.locator('.hunk:nth-child(2) button', { hasText: 'Undo this hunk' }).click();
  await panel.page.locator('.hunk:nth-child(2) button[aria-disabled="true"]').waitFor();
  await panel.page.locator('.hunk:nth-child(2) button', { hasText: 'Undo this hunk' }).dispatchEvent('click');
  assert.deepEqual(await panel.postedOf('undoHunk'), [{ type: 'undoHunk', turnId: 't1', root: '/w', path: 'src/a.ts', oldStart: 9, oldCount: 0, newCount: 2 }]);

  // The host undid it: the row is redrawn with one hunk left and new counts, still expanded.
  const one = changes([two.files[0]!.hunks![0]!], 1, 1);
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: one }] });
  await panel.page.locator('.changes-file[data-path="src/a.ts"] .file-counts', { hasText: '+1 −1' }).waitFor();
  await panel.page.waitForFunction(() => (globalThis as any).document.querySelectorAll('.file-hunks .hunk').length === 1);
  assert.match(await panel.text('.changes-summary'), /2 files changed\s*\+1\s*−1/);
  assert.equal(await panel.page.locator('.hunk button', { hasText: 'Undo this hunk' }).getAttribute('aria-disabled'), null, 'the remaining hunk can be undone');

  // Every hunk undone: the file is settled, the list goes.
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: { ...one, files: [{ ...one.files[0]!, hunks: [], added: 0, deleted: 0, state: 'undone' }, one.files[1]!] } }] });
  await panel.page.locator('.changes-file[data-path="src/a.ts"] .file-state', { hasText: 'Undone' }).waitFor();
  assert.equal(await panel.count('.file-hunks'), 0);
  assert.deepEqual(await panel.violations(), []);
  await panel.page.close();
});

test('the hunk toggle is reachable by keyboard and keeps focus when it redraws the file', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([two]));
  const toggle = panel.page.locator('.hunks-toggle');
  await toggle.focus();
  await panel.page.keyboard.press('Enter');
  await panel.page.locator('.file-hunks').waitFor();
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.activeElement?.classList.contains('hunks-toggle')), true);
  await panel.page.keyboard.press('Enter');
  await panel.page.waitForFunction(() => !(globalThis as any).document.querySelector('.file-hunks'));
  await panel.page.close();
});

test('while the list may still grow the row says "counting…"; the final list drops it', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([{ ...two, counting: true }]));
  await panel.page.locator('.changes-counting').waitFor();
  assert.equal((await panel.text('.changes-count')).trim(), '2 files changed · counting…');
  assert.match(await panel.page.locator('.changes-counting').getAttribute('title') ?? '', /not final yet/);
  const { counting: _counting, ...final } = { ...two, counting: true };
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: { ...final, files: [...two.files, { root: '/w', path: 'late.ts', status: 'added', added: 1, deleted: 0, binary: false }] } }] });
  await panel.page.locator('.changes-counting').waitFor({ state: 'detached' });
  assert.equal((await panel.text('.changes-count')).trim(), '3 files changed');
});
