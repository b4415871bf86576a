import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ThreadModel } from '../../../../src/thread/reducer.js';
import { interruptedTurn } from '../../../../src/thread/review/interruptedTurn.js';

function sent(m: ThreadModel, turnId: string, checkpoint = true): void {
  m.apply({ kind: 'prompt_sent', turnId, content: [{ type: 'text', text: turnId }] });
  if (checkpoint) m.apply({ kind: 'checkpoint', turnId, snapshots: [{ root: '/w', id: `snap-${turnId}` }] });
}

test('the last message whose turn never ended is the interrupted turn', () => {
  const m = new ThreadModel();
  sent(m, 't1');
  m.apply({ kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' });
  sent(m, 't2');
  m.apply({ kind: 'message_chunk', role: 'agent', messageId: 'a', content: { type: 'text', text: 'working…' } });
  assert.equal(interruptedTurn(m.snapshot().entries)?.turnId, 't2');
  assert.deepEqual(interruptedTurn(m.snapshot().entries)?.checkpoint, [{ root: '/w', id: 'snap-t2' }]);
});

test('an ended turn, a turn with its changes row, no checkpoint, an undone message or no message: none', () => {
  const ended = new ThreadModel();
  sent(ended, 't1');
  ended.apply({ kind: 'turn_ended', turnId: 't1', stopReason: 'cancelled' });
  assert.equal(interruptedTurn(ended.snapshot().entries), undefined);

  const listed = new ThreadModel();
  sent(listed, 't1');
  listed.apply({ kind: 'turn_changes', turnId: 't1', files: [{ root: '/w', path: 'a.ts', status: 'modified', added: 1, deleted: 0, binary: false }] });
  assert.equal(interruptedTurn(listed.snapshot().entries), undefined);

  const bare = new ThreadModel();
  sent(bare, 't1', false);
  assert.equal(interruptedTurn(bare.snapshot().entries), undefined);

  const undone = new ThreadModel();
  sent(undone, 't1');
  undone.apply({ kind: 'checkpoint_restored', turnId: 't1', redo: [{ root: '/w', id: 'redo' }] });
  assert.equal(interruptedTurn(undone.snapshot().entries), undefined);

  assert.equal(interruptedTurn(new ThreadModel().snapshot().entries), undefined);
});

test('an earlier unfinished turn followed by another message is not taken for the interrupted one', () => {
  const m = new ThreadModel();
  sent(m, 't1');
  sent(m, 't2', false);
  assert.equal(interruptedTurn(m.snapshot().entries), undefined);
});
