// The v2 agent's compaction, agent-owned terminal, plan variants and diff change list, shown in
// the real panel inside VS Code: a plan file opens in the editor, Open diff opens the change; a
// tool call and a terminal that offer cancel are stopped on their own while the turn goes on.
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { expectCount, expectText, expectTexts } from '../../scripts/e2e/expect.mjs';
import { activeTab } from '../../scripts/e2e/workbench.mjs';
import { OWN_TERMINAL } from '../agents/lib/v2-scenarios-updates.ts';
import { STOPPABLE } from '../agents/lib/v2-scenarios-stop.ts';

const win = chatWindow('update-kinds', { agent: 'v2', files: { 'PLAN.md': '# The plan\n' } });

journey(win, 'compaction: a folded Markdown summary, and the notice that came with it', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('compaction'), 'end_turn');
  const row = (await chat.locator('.thread .row.compaction')).first();
  await expectText(row, /Conversation compacted/);
  await row.locator('.compaction-toggle').click();
  await expectText(row.locator('.compaction-summary strong'), 'demo', { message: 'the opened summary' });
  await expectText((await chat.locator('.thread .row.notice.severity-warning')).last(), /Context was compacted/);
});

journey(win, 'an agent-owned terminal with no tool call gets its own row; escapes never show', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('terminal-own'), 'end_turn');
  const row = (await chat.locator('.thread .row.terminal')).first();
  await expectText(row.locator('.terminal-command'), OWN_TERMINAL.command);
  // Exactly, newlines included: no escape sequence may show.
  await expectText(row.locator('.terminal-output'), (t) => t === 'line ✓ one\nwarn two\nthree €\n', { use: 'textContent', message: 'the terminal output without escapes' });
  await expectText(row.locator('.terminal-status'), 'exit code 3');
});

journey(win, 'plans side by side; the file plan opens in the editor; the removed one says so', async ({ chat, page }) => {
  await chat.newSession();
  assert.equal(await chat.turn('plans'), 'end_turn');
  await expectCount(await chat.locator('.thread .row.plan'), 3, { message: 'three plan rows' });
  await expectText(await chat.locator('.thread .row.plan.removed'), /removed/);
  await (await chat.locator('.thread .row.plan .plan-file button.plan-open')).click();
  await activeTab(page, 'PLAN.md').waitFor({ state: 'visible', timeout: 10000 });
});

journey(win, 'a v2 diff: files with badges and counts, Open diff opens the change', async ({ chat, page }) => {
  await chat.newSession();
  assert.equal(await chat.turn('changes'), 'end_turn');
  await expectTexts(await chat.locator('.thread .change .change-badge'), ['M', 'A', 'D', 'R']);
  await expectText(await chat.locator('.thread .changes-head .change-counts'), '+3 −1');
  await (await chat.locator('.thread .tool-changes button[data-action="open-diff"]')).click();
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
  const refusedCard = frame.locator('.thread .row.tool', { hasText: STOPPABLE.refused });
  await expectText(refusedCard.locator('.stop-refused'), /point of no return/, { timeout: 10000 });
  // Keyboard: focus the tool call's Stop and press Enter.
  const stopTool = frame.getByRole('button', { name: `Stop ${STOPPABLE.tool}` });
  await stopTool.focus();
  await stopTool.press('Enter');
  const toolCard = frame.locator('.thread .row.tool', { hasText: STOPPABLE.tool });
  await toolCard.locator('.tool-status.status-cancelled').waitFor({ timeout: 10000 });
  await frame.getByRole('button', { name: `Stop ${STOPPABLE.command}` }).click();
  await expectText(frame.locator('.thread .row.terminal .terminal-status'), 'killed by SIGTERM', { message: 'the terminal stopped' });
  assert.equal(await chat.turnEnd(before), 'end_turn');
  await chat.waitForRow('agent', 'STOPPED tool:true terminal:true');
  await expectCount(frame.locator('.stop-btn'), 0, { message: 'nothing left to stop' });
});
