// Past sessions the agent keeps itself (the history agent: session/list, load, resume), reopened
// from "Agent Chat: Show History" as a person does it. A session this editor never saw is listed
// by the agent and loaded (its replay becomes the thread); a conversation had here, closed and
// left behind by a window reload, is resumed under its saved transcript. Either way the next
// prompt continues the same session, which the agent's own store confirms.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { waitUntil } from '../../scripts/e2e/wait.mjs';
import { expectCount, expectValueOf } from '../../scripts/e2e/expect.mjs';
import { filterQuickPick, pickQuickItem, quickPickShown, runCommand, waitForActivityIcon } from '../../scripts/e2e/workbench.mjs';
import { historyAgentDir, testAgentsDir } from '../../scripts/e2e/settings.mjs';
import { startConfig, text } from '../peer/daily/support.ts';

const win = chatWindow('history-load');
const HISTORY_TITLE = 'Agent Chat: History';

/** The history agent's own record of its sessions (what it would replay or resume). */
function agentSessions() {
  const file = join(historyAgentDir(), 'sessions.json');
  return existsSync(file) ? Object.values(JSON.parse(readFileSync(file, 'utf8')).sessions) : [];
}
const promptsOf = (session) => session.items.filter((i) => i.kind === 'user').map((i) => i.text);

/**
 * A conversation had with the agent elsewhere (its own CLI, another editor): another ACP client
 * drives the very program the editor runs, with the same state directory.
 */
async function conversationElsewhere(cwd, prompts) {
  const agent = startConfig({ name: 'history', command: process.execPath, args: [join(testAgentsDir, 'history.agent.mjs')],
    env: { HISTORY_AGENT_DIR: historyAgentDir() }, protocolVersion: 1 });
  try {
    await agent.initialize({});
    const { sessionId } = await agent.conn.sendRequest('session/new', { cwd, mcpServers: [] });
    for (const p of prompts) assert.equal((await agent.conn.sendRequest('session/prompt', { sessionId, prompt: text(p) })).stopReason, 'end_turn');
    return sessionId;
  } finally {
    await agent.stop();
  }
}

/**
 * The thread's messages and tool calls, one line each (textContent: rows scrolled out of view
 * may not be laid out), hidden parts left out. A user row starts with its "You" label, a tool call ends
 * with its status.
 */
async function threadLines(chat) {
  const rows = await chat.locator('.thread [data-entry-type="user"], .thread [data-entry-type="agent"], .thread [data-entry-type="tool_call"]');
  return rows.evaluateAll((els) => els.map((e) => {
    // Every text node a person reads as the row's content: outside hidden parts (badges such as
    // "orphan" are hidden, not removed) and outside its controls ("Restore to here").
    const parts = [];
    const walker = e.ownerDocument.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!n.parentElement?.closest('[hidden], button')) parts.push(n.textContent ?? '');
    return `${e.getAttribute('data-entry-type')}: ${parts.join(' ').replace(/^\s*You/, '').replace(/\s+/g, ' ').trim()}`;
  }));
}

journey(win, 'load: a session the agent keeps from elsewhere is listed, loaded with its replay, and continued', async ({ page, chat }) => {
  const sessionId = await conversationElsewhere(win.workspace, ['plant tomatoes', 'water them weekly']);
  await runCommand(page, 'Agent Chat: Show History');
  // The agent does not run in this window yet: the list offers to start it and ask.
  // Earlier journeys' conversations fill the list (it is virtualised): filter as a user would.
  await quickPickShown(page, HISTORY_TITLE);
  await filterQuickPick(page, 'List sessions from');
  await expectValueOf(() => quickPickShown(page, HISTORY_TITLE), (labels) => labels.includes('List sessions from history…'), { what: 'the offer to list the agent\'s sessions' });
  await pickQuickItem(page, 'List sessions from history…');
  await quickPickShown(page, HISTORY_TITLE, { timeout: 30000 });
  await filterQuickPick(page, 'plant tomatoes');
  await expectValueOf(() => quickPickShown(page, HISTORY_TITLE), (labels) => labels.includes('plant tomatoes'), { timeout: 30000, what: 'the agent\'s session in the list' });
  await pickQuickItem(page, 'plant tomatoes');

  // The replay is the thread: both earlier prompts, the agent's tool calls and answers.
  await chat.waitForRow('agent', 'noted: water them weekly');
  await expectValueOf(() => threadLines(chat), [
    'user: plant tomatoes', 'tool_call: Recall "plant tomatoes" Done', 'agent: noted: plant tomatoes',
    'user: water them weekly', 'tool_call: Recall "water them weekly" Done', 'agent: noted: water them weekly',
  ], { what: 'the six replayed rows' });
  await chat.waitReady();
  assert.equal(await chat.turn('pick them in August'), 'end_turn');
  await chat.waitForRow('agent', 'noted: pick them in August');
  await expectValueOf(() => promptsOf(agentSessions().find((s) => s.sessionId === sessionId)), ['plant tomatoes', 'water them weekly', 'pick them in August'],
    { what: 'the same session went on (the agent\'s store)' });
}, { timeout: 120000 });

journey(win, 'resume: a conversation closed here and gone with a window reload continues from Show History', async ({ page, chat }) => {
  await chat.useAgent('history');
  await chat.newSession();
  assert.equal(await chat.turn('remember the lilac'), 'end_turn');
  await chat.waitForRow('agent', 'noted: remember the lilac');
  const sessionId = await waitUntil(() => agentSessions().find((s) => promptsOf(s)[0] === 'remember the lilac')?.sessionId,
    { message: 'the agent to store the conversation' });
  const tab = (await chat.locator('.session-tab')).filter({ hasText: 'remember the lilac' });
  await tab.locator('.session-tab-close').click();
  await expectCount(tab, 0, { message: 'the closed tab to go' });

  await runCommand(page, 'Developer: Reload Window');
  await page.waitForLoadState('load');
  await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
  await waitForActivityIcon(page, 'Agent Chat');
  await chat.open();
  await runCommand(page, 'Agent Chat: Show History');
  await quickPickShown(page, HISTORY_TITLE);
  await filterQuickPick(page, 'remember the lilac');
  await pickQuickItem(page, 'remember the lilac');

  // The saved conversation is shown again, and the agent (a new process) has the session open.
  await chat.waitForRow('agent', 'noted: remember the lilac');
  await chat.waitReady();
  assert.equal(await chat.turn('and the roses'), 'end_turn');
  await chat.waitForRow('agent', 'noted: and the roses');
  await expectValueOf(async () => (await threadLines(chat)).filter((l) => l.startsWith('user:')), ['user: remember the lilac', 'user: and the roses'],
    { what: 'both prompts in the continued thread' });
  await expectValueOf(() => promptsOf(agentSessions().find((s) => s.sessionId === sessionId)), ['remember the lilac', 'and the roses'],
    { what: 'the same session went on (the agent\'s store)' });
}, { timeout: 150000 });
