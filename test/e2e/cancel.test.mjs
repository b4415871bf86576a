// Cancelling a long turn, from the command palette and with Escape in the panel: the turn shows
// cancelled, the pending permission is answered "cancelled", and the user gets control back.
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { runCommand } from '../../scripts/e2e/workbench.mjs';
import { waitUntil } from '../../scripts/e2e/chat.mjs';

const win = chatWindow('cancel', { files: { 'long.txt': 'long\n' } });

async function startLongTurn(chat) {
  await chat.newSession();
  const before = await chat.send('long');
  await chat.waitForText('tick');
  await chat.permissionButtons();
  const header = await chat.locator('.panel-header');
  assert.notEqual(await header.getAttribute('data-turn-state'), 'idle');
  return before;
}

async function assertCancelled(chat, before) {
  assert.equal(await chat.turnEnd(before, { timeout: 15000 }), 'cancelled');
  await waitUntil(async () => /PERMISSION:cancelled/.test(await chat.lastText('agent')),
    { message: 'the agent to report the permission answered "cancelled"' });
  assert.equal(await (await chat.locator('.permission button.perm-option')).count(), 0, 'the question is withdrawn');
  const statuses = await (await chat.locator('[data-entry-type="tool_call"]')).evaluateAll((els) => els.map((e) => e.className));
  assert.equal(statuses.length, 2);
  for (const s of statuses) assert.match(s, /status-(cancelled|failed)/);
  await waitUntil(async () => (await (await chat.locator('.panel-header')).getAttribute('data-turn-state')) === 'idle',
    { message: 'the turn state to return to idle' });
  // Control is back: the next prompt runs normally.
  assert.equal(await chat.turn('hello'), 'end_turn');
}

journey(win, 'cancel a long turn from the command palette', async ({ page, chat }) => {
  const before = await startLongTurn(chat);
  await runCommand(page, 'Agent Chat: Cancel Turn');
  await assertCancelled(chat, before);
});

journey(win, 'cancel a long turn with Escape in the panel', async ({ chat }) => {
  const before = await startLongTurn(chat);
  const input = await chat.locator('textarea.composer-input');
  await input.click();
  await input.press('Escape');
  await assertCancelled(chat, before);
});
