// The agent asks the user for input (ACP elicitation): a form filled in with one invalid field
// first, then sent; a sign-in page declined. What the agent received is what it reports back.
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { expectAttribute, expectCount, expectText, expectTexts } from '../../scripts/e2e/expect.mjs';

const win = chatWindow('elicitation');

journey(win, 'a form: one invalid field is explained beside it, then the answer reaches the agent', async ({ chat }) => {
  await chat.newSession();
  const before = await chat.send('elicit');
  const row = (await chat.rows('elicitation')).last();
  await expectText(row.locator('.elicitation-message'), 'Where should I deploy?', { timeout: 20000 });
  await expectText(await chat.locator('.panel-header .turn-state'), /Waiting for your answer/);
  const field = (name) => row.locator(`.elicitation-field[data-name="${name}"]`);

  await field('name').locator('input').fill('Bad Name');
  await field('region').locator('select').selectOption('eu');
  await row.locator('.elicitation-option', { hasText: 'Submit' }).click();
  await expectText(field('name').locator('.elicitation-error'), 'Does not have the expected form.');
  await expectAttribute(field('name').locator('input'), 'aria-invalid', 'true');
  await expectCount(row.locator('.elicitation-form'), 1, { message: 'the form stays open while a field is wrong' });

  await field('name').locator('input').fill('api');
  await field('replicas').locator('input').fill('4');
  await field('name').locator('input').press('Enter');
  assert.equal(await chat.turnEnd(before), 'end_turn');
  await chat.expectLast('agent', 'ELICIT:accept {"name":"api","replicas":4,"region":"eu","notify":true}');
  await expectText(row.locator('.elicitation-outcome'), 'Answered');
  await expectTexts(row.locator('.elicitation-answers li'), ['Service name: api', 'Replicas: 4', 'Region: Europe', 'Notify the team: Yes']);
});

journey(win, 'a page to open: the host is shown, Decline tells the agent so', async ({ chat }) => {
  await chat.newSession();
  const before = await chat.send('elicit-url');
  const row = (await chat.rows('elicitation')).last();
  await expectText(row.locator('.elicitation-url strong'), 'deploy.example.com', { timeout: 20000 });
  await row.locator('.elicitation-option', { hasText: 'Decline' }).click();
  assert.equal(await chat.turnEnd(before), 'end_turn');
  await chat.expectLast('agent', 'ELICIT-URL:decline');
  await expectText(row.locator('.elicitation-outcome'), 'Declined');
});
