// A remote agent speaking A2A v1.0 (a server on @a2a-js/sdk): added by URL in the user settings,
// picked in the panel, its empty thread lists what it can do (an example fills the composer),
// and it holds the seed's conversation to the final artifact, every answer on the same task.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { addUserAgents } from '../../scripts/e2e/settings.mjs';
import { expectText, expectValue } from '../../scripts/e2e/expect.mjs';
import { startV10Server } from '../a2a/v10Server.ts';

const AGENT = 'analyst-v10';
let server;
let removeAgent = () => undefined;
before(async () => {
  server = await startV10Server();
  removeAgent = addUserAgents({ [AGENT]: { url: server.url } });
});
after(async () => {
  removeAgent();
  await server?.close();
});

const win = chatWindow('a2a-v10');
const WAIT = { timeout: 30000 };

journey(win, 'a v1.0 remote agent added by URL: its skills in the empty thread, then the seed conversation to the final artifact', async ({ chat }) => {
  await chat.useAgent(AGENT);
  // Named once: the picker by the agent's card, the status only that it runs.
  await chat.waitReady(WAIT.timeout);
  await expectText(await chat.locator('select.agent-picker option:checked'), /Seed Analyst \(v1\.0\)/, { ...WAIT, use: 'textContent', message: 'the header to name the remote agent' });
  await expectText(await chat.locator('.panel-header .agent-protocol'), /A2A v1\.0/, { ...WAIT, message: 'the header to name its protocol' });

  const intro = await chat.locator('.agent-intro');
  await expectText(intro.locator('.skill-name'), /Analyze a dataset/, { ...WAIT, message: 'the card\'s skill in the empty thread' });
  await intro.getByRole('button', { name: 'Use example: Analyze this dataset' }).click();
  await expectValue(await chat.locator('.composer-input'), 'Analyze this dataset', { message: 'the example in the composer, not sent' });

  let before = await chat.send('Analyze this dataset');
  assert.equal(await chat.turnEnd(before, WAIT), 'input_required');
  await chat.expectLast('agent', /Which ones should I focus the analysis on\?/, WAIT);
  await expectText((await chat.locator('.row.turn-end')).nth(before), /Waiting for your answer/, { ...WAIT, message: 'the turn to end waiting for an answer' });

  before = await chat.send('Revenue by quarter and region');
  assert.equal(await chat.turnEnd(before, WAIT), 'input_required');
  await chat.waitForRow('agent', 'Revenue Analysis (Preliminary)', WAIT);
  await chat.expectLast('agent', /investigate the root cause/, WAIT);

  before = await chat.send('Investigate the root cause');
  assert.equal(await chat.turnEnd(before, WAIT), 'end_turn');
  await chat.expectLast('agent', /Q3 dip: the West region lost two accounts\. Q4 anomalies are flagged\./, WAIT);
}, { timeout: 180000 });
