/** A consultation card: who wrote each message, where it stands, and the question on the card. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness } from './harness.js';
import { snapshot, text, tool } from './fixtures.js';
import type { ToolCallEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const card = (extra: Partial<ToolCallEntry> = {}): ToolCallEntry => tool('c1', {
  title: 'Consulting Seed Analyst', kind: 'fetch', status: 'completed',
  content: [
    { type: 'content', content: text('Analyze this dataset') },
    { type: 'content', content: text('Which **columns**?') },
    { type: 'content', content: text('Revenue') },
    { type: 'content', content: text('## Revenue Analysis') },
  ],
  consultation: { agent: 'analyst', state: 'input-required', from: ['caller', 'agent', 'caller', 'agent'] },
  ...extra,
});

test('each message says who wrote it; the head says the consulted agent waits for an answer', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([card()]));
  assert.deepEqual(await panel.page.locator('.consult-msg').evaluateAll((els) => els.map((e) => e.className)), [
    'consult-msg from-caller tool-item', 'consult-msg from-agent tool-item', 'consult-msg from-caller tool-item', 'consult-msg from-agent tool-item',
  ]);
  assert.deepEqual(await panel.page.locator('.consult-who').allTextContents(), ['Your agent', 'analyst', 'Your agent', 'analyst']);
  assert.equal(await panel.text('.consult-msg.from-agent strong'), 'columns', 'the consulted agent\'s words are Markdown');
  assert.equal(await panel.text('.consult-state'), "asks a question; waiting for your agent's answer");
  assert.equal(await panel.text('.tool-title'), 'Consulting Seed Analyst');

  // The question to the user sits on the card; an ordinary tool call has no consultation parts.
  await panel.send(snapshot([
    card({ status: 'pending', consultation: { agent: 'analyst', state: 'starting', from: ['caller', 'agent', 'caller', 'agent'] }, permission: { requestId: 'perm-1', title: 'Let the agent consult Seed Analyst?', options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }, { optionId: 'deny', name: 'Deny', kind: 'reject_once' }], ruleOffer: { id: 'offer-1', title: 'Allow consulting the agent analyst', words: 'consulting the agent analyst', optionId: 'allow' } } }),
    tool('t2', { title: 'Read file', content: [{ type: 'content', content: text('plain') }] }),
  ]));
  assert.equal(await panel.text('.permission-question'), 'Let the agent consult Seed Analyst?');
  assert.equal(await panel.text('.perm-rule'), 'Always allow consulting the agent analyst');
  await panel.page.locator('button[data-option-id="deny"]').click();
  assert.deepEqual(await panel.postedOf('answerPermission'), [{ type: 'answerPermission', requestId: 'perm-1', optionId: 'deny' }]);
  assert.equal(await panel.count('[data-entry-id="t2"] .consult-msg'), 0);
  assert.equal(await panel.page.locator('[data-entry-id="t2"] .consult-state').isVisible(), false);
});
