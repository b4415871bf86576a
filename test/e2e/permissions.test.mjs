// The agent works on files: permission questions with the agent's own options, edits that land in
// open editors and can be undone, rejections, and reads that see unsaved editor text; the same
// from the keyboard alone (no mouse inside the panel, the palette driven by keys); a subagent's
// permission answered from the panel, its work inside its nested card.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { activeTabDirty, editorText, focusEditor, openFile, runCommand } from '../../scripts/e2e/workbench.mjs';
import { expectAttribute, expectCount, expectText, expectTexts, expectValueOf } from '../../scripts/e2e/expect.mjs';
import { resultsDir } from '../../scripts/e2e/paths.mjs';
import { waitUntil } from '../../scripts/e2e/wait.mjs';

const NOTES = 'Original notes\nsecond line\n';
const DRAFT = 'saved text\n';
const TYPO = 'teh\n';
const win = chatWindow('permissions', { files: { 'notes.txt': NOTES, 'draft.txt': DRAFT, 'src/typo.ts': TYPO } });

journey(win, 'allow: the permission shows the agent\'s options, the edit lands in the open editor and undoes', async ({ page, chat, workspace }) => {
  await chat.newSession();
  await openFile(page, 'notes.txt');
  await expectValueOf(() => editorText(page), (t) => t.startsWith('Original notes'), { what: 'notes.txt in the editor' });
  const before = await chat.send('write notes.txt Written by the agent\\nline two');
  await expectTexts(await chat.permissionOptions(), ['Allow', 'Always allow', 'Reject', 'Never'], { timeout: 20000, message: 'the agent\'s own options' });
  await chat.answerPermission('Allow');
  assert.equal(await chat.turnEnd(before), 'end_turn');
  await chat.expectLast('agent', /Wrote notes\.txt/);
  await expectCount(await chat.locator('.thread .permission'), 0, { message: 'the question is gone once answered' });
  await expectValueOf(() => editorText(page), (t) => t.startsWith('Written by the agent\nline two'), { what: 'the agent\'s text in the open editor' });
  await focusEditor(page);
  await page.keyboard.press('Control+Z');
  await expectValueOf(() => editorText(page), (t) => t.startsWith('Original notes\nsecond line'), { what: 'undo to restore the original text' });
  assert.ok(existsSync(join(workspace, 'notes.txt')));
});

journey(win, 'reject: the agent reports the reject outcome and nothing is written', async ({ chat, workspace }) => {
  await chat.newSession();
  const before = await chat.send('write rejected.txt should never exist');
  await chat.permissionButtons();
  await chat.answerPermission('Reject');
  assert.equal(await chat.turnEnd(before), 'end_turn');
  await chat.expectLast('agent', /Rejected: reject/);
  await expectAttribute((await chat.lastOf('tool_call')).locator('.row.tool'), 'class', /status-failed/);
  assert.equal(existsSync(join(workspace, 'rejected.txt')), false);
});

journey(win, 'a read sees the unsaved text of an open editor', async ({ page, chat, workspace }) => {
  await chat.newSession();
  await openFile(page, 'draft.txt');
  await focusEditor(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.type('UNSAVED EDIT');
  await expectValueOf(() => activeTabDirty(page), true, { what: 'draft.txt to be dirty' });
  assert.equal(await chat.turn('read draft.txt'), 'end_turn');
  await chat.expectLast('agent', /READ:saved text\s*\n?UNSAVED EDIT/);
  assert.equal(readFileSync(join(workspace, 'draft.txt'), 'utf8'), DRAFT, 'the disk still has the saved text');
});

/** What has the keyboard in the panel, if the panel has it at all. */
const focusedInPanel = (frame) => frame.evaluate(() => {
  const el = document.activeElement;
  if (!document.hasFocus() || !el || el === document.body) return null;
  return { cls: el.className, text: el.textContent?.trim() ?? '', entry: el.closest('[data-entry-id]')?.getAttribute('data-entry-type') ?? null };
});

journey(win, 'keyboard only: reach the panel, answer a permission and leave it, open its card, send from the composer', async ({ page, chat, workspace }) => {
  // Away from the chat first (the Explorer takes the side bar, and with it the keyboard)…
  await runCommand(page, 'View: Show Explorer', { keyboard: true });
  await chat.waitHidden();
  // …then back by the palette: the composer has the keyboard.
  await chat.open({ keyboard: true });
  await chat.newSession({ keyboard: true });
  const frame = await chat.open({ keyboard: true });

  const before = await chat.count('.row.turn-end');
  await page.keyboard.type('write keyboard.txt typed without a mouse');
  await page.keyboard.press('Enter');
  // The question takes the keyboard as it arrives, on its first allowing option.
  await waitUntil(async () => (await focusedInPanel(frame))?.cls.includes('perm-option'), { timeout: 20000, message: 'the permission question to take the keyboard' });
  assert.equal((await focusedInPanel(frame)).text, 'Allow');
  await page.keyboard.press('Enter');
  assert.equal(await chat.turnEnd(before), 'end_turn');
  await chat.expectLast('agent', /Wrote keyboard\.txt/);
  assert.equal(readFileSync(join(workspace, 'keyboard.txt'), 'utf8'), 'typed without a mouse');
  await expectCount(await chat.locator('.thread .permission'), 0, { message: 'the question is gone once answered' });

  // Answered, the keyboard stays on the tool card (its fold toggle): Space folds it, Enter opens it.
  await waitUntil(async () => (await focusedInPanel(frame))?.cls.includes('tool-toggle'), { message: 'the keyboard on the answered card' });
  const toggle = (await chat.lastOf('tool_call')).locator('.tool-toggle');
  await page.keyboard.press('Space');
  await expectAttribute(toggle, 'aria-expanded', 'false', { message: 'the card folded by Space' });
  await page.keyboard.press('Enter');
  await expectAttribute(toggle, 'aria-expanded', 'true', { message: 'the card opened by Enter' });
  await (await chat.lastOf('tool_call')).locator('.tool-body').waitFor({ state: 'visible' });

  // Leave the card: Tab goes on to the composer; typing and Enter send.
  for (let i = 0; i < 20 && !(await focusedInPanel(frame))?.cls.includes('composer-input'); i++) await page.keyboard.press('Tab');
  assert.ok((await focusedInPanel(frame))?.cls.includes('composer-input'), 'Tab reaches the composer');
  const next = await chat.count('.row.turn-end');
  await page.keyboard.type('hello');
  await page.keyboard.press('Enter');
  assert.equal(await chat.turnEnd(next), 'end_turn');
  await chat.expectLast('user', /hello/);
});

// Last in the file: it switches the window to the subagents test agent.
journey(win, 'a subagent: a nested card per helper, its permission answered from the panel, its tool calls inside, then the parent\'s answer', async ({ chat, workspace }) => {
  const WAIT = { timeout: 30000 };
  await chat.useAgent('subagents');
  await chat.newSession();
  const before = await chat.send('team');
  const fixer = (await chat.locator('.thread .row.nested-card')).filter({ hasText: 'Fix the typo' }).first();
  await expectText(fixer.locator('.nested-title'), 'Fix the typo', { ...WAIT, message: 'the fixer\'s card in the parent\'s thread' });
  // Its question waits at the top of the thread, naming it; the card stays folded.
  const questions = await chat.locator('.child-questions');
  await expectText(questions, /Subagent “Fix the typo” asks/, { ...WAIT, message: 'the subagent\'s question at the top of the thread' });
  await expectText(fixer.locator('.nested-status'), 'Needs your answer', WAIT);
  await questions.locator('button', { hasText: 'Allow' }).first().click();
  assert.equal(await chat.turnEnd(before, WAIT), 'end_turn');
  await chat.expectLast('agent', /All helpers are done\. edit allowed/, WAIT);
  await expectCount(questions.locator('button'), 0, { message: 'the question is gone once answered' });
  await expectText(fixer.locator('.nested-status'), 'Done', WAIT);
  await expectText(fixer.locator('.nested-counts'), /1 tool call · 1 file changed/, WAIT);
  // Opened, the card shows the child's own rows: its task, its edit with the answer kept, its report.
  await fixer.locator('.nested-toggle').click();
  const inside = fixer.locator('.nested-rows');
  await expectText(inside.locator('.row.user.delegated'), /Task\s*Fix the typo in src\/typo\.ts\./, { ...WAIT, message: 'the task the fixer was given' });
  await expectText(inside.locator('[data-entry-type="tool_call"]').first(), /Edit src\/typo\.ts/, WAIT);
  await expectText(inside.locator('.row.agent.report'), /Report\s*Replaced “teh” with “the” in src\/typo\.ts\./, WAIT);
  const reader = (await chat.locator('.thread .row.nested-card')).filter({ hasText: 'Read the docs' }).first();
  await reader.locator('.nested-toggle').first().click();
  await expectText(reader.locator('.nested-rows [data-entry-type="tool_call"]').first(), /Read docs\/guide\.md/, { ...WAIT, message: 'the reader\'s tool call inside its card' });
  await expectText(reader.locator('.nested-rows .row.nested-card .nested-title'), 'Check links', { ...WAIT, message: 'the reader\'s own helper, a card inside its card' });
  // The turn's changes name the helper that made them.
  await expectText(await chat.lastOf('changes'), /typo\.ts[\s\S]*\+1 −1[\s\S]*· by Fix the typo/, { ...WAIT, message: 'the changes row naming the helper' });
  assert.equal(readFileSync(join(workspace, 'src/typo.ts'), 'utf8'), 'the\n', 'the fixer\'s edit reached the file');
  mkdirSync(resultsDir, { recursive: true });
  await (await chat.locator('.thread')).screenshot({ path: join(resultsDir, 'subagents-journey.png') });
}, { timeout: 120000 });
