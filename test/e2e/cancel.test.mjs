// Cancelling a long turn, from the command palette and with Escape in the panel: the turn shows
// cancelled, the pending permission is answered "cancelled", and the user gets control back.
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { runCommand } from '../../scripts/e2e/workbench.mjs';
import { expectAttribute, expectCount, expectText, expectValueOf } from '../../scripts/e2e/expect.mjs';

const win = chatWindow('cancel', { files: { 'long.txt': 'long\n' } });

async function startLongTurn(chat) {
  await chat.newSession();
  const before = await chat.send('long');
  await chat.waitForRow('agent', 'tick');
  // The reply grows on screen while it streams (a tick every 200 ms for a minute): the same row
  // is seen again with more ticks, however slowly the machine draws frames.
  const reply = await chat.lastOf('agent');
  const ticks = (text) => text.match(/tick/g)?.length ?? 0;
  const seen = ticks(await expectText(reply, /tick/));
  await expectText(reply, (text) => ticks(text) > seen, { timeout: 20000, message: `the reply to grow past ${seen} tick(s) while streaming` });
  await chat.permissionButtons();
  await expectAttribute(await chat.locator('.panel-header'), 'data-turn-state', (s) => s !== 'idle', { message: 'the header to show a turn running' });
  return before;
}

async function assertCancelled(chat, before) {
  assert.equal(await chat.turnEnd(before, { timeout: 15000 }), 'cancelled');
  await chat.expectLast('agent', /PERMISSION:cancelled/, { message: 'the agent to report the permission answered "cancelled"' });
  await expectCount(await chat.permissionOptions(), 0, { message: 'the question withdrawn' });
  const tools = await chat.rows('tool_call');
  await expectValueOf(() => tools.evaluateAll((els) => els.map((e) => e.querySelector('.row.tool')?.className ?? '')),
    (classes) => classes.length === 2 && classes.every((c) => /status-(cancelled|failed)/.test(c)), { what: 'both tool calls cancelled or failed' });
  await expectAttribute(await chat.locator('.panel-header'), 'data-turn-state', 'idle', { message: 'the turn state to return to idle' });
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
