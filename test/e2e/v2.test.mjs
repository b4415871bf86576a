// An agent speaking the ACP v2 draft: message upserts, tool calls fed by content chunks, state
// updates (requires_action while a permission is open) and a custom stop reason.
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { waitUntil } from '../../scripts/e2e/chat.mjs';
import { CUSTOM_STOP_REASON, UPSERT_FINAL } from '../agents/lib/texts.ts';

const win = chatWindow('v2', { files: { 'README.md': '# old\n', 'notes.txt': 'todo\n' } });

journey(win, 'pick the v2 agent in the panel; message upserts replace, chunks append', async ({ chat }) => {
  const picker = await chat.locator('select.agent-picker');
  await picker.selectOption('v2');
  await waitUntil(async () => /Scripted v2 Agent/.test(await (await chat.locator('.agent-state.state-ready')).innerText()),
    { message: 'the v2 agent to be ready' });
  await chat.newSession();
  assert.equal(await chat.turn('upsert'), 'end_turn');
  const texts = await (await chat.locator('[data-entry-type="agent"]')).allInnerTexts();
  assert.deepEqual(texts.map((t) => t.trim()), [...UPSERT_FINAL]);
});

journey(win, 'tool calls created by updates and fed by content chunks', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('tool'), 'end_turn');
  const tools = await chat.locator('[data-entry-type="tool_call"]');
  await waitUntil(async () => (await tools.count()) === 2, { message: 'two tool calls' });
  const search = tools.nth(0);
  assert.match(await search.innerText(), /Search the workspace/);
  assert.match((await search.getAttribute('class')) ?? '', /status-completed/);
  // Collapsed cards keep their content in the DOM; read it as text.
  const searchText = await search.evaluate((el) => el.textContent);
  assert.match(searchText, /result 1\s*result 2\s*result 3/);
  const edit = tools.nth(1);
  assert.match(await edit.innerText(), /Edited README\.md/);
  const editText = await edit.evaluate((el) => el.textContent);
  assert.match(editText, /final/);
  assert.doesNotMatch(editText, /draft/, 'a content update replaces the chunks before it');
  assert.match(await chat.lastText('agent'), /Tools done\./);
});

journey(win, 'state updates: requires_action while asking, then a custom stop reason', async ({ chat }) => {
  await chat.newSession();
  const before = await chat.send('permission');
  const header = await chat.locator('.panel-header');
  await waitUntil(async () => (await header.getAttribute('data-turn-state')) === 'requires_action',
    { message: 'the header to show the turn waiting for approval' });
  assert.match(await header.innerText(), /approval/i);
  assert.deepEqual(await chat.permissionButtons(), ['Allow', 'Always allow', 'Reject', 'Never']);
  await chat.answerPermission('Allow');
  assert.equal(await chat.turnEnd(before), 'end_turn');
  assert.match(await chat.lastText('agent'), /PERMISSION:allow/);
  await waitUntil(async () => (await header.getAttribute('data-turn-state')) === 'idle', { message: 'idle after the turn' });

  assert.equal(await chat.turn('custom-stop'), CUSTOM_STOP_REASON);
  const end = (await chat.locator('.row.turn-end')).last();
  assert.match(await end.innerText(), /Stopped/);
});
