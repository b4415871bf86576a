// Logging in through a terminal, as a person does it: the auth agent refuses to open a session,
// the editor asks how to log in, the agent's own login program runs in a VS Code terminal and
// asks for a code, and once it exits 0 the agent restarts and the session opens. A login that
// fails says so in the thread and loses nothing of it; "Log in" — on the failure panel after the
// chooser was dismissed, or on a turn refused for want of a login — runs the agent's own login
// again; a terminal login restarts the agent, and the conversation goes on in a new session.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { waitUntil } from '../../scripts/e2e/wait.mjs';
import { expectText, expectValueOf } from '../../scripts/e2e/expect.mjs';
import { pickQuickItem, quickPickShown, runCommand, terminalTab, typeInTerminal, waitForTerminalText } from '../../scripts/e2e/workbench.mjs';
import { authAgentDir, authLoginCode } from '../../scripts/e2e/settings.mjs';

const win = chatWindow('login');
const marker = join(authAgentDir(), 'credentials');
const LOGIN_TITLE = 'auth: log in';
const METHODS = ['Log in', 'Log in in a terminal', 'API key'];

/** Answers the method picker with the terminal login and types `code` at its prompt. */
async function terminalLogin(page, code) {
  await expectValueOf(() => quickPickShown(page, LOGIN_TITLE), METHODS, { what: 'the agent\'s methods, in its order' });
  await pickQuickItem(page, 'Log in in a terminal');
  await terminalTab(page, LOGIN_TITLE).waitFor({ state: 'visible', timeout: 20000 });
  // The agent's own program, with the method's argument (--login) and environment (the mode).
  const shown = await waitForTerminalText(page, /Enter the one-time code:/);
  assert.match(shown, /auth-agent login \(mode: tui\)/);
  await typeInTerminal(page, code);
  // The program exits and its terminal closes.
  await terminalTab(page, LOGIN_TITLE).waitFor({ state: 'detached', timeout: 20000 });
}

/** The user's messages in the thread, oldest first (DOM text: rows scrolled out of view are not laid out). */
async function prompts(chat) {
  return (await chat.rows('user')).evaluateAll((els) => els.map((e) => e.querySelector('.message-body')?.textContent?.trim() ?? ''));
}
const expectPrompts = (chat, expected) => expectValueOf(() => prompts(chat), expected, { what: 'the user\'s messages in the thread' });

journey(win, 'terminal login: pick the terminal method, type the code, the agent restarts and the session works', async ({ page, chat }) => {
  rmSync(marker, { force: true });
  const picker = await chat.locator('select.agent-picker');
  await picker.selectOption('auth');
  // Dismissed once: the panel says the login was cancelled and offers it again, right there.
  await expectValueOf(() => quickPickShown(page, LOGIN_TITLE), METHODS, { what: 'the agent\'s methods, in its order' });
  await page.keyboard.press('Escape');
  const failure = await chat.locator('.failure-panel');
  await expectText(failure.locator('.failure-reason'), /auth needs a login: login cancelled/, { timeout: 20000 });
  await failure.getByRole('button', { name: 'Log in' }).click();
  await terminalLogin(page, authLoginCode);
  await waitUntil(() => existsSync(marker) && readFileSync(marker, 'utf8') === 'terminal:tui', { message: 'the login program to store the login' });
  await chat.waitReady(30000);
  assert.equal(await chat.turn('hello'), 'end_turn');
  await chat.expectLast('agent', /logged in via terminal:tui/);
  await (await chat.locator('.failure-panel')).waitFor({ state: 'hidden', timeout: 15000 }); // no failure shown
}, { timeout: 120000 });

journey(win, 'a terminal login that fails says so and keeps the thread; the next one gets in', async ({ page, chat }) => {
  await chat.waitReady();
  await chat.expectLast('agent', /logged in via terminal:tui/, { message: 'the conversation of the login journey' });
  await runCommand(page, 'Agent Chat: Log Out');
  await waitUntil(() => !existsSync(marker), { message: 'the agent to forget its login' });

  const refused = await chat.send('are you still there');
  await terminalLogin(page, '0000');
  await chat.turnEnd(refused);
  const notice = (await chat.rows('notice')).filter({ hasText: 'The agent needs you to log in' }).last();
  await expectText(notice, /login failed: The login command exited with code 1/, { timeout: 20000 });
  assert.equal(existsSync(marker), false, 'a wrong code logs nobody in');
  // Nothing of the thread is lost.
  await chat.waitForRow('agent', 'logged in via terminal:tui');
  await expectPrompts(chat, ['hello', 'are you still there']);

  // The refused turn says the agent needs a login (not that it was stopped) and offers it.
  const refusedEnd = (await chat.locator('.row.turn-end')).nth(refused);
  await expectText(refusedEnd.locator('.stop-label'), /^Needs a login$/);
  await refusedEnd.getByRole('button', { name: 'Log in' }).click();
  await terminalLogin(page, authLoginCode);
  await waitUntil(() => existsSync(marker), { message: 'the login to be stored' });
  // The restart ended the session (this agent cannot reopen one); the notice says what to do.
  await chat.waitForRow('notice', 'Logged in; the agent was restarted');
  await chat.waitForRow('notice', 'Reopen this session or start a new one to continue.');
  // Typing on in the same tab opens a fresh session below the rows; nothing typed is lost.
  assert.equal(await chat.turn('and now?'), 'end_turn');
  await chat.expectLast('agent', /logged in via terminal:tui/, { message: 'the answer in the fresh session' });
  await chat.waitForRow('notice', 'New session with auth');
  await expectPrompts(chat, ['hello', 'are you still there', 'and now?']);
}, { timeout: 150000 });
