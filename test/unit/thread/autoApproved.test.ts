import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToolCallEntry } from '../../../src/thread/types.js';
import { ThreadModel } from '../../../src/thread/reducer.js';

const OPTIONS = [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }, { optionId: 'no', name: 'Reject', kind: 'reject_once' }];
const card = (m: ThreadModel) => m.entries.find((e): e is ToolCallEntry => e.type === 'tool_call')!;

test('a request a rule answered: the card records the option and the rule, the turn never waits', () => {
  const m = new ThreadModel();
  m.apply({ kind: 'prompt_sent', turnId: 't1', content: [] });
  m.apply({ kind: 'tool_call', toolCallId: 'c1', replace: true, patch: { title: 'Write src/a.ts', kind: 'edit', status: 'pending' } });
  m.apply({ kind: 'permission_auto_approved', toolCallId: 'c1', toolCall: { status: 'pending' }, options: OPTIONS, optionId: 'ok', rule: { id: 'r1', title: 'Allow edits under src/' } });
  const row = card(m);
  assert.deepEqual([row.permissionOutcome, row.permissionLabel, row.autoApproved, row.permission], ['ok', 'Allow', { ruleId: 'r1', title: 'Allow edits under src/' }, undefined]);
  assert.equal(m.session.turnState, 'running');
});

test('a later question on the same card is the user\'s: the rule mark goes', () => {
  const m = new ThreadModel();
  m.apply({ kind: 'prompt_sent', turnId: 't1', content: [] });
  m.apply({ kind: 'permission_auto_approved', toolCallId: 'c1', toolCall: { title: 'Run', kind: 'execute' }, options: OPTIONS, optionId: 'ok', rule: { id: 'r1', title: 'Allow running `npm test` in a terminal' } });
  assert.equal(card(m).title, 'Run', 'a call never announced gets its card from the request');
  m.apply({ kind: 'permission_requested', requestId: 'p1', toolCallId: 'c1', toolCall: {}, options: OPTIONS, ruleOffer: { id: 'o1', title: 'Allow running `npm test` in a terminal', optionId: 'ok' } });
  assert.equal(card(m).autoApproved, undefined);
  assert.deepEqual(card(m).permission?.ruleOffer, { id: 'o1', title: 'Allow running `npm test` in a terminal', optionId: 'ok' });
  m.apply({ kind: 'permission_resolved', requestId: 'p1', outcome: { outcome: 'selected', optionId: 'no' } });
  assert.deepEqual([card(m).permissionLabel, card(m).autoApproved], ['Reject', undefined]);
});

test('a full re-announcement of the call keeps the rule mark (it is the client\'s, not the agent\'s)', () => {
  const m = new ThreadModel();
  m.apply({ kind: 'prompt_sent', turnId: 't1', content: [] });
  m.apply({ kind: 'permission_auto_approved', toolCallId: 'c1', toolCall: { title: 'Read a', kind: 'read' }, options: OPTIONS, optionId: 'ok', rule: { id: 'r1', title: 'Allow reads inside this workspace' } });
  m.apply({ kind: 'tool_call', toolCallId: 'c1', replace: true, patch: { title: 'Read a', kind: 'read', status: 'completed' } });
  assert.deepEqual(card(m).autoApproved, { ruleId: 'r1', title: 'Allow reads inside this workspace' });
});
