// The v2 agent's compaction, agent-owned terminal, plan variants and diff change list, shown in
// the real panel inside VS Code: a plan file opens in the editor, Open diff opens the change; a
// tool call and a terminal that offer cancel are stopped on their own while the turn goes on.
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { waitUntil } from '../../scripts/e2e/chat.mjs';
import { activeTab } from '../../scripts/e2e/workbench.mjs';
import { OWN_TERMINAL } from '../agents/lib/v2-scenarios-updates.ts';
import { STOPPABLE } from '../agents/lib/v2-scenarios-stop.ts';

const win = chatWindow('update-kinds', { agent: 'v2', files: { 'PLAN.md': '# The plan\n' } });

journey(win, 'compaction: a folded Markdown summary, and the notice that came with it', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('compaction'), 'end_turn');
  const row = (await chat.locator('.row.compaction')).first();
  assert.match(await row.innerText(), /Conversation compacted/);
  await (await chat.locator('.row.compaction .compaction-toggle')).click();
  // The opened summary is drawn in the panel's next frame.
  const strong = await chat.locator('.row.compaction .compaction-summary strong');
  await waitUntil(async () => (await strong.count()) > 0 && (await strong.innerText()) === 'demo', { message: 'the opened summary' });
  assert.match(await (await chat.locator('.row.notice.severity-warning')).innerText(), /Context was compacted/);
});

journey(win, 'an agent-owned terminal with no tool call gets its own row; escapes never show', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('terminal-own'), 'end_turn');
  const row = (await chat.locator('.row.terminal')).first();
  assert.equal(await row.locator('.terminal-command').innerText(), OWN_TERMINAL.command);
  assert.equal(await row.locator('.terminal-output').evaluate((el) => el.textContent), 'line ✓ one\nwarn two\nthree €\n');
  assert.equal(await row.locator('.terminal-status').innerText(), 'exit code 3');
});

journey(win, 'plans side by side; the file plan opens in the editor; the removed one says so', async ({ chat, page }) => {
  await chat.newSession();
  assert.equal(await chat.turn('plans'), 'end_turn');
  await waitUntil(async () => (await chat.count('.row.plan')) === 3, { message: 'three plan rows' });
  assert.match(await (await chat.locator('.row.plan.removed')).innerText(), /removed/);
  await (await chat.locator('.row.plan .plan-file')).click();
  await activeTab(page, 'PLAN.md').waitFor({ state: 'visible', timeout: 10000 });
});

journey(win, 'a v2 diff: files with badges and counts, Open diff opens the change', async ({ chat, page }) => {
  await chat.newSession();
  assert.equal(await chat.turn('changes'), 'end_turn');
  const badges = await (await chat.locator('.change .change-badge')).allInnerTexts();
  assert.deepEqual(badges, ['M', 'A', 'D', 'R']);
  assert.equal(await (await chat.locator('.changes-head .change-counts')).innerText(), '+3 −1');
  await (await chat.locator('.tool-changes button[data-action="open-diff"]')).click();
  // Neither file exists in this workspace: the changed regions open, two files together.
  await activeTab(page, 'Agent edit (2 files)').waitFor({ state: 'visible', timeout: 10000 });
});

journey(win, 'Stop on one tool call and one terminal: the agent stops them, a refusal shows on its card, the turn ends normally', async ({ chat }) => {
  await chat.newSession();
  const before = await chat.send('stoppable');
  const frame = await chat.frame();
  const refusing = frame.getByRole('button', { name: `Stop ${STOPPABLE.refused}` });
  await refusing.waitFor({ state: 'visible', timeout: 20000 });
  await refusing.click();
  const refusedCard = frame.locator('.row.tool', { hasText: STOPPABLE.refused });
  await refusedCard.locator('.stop-refused').waitFor({ state: 'visible', timeout: 10000 });
  assert.match(await refusedCard.locator('.stop-refused').innerText(), /point of no return/);
  // Keyboard: focus the tool call's Stop and press Enter.
  const stopTool = frame.getByRole('button', { name: `Stop ${STOPPABLE.tool}` });
  await stopTool.focus();
  await stopTool.press('Enter');
  const toolCard = frame.locator('.row.tool', { hasText: STOPPABLE.tool });
  await toolCard.locator('.tool-status.status-cancelled').waitFor({ timeout: 10000 });
  await frame.getByRole('button', { name: `Stop ${STOPPABLE.command}` }).click();
  await waitUntil(async () => (await frame.locator('.row.terminal .terminal-status').innerText()) === 'killed by SIGTERM', { message: 'the terminal stopped' });
  assert.equal(await chat.turnEnd(before), 'end_turn');
  await chat.waitForText('STOPPED tool:true terminal:true');
  assert.equal(await chat.count('.stop-btn'), 0, 'nothing left to stop');
});
