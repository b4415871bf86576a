// An agent speaking the ACP v2 draft: message upserts, tool calls fed by content chunks, state
// updates (requires_action while a permission is open) and a custom stop reason.
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { runCommand } from '../../scripts/e2e/workbench.mjs';
import { expectAttribute, expectCount, expectText, expectTexts, expectValueOf } from '../../scripts/e2e/expect.mjs';
import { CUSTOM_STOP_REASON, UPSERT_FINAL } from '../agents/lib/texts.ts';

const win = chatWindow('v2', { files: { 'README.md': '# old\n', 'notes.txt': 'todo\n' } });

journey(win, 'pick the v2 agent in the panel; message upserts replace, chunks append', async ({ chat }) => {
  const picker = await chat.locator('select.agent-picker');
  await picker.selectOption('v2');
  await expectText(await chat.locator('.agent-state.state-ready'), /Scripted v2 Agent/, { timeout: 20000, message: 'the v2 agent to be ready' });
  await chat.newSession();
  assert.equal(await chat.turn('upsert'), 'end_turn');
  await expectTexts(await chat.rows('agent'), [...UPSERT_FINAL]);
});

journey(win, 'tool calls created by updates and fed by content chunks', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('tool'), 'end_turn');
  const tools = await chat.rows('tool_call');
  await expectCount(tools, 2, { message: 'two tool calls' });
  const search = tools.nth(0);
  await expectText(search, /Search the workspace/);
  await expectAttribute(search.locator('.row.tool'), 'class', /status-completed/);
  // Collapsed cards keep their content in the DOM; read it as text.
  await expectText(search, /result 1\s*result 2\s*result 3/, { use: 'textContent' });
  const edit = tools.nth(1);
  await expectText(edit, /Edited README\.md/);
  await expectText(edit, (t) => /final/.test(t) && !/draft/.test(t), { use: 'textContent', message: 'a content update replaces the chunks before it' });
  await chat.expectLast('agent', /Tools done\./);
});

journey(win, 'state updates: requires_action while asking, then a custom stop reason', async ({ chat }) => {
  await chat.newSession();
  const before = await chat.send('permission');
  const header = await chat.locator('.panel-header');
  await expectAttribute(header, 'data-turn-state', 'requires_action', { message: 'the header to show the turn waiting for approval' });
  await expectText(header, /approval/i);
  await expectTexts(await chat.permissionOptions(), ['Allow', 'Always allow', 'Reject', 'Never'], { timeout: 20000, message: 'the agent\'s own options' });
  await chat.answerPermission('Allow');
  assert.equal(await chat.turnEnd(before), 'end_turn');
  await chat.expectLast('agent', /PERMISSION:allow/);
  await expectAttribute(header, 'data-turn-state', 'idle', { message: 'idle after the turn' });

  assert.equal(await chat.turn('custom-stop'), CUSTOM_STOP_REASON);
  await chat.expectLast('turn_end', /Stopped/);
});

journey(win, 'Continue with another agent carries the conversation: same tab, a notice, the first prompt holds what was said', async ({ page, chat }) => {
  await chat.useAgent('v2');
  await chat.newSession();
  assert.equal(await chat.turn('hello'), 'end_turn');
  const tab = await (await chat.locator('.session-tab.active')).getAttribute('data-tab-id');
  await runCommand(page, 'Agent Chat: Continue with Another Agent…');
  // The other agents by their titles: the scripted one reads its own title once it runs, else its name.
  const row = page.locator('.quick-input-widget .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: /^\s*(Scripted Agent|scripted)\s*$/ }) }).first();
  await row.waitFor({ state: 'visible', timeout: 15000 });
  await row.click();
  await chat.waitForRow('notice', 'Continued with');
  await expectValueOf(async () => (await chat.locator('.session-tab.active')).getAttribute('data-tab-id'), tab, { what: 'the same tab' });
  await chat.waitReady();
  const before = await chat.send('echo what did we talk about');
  assert.equal(await chat.turnEnd(before), 'end_turn');
  // The scripted agent echoes what it received: the conversation so far, then the message.
  await chat.expectLast('agent', (text) => /ECHO:/.test(text) && /This continues an earlier conversation/.test(text)
    && /User: hello/.test(text) && /Hello from the scripted agent/.test(text) && /echo what did we talk about/.test(text),
  { message: 'the first prompt to the new agent carrying the conversation' });
  await expectText((await chat.rows('user')).first(), /hello/, { message: 'the earlier part stays in the tab' });
});
