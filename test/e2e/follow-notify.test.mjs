// Follow the agent and notifications, as a person sees them: the header's toggle opens each
// new tool-call location in the editor at its line while the composer keeps the focus, and
// with the chat hidden a permission is answered from its notification and the turn's end
// brings the chat back from its own.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { activeTab, editorText, runCommand } from '../../scripts/e2e/workbench.mjs';
import { expectAttribute, expectCount, expectValueOf } from '../../scripts/e2e/expect.mjs';

const lines = (name, n) => `${Array.from({ length: n }, (_, i) => `line ${i + 1} of ${name}`).join('\n')}\n`;
const win = chatWindow('follow-notify', {
  files: { 'src/long.txt': lines('long.txt', 150), 'src/skipped.txt': lines('skipped.txt', 10), 'src/last.txt': lines('last.txt', 10) },
});

/** The composer has the focus, in a focused page. */
const composerFocused = (frame) => frame.evaluate(() => document.activeElement?.classList.contains('composer-input') === true && document.hasFocus());

journey(win, 'follow on: a tool call\'s location opens at its line while the composer keeps the focus; off: nothing opens', async ({ page, chat }) => {
  await chat.newSession();
  await runCommand(page, 'View: Close All Editors');
  const frame = await chat.frame();
  const toggle = frame.getByRole('button', { name: 'Follow the agent in the editor' });
  await expectAttribute(toggle, 'aria-pressed', 'false');
  await toggle.click();
  await expectAttribute(toggle, 'aria-pressed', 'true', { message: 'the header shows follow on' });

  const before = await chat.send('read src/long.txt 120');
  assert.equal(await chat.turnEnd(before), 'end_turn');
  await activeTab(page, 'long.txt').waitFor({ state: 'visible', timeout: 20000 });
  await expectValueOf(() => editorText(page), (t) => t.includes('line 120 of long.txt') && !/^line 1 of long\.txt$/m.test(t), { what: 'line 120 in view, the top of the file scrolled away' });
  await expectValueOf(() => composerFocused(frame), true, { what: 'the composer to keep the focus' });

  // Off (from the palette this time): the next location stays closed. On again, the one after
  // it opens; locations go in order, so once that one is there the skipped one was passed over.
  await runCommand(page, 'View: Close All Editors');
  await runCommand(page, 'Agent Chat: Toggle Follow the Agent');
  await expectAttribute(toggle, 'aria-pressed', 'false', { message: 'the command turned it off and the header says so' });
  const skipped = await chat.send('read src/skipped.txt 3');
  assert.equal(await chat.turnEnd(skipped), 'end_turn');
  await toggle.click();
  await expectAttribute(toggle, 'aria-pressed', 'true');
  const last = await chat.send('read src/last.txt 7');
  assert.equal(await chat.turnEnd(last), 'end_turn');
  await activeTab(page, 'last.txt').waitFor({ state: 'visible', timeout: 20000 });
  await expectCount(page.locator('.editor-group-container .tab', { hasText: 'skipped.txt' }), 0, { message: 'the location seen while off never opened' });
  await runCommand(page, 'Agent Chat: Toggle Follow the Agent');
  await expectAttribute(toggle, 'aria-pressed', 'false');
});

journey(win, 'chat hidden: the permission is answered from its notification, and the turn-end notification\'s Open brings the chat back', async ({ page, chat, workspace }) => {
  await chat.newSession();
  const before = await chat.send('write notified.txt answered from a notification');
  await chat.permissionButtons();
  await runCommand(page, 'View: Show Explorer');
  await chat.waitHidden();

  const toasts = page.locator('.notifications-toasts .notification-toast-container');
  const question = toasts.filter({ hasText: 'scripted asks: Write notified.txt' });
  await question.waitFor({ state: 'visible', timeout: 20000 });
  await question.locator('a').filter({ hasText: /^Allow$/ }).click();

  const finished = toasts.filter({ hasText: 'scripted finished' });
  // The turn still has to write the file and end once Allow is pressed: on a machine this busy,
  // that has taken longer than the question's own notification.
  await finished.waitFor({ state: 'visible', timeout: 60000 });
  await expectCount(question, 0, { message: 'the answered question\'s notification is withdrawn' });
  await finished.locator('a').filter({ hasText: 'Open the chat' }).click();

  await chat.frame();
  assert.equal(await chat.turnEnd(before), 'end_turn');
  await chat.expectLast('agent', /Wrote notified\.txt/);
  await expectCount(finished, 0, { timeout: 15000, message: 'seen in the chat: the turn-end notification goes' });
  assert.ok(existsSync(join(workspace, 'notified.txt')));
});
