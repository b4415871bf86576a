// Tabs survive a window reload: two tabs of different agents come back with their agents,
// titles and threads, the same one shown, and each takes a prompt again.
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { runCommand, waitForActivityIcon } from '../../scripts/e2e/workbench.mjs';
import { expectCount, expectValueOf } from '../../scripts/e2e/expect.mjs';

const win = chatWindow('tabs-restore', { files: { 'a.txt': 'a\n' } });

/** The strip as the user reads it: title, agent and whether it is the shown tab. */
async function strip(chat) {
  const frame = await chat.frame();
  return frame.locator('.session-tab').evaluateAll((tabs) => tabs.map((t) => ({
    title: t.querySelector('.session-tab-title')?.textContent ?? '',
    agent: t.querySelector('.session-tab-agent')?.textContent ?? '',
    active: t.classList.contains('active'),
  })));
}

journey(win, 'reloading the window brings back both agents\' tabs with their threads', async ({ page, chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('hello'), 'end_turn');
  await chat.waitForRow('agent', 'Hello from the scripted agent');
  await chat.useAgent('options');
  assert.equal(await chat.turn('status'), 'end_turn');
  await chat.waitForRow('agent', 'model=');
  const before = await expectValueOf(() => strip(chat), (tabs) => tabs.some((t) => t.title === 'hello' && t.agent === 'scripted')
    && tabs.some((t) => t.title === 'status' && t.agent === 'options' && t.active), { what: 'a "hello" tab of scripted and the shown "status" tab of options' });

  await runCommand(page, 'Developer: Reload Window');
  await page.waitForLoadState('load');
  await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
  await waitForActivityIcon(page, 'Agent Chat');
  await chat.open();
  await expectValueOf(() => strip(chat), before, { what: 'the same tabs as before' });
  await chat.waitForRow('agent', 'model=');
  await expectCount(await chat.rows('user'), 1, { message: 'the shown tab has its one prompt back' });

  await (await chat.locator('.session-tab')).filter({ hasText: 'hello' }).locator('.session-tab-label').click();
  await chat.waitForRow('agent', 'Hello from the scripted agent');
  // Its agent cannot reopen sessions: the prompt goes to a fresh one, and the thread says so.
  assert.equal(await chat.turn('hello'), 'end_turn');
  await chat.waitForRow('notice', 'does not remember the conversation above');
  await expectCount(await chat.rows('user'), 2, { message: 'both prompts in the restored tab' });
});
