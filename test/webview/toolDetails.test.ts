/**
 * What ACP 2.4.0 tells about a tool call and a permission request, on the card: the tool's
 * programmatic `name` beside its title, and a v2 request's description and command subject
 * (the exact command line and its cwd) above the agent's options.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness } from './harness.js';
import { snapshot, tool } from './fixtures.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const OPTIONS = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
] as const;

test('the tool name shows beside the title when it says something the title does not', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([
    tool('named', { title: 'Create an issue', name: 'mcp__github__create_issue', kind: 'other' }),
    tool('same', { title: 'Bash', name: 'Bash', kind: 'execute' }),
    tool('none', { title: 'Read a.ts' }),
  ]));
  assert.equal(await panel.text('[data-entry-id="named"] .tool-head .tool-name'), 'mcp__github__create_issue');
  assert.equal(await panel.page.locator('[data-entry-id="named"] .tool-name').isVisible(), true);
  assert.equal(await panel.page.getAttribute('[data-entry-id="named"] .tool-name', 'title'), 'Tool: mcp__github__create_issue');
  assert.equal(await panel.page.locator('[data-entry-id="same"] .tool-name').isVisible(), false, 'not twice');
  assert.equal(await panel.page.locator('[data-entry-id="none"] .tool-name').isVisible(), false);
  assert.deepEqual(await panel.violations(), []);
});

test('a v2 permission card shows the description and the command subject with its cwd', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([tool('t1', {
    kind: 'execute', title: 'Run the tests', name: 'Bash', status: 'pending',
    permission: {
      requestId: 'r1', title: 'Run a command?', description: 'The tests touch only\nthe temp folder. <b>not bold</b>',
      command: { command: 'npm test -- --grep "plans by id"', cwd: '/w/app' },
      options: [...OPTIONS],
    },
  }), tool('t2', {
    title: 'Edit a.ts', kind: 'edit', status: 'pending',
    permission: { requestId: 'r2', title: 'Edit a.ts?', options: [...OPTIONS] },
  })]));
  const perm = '[data-entry-id="t1"] .permission';
  assert.equal(await panel.text(`${perm} .permission-question`), 'Run a command?');
  assert.equal(await panel.text(`${perm} .permission-description`), 'The tests touch only\nthe temp folder. <b>not bold</b>', 'plain text, as sent');
  assert.equal(await panel.count(`${perm} .permission-description b`), 0);
  assert.equal(await panel.text(`${perm} .permission-command code`), 'npm test -- --grep "plans by id"');
  assert.equal(await panel.text(`${perm} .permission-cwd`), 'in /w/app');
  assert.equal(await panel.page.getAttribute(`${perm} .permission-command`, 'aria-label'), 'Command: npm test -- --grep "plans by id", in /w/app');
  // Before the options: the user reads what they allow, then answers.
  const order = await panel.page.locator(`${perm} > *`).evaluateAll((els) => els.map((e) => e.className));
  assert.deepEqual(order, ['permission-question', 'permission-description', 'permission-command', 'permission-options']);
  assert.equal(await panel.count('[data-entry-id="t2"] .permission-description, [data-entry-id="t2"] .permission-command'), 0);
  await panel.screenshot('permission-subject');
  assert.deepEqual(await panel.violations(), []);
  assert.deepEqual(await panel.consoleErrors(), []);
});
