/** Auto-approve rules on the cards: "Always allow …" with its scope in words, and a rule's answer with Revoke. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { session, snapshot, tool, user } from './fixtures.js';
import type { ToolCallEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const fresh = (): Promise<Panel> => harness.open();

const OPTIONS = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
];

const asking: ToolCallEntry = tool('t1', {
  kind: 'edit', title: 'Write src/app.ts', status: 'pending',
  permission: { requestId: 'req-1', options: OPTIONS, ruleOffer: { id: 'offer-1', title: 'Allow edits under src/', optionId: 'allow' } },
});

const answeredByRule: ToolCallEntry = tool('t2', {
  kind: 'edit', title: 'Write src/other.ts', status: 'completed',
  permissionOutcome: 'allow', permissionLabel: 'Allow', autoApproved: { ruleId: 'rule-1', title: 'Allow edits under src/' },
});

test('the card offers "Always allow …" with the scope spelled out, apart from the agent\'s own options', async () => {
  const panel = await fresh();
  await panel.send(snapshot([user('u1', 'edit it'), asking], { session: session({ turnState: 'requires_action' }) }));
  assert.deepEqual(await panel.page.locator('.permission button.perm-option').allTextContents(), ['Allow', 'Always allow', 'Reject'], 'the agent\'s options, unchanged');
  const offer = panel.page.locator('.permission .permission-rule button');
  assert.equal((await offer.textContent())?.trim(), 'Always allow edits under src/');
  assert.match(await offer.getAttribute('title') ?? '', /this agent in this workspace.*\.env, keys, \.git\/, \.vscode\/.*still ask/s);
  await panel.screenshot('rule-offer');

  // Keyboard: Tab from the last option reaches it; Enter sends the one request, every button waits.
  await panel.page.locator('.permission button.perm-option', { hasText: 'Reject' }).focus();
  await panel.page.keyboard.press('Tab');
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.activeElement?.dataset?.action), 'allow-always');
  await panel.page.keyboard.press('Enter');
  await panel.page.keyboard.press('Enter');
  await panel.page.locator('.permission button.perm-option', { hasText: 'Allow' }).first().dispatchEvent('click');
  assert.deepEqual(await panel.postedOf('allowAlways'), [{ type: 'allowAlways', requestId: 'req-1' }]);
  assert.deepEqual(await panel.postedOf('answerPermission'), []);
  assert.deepEqual(await panel.page.locator('.permission button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-disabled'))), ['true', 'true', 'true', 'true']);
});

test('a card without an offer shows only the agent\'s options', async () => {
  const panel = await fresh();
  const { ruleOffer: _none, ...plain } = asking.permission!;
  await panel.send(snapshot([{ ...asking, permission: plain }]));
  assert.equal(await panel.count('.permission-rule'), 0);
  assert.equal(await panel.count('.permission button'), 3);
});

test('a request a rule answered says so on its card, with Revoke; a revoked rule says that instead', async () => {
  const panel = await fresh();
  await panel.send(snapshot([user('u1', 'edit it'), answeredByRule]));
  await panel.send({ type: 'rules', active: ['rule-1'] });
  const row = panel.page.locator('.row.tool .auto-approved');
  assert.equal((await row.locator('.auto-approved-text').textContent())?.trim(), 'Auto-approved by rule “Allow edits under src/” (Allow)');
  const revoke = row.locator('button.revoke-rule');
  assert.equal(await revoke.isVisible(), true);
  assert.equal(await row.locator('.rule-revoked').isVisible(), false);
  await panel.screenshot('auto-approved');

  await revoke.focus();
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(await panel.postedOf('revokeRule'), [{ type: 'revokeRule', ruleId: 'rule-1' }]);

  // The host revoked it: the card keeps the record and drops the button.
  await panel.send({ type: 'rules', active: [] });
  await panel.page.locator('.auto-approved .rule-revoked').waitFor({ state: 'visible' });
  assert.equal(await revoke.isVisible(), false);
  assert.match(await row.getAttribute('class') ?? '', /revoked/);

  // Drawn again from a snapshot, it remembers the rules the host last sent.
  await panel.send(snapshot([user('u1', 'edit it'), answeredByRule]));
  await panel.page.locator('.auto-approved .rule-revoked').waitFor({ state: 'visible' });
  assert.equal(await panel.page.locator('.auto-approved button.revoke-rule').isVisible(), false);
});
