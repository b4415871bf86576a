// Thread search: a word said only in an older conversation (its tab since closed) is found from
// the palette; picking the hit reopens that conversation and scrolls the panel to the message,
// which was out of view at the top of a long thread.
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { expectCount, expectText, expectValueOf } from '../../scripts/e2e/expect.mjs';
import { runCommand } from '../../scripts/e2e/workbench.mjs';

const win = chatWindow('thread-search');
const SEARCH_TITLE = 'Agent Chat: Search Threads';
const WORD = 'quokkaland';
/** Short enough for a tab label (titles are cut in the middle past 22 characters). */
const FIRST = `${WORD} notes`;

/** Whether the element is wholly inside the visible part of the thread. */
const inThreadView = (el) => {
  const r = el.getBoundingClientRect();
  const t = el.closest('.thread').getBoundingClientRect();
  return r.height > 0 && r.top >= t.top - 1 && r.bottom <= t.bottom + 1;
};

journey(win, 'search: a word from an older thread finds it; the hit reopens it scrolled to that message', async ({ page, chat }) => {
  // The older conversation: the word in its first message, then long answers below it.
  await chat.newSession();
  assert.equal(await chat.turn(FIRST), 'end_turn');
  for (let i = 0; i < 5; i++) assert.equal(await chat.turn('hello'), 'end_turn');
  // Its tab is closed: the conversation lives on only as a saved thread.
  const oldTab = (await chat.locator('.session-tab')).filter({ hasText: FIRST }).first();
  await chat.newSession();
  assert.equal(await chat.turn('a newer conversation about pears'), 'end_turn');
  await oldTab.locator('.session-tab-close').click();
  await expectCount((await chat.locator('.session-tab')).filter({ hasText: WORD }), 0, { message: 'the older tab closed' });

  await runCommand(page, 'Agent Chat: Search Threads…');
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title', { hasText: SEARCH_TITLE }).first().waitFor({ state: 'visible' });
  await widget.locator('input').fill(WORD);
  // The hit for the message line (the title matches too: that row says so instead of a line).
  const hit = widget.locator('.monaco-list-row').filter({ hasText: FIRST }).filter({ hasNotText: 'Title matches' }).first();
  await hit.waitFor({ state: 'visible', timeout: 15000 });
  await hit.click();

  // The older conversation is shown again, with the message in view (not the bottom of the thread).
  const target = (await chat.rows('user')).filter({ hasText: WORD }).first();
  await target.waitFor({ state: 'attached', timeout: 20000 });
  await expectValueOf(() => target.evaluate(inThreadView), true, { what: 'the hit\'s message in view', timeout: 15000 });
  await expectValueOf(async () => (await chat.rows('user')).count(), 6, { what: 'the older conversation\'s six prompts' });
  const last = await chat.lastOf('agent');
  await expectValueOf(() => last.evaluate(inThreadView), false, { what: 'the bottom of the thread out of view' });
  await expectText(await chat.locator('.session-tab.active'), new RegExp(WORD), { message: 'the reopened conversation\'s tab shown' });
}, { timeout: 150000 });

journey(win, 'search from Show History: the words typed to filter the list carry into "Search in threads…"', async ({ page }) => {
  await runCommand(page, 'Agent Chat: Show History');
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title', { hasText: 'Agent Chat: History' }).first().waitFor({ state: 'visible' });
  await widget.locator('input').fill(WORD);
  // The offer stays in the filtered list; picked, the search opens with the same words and finds the thread.
  await widget.locator('.monaco-list-row').filter({ hasText: 'Search in threads…' }).first().click();
  await widget.locator('.quick-input-title', { hasText: SEARCH_TITLE }).first().waitFor({ state: 'visible' });
  await expectValueOf(() => widget.locator('input').inputValue(), WORD, { what: 'the typed words in the search box' });
  await widget.locator('.monaco-list-row').filter({ hasText: FIRST }).first().waitFor({ state: 'visible', timeout: 15000 });
  await page.keyboard.press('Escape');
});
