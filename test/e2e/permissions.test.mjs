// The agent works on files: permission questions with the agent's own options, edits that land in
// open editors and can be undone, rejections, and reads that see unsaved editor text.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { activeTabDirty, editorText, focusEditor, openFile } from '../../scripts/e2e/workbench.mjs';
import { waitUntil } from '../../scripts/e2e/chat.mjs';

const NOTES = 'Original notes\nsecond line\n';
const DRAFT = 'saved text\n';
const win = chatWindow('permissions', { files: { 'notes.txt': NOTES, 'draft.txt': DRAFT } });

journey(win, 'allow: the permission shows the agent\'s options, the edit lands in the open editor and undoes', async ({ page, chat, workspace }) => {
  await chat.newSession();
  await openFile(page, 'notes.txt');
  await waitUntil(async () => (await editorText(page)).startsWith('Original notes'), { message: 'notes.txt in the editor' });
  const before = await chat.send('write notes.txt Written by the agent\\nline two');
  assert.deepEqual(await chat.permissionButtons(), ['Allow', 'Always allow', 'Reject', 'Never']);
  await chat.answerPermission('Allow');
  assert.equal(await chat.turnEnd(before), 'end_turn');
  assert.match(await chat.lastText('agent'), /Wrote notes\.txt/);
  assert.equal(await (await chat.locator('.permission')).count(), 0, 'the question is gone once answered');
  await waitUntil(async () => (await editorText(page)).startsWith('Written by the agent\nline two'),
    { message: 'the agent\'s text in the open editor' });
  await focusEditor(page);
  await page.keyboard.press('Control+Z');
  await waitUntil(async () => (await editorText(page)).startsWith('Original notes\nsecond line'),
    { message: 'undo to restore the original text' });
  assert.ok(existsSync(join(workspace, 'notes.txt')));
});

journey(win, 'reject: the agent reports the reject outcome and nothing is written', async ({ chat, workspace }) => {
  await chat.newSession();
  const before = await chat.send('write rejected.txt should never exist');
  await chat.permissionButtons();
  await chat.answerPermission('Reject');
  assert.equal(await chat.turnEnd(before), 'end_turn');
  assert.match(await chat.lastText('agent'), /Rejected: reject/);
  const tool = await chat.lastOf('tool_call');
  assert.match((await tool.getAttribute('class')) ?? '', /status-failed/);
  assert.equal(existsSync(join(workspace, 'rejected.txt')), false);
});

journey(win, 'a read sees the unsaved text of an open editor', async ({ page, chat, workspace }) => {
  await chat.newSession();
  await openFile(page, 'draft.txt');
  await focusEditor(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.type('UNSAVED EDIT');
  await waitUntil(() => activeTabDirty(page), { message: 'draft.txt to be dirty' });
  assert.equal(await chat.turn('read draft.txt'), 'end_turn');
  const text = await chat.lastText('agent');
  assert.match(text, /READ:saved text\s*\n?UNSAVED EDIT/);
  assert.equal(readFileSync(join(workspace, 'draft.txt'), 'utf8'), DRAFT, 'the disk still has the saved text');
});
