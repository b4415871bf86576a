/** A consultation card: the nested card of a subagent's look — who is consulted, where it stands, the messages both ways, the question and Stop. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness } from './harness.js';
import { snapshot, text, tool } from './fixtures.js';
import type { ToolCallEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const card = (extra: Partial<ToolCallEntry> = {}): ToolCallEntry => tool('c1', {
  toolCallId: 'agent-chat-consult-1',
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

test('a nested card: the messages both ways, each saying who wrote it; the head says the consulted agent waits for an answer', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([card()]));
  const nested = panel.page.locator('.nested-card.consultation');
  await nested.waitFor();
  assert.equal(await panel.text('.nested-card.consultation .nested-title'), 'Consulting Seed Analyst');
  assert.equal(await panel.text('.nested-card.consultation .nested-meta'), 'analyst');
  assert.equal(await panel.text('.nested-card.consultation .nested-status'), "asks a question; waiting for your agent's answer");
  assert.equal(await panel.text('.nested-card.consultation .nested-counts'), '2 messages sent · 2 replies');
  // Open by default: the exchange in order, the calling agent's and the consulted agent's.
  assert.deepEqual(await nested.locator('.nested-rows .row').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-entry-type')}:${e.querySelector('.who')?.textContent ?? ''}`)), [
    'user:Your agent', 'agent:analyst', 'user:Your agent', 'agent:analyst',
  ]);
  assert.equal(await panel.text('.nested-card.consultation .row.agent strong'), 'columns', 'the consulted agent\'s words are Markdown');
  // Not running: no Stop.
  assert.equal(await panel.count('.nested-card.consultation .consult-stop'), 0);
});

test('the question sits under the head; answered, the card says how', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([
    card({ status: 'pending', consultation: { agent: 'analyst', state: 'starting', from: ['caller'] }, content: [{ type: 'content', content: text('Analyze this dataset') }], permission: { requestId: 'perm-1', title: 'Let the agent consult Seed Analyst?', options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }, { optionId: 'deny', name: 'Deny', kind: 'reject_once' }], ruleOffer: { id: 'offer-1', title: 'Allow consulting the agent analyst', words: 'consulting the agent analyst', optionId: 'allow' } } }),
    tool('t2', { title: 'Read file', content: [{ type: 'content', content: text('plain') }] }),
  ]));
  assert.equal(await panel.text('.nested-card.consultation .permission-question'), 'Let the agent consult Seed Analyst?');
  assert.equal(await panel.text('.nested-card.consultation .perm-rule'), 'Always allow consulting the agent analyst');
  assert.equal(await panel.count('.nested-card.consultation .consult-stop'), 0, 'while the user is asked, the question is the way to say no');
  await panel.page.locator('button[data-option-id="deny"]').click();
  assert.deepEqual(await panel.postedOf('answerPermission'), [{ type: 'answerPermission', requestId: 'perm-1', optionId: 'deny' }]);
  // An ordinary tool call stays a tool card.
  assert.equal(await panel.count('[data-entry-id="t2"].nested-card'), 0);
  assert.equal(await panel.count('[data-entry-id="t2"] .row.tool'), 1);
});

test('while it runs, Stop on the card stops that consultation alone (stopSubagent with the card\'s id)', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([card({ status: 'in_progress', consultation: { agent: 'analyst', state: 'working', from: ['caller', 'agent', 'caller', 'agent'] }, permissionOutcome: 'allow', permissionLabel: 'Allow' })]));
  const stop = panel.page.locator('.nested-card.consultation .consult-stop');
  await stop.waitFor();
  assert.equal(await panel.text('.nested-card.consultation .nested-status'), 'working');
  assert.equal(await panel.text('.nested-card.consultation .permission-outcome'), 'Answered: Allow');
  await stop.click();
  assert.deepEqual(await panel.postedOf('stopSubagent'), [{ type: 'stopSubagent', childId: 'agent-chat-consult-1' }]);
});
