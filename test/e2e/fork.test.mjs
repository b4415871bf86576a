// "Fork from here": with an agent that offers session/fork, the latest message forks the
// conversation into a new tab that shows it and continues it (the agent remembers), while the
// original tab stays as it was; with an agent that does not, the control says why it cannot.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { addUserAgents, testAgentsDir } from '../../scripts/e2e/settings.mjs';
import { expectAttribute, expectCount, expectText, expectValueOf } from '../../scripts/e2e/expect.mjs';

const FORKER = 'forker';
let removeAgent = () => undefined;
// Registered before the window's own hook, so the agent exists when the window picks it.
before(() => {
  removeAgent = addUserAgents({ [FORKER]: { command: process.execPath, args: [join(testAgentsDir, 'edits.agent.mjs'), '--fork'] } });
});
after(() => removeAgent());

const win = chatWindow('fork', { agent: FORKER });

/** The user rows' texts of the shown thread, in order. */
async function prompts(chat) {
  return (await chat.rows('user')).evaluateAll((rows) => rows.map((r) => r.querySelector('.message-body, .md')?.textContent?.trim() ?? r.textContent?.trim() ?? ''));
}

journey(win, 'fork: the latest message forks into a new tab that remembers; the original tab is unchanged', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('plant tomatoes'), 'end_turn');
  assert.equal(await chat.turn('water them weekly'), 'end_turn');
  await chat.expectLast('agent', /prompts seen: plant tomatoes \| water them weekly/);

  // Offered on the latest turn only (a fork copies the whole session), enabled.
  // Found by role and label; the hidden ones too, to see which messages offer it.
  const forks = (await chat.rows('user')).getByRole('button', { name: /^Fork from here/, includeHidden: true });
  await expectValueOf(() => forks.evaluateAll((els) => els.map((e) => !e.hidden)), [false, true], { what: 'the fork control on the latest message only' });
  const fork = forks.nth(1);
  await expectAttribute(fork, 'title', /a new tab continues this conversation/, { message: 'the fork control to say what it does' });
  await fork.click();

  // A new tab, shown, with the conversation so far and a note where it came from.
  const tabs = await chat.locator('.session-tabs [role="tab"]');
  // Its tooltip holds the whole title (the label is cut in the middle).
  await expectAttribute(await chat.locator('.session-tab.active .session-tab-label'), 'title', /^plant tomatoes \(fork\)/, { message: 'the forked tab shown, named after the original' });
  await chat.waitForRow('notice', 'Forked from');
  await expectValueOf(() => prompts(chat), (p) => p.length === 2 && /plant tomatoes/.test(p[0]) && /water them weekly/.test(p[1]), { what: 'the two earlier prompts in the fork' });
  await expectValueOf(() => tabs.count(), (n) => n >= 2, { what: 'a second tab' });
  await chat.waitReady();

  // It continues: the agent's copy of the session remembers both earlier prompts.
  assert.equal(await chat.turn('pick them in August'), 'end_turn');
  await chat.expectLast('agent', /prompts seen: plant tomatoes \| water them weekly \| pick them in August/);

  // The original tab is as it was: two prompts, the same last answer, nothing of the fork.
  await tabs.filter({ hasNotText: '(fork)' }).filter({ hasText: 'plant tomatoes' }).first().click();
  await expectValueOf(() => prompts(chat), (p) => p.length === 2 && /water them weekly/.test(p[1]), { what: 'the original tab\'s two prompts' });
  await chat.expectLast('agent', /^\s*prompts seen: plant tomatoes \| water them weekly\s*$/);
  await expectCount((await chat.rows('notice')).filter({ hasText: 'Forked from' }), 0, { message: 'no fork note in the original tab' });
}, { timeout: 120000 });

journey(win, 'fork: an agent without session/fork shows the control disabled with the reason', async ({ chat }) => {
  await chat.useAgent('scripted');
  await chat.newSession();
  assert.equal(await chat.turn('hello'), 'end_turn');
  const fork = (await chat.lastOf('user')).getByRole('button', { name: /^Fork from here/ });
  await expectAttribute(fork, 'aria-disabled', 'true', { message: 'the fork control disabled' });
  await expectAttribute(fork, 'title', /does not offer session\/fork/, { message: 'the reason in its tooltip' });
  const tabsBefore = await (await chat.locator('.session-tabs [role="tab"]')).count();
  // Clicked anyway (it stays focusable so its tooltip can be read): nothing happens.
  await fork.click({ force: true });
  // Nothing happens: no new tab, the conversation stays.
  await chat.expectLast('user', /hello/);
  await expectCount(await chat.locator('.session-tabs [role="tab"]'), tabsBefore, { message: 'no new tab' });
});
