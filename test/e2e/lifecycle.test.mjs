// The agent's life as the user sees it: a crash mid-turn explained and recovered from, a window
// reload that keeps the thread, and an agent whose program does not exist.
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { pickAgentItem, runCommand, waitForActivityIcon } from '../../scripts/e2e/workbench.mjs';
import { expectCount, expectText } from '../../scripts/e2e/expect.mjs';
import { missingAgentCommand, missingAgentName } from '../../scripts/e2e/settings.mjs';
import { CRASH_EXIT_CODE, CRASH_STDERR } from '../agents/lib/texts.ts';
import { canInspectProcesses, describe as list, sessionsWorkingIn, survivors } from '../support/processTree.ts';
import { waitUntil } from '../../scripts/e2e/wait.mjs';

// A terminal command with a background job of its own (output elsewhere, as a dev server's).
const JOB = 'sleep 300 >/dev/null 2>&1 &\nsleep 300\n';
const win = chatWindow('lifecycle', { files: { 'a.txt': 'a\n', 'job.sh': JOB } });

journey(win, 'an agent that crashes mid-turn: the panel says why, Restart works, the thread stays', async ({ page, chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('hello'), 'end_turn');
  const before = await chat.send('crash');
  await chat.waitForRow('agent', 'Working on it');
  const failure = await chat.locator('.failure-panel');
  await failure.waitFor({ state: 'visible', timeout: 20000 });
  const exited = new RegExp(`exit(ed)?.*\\b${CRASH_EXIT_CODE}\\b|Exit code\\s*${CRASH_EXIT_CODE}`, 'is');
  const stderr = new RegExp(CRASH_STDERR.replace(/[()]/g, '\\$&'));
  await expectText(failure, (why) => exited.test(why) && stderr.test(why), { message: 'the failure panel to name the exit code and the stderr' });
  // The crashed turn ends; nothing already in the thread is lost.
  await chat.turnEnd(before, { timeout: 15000 });
  await chat.waitForRow('agent', 'Working on it');
  await chat.waitForRow('agent', 'Hello from the scripted agent');

  await runCommand(page, 'Agent Chat: Restart Agent');
  await (await chat.locator('.agent-state.state-ready')).waitFor({ timeout: 20000 });
  await failure.waitFor({ state: 'hidden', timeout: 10000 });
  await chat.waitForRow('agent', 'Working on it');
  await chat.waitForRow('agent', 'Hello from the scripted agent');
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
  await chat.waitForRow('agent', 'The plan is complete.');
  await expectCount(await chat.rows('user'), 1, { message: 'the user prompt restored' });
  await expectCount(await chat.rows('plan'), 1, { message: 'the plan restored' });
});

journey(win, 'an agent whose command does not exist fails clearly and says how to fix it', async ({ page, chat }) => {
  await runCommand(page, 'Agent Chat: Select Agent');
  await pickAgentItem(page, missingAgentName);
  const failure = await chat.locator('.failure-panel');
  await failure.waitFor({ state: 'visible', timeout: 20000 });
  const command = new RegExp(missingAgentCommand.replace(/[/.-]/g, '\\$&'));
  await expectText(failure, (text) => /could not start/.test(text) && command.test(text), { message: 'the failure panel to say it could not start, naming the command' });
  await expectText(failure.locator('.failure-reason'), /not found/i);
  await expectText(failure.locator('.failure-fix'), (fix) => fix.trim().length > 20, { message: 'a fix is offered' });
  await failure.getByRole('button', { name: /Open settings/ }).waitFor();
  // Back to a working agent.
  await runCommand(page, 'Agent Chat: Select Agent');
  await pickAgentItem(page, 'scripted');
  await (await chat.locator('.agent-state.state-ready')).waitFor({ timeout: 20000 });
});

journey(win, 'reloading the window mid-turn leaves no process the extension started: agent, terminal command, its job', async ({ page, chat, workspace }) => {
  if (!canInspectProcesses) return;
  await chat.newSession();
  await chat.send('terminal sh job.sh');
  // The agent and the command run in the workspace folder: their sessions hold all they started.
  const folder = realpathSync(workspace);
  let sessions = new Set();
  await waitUntil(() => {
    sessions = sessionsWorkingIn(folder);
    return survivors(sessions).filter((p) => /sleep 300/.test(p.command)).length === 2 && sessions.size >= 2;
  }, { timeout: 30000, message: 'the agent, the command and its job running' });
  await runCommand(page, 'Developer: Reload Window');
  await page.waitForLoadState('load');
  await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
  // The old extension host deactivates as the window goes: everything it started goes with it.
  await waitUntil(() => survivors(sessions).length === 0, { timeout: 30000, message: 'nothing left after the reload' })
    .catch((e) => { throw new Error(`${e.message}; left:\n${list(survivors(sessions))}`); });
  // The new window brings the tab back with the message whose turn was cut short.
  await waitForActivityIcon(page, 'Agent Chat');
  await chat.open();
  await (await chat.locator('textarea.composer-input')).waitFor({ state: 'visible' });
  await chat.waitForRow('user', 'terminal sh job.sh', { timeout: 60000 });
}, { timeout: 150000 });
