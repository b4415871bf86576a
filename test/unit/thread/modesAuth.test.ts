import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ThreadModel } from '../../../src/thread/reducer.js';

const modes = { currentModeId: 'ask', availableModes: [{ id: 'ask', name: 'Ask' }, { id: 'code', name: 'Code' }] };

test('modes: the full state replaces the facts; a later current_mode keeps the list', () => {
  const model = new ThreadModel();
  const r = model.apply({ kind: 'modes', modes });
  assert.deepEqual(r, { rows: [], session: true });
  model.apply({ kind: 'current_mode', currentModeId: 'code' });
  assert.deepEqual(model.session.modes, { ...modes, currentModeId: 'code' });
  // The event's objects are copied, not shared.
  assert.notEqual(model.session.modes?.availableModes[0], modes.availableModes[0]);
});

test('auth_required: one warning row naming the ways to log in', () => {
  const model = new ThreadModel();
  const r = model.apply({ kind: 'auth_required', message: 'Authentication required', methods: [
    { id: 'a', name: 'Log in', kind: 'agent' },
    { id: 't', name: 'Log in in a terminal', kind: 'terminal' },
  ] });
  assert.equal(r.rows.length, 1);
  const row = model.entries[0];
  assert.ok(row?.type === 'notice');
  assert.equal(row.severity, 'warning');
  assert.equal(row.title, 'The agent needs you to log in');
  assert.equal(row.detail, 'Authentication required\nLog in with: Log in, Log in in a terminal');
});
