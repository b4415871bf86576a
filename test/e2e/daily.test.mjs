// Daily use with the options agent: mode/model pickers in the panel, two sessions in tabs, and
// Show History reopening a saved conversation (read-only: this agent cannot load or resume).
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { expectCount, expectValue, expectValueOf } from '../../scripts/e2e/expect.mjs';
import { pickQuickItem, runCommand } from '../../scripts/e2e/workbench.mjs';

const win = chatWindow('daily', { agent: 'options' });

journey(win, 'pickers: model first, a grouped model list, a toggle; the agent answers with the picked values', async ({ chat }) => {
  await chat.newSession();
  const model = await chat.locator('.session-pickers [data-picker="model"]');
  await model.waitFor({ state: 'visible' });
  const pickers = await chat.locator('.session-pickers [data-picker]');
  await expectValueOf(() => pickers.evaluateAll((els) => els.map((e) => e.getAttribute('data-picker'))), ['model', 'mode', 'thought_level', 'fast'],
    { what: 'model first, then the agent order; the mode config option replaces the legacy mode picker' });
  await expectValueOf(() => model.locator('optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label'))), ['Anthropic', 'OpenAI'],
    { what: 'the model list grouped by provider' });
  await model.selectOption('opus');
  await (await chat.locator('[data-picker="fast"]')).check();
  await (await chat.locator('[data-picker="mode"]')).selectOption('code');
  assert.equal(await chat.turn('status'), 'end_turn');
  await chat.expectLast('agent', /mode=code model=opus thought=medium fast=true/);
  // A change from the agent's side shows in the picker.
  assert.equal(await chat.turn('model gpt-5'), 'end_turn');
  await expectValue(model, 'gpt-5', { message: 'the model picker to follow the agent' });
});

journey(win, 'tabs: New Session opens a second tab; switching shows each conversation; closing one keeps the other', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('first conversation'), 'end_turn');
  await chat.newSession();
  assert.equal(await chat.turn('second conversation'), 'end_turn');
  // Tabs by their tooltips, which hold the whole title (labels are cut in the middle).
  const tab = async (title) => chat.locator(`.session-tabs [role="tab"][title^="${title}"]`);
  await (await tab('second conversation')).first().waitFor({ state: 'visible' });
  await (await tab('first conversation')).first().click();
  // The thread switches: its one prompt is the first conversation (the tab label says the same, so read the rows).
  await chat.expectLast('user', /first conversation/);
  await expectCount(await chat.rows('user'), 1, { message: 'one prompt in the first tab' });
  await (await chat.locator('.session-tab-close[aria-label="Close second conversation"]')).click();
  await expectCount(await tab('second conversation'), 0, { message: 'the closed tab to go' });
  await chat.expectLast('user', /first conversation/);
});

journey(win, 'history: Show History shows a conversation live in a tab there; closed, it reopens read-only', async ({ chat, page }) => {
  await chat.newSession();
  assert.equal(await chat.turn('remember the history journey'), 'end_turn');
  await chat.newSession();
  // Tab labels are cut in the middle; their tooltip holds the whole title.
  const titled = await chat.locator('.session-tabs [role="tab"][title^="remember the history journey"]');
  // Still live in its tab: picking it shows that tab, not a copy of the conversation beside it.
  await runCommand(page, 'Agent Chat: Show History');
  await pickQuickItem(page, 'remember the history journey');
  await expectCount(titled.and(await chat.locator('[aria-selected="true"]')), 1, { message: 'the tab of the live conversation to be shown' });
  await expectCount(titled, 1, { message: 'one tab for the conversation' });
  await chat.expectLast('user', /remember the history journey/);
  // Its tab closed, the saved conversation opens read-only (this agent cannot load or resume).
  await (await chat.locator('.session-tab-close[aria-label="Close remember the history journey"]')).click();
  await expectCount(titled, 0, { message: 'the closed tab to go' });
  await runCommand(page, 'Agent Chat: Show History');
  await pickQuickItem(page, 'remember the history journey');
  await chat.waitForRow('notice', '(read-only)');
  await chat.expectLast('user', /remember the history journey/);
  // Sending continues in a new session below the saved conversation.
  assert.equal(await chat.turn('status'), 'end_turn');
  await chat.expectLast('agent', /mode=ask/);
});
