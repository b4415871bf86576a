// A local coding agent consults a remote A2A agent in the middle of its turn: with
// agentChat.consultAgents on, the v2 editor-tools test agent calls ask_agent through the
// official MCP client; the consultation appears as a nested card in its turn, the user allows
// it on the card, and the card shows the whole exchange — the remote agent's two questions, the
// calling agent's answers and the final artifact — while the calling agent gets the artifact.
// A second, slow consultation is stopped with the card's own Stop: the calling agent reads
// that the user stopped it, and its turn ends normally.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { addUserAgents, editUserSettings, testAgentsDir } from '../../scripts/e2e/settings.mjs';
import { expectText } from '../../scripts/e2e/expect.mjs';
import { resultsDir } from '../../scripts/e2e/paths.mjs';
import { startV10Server } from '../a2a/v10Server.ts';

const ANALYST = 'analyst-v10';
const CODER = 'coder';
let server;
let removeAgents = () => undefined;
before(async () => {
  server = await startV10Server();
  removeAgents = addUserAgents({
    [ANALYST]: { url: server.url },
    [CODER]: { command: process.execPath, args: [join(testAgentsDir, 'editor-tools.agent.mjs')], protocolVersion: 2 },
  });
  editUserSettings((s) => { s['agentChat.consultAgents'] = true; });
});
after(async () => {
  editUserSettings((s) => { delete s['agentChat.consultAgents']; });
  removeAgents();
  await server?.close();
});

const win = chatWindow('consult');
const WAIT = { timeout: 30000 };

journey(win, 'the coding agent consults a remote analyst: a card in its turn, allowed by the user, two questions answered, the final artifact', async ({ chat }) => {
  await chat.useAgent(CODER);
  const before = await chat.send(`consult ${JSON.stringify({ agent: ANALYST, messages: ['Analyze this dataset', 'Revenue and profit margin', 'Yes, include it but flag the anomalies'] })}`);
  const card = (await chat.rows('tool_call')).filter({ hasText: 'Consulting Seed Analyst (v1.0)' }).first();
  await card.locator('.nested-title').waitFor({ state: 'visible', ...WAIT });
  await expectText(card.locator('.permission-question'), /Let the agent consult Seed Analyst \(v1\.0\)\?/, { ...WAIT, message: 'the question on the consultation card' });
  await expectText(card.locator('.perm-rule'), /Always allow consulting the agent analyst-v10/, { ...WAIT, message: 'the rule the card offers' });
  await chat.answerPermission('Allow');
  assert.equal(await chat.turnEnd(before, WAIT), 'end_turn');
  await expectText(card.locator('.nested-status'), /^completed$/, { ...WAIT, message: 'the card to say the consultation completed' });
  // Rows out of view are not laid out (content-visibility): read the card where the user would.
  await card.scrollIntoViewIfNeeded();
  await card.locator('.nested-rows .row.agent').last().scrollIntoViewIfNeeded();
  await expectText(card.locator('.nested-rows .row.agent').last(), /Q3 dip: the West region lost two accounts\. Q4 anomalies are flagged\./, { ...WAIT, message: 'the final artifact on the card' });
  // The inside of a card is windowed: the rows near its bottom are the ones in the DOM.
  await expectText(card.locator('.nested-rows .row.user').last(), /Your agent\s+Yes, include it but flag the anomalies/, { ...WAIT, message: 'the calling agent\'s last answer on the card' });
  await expectText(card.locator('.permission-outcome'), /Allow/, { ...WAIT, message: 'the answer kept on the card' });
  // The calling agent received the artifact as the tool's result.
  await chat.expectLast('agent', /State: completed/, WAIT);
  mkdirSync(resultsDir, { recursive: true });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: join(resultsDir, 'consult-card.png') });

  // A slow consultation, stopped from its card: just it; the calling turn goes on and ends.
  const second = await chat.send(`consult ${JSON.stringify({ agent: ANALYST, messages: ['slow please'] })}`);
  const slow = (await chat.rows('tool_call')).filter({ hasText: 'Consulting Seed Analyst (v1.0)' }).nth(1);
  await expectText(slow.locator('.permission-question'), /Let the agent consult Seed Analyst \(v1\.0\)\?/, { ...WAIT, message: 'the question on the second card' });
  await slow.locator('.thread .permission button.perm-option, .permission button.perm-option', { hasText: 'Allow' }).first().click();
  // Stop at once: the slow task streams for about 10 s, and under load every step takes its time.
  const stop = slow.locator('.consult-stop');
  await stop.click(WAIT);
  assert.equal(await chat.turnEnd(second, WAIT), 'end_turn', 'the calling turn was not stopped, only the consultation');
  await expectText(slow.locator('.nested-status'), /^cancelled$/, { ...WAIT, message: 'the card to say the consultation was cancelled' });
  await chat.expectLast('agent', /stopped by the user/, WAIT);
  await slow.scrollIntoViewIfNeeded();
  await slow.locator('.nested-rows .row.notice').last().scrollIntoViewIfNeeded();
  await expectText(slow.locator('.nested-rows .row.notice').last(), /Stopped by the user\./, { ...WAIT, message: 'the note on the card' });
  await slow.screenshot({ path: join(resultsDir, 'consult-card-stopped.png') });
}, { timeout: 240000 });
