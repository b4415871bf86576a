// A consultation card in the thread: created on first sight inside the turn, replaced as it
// changes, keeping the permission answer on it, cancelled with the turn, restored from a save.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ThreadModel } from '../../../src/thread/reducer.js';
import type { SessionEvent, ToolCallContent } from '../../../src/protocol/events.js';
import type { ToolCallEntry } from '../../../src/thread/types.js';

const said = (...texts: string[]): ToolCallContent[] => texts.map((text) => ({ type: 'content', content: { type: 'text', text } }));
const card = (status: 'pending' | 'in_progress' | 'completed', state: string, content: ToolCallContent[], from: Array<'caller' | 'agent' | 'note'>): SessionEvent =>
  ({ kind: 'consultation', toolCallId: 'agent-chat-consult-1', title: 'Consulting Analyst', status, content, consultation: { agent: 'analyst', state, from } });
const cardOf = (m: ThreadModel) => m.entries.find((e): e is ToolCallEntry => e.type === 'tool_call')!;

test('the card is one tool call row, replaced whole as the consultation goes on; the answer to its question stays on it', () => {
  const m = new ThreadModel();
  m.apply({ kind: 'prompt_sent', turnId: 't1', content: [] });
  m.apply(card('pending', 'starting', said('Analyze'), ['caller']));
  m.apply({ kind: 'permission_requested', requestId: 'perm-1', toolCallId: 'agent-chat-consult-1', toolCall: { title: 'Consulting Analyst', kind: 'fetch', status: 'pending' }, options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }], title: 'Let the agent consult Analyst?' });
  m.apply({ kind: 'permission_resolved', requestId: 'perm-1', outcome: { outcome: 'selected', optionId: 'allow' } });
  m.apply(card('completed', 'input-required', said('Analyze', 'Which columns?'), ['caller', 'agent']));
  const rows = m.entries.filter((e) => e.type === 'tool_call');
  assert.equal(rows.length, 1);
  const c = cardOf(m);
  assert.equal(c.kind, 'fetch');
  assert.equal(c.status, 'completed');
  assert.deepEqual(c.consultation, { agent: 'analyst', state: 'input-required', from: ['caller', 'agent'] });
  assert.equal(c.permissionLabel, 'Allow');
  assert.equal(c.content.length, 2);
});

test('a Stop on the calling turn marks a running card cancelled; a saved thread brings the card back', () => {
  const m = new ThreadModel();
  m.apply({ kind: 'prompt_sent', turnId: 't1', content: [] });
  m.apply(card('in_progress', 'working', said('slow'), ['caller']));
  m.apply({ kind: 'cancel_requested', turnId: 't1' });
  assert.equal(cardOf(m).status, 'cancelled');
  const back = ThreadModel.restore(m.snapshot());
  assert.deepEqual(cardOf(back).consultation, { agent: 'analyst', state: 'working', from: ['caller'] });
});
