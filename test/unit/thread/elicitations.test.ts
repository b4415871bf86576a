import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ElicitationPrompt, SessionEvent } from '../../../src/protocol/events.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import type { ElicitationEntry } from '../../../src/thread/types.js';
import { prompt, run } from './events.js';
import { toTranscript } from '../../../src/history/shape.js';

const formPrompt: ElicitationPrompt = { mode: 'form', message: 'Which region?', fields: [{ name: 'region', label: 'Region', required: true, kind: 'choice', options: [{ value: 'eu', label: 'Europe' }] }] };
const urlPrompt: ElicitationPrompt = { mode: 'url', message: 'Log in', url: 'https://auth.example.com/', elicitationId: 'flow-1' };
const asked = (requestId: string, p: ElicitationPrompt = formPrompt): SessionEvent => ({ kind: 'elicitation_requested', requestId, prompt: p });
const answered = (requestId: string, action: 'accept' | 'decline' | 'cancel', content?: Record<string, string>): SessionEvent =>
  ({ kind: 'elicitation_resolved', requestId, action, ...(content ? { content } : {}) });
const rows = (model: ThreadModel) => model.entries.filter((e): e is ElicitationEntry => e.type === 'elicitation');

test('a request is a pending row; the turn needs the user until it is answered', () => {
  const { model } = run([prompt('t1'), asked('elicit-1')]);
  assert.deepEqual(rows(model).map((r) => [r.requestId, r.status]), [['elicit-1', 'pending']]);
  assert.equal(model.session.turnState, 'requires_action');
  run([answered('elicit-1', 'accept', { region: 'eu' })], model);
  assert.deepEqual(rows(model)[0]!.answer, { region: 'eu' });
  assert.equal(rows(model)[0]!.status, 'accepted');
  assert.equal(model.session.turnState, 'running');
});

test('decline and cancel settle the row; a second answer for the same id changes nothing', () => {
  const { model, results } = run([prompt('t1'), asked('elicit-1'), answered('elicit-1', 'decline'), answered('elicit-1', 'accept', { region: 'eu' })]);
  assert.equal(rows(model)[0]!.status, 'declined');
  assert.equal(rows(model)[0]!.answer, undefined);
  assert.deepEqual(results[3]!.rows, []);
});

test('the same request announced twice is one row', () => {
  const { model } = run([prompt('t1'), asked('elicit-1'), asked('elicit-1')]);
  assert.equal(rows(model).length, 1);
});

test('cancelling the turn shows open requests cancelled at once', () => {
  const { model } = run([prompt('t1'), asked('elicit-1'), asked('elicit-2', urlPrompt), { kind: 'cancel_requested', turnId: 't1' }]);
  assert.deepEqual(rows(model).map((r) => r.status), ['cancelled', 'cancelled']);
  assert.equal(model.session.turnState, 'cancelling');
});

test('a permission answered while a form is still open keeps the turn waiting for the user', () => {
  const { model } = run([
    prompt('t1'),
    asked('elicit-1'),
    { kind: 'permission_requested', requestId: 'perm-1', toolCallId: 'c1', toolCall: { title: 'Edit' }, options: [{ optionId: 'ok', name: 'OK', kind: 'allow_once' }] },
    { kind: 'permission_resolved', requestId: 'perm-1', outcome: { outcome: 'selected', optionId: 'ok' } },
  ]);
  assert.equal(model.session.turnState, 'requires_action');
});

test('a page flow: accepted = opened, then the agent says it is complete; unknown completions change nothing', () => {
  const { model, results } = run([prompt('t1'), asked('elicit-1', urlPrompt), answered('elicit-1', 'accept'), { kind: 'elicitation_completed', elicitationId: 'other' }]);
  assert.deepEqual(results[3]!.rows, []);
  assert.equal(rows(model)[0]!.completed, undefined);
  run([{ kind: 'elicitation_completed', elicitationId: 'flow-1' }], model);
  assert.equal(rows(model)[0]!.completed, true);
});

test('a saved thread keeps its rows through JSON; saved with an open request, it shows it as no longer answerable', () => {
  const { model } = run([prompt('t1'), asked('elicit-1'), asked('elicit-2', urlPrompt), answered('elicit-2', 'accept')]);
  const restored = ThreadModel.restore(JSON.parse(JSON.stringify(model.snapshot())));
  assert.deepEqual(restored.snapshot(), JSON.parse(JSON.stringify(model.snapshot())));
  // The restored model still settles them (an answer in the same window, a completion).
  run([answered('elicit-1', 'decline'), { kind: 'elicitation_completed', elicitationId: 'flow-1' }], restored);
  assert.deepEqual(rows(restored).map((r) => [r.status, r.completed]), [['declined', undefined], ['accepted', true]]);

  const saved = toTranscript({ agentName: 'a', sessionId: 's', cwd: '/w', ...model.snapshot() }, undefined, '2026-11-25T00:00:00Z');
  assert.deepEqual(saved.entries.filter((e) => e.type === 'elicitation').map((e) => e.type === 'elicitation' && e.status), ['expired', 'accepted']);
});
