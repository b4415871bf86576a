// The agent works on files: permission questions with the agent's own options, edits that land in
// open editors and can be undone, rejections, and reads that see unsaved editor text.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { activeTabDirty, editorText, focusEditor, openFile } from '../../scripts/e2e/workbench.mjs';
import { expectAttribute, expectCount, expectTexts, expectValueOf } from '../../scripts/e2e/expect.mjs';

const NOTES = 'Original notes\nsecond line\n';
const DRAFT = 'saved text\n';
const win = chatWindow('permissions', { files: { 'notes.txt': NOTES, 'draft.txt': DRAFT } });

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
  await expectAttribute(await chat.lastOf('tool_call'), 'class', /status-failed/);
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
