// Daily use with the options agent: mode/model pickers in the panel, two sessions in tabs, and
// Show History reopening a saved conversation (read-only: this agent cannot load or resume).
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { waitUntil } from '../../scripts/e2e/chat.mjs';
import { pickQuickItem, runCommand } from '../../scripts/e2e/workbench.mjs';

const win = chatWindow('daily', { agent: 'options' });

journey(win, 'pickers: model first, a grouped model list, a toggle; the agent answers with the picked values', async ({ chat }) => {
  await chat.newSession();
  const model = await chat.locator('.session-pickers [data-picker="model"]');
  await model.waitFor({ state: 'visible' });
  const order = await (await chat.locator('.session-pickers [data-picker]')).evaluateAll((els) => els.map((e) => e.getAttribute('data-picker')));
  assert.deepEqual(order, ['model', 'mode', 'thought_level', 'fast'], 'model first, then the agent order; the mode config option replaces the legacy mode picker');
  assert.deepEqual(await model.locator('optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label'))), ['Anthropic', 'OpenAI']);
  await model.selectOption('opus');
  await (await chat.locator('[data-picker="fast"]')).check();
  await (await chat.locator('[data-picker="mode"]')).selectOption('code');
  assert.equal(await chat.turn('status'), 'end_turn');
  assert.match(await chat.lastText('agent'), /mode=code model=opus thought=medium fast=true/);
  // A change from the agent's side shows in the picker.
  assert.equal(await chat.turn('model gpt-5'), 'end_turn');
  await waitUntil(async () => (await model.inputValue()) === 'gpt-5', { message: 'the model picker to follow the agent' });
});

journey(win, 'tabs: New Session opens a second tab; switching shows each conversation; closing one keeps the other', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('first conversation'), 'end_turn');
  await chat.newSession();
  assert.equal(await chat.turn('second conversation'), 'end_turn');
  const tabs = await chat.locator('.session-tabs [role="tab"]');
  await waitUntil(async () => (await tabs.allInnerTexts()).some((t) => t.includes('second conversation')), { message: 'a tab named after the second prompt' });
  const first = (await chat.frame()).locator('.session-tabs [role="tab"]', { hasText: 'first conversation' });
  await first.click();
  await chat.waitForText('first conversation');
  assert.equal(await chat.count('[data-entry-type="user"]'), 1);
  assert.match(await chat.lastText('user'), /first conversation/);
  const second = (await chat.frame()).locator('.session-tab', { hasText: 'second conversation' });
  await second.locator('.session-tab-close').click();
  await waitUntil(async () => !(await tabs.allInnerTexts()).some((t) => t.includes('second conversation')), { message: 'the closed tab to go' });
  assert.match(await chat.lastText('user'), /first conversation/);
});

journey(win, 'history: Show History lists saved conversations and reopens one read-only', async ({ chat, page }) => {
  await chat.newSession();
  assert.equal(await chat.turn('remember the history journey'), 'end_turn');
  await chat.newSession();
  await runCommand(page, 'Agent Chat: Show History');
  await pickQuickItem(page, 'remember the history journey');
  await chat.waitForText('(read-only)');
  assert.match(await chat.lastText('user'), /remember the history journey/);
  // Sending continues in a new session below the saved conversation.
  assert.equal(await chat.turn('status'), 'end_turn');
  assert.match(await chat.lastText('agent'), /mode=ask/);
});
