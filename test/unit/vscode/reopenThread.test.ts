import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HistoryItem } from '../../../src/history/reopen.js';
import { TRANSCRIPT_VERSION, type Transcript } from '../../../src/history/types.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import { threadForPlan } from '../../../src/vscode/tabs/reopenThread.js';

const item: HistoryItem = { agentName: 'a', sessionId: 's1', title: 'Fix it', cwd: '/w', onAgent: true, transcriptId: 'x' };

function transcript(): Transcript {
  const model = new ThreadModel();
  model.apply({ kind: 'prompt_sent', turnId: 'turn-1', content: [{ type: 'text', text: 'fix it' }] });
  model.apply({ kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'done' } });
  model.apply({ kind: 'turn_ended', turnId: 'turn-1', stopReason: 'end_turn' });
  const { entries, session } = model.snapshot();
  return {
    version: TRANSCRIPT_VERSION, id: 'x', agentName: 'a', sessionId: 's1', title: 'Fix it', cwd: '/w',
    createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', entryCount: entries.length, droppedEntries: 0,
    entries, session: { ...session, title: 'Fix it' },
  };
}

test('load: an empty thread for the replay, session/load of the id', () => {
  const [thread, opening] = threadForPlan({ kind: 'load' }, item, transcript());
  assert.equal(thread?.entries.length, 0);
  assert.deepEqual(opening, { kind: 'load', sessionId: 's1' });
});

test('resume under the transcript: the saved rows, and a resumed turn with a reused id adds its own end', () => {
  const [thread, opening] = threadForPlan({ kind: 'resume_with_transcript' }, item, transcript());
  assert.deepEqual(opening, { kind: 'resume', sessionId: 's1' });
  assert.ok(thread);
  assert.equal(thread.entries.length, 3);
  assert.equal(thread.session.title, 'Fix it');
  assert.equal(thread.session.turnState, 'idle');
  // The resumed session counts turns from 1 again.
  thread.apply({ kind: 'prompt_sent', turnId: 'turn-1', content: [{ type: 'text', text: 'again' }] });
  thread.apply({ kind: 'turn_ended', turnId: 'turn-1', stopReason: 'end_turn' });
  assert.equal(thread.entries.filter((e) => e.type === 'turn_end').length, 2);
  assert.equal(thread.session.turnState, 'idle');
});

test('resume without a transcript: a note that earlier messages cannot be shown', () => {
  const [thread, opening] = threadForPlan({ kind: 'resume_blind', note: 'no history to show' }, item, undefined);
  assert.deepEqual(opening, { kind: 'resume', sessionId: 's1' });
  const note = thread?.entries[0];
  assert.ok(note?.type === 'notice' && /Fix it/.test(note.title) && /no history to show/.test(note.detail ?? ''));
});

test('read-only: the transcript with a read-only notice and no session; unavailable: nothing', () => {
  const [thread, opening] = threadForPlan({ kind: 'read_only', reason: 'the agent cannot reopen sessions' }, item, transcript());
  assert.equal(opening, undefined);
  const last = thread?.entries.at(-1);
  assert.ok(last?.type === 'notice' && /read-only/.test(last.title) && /cannot reopen/.test(last.detail ?? ''));
  assert.deepEqual(threadForPlan({ kind: 'unavailable', reason: 'gone' }, item, undefined), [undefined, undefined]);
  assert.deepEqual(threadForPlan({ kind: 'read_only', reason: 'gone' }, item, undefined), [undefined, undefined]);
});
