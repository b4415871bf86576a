// Logging in through a terminal, as a person does it: the auth agent refuses to open a session,
// the editor asks how to log in, the agent's own login program runs in a VS Code terminal and
// asks for a code, and once it exits 0 the agent restarts and the session opens. A login that
// fails says so in the thread and loses nothing of it; one that follows a refused prompt
// restarts the agent, and the conversation goes on in a new session.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { waitUntil } from '../../scripts/e2e/chat.mjs';
import { pickQuickItem, quickPickShown, runCommand, terminalTab, typeInTerminal, waitForTerminalText } from '../../scripts/e2e/workbench.mjs';
import { authAgentDir, authLoginCode } from '../../scripts/e2e/settings.mjs';

const win = chatWindow('login');
const marker = join(authAgentDir(), 'credentials');
const LOGIN_TITLE = 'auth: log in';
const METHODS = ['Log in', 'Log in in a terminal', 'API key'];

/** Answers the method picker with the terminal login and types `code` at its prompt. */
async function terminalLogin(page, code) {
  assert.deepEqual(await quickPickShown(page, LOGIN_TITLE), METHODS, 'the agent\'s methods, in its order');
  await pickQuickItem(page, 'Log in in a terminal');
  await terminalTab(page, LOGIN_TITLE).waitFor({ state: 'visible', timeout: 20000 });
  // The agent's own program, with the method's argument (--login) and environment (the mode).
  const shown = await waitForTerminalText(page, /Enter the one-time code:/);
  assert.match(shown, /auth-agent login \(mode: tui\)/);
  await typeInTerminal(page, code);
  // The program exits and its terminal closes.
  await terminalTab(page, LOGIN_TITLE).waitFor({ state: 'detached', timeout: 20000 });
}

/** The user's messages in the thread, oldest first (a row reads "You", then the text). */
async function prompts(chat) {
  const rows = await (await chat.locator('[data-entry-type="user"]')).allInnerTexts();
  return rows.map((t) => t.trim().split('\n').at(-1).trim());
}

journey(win, 'terminal login: pick the terminal method, type the code, the agent restarts and the session works', async ({ page, chat }) => {
  rmSync(marker, { force: true });
  const picker = await chat.locator('select.agent-picker');
  await picker.selectOption('auth');
  await terminalLogin(page, authLoginCode);
  await waitUntil(() => existsSync(marker) && readFileSync(marker, 'utf8') === 'terminal:tui', { message: 'the login program to store the login' });
  await chat.waitReady(30000);
  assert.equal(await chat.turn('hello'), 'end_turn');
  assert.match(await chat.lastText('agent'), /logged in via terminal:tui/);
  assert.equal(await (await chat.locator('.failure-panel')).isVisible(), false, 'no failure shown');
}, { timeout: 120000 });

journey(win, 'a terminal login that fails says so and keeps the thread; the next one gets in', async ({ page, chat }) => {
  await chat.waitReady();
  assert.match(await chat.lastText('agent'), /logged in via terminal:tui/, 'the conversation of the login journey');
  await runCommand(page, 'Agent Chat: Log Out');
  await waitUntil(() => !existsSync(marker), { message: 'the agent to forget its login' });

  const refused = await chat.send('are you still there');
  await terminalLogin(page, '0000');
  await chat.turnEnd(refused);
  const notice = (await chat.locator('[data-entry-type="notice"]', { hasText: 'The agent needs you to log in' })).last();
  await notice.waitFor({ state: 'visible', timeout: 20000 });
  assert.match(await notice.innerText(), /login failed: The login command exited with code 1/);
  assert.equal(existsSync(marker), false, 'a wrong code logs nobody in');
  // Nothing of the thread is lost.
  await chat.waitForText('logged in via terminal:tui');
  assert.deepEqual(await prompts(chat), ['hello', 'are you still there']);

  const retried = await chat.send('one more time');
  await terminalLogin(page, authLoginCode);
  await chat.turnEnd(retried, { timeout: 30000 });
  await waitUntil(() => existsSync(marker), { message: 'the login to be stored' });
  // The restart ended the session (this agent cannot reopen one); the notice says what to do.
  await chat.waitForText('Logged in; the agent was restarted');
  await chat.waitForText('Reopen this session or start a new one to continue.');
  // Typing on in the same tab opens a fresh session below the rows; nothing typed is lost.
  assert.equal(await chat.turn('and now?'), 'end_turn');
  // The answer is drawn in the panel's next frame.
  await waitUntil(async () => /logged in via terminal:tui/.test(await chat.lastText('agent')) && (await prompts(chat)).length === 4, { message: 'the answer in the fresh session' });
  await chat.waitForText('New session with auth');
  assert.deepEqual(await prompts(chat), ['hello', 'are you still there', 'one more time', 'and now?']);
}, { timeout: 150000 });
