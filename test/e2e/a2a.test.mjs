// A remote agent over A2A (the seed's v0.3 shapes): added by URL in the user settings, picked in
// the panel, it holds the seed's conversation — two questions, each ending the turn in "waiting
// for your answer", a partial artifact, then the final one streamed — and another task is
// cancelled while it works.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { addUserAgents } from '../../scripts/e2e/settings.mjs';
import { quickPickShown, runCommand, statusBarItems } from '../../scripts/e2e/workbench.mjs';
import { expectAttribute, expectText, expectValueOf } from '../../scripts/e2e/expect.mjs';
import { startV03Server } from '../a2a/v03Server.ts';

const AGENT = 'analyst';
let server;
let removeAgent = () => undefined;
before(async () => {
  server = await startV03Server();
  removeAgent = addUserAgents({ [AGENT]: { url: `${server.url}/` } });
});
after(async () => {
  removeAgent();
  await server?.close();
});

const win = chatWindow('a2a');
const WAIT = { timeout: 30000 };

async function statusBar(page, expected) {
  await expectText(statusBarItems(page).filter({ hasText: AGENT }).first(), expected, { ...WAIT, message: `the status bar to read ${expected}` });
}

journey(win, 'a remote agent added by URL holds the seed conversation to the final artifact', async ({ page, chat }) => {
  await chat.useAgent(AGENT);
  // Named once: the picker by the agent's card, the status only that it runs.
  await chat.waitReady(WAIT.timeout);
  await expectText(await chat.locator('select.agent-picker option:checked'), /Seed Analyst \(v0\.3\)/, { ...WAIT, use: 'textContent', message: 'the header to name the remote agent' });
  await expectText(await chat.locator('.panel-header .agent-protocol'), /A2A v0\.3/, { ...WAIT, message: 'the header to name its protocol' });

  // Select Agent names the running remote agent by its card, with the card's description.
  await runCommand(page, 'Agent Chat: Select Agent');
  const labels = await quickPickShown(page, 'Agent Chat: Select Agent');
  assert.ok(labels.some((l) => /Seed Analyst \(v0\.3\)/.test(l)), `the card's name in the list: ${labels.join(' | ')}`);
  const row = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Seed Analyst (v0.3)' }).first();
  await expectText(row, /analyst/, { message: 'its settings key beside the name' });
  await expectText(row, /Analyses datasets, asking what to focus on\./, { message: "the card's description on its row" });
  await page.keyboard.press('Escape');

  let before = await chat.send('Analyze this dataset');
  assert.equal(await chat.turnEnd(before, WAIT), 'input_required');
  await chat.expectLast('agent', /Which ones should I focus the analysis on\?/, WAIT);
  await expectText((await chat.locator('.row.turn-end')).nth(before), /Waiting for your answer/, { ...WAIT, message: 'the turn to end waiting for an answer' });
  await statusBar(page, /waiting for your answer/);

  before = await chat.send('Revenue by quarter and region');
  assert.equal(await chat.turnEnd(before, WAIT), 'input_required');
  await chat.waitForRow('agent', 'Revenue Analysis (Preliminary)', WAIT);
  await chat.expectLast('agent', /investigate the root cause/, WAIT);
  await statusBar(page, /waiting for your answer/);

  before = await chat.send('Investigate the root cause');
  assert.equal(await chat.turnEnd(before, WAIT), 'end_turn');
  await chat.expectLast('agent', /Q3 dip: the West region lost two accounts\. Q4 anomalies are flagged\./, WAIT);
  await statusBar(page, (t) => !/waiting/.test(t));
  // All three turns were one task in one context.
  await expectValueOf(() => {
    const sends = server.requests.filter((r) => r.method === 'message/stream').map((r) => r.params.message);
    return sends.length === 3 && new Set(sends.slice(1).map((m) => m.taskId)).size === 1 && new Set(sends.slice(1).map((m) => m.contextId)).size === 1;
  }, true, { what: 'the answers to continue the same task' });
}, { timeout: 180000 });

journey(win, 'another task on the remote agent is cancelled while it works', async ({ page, chat }) => {
  await chat.useAgent(AGENT);
  const before = await chat.send('slow');
  await chat.waitForRow('agent', 'line 1', WAIT);
  await expectAttribute(await chat.locator('.panel-header'), 'data-turn-state', (s) => s !== 'idle', { message: 'the header to show the task running' });
  await runCommand(page, 'Agent Chat: Cancel Turn');
  assert.equal(await chat.turnEnd(before, WAIT), 'cancelled');
  await expectValueOf(() => server.requests.some((r) => r.method === 'tasks/cancel'), true, { what: 'tasks/cancel sent to the server' });
  await expectAttribute(await chat.locator('.panel-header'), 'data-turn-state', 'idle', { message: 'the turn state to return to idle' });
}, { timeout: 180000 });
