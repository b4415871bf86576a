// The agent's life as the user sees it: a crash mid-turn explained and recovered from, a window
// reload that keeps the thread, and an agent whose program does not exist.
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { pickQuickItem, runCommand, waitForActivityIcon } from '../../scripts/e2e/workbench.mjs';
import { waitUntil } from '../../scripts/e2e/chat.mjs';
import { missingAgentCommand, missingAgentName } from '../../scripts/e2e/settings.mjs';
import { CRASH_EXIT_CODE, CRASH_STDERR } from '../agents/lib/texts.ts';

const win = chatWindow('lifecycle', { files: { 'a.txt': 'a\n' } });

journey(win, 'an agent that crashes mid-turn: the panel says why, Restart works, the thread stays', async ({ page, chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('hello'), 'end_turn');
  const before = await chat.send('crash');
  await chat.waitForText('Working on it');
  const failure = await chat.locator('.failure-panel');
  await failure.waitFor({ state: 'visible', timeout: 20000 });
  const why = await failure.innerText();
  assert.match(why, new RegExp(`exit(ed)?.*\\b${CRASH_EXIT_CODE}\\b|Exit code\\s*${CRASH_EXIT_CODE}`, 'is'));
  assert.match(why, new RegExp(CRASH_STDERR.replace(/[()]/g, '\\$&')));
  // The crashed turn ends; nothing already in the thread is lost.
  await chat.turnEnd(before, { timeout: 15000 });
  await chat.waitForText('Working on it');
  await chat.waitForText('Hello from the scripted agent');

  await runCommand(page, 'Agent Chat: Restart Agent');
  await (await chat.locator('.agent-state.state-ready')).waitFor({ timeout: 20000 });
  assert.equal(await failure.isVisible(), false, 'the failure panel goes away once the agent is back');
  await chat.waitForText('Working on it');
  await chat.waitForText('Hello from the scripted agent');
  assert.equal(await chat.turn('thought'), 'end_turn');
});

journey(win, 'reloading the window restores the thread', async ({ page, chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('plan'), 'end_turn');
  await runCommand(page, 'Developer: Reload Window');
  await page.waitForLoadState('load');
  await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
  await waitForActivityIcon(page, 'Agent Chat');
  await chat.open();
  await chat.waitForText('The plan is complete.');
  const frame = await chat.frame();
  await waitUntil(async () => (await frame.locator('[data-entry-type="user"]').count()) === 1, { message: 'the user prompt restored' });
  assert.equal(await frame.locator('[data-entry-type="plan"]').count(), 1);
});

journey(win, 'an agent whose command does not exist fails clearly and says how to fix it', async ({ page, chat }) => {
  await runCommand(page, 'Agent Chat: Select Agent');
  await pickQuickItem(page, missingAgentName);
  const failure = await chat.locator('.failure-panel');
  await failure.waitFor({ state: 'visible', timeout: 20000 });
  assert.match(await failure.innerText(), /could not start/);
  assert.match(await failure.locator('.failure-reason').innerText(), /not found/i);
  assert.ok((await failure.locator('.failure-fix').innerText()).trim().length > 20, 'a fix is offered');
  assert.match(await failure.innerText(), new RegExp(missingAgentCommand.replace(/[/.-]/g, '\\$&')));
  await failure.getByRole('button', { name: /Open settings/ }).waitFor();
  // Back to a working agent.
  await runCommand(page, 'Agent Chat: Select Agent');
  await pickQuickItem(page, 'scripted');
  await (await chat.locator('.agent-state.state-ready')).waitFor({ timeout: 20000 });
});
