import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlanEntry, SessionEvent } from '../../../src/protocol/events.js';
import type { SessionFacts } from '../../../src/thread/types.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import { run } from './events.js';

const step = (content: string, status: PlanEntry['status'] = 'pending'): PlanEntry => ({ content, priority: 'medium', status });
const plan = (planId: string, ...entries: PlanEntry[]): SessionEvent => ({ kind: 'plan', planId, entries });

test('plan: one row per planId, replaced wholesale', () => {
  const { model, results } = run([
    plan('main', step('a'), step('b')),
    plan('other', step('x')),
    plan('main', step('a', 'completed')),
  ]);
  const plans = model.entries.filter((e) => e.type === 'plan');
  assert.equal(plans.length, 2);
  assert.deepEqual(plans[0]!.type === 'plan' && plans[0]!.entries, [step('a', 'completed')]);
  assert.deepEqual(results.map((r) => r.rows.map((c) => [c.op, c.index])), [[['insert', 0]], [['insert', 1]], [['update', 0]]]);
});

test('plan: removal empties the row (an update); a later plan with that id is a new row', () => {
  const { model, results } = run([plan('p1', step('a')), { kind: 'plan_removed', planId: 'p1' }, { kind: 'plan_removed', planId: 'nope' }, plan('p1', step('b'))]);
  assert.deepEqual(results[1]!.rows.map((c) => [c.op, c.index]), [['update', 0]]);
  assert.deepEqual(results[2], { rows: [], session: false });
  assert.deepEqual(model.entries.map((e) => e.type === 'plan' && e.entries.length), [0, 1]);
});

const factCases: Array<{ name: string; events: SessionEvent[]; expect: Partial<SessionFacts> }> = [
  {
    name: 'usage replaces',
    events: [{ kind: 'usage', usage: { used: 1, size: 10 } }, { kind: 'usage', usage: { used: 5, size: 10, cost: { amount: 0.1, currency: 'USD' } } }],
    expect: { usage: { used: 5, size: 10, cost: { amount: 0.1, currency: 'USD' } } },
  },
  {
    name: 'commands replace',
    events: [
      { kind: 'available_commands', commands: [{ name: 'a', description: 'A' }] },
      { kind: 'available_commands', commands: [{ name: 'b', description: 'B', inputHint: 'file' }] },
    ],
    expect: { commands: [{ name: 'b', description: 'B', inputHint: 'file' }] },
  },
  {
    name: 'current mode without known modes keeps the id',
    events: [{ kind: 'current_mode', currentModeId: 'code' }],
    expect: { modes: { currentModeId: 'code', availableModes: [] } },
  },
  {
    name: 'config options are a full replacement',
    events: [
      { kind: 'config_options', configOptions: [{ type: 'boolean', id: 'a', name: 'A', currentValue: true }, { type: 'boolean', id: 'b', name: 'B', currentValue: false }] },
      { kind: 'config_options', configOptions: [{ type: 'boolean', id: 'b', name: 'B', currentValue: true }] },
    ],
    expect: { configOptions: [{ type: 'boolean', id: 'b', name: 'B', currentValue: true }] },
  },
  {
    name: 'session info: value sets, undefined keeps, null clears',
    events: [
      { kind: 'session_info', title: 'First', updatedAt: '2026-01-01T00:00:00Z' },
      { kind: 'session_info', updatedAt: '2026-01-02T00:00:00Z' },
      { kind: 'session_info', title: null },
    ],
    expect: { title: null, updatedAt: '2026-01-02T00:00:00Z' },
  },
];

for (const c of factCases) {
  test(`session facts: ${c.name}`, () => {
    const { model, results } = run(c.events);
    for (const [key, value] of Object.entries(c.expect)) {
      assert.deepEqual((model.session as unknown as Record<string, unknown>)[key], value, key);
    }
    assert.ok(results.every((r) => r.session && r.rows.length === 0));
  });
}

test('session facts: current mode keeps the seeded available modes', () => {
  const model = new ThreadModel({
    modes: { currentModeId: 'ask', availableModes: [{ id: 'ask', name: 'Ask' }, { id: 'code', name: 'Code' }] },
  });
  model.apply({ kind: 'current_mode', currentModeId: 'code' });
  assert.equal(model.session.modes?.currentModeId, 'code');
  assert.equal(model.session.modes?.availableModes.length, 2);
  assert.equal(model.session.turnState, 'idle');
});

test('session facts: seedSession merges facts from the session answer', () => {
  const model = new ThreadModel();
  const result = model.seedSession({ configOptions: [{ type: 'boolean', id: 'x', name: 'X', currentValue: true }] });
  assert.equal(result.session, true);
  assert.equal(model.session.configOptions?.length, 1);
  assert.deepEqual(model.session.commands, []);
});

test('session facts: a session_info with nothing in it changes nothing', () => {
  const { results } = run([{ kind: 'session_info' }]);
  assert.deepEqual(results[0], { rows: [], session: false });
});

test('session facts: session objects are replaced, never mutated', () => {
  const model = new ThreadModel();
  const before = model.session;
  model.apply({ kind: 'usage', usage: { used: 1, size: 2 } });
  assert.notEqual(model.session, before);
  assert.equal(before.usage, undefined);
});

test('notices: wire and local notices become rows; only those from the agent are marked live (not history)', () => {
  const { model, results } = run([
    { kind: 'notice', severity: 'warning', title: 'Rate limited', description: 'retrying' },
    { kind: 'notice', severity: 'info', title: 'Hi', description: null },
    { kind: 'notice_local', severity: 'error', title: 'Write refused', detail: '/etc/passwd is outside the workspace' },
  ]);
  assert.deepEqual(
    model.entries.map(({ id: _id, ...rest }) => rest),
    [
      { type: 'notice', severity: 'warning', title: 'Rate limited', detail: 'retrying', live: true },
      { type: 'notice', severity: 'info', title: 'Hi', live: true },
      { type: 'notice', severity: 'error', title: 'Write refused', detail: '/etc/passwd is outside the workspace' },
    ],
  );
  assert.deepEqual(results.map((r) => r.rows.map((c) => [c.op, c.index])), [[['insert', 0]], [['insert', 1]], [['insert', 2]]]);
});

test('unknown update kinds change nothing', () => {
  const { model, results } = run([{ kind: 'unknown', sessionUpdate: 'future_thing', raw: { a: 1 } }]);
  assert.deepEqual(results[0], { rows: [], session: false });
  assert.equal(model.entries.length, 0);
});
