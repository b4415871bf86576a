/** An agent's request for input: fill in a form (one invalid field first), decline, open a page, reload mid-way. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { session, snapshot, user } from './fixtures.js';
import type { ElicitationEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const deploy: ElicitationEntry = {
  type: 'elicitation', id: 'e2', requestId: 'elicit-1', status: 'pending',
  prompt: {
    mode: 'form', message: 'Where should I deploy?', title: 'Deployment',
    fields: [
      { name: 'name', label: 'Service name', description: 'Lower-case letters', required: true, kind: 'text', minLength: 2, pattern: '^[a-z]+$' },
      { name: 'replicas', label: 'Replicas', required: false, kind: 'number', integer: true, minimum: 1, maximum: 5, default: 2 },
      { name: 'region', label: 'Region', required: true, kind: 'choice', options: [{ value: 'eu', label: 'Europe' }, { value: 'us', label: 'United States' }] },
      { name: 'notify', label: 'Notify the team', required: false, kind: 'boolean', default: true },
      { name: 'envs', label: 'Environments', required: false, kind: 'multi', options: [{ value: 'dev', label: 'Development' }, { value: 'prod', label: 'Production' }] },
    ],
  },
};

async function asked(panel: Panel, entry: ElicitationEntry = deploy): Promise<void> {
  await panel.send(snapshot([user('u1', 'deploy it')], { session: session({ turnState: 'running' }) }));
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: 1, entry }] }, { type: 'session', session: session({ turnState: 'requires_action' }) });
}

const field = (panel: Panel, name: string) => panel.page.locator(`.elicitation-field[data-name="${name}"]`);

test('a form: labelled fields with defaults, the first takes focus; an invalid answer shows why beside the field and sends nothing', async () => {
  const panel = await harness.open();
  await asked(panel);
  await panel.page.waitForFunction(() => (globalThis as any).document.activeElement?.getAttribute('name') === 'name');
  assert.equal((await panel.text('.elicitation-message')).trim(), 'Where should I deploy?');
  assert.deepEqual(await panel.page.locator('.elicitation-field > label').allTextContents(), ['Service name *', 'Replicas', 'Region *', 'Environments']);
  assert.equal(await field(panel, 'replicas').locator('input').inputValue(), '2');
  assert.equal(await field(panel, 'notify').locator('input').isChecked(), true);
  assert.match(await panel.page.locator('[role="alert"][aria-live="assertive"]').textContent() ?? '', /The agent asks: Where should I deploy\?/);
  assert.match(await panel.text('.turn-state'), /Waiting for your answer/);

  await panel.page.keyboard.type('Bad Name');
  await field(panel, 'replicas').locator('input').fill('9');
  await panel.page.locator('.elicitation-option', { hasText: 'Submit' }).click();
  assert.equal((await field(panel, 'name').locator('.elicitation-error').textContent())?.trim(), 'Does not have the expected form.');
  assert.equal((await field(panel, 'replicas').locator('.elicitation-error').textContent())?.trim(), 'At most 5.');
  assert.equal((await field(panel, 'region').locator('.elicitation-error').textContent())?.trim(), 'Required.');
  assert.equal(await field(panel, 'name').locator('input').getAttribute('aria-invalid'), 'true');
  assert.deepEqual(await panel.postedOf('answerElicitation'), [], 'nothing is sent while a field is wrong');
  await panel.screenshot('elicitation-invalid');

  // Fixed, and submitted with Enter from a text field, as in any form.
  await field(panel, 'name').locator('input').fill('api');
  await field(panel, 'replicas').locator('input').fill('3');
  await field(panel, 'region').locator('select').selectOption('eu');
  await field(panel, 'notify').locator('input').uncheck();
  await field(panel, 'envs').locator('label', { hasText: 'Production' }).click();
  await field(panel, 'name').locator('input').press('Enter');
  assert.deepEqual(await panel.postedOf('answerElicitation'), [{
    type: 'answerElicitation', requestId: 'elicit-1', action: 'accept',
    content: { name: 'api', replicas: 3, region: 'eu', notify: false, envs: ['prod'] },
  }]);
  assert.equal(await field(panel, 'name').locator('.elicitation-error').textContent(), '');
  // A second click sends nothing more.
  await panel.page.locator('.elicitation-option', { hasText: 'Decline' }).dispatchEvent('click');
  assert.equal((await panel.postedOf('answerElicitation')).length, 1);

  // The host settles it: the form goes, the answer stays in words.
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 1, entry: { ...deploy, status: 'accepted', answer: { name: 'api', replicas: 3, region: 'eu', notify: false, envs: ['prod'] } } }] });
  assert.equal(await panel.count('.elicitation-form'), 0);
  assert.equal((await panel.text('.elicitation-outcome')).trim(), 'Answered');
  assert.deepEqual(await panel.page.locator('.elicitation-answers li').allTextContents(), [
    'Service name: api', 'Replicas: 3', 'Region: Europe', 'Notify the team: No', 'Environments: Production',
  ]);
});

test('decline and cancel send no content', async () => {
  const panel = await harness.open();
  await asked(panel);
  await field(panel, 'name').locator('input').fill('typed');
  await panel.page.locator('.elicitation-option', { hasText: 'Decline' }).click();
  assert.deepEqual(await panel.postedOf('answerElicitation'), [{ type: 'answerElicitation', requestId: 'elicit-1', action: 'decline' }]);
});

test('what the user typed survives a reload of the panel', async () => {
  const panel = await harness.open();
  await asked(panel);
  await field(panel, 'name').locator('input').fill('half');
  await field(panel, 'region').locator('select').selectOption('us');
  await field(panel, 'envs').locator('label', { hasText: 'Development' }).click();
  await panel.reload();
  await panel.page.locator('textarea').focus();
  await panel.send(snapshot([user('u1', 'deploy it'), deploy], { session: session({ turnState: 'requires_action' }) }));
  assert.equal(await field(panel, 'name').locator('input').inputValue(), 'half');
  assert.equal(await field(panel, 'region').locator('select').inputValue(), 'us');
  assert.equal(await field(panel, 'envs').locator('input').first().isChecked(), true);
  // Replayed from a snapshot, it does not take focus from the composer.
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.activeElement?.tagName), 'TEXTAREA');
});

test('a page: the host is named; Open asks the host to open it and stays answerable until it was; the flow then shows done', async () => {
  const panel = await harness.open();
  const page: ElicitationEntry = { type: 'elicitation', id: 'e2', requestId: 'elicit-2', status: 'pending', prompt: { mode: 'url', message: 'Sign in', url: 'https://deploy.example.com/login?flow=1', elicitationId: 'flow-1' } };
  await asked(panel, page);
  assert.equal((await panel.text('.elicitation-url strong')).trim(), 'deploy.example.com');
  assert.equal((await panel.text('.elicitation-full-url')).trim(), 'https://deploy.example.com/login?flow=1');
  const open = panel.page.locator('.elicitation-option', { hasText: 'Open deploy.example.com…' });
  await open.click();
  assert.deepEqual(await panel.postedOf('answerElicitation'), [{ type: 'answerElicitation', requestId: 'elicit-2', action: 'accept' }]);
  // VS Code's link protection may ask, and the user may say no: the row must still be answerable.
  assert.equal(await open.getAttribute('aria-disabled'), null);
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 1, entry: { ...page, status: 'accepted' } }] });
  assert.match(await panel.text('.elicitation-outcome'), /Opened deploy\.example\.com in the browser — waiting for the agent/);
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 1, entry: { ...page, status: 'accepted', completed: true } }] });
  assert.match(await panel.text('.elicitation-outcome'), /Done in the browser \(deploy\.example\.com\)/);
});

test('a request from a thread restored after the session ended says it can no longer be answered', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('u1', 'deploy it'), { ...deploy, status: 'expired' }]));
  assert.equal(await panel.count('.elicitation-form'), 0);
  assert.match(await panel.text('.elicitation-outcome'), /Not answered — the session that asked has ended/);
});
