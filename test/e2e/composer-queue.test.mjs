// Writing the next message while the agent works: Enter queues it, it goes out by itself when the
// turn ends normally, a stopped turn holds it for the user, and the queue lives in the host (it
// goes out while the chat is hidden). A permission question asked while the chat is hidden comes
// as a notification that answers from its links and goes away once the question is settled.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { runCommand } from '../../scripts/e2e/workbench.mjs';
import { expectCount, expectText, expectValue, expectValueOf } from '../../scripts/e2e/expect.mjs';

const win = chatWindow('composer-queue', { files: { 'long.txt': 'long\n' } });

/** Types into the composer and presses Enter while a turn runs: the message is queued, not sent. */
async function queue(chat, text) {
  const input = await chat.locator('textarea.composer-input');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await expectValue(input, '', { timeout: 15000, message: 'the composer to clear after queueing' });
  const item = (await chat.locator('.queued-item')).filter({ hasText: text.split('\n')[0] });
  await item.waitFor({ state: 'visible', timeout: 15000 });
  return item;
}

/** The user's messages in the thread, oldest first (DOM text: rows scrolled out of view are not laid out). */
const userTexts = async (chat) => (await chat.rows('user')).evaluateAll((els) => els.map((e) => e.querySelector('.message-body')?.textContent?.trim() ?? ''));
const expectUserTexts = async (chat, expected, message) => expectValueOf(() => userTexts(chat), expected, { what: message ?? 'the user messages' });

/**
 * A turn that runs until the test lets it end: a client terminal waiting for `file` to appear
 * in the workspace. Ending it is the test's move, so nothing races the steps before.
 */
const heldTurn = (file) => `terminal sh -c "until [ -e ${file} ]; do sleep 0.1; done"`;
const release = (workspace, file) => writeFileSync(join(workspace, file), '');
const fileText = (workspace, file) => (existsSync(join(workspace, file)) ? readFileSync(join(workspace, file), 'utf8') : undefined);

/** A progress notification of Agent Chat whose text matches. */
const toast = (page, pattern) => page.locator('.notifications-toasts .notification-toast-container').filter({ hasText: pattern });

journey(win, 'Enter during a turn queues the message; it is sent when the turn ends with end_turn', async ({ chat, workspace }) => {
  await chat.newSession();
  const before = await chat.send('write first.txt one');
  await chat.permissionButtons();
  const item = await queue(chat, 'echo queued while waiting');
  await expectText(item, /Queued/);
  await expectText(await chat.locator('button.send'), 'Stop', { message: 'Stop stays available' });

  await chat.answerPermission('Allow');
  assert.equal(await chat.turnEnd(before), 'end_turn');
  // The queued message goes out by itself and gets its own answer.
  assert.equal(await chat.turnEnd(before + 1), 'end_turn');
  await chat.expectLast('agent', /ECHO:.*echo queued while waiting/);
  await expectCount(await chat.locator('.queued-item'), 0, { message: 'the queue is empty once sent' });
  await expectValueOf(() => userTexts(chat), (users) => /echo queued while waiting/.test(users.at(-1)), { what: 'the queued message last in the thread' });
  await expectValueOf(() => fileText(workspace, 'first.txt'), 'one', { what: 'the allowed write on disk' });
});

journey(win, 'the queue survives hiding the chat; a stopped turn holds it; Send now sends one, Remove drops another', async ({ page, chat }) => {
  await chat.newSession();
  const before = await chat.send('long');
  await chat.waitForRow('agent', 'tick');
  await queue(chat, 'hello after the stop');
  await queue(chat, 'never mind this one');
  // Hiding the chat tears its page down; the queue is the host's and comes back with it.
  await runCommand(page, 'View: Show Explorer');
  await chat.open();
  await expectCount(await chat.locator('.queued-item.state-queued'), 2, { message: 'the queue back after hide/show' });
  const input = await chat.locator('textarea.composer-input');
  await input.click();
  await input.press('Escape');
  assert.equal(await chat.turnEnd(before, { timeout: 15000 }), 'cancelled');
  // The host holds both once the turn is stopped: nothing goes out by itself (the count of
  // messages below is checked again after Send now).
  await expectCount(await chat.locator('.queued-item.state-held'), 2, { message: 'both messages held after the stop' });
  await expectText((await chat.locator('.queued-item')).first(), /the turn was cancelled/);
  await expectUserTexts(chat, ['long'], 'only the first message in the thread');

  const frame = await chat.frame();
  await frame.getByRole('button', { name: 'Remove: never mind this one' }).click();
  await expectCount(await chat.locator('.queued-item'), 1, { message: 'the removed message to go' });
  await frame.getByRole('button', { name: 'Send now: hello after the stop' }).click();
  assert.equal(await chat.turnEnd(before + 1), 'end_turn');
  await expectCount(await chat.locator('.queued-item'), 0, { message: 'the queue empty' });
  await expectUserTexts(chat, ['long', 'hello after the stop']);
});

journey(win, 'the queue goes out while the chat is hidden; its permission question comes as a notification that answers and withdraws', async ({ page, chat, workspace }) => {
  await chat.newSession();
  // A turn held open until the chat is hidden, with a write queued behind it.
  let before = await chat.send(heldTurn('release-1'));
  await queue(chat, 'write hidden.txt from the queue');
  await runCommand(page, 'View: Show Explorer');
  await chat.waitHidden();
  // The chat is hidden: the turn ends, the queued write goes out and asks for permission.
  release(workspace, 'release-1');
  const question = toast(page, /asks: Write hidden\.txt/);
  await question.waitFor({ state: 'visible', timeout: 30000 });
  await expectText(question, (text) => ['Allow', 'Always allow', 'Reject', 'Never', 'open the chat'].every((o) => text.includes(o)),
    { message: 'the notification offers every answer and the chat' });
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, 'composer-queue-permission-notification.png') });
  await question.locator('a', { hasText: /^Allow$/ }).click();
  // The file may exist a moment before its text is in it: wait for the text.
  await expectValueOf(() => fileText(workspace, 'hidden.txt'), 'from the queue', { what: 'the write allowed from the notification' });
  await question.waitFor({ state: 'detached', timeout: 10000 });

  // Back in the chat: both turns are there, the queue is empty.
  await chat.open();
  assert.equal(await chat.turnEnd(before), 'end_turn');
  assert.equal(await chat.turnEnd(before + 1), 'end_turn');
  await chat.expectLast('agent', /Wrote hidden\.txt/);
  await expectCount(await chat.locator('.queued-item'), 0, { message: 'the queue empty' });

  // Settled elsewhere: the notification goes away by itself instead of going stale.
  before = await chat.send(heldTurn('release-2'));
  await queue(chat, 'write withdrawn.txt never');
  await runCommand(page, 'View: Show Explorer');
  await chat.waitHidden();
  release(workspace, 'release-2');
  const second = toast(page, /asks: Write withdrawn\.txt/);
  await second.waitFor({ state: 'visible', timeout: 30000 });
  await runCommand(page, 'Agent Chat: Cancel Turn');
  await second.waitFor({ state: 'detached', timeout: 15000 });
  assert.equal(existsSync(join(workspace, 'withdrawn.txt')), false);
  await chat.open();
  assert.equal(await chat.turnEnd(before + 1, { timeout: 15000 }), 'cancelled');
});

journey(win, 'Steer on a v1 agent cancels and sends: the partial answer stays, the message goes out once the turn stopped', async ({ chat }) => {
  await chat.newSession();
  const before = await chat.send('long');
  await chat.waitForRow('agent', 'tick');
  const input = await chat.locator('textarea.composer-input');
  await input.click();
  await input.fill('echo steered after the stop');
  const frame = await chat.frame();
  // The arrow beside Queue: Queue, Steer, Stop and send.
  await frame.getByRole('button', { name: 'More ways to send' }).click();
  await frame.getByRole('menuitem', { name: /^Steer:/ }).click();
  await expectValue(input, '', { timeout: 15000, message: 'the composer to clear after steering' });
  // A v1 agent cannot take a message while working: its turn is stopped first, then the message goes out.
  assert.equal(await chat.turnEnd(before, { timeout: 15000 }), 'cancelled');
  assert.equal(await chat.turnEnd(before + 1), 'end_turn');
  await chat.expectLast('agent', /ECHO:.*echo steered after the stop/);
  await expectText((await chat.rows('agent')).first(), /tick/, { message: 'the stopped turn\'s partial answer stays' });
  await expectUserTexts(chat, ['long', 'echo steered after the stop']);
  await expectText(await chat.lastOf('user'), /Steered: the agent stopped its turn first/, { message: 'the thread says what happened' });
  await expectCount(await chat.locator('.queued-item'), 0, { message: 'nothing was queued' });
});

journey(win, 'a 300 px wide chat: header, queue and composer fit, nothing overflows', async ({ page, chat }) => {
  await chat.newSession();
  // Narrow the side bar by dragging its edge, as a person would.
  const bar = await page.locator('.part.sidebar').boundingBox();
  await page.mouse.move(bar.x + bar.width - 1, bar.y + bar.height / 2);
  await page.mouse.down();
  await page.mouse.move(bar.x + 300, bar.y + bar.height / 2, { steps: 8 });
  await page.mouse.up();
  const before = await chat.send('long');
  await chat.waitForRow('agent', 'tick');
  await queue(chat, 'then summarise what you found in a short list');
  const frame = await chat.frame();
  const measure = () => frame.evaluate(() => {
    const over = (sel) => { const el = document.querySelector(sel); return el ? el.scrollWidth - el.clientWidth : 0; };
    const button = document.querySelector('.panel-header [data-action="new-session"]').getBoundingClientRect();
    return {
      width: document.documentElement.clientWidth,
      overflow: [over('html'), over('.panel-header .header-line'), over('.composer-actions'), over('.queued-item')],
      buttonRight: button.right,
    };
  });
  // The webview follows the side bar's new width a few frames after the drag.
  await expectValueOf(measure, (m) => m.width >= 270 && m.width <= 320 && m.overflow.every((o) => o <= 0) && m.buttonRight <= m.width,
    { what: 'a chat about 300 px wide with no horizontal overflow and New session fully visible' });
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, 'composer-queue-narrow-300.png') });
  const input = await chat.locator('textarea.composer-input');
  await input.click();
  await input.press('Escape');
  assert.equal(await chat.turnEnd(before, { timeout: 15000 }), 'cancelled');
});
