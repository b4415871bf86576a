import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatElapsed, overviewRow, threadFacts, threadState, TurnClocks, waitingCount, type ThreadFacts } from '../../../src/vscode/overview/overviewModel.js';
import type { ThreadEntry } from '../../../src/thread/types.js';
import { standing } from '../../../src/vscode/budget/budgetModel.js';

const facts = (over: Partial<ThreadFacts> & { state?: ThreadFacts['tab']['state'] } = {}): ThreadFacts => ({
  tab: { id: 't1', title: 'Fix the build', state: over.state ?? 'idle', agentName: 'codex', ...over.tab },
  lastStop: undefined, filesChanged: 0, cost: undefined, turnStartedAt: undefined, lastTurnMs: undefined, asking: false, ...over,
});

test('states: working, waiting for you (a question, an answer the agent waits for), done, failed, cancelled, new', () => {
  assert.equal(threadState(facts({ state: 'running' })), 'working');
  assert.equal(threadState(facts({ state: 'waiting' })), 'waiting');
  assert.equal(threadState(facts({ state: 'answer' })), 'waiting');
  assert.equal(threadState(facts({ state: 'idle', asking: true })), 'waiting');
  assert.equal(threadState(facts({ lastStop: 'end_turn' })), 'done');
  assert.equal(threadState(facts({ lastStop: 'cancelled' })), 'cancelled');
  assert.equal(threadState(facts({ lastStop: 'refusal' })), 'failed');
  assert.equal(threadState(facts({ state: 'closed', lastStop: 'end_turn' })), 'done');
  assert.equal(threadState(facts()), 'new');
  assert.equal(waitingCount([facts({ state: 'waiting' }), facts({ state: 'running' }), facts({ state: 'answer' })]), 2);
});

test('a row: agent, branch, state, elapsed, files changed and cost, each only when known', () => {
  const row = overviewRow(facts({ state: 'running', tab: { id: 't1', title: 'Fix', state: 'running', agentName: 'codex', branch: 'agent/fix' }, turnStartedAt: 1_000, filesChanged: 3, cost: { amount: 0.4213, currency: 'USD' } }), 66_000);
  assert.equal(row.description, 'codex · agent/fix · working · 1m 05s · 3 files changed · $0.42');
  assert.equal(overviewRow(facts({ lastStop: 'end_turn', lastTurnMs: 4_200 }), 0).description, 'codex · done · 4s');
  assert.equal(overviewRow(facts({ lastStop: 'end_turn', lastTurnMs: 4_200, filesChanged: 1 }), 0).description, 'codex · done · 4s · 1 file changed');
  assert.equal(formatElapsed(3 * 3600_000 + 5 * 60_000), '3h 05m');
});

test('elapsed: a turn that waits for the user\'s answer keeps counting from its start; the next turn starts its own clock', () => {
  const clocks = new TurnClocks();
  const row = (state: ThreadFacts['tab']['state'], now: number) => {
    clocks.see('t1', state, now);
    return overviewRow(facts({ state, ...clocks.of('t1') }), now).description;
  };
  assert.equal(row('running', 0), 'codex · working · 0s');
  assert.equal(row('waiting', 3_000), 'codex · waiting for you · 3s');
  assert.equal(row('running', 9_000), 'codex · working · 9s');
  assert.equal(overviewRow(facts({ lastStop: 'end_turn', ...(clocks.see('t1', 'idle', 12_000), clocks.of('t1')) }), 12_000).description, 'codex · done · 12s');
  assert.equal(row('running', 20_000), 'codex · working · 0s');
  clocks.keepOnly(new Set());
  assert.deepEqual(clocks.of('t1'), { turnStartedAt: undefined, lastTurnMs: undefined });
});

test('facts of a thread: the latest stop, each changed file once, files outside the roots not counted', () => {
  const file = (path: string, source?: 'outside') => ({ root: '/r', path, status: 'modified', added: 1, deleted: 0, binary: false, ...(source ? { source } : {}) });
  const entries = [
    { type: 'turn_end', id: 'e1', turnId: 'a', stopReason: 'cancelled' },
    { type: 'changes', id: 'e2', turnId: 'a', files: [file('a.ts'), file('b.ts')] },
    { type: 'changes', id: 'e3', turnId: 'b', files: [file('a.ts'), file('/etc/x', 'outside')] },
    { type: 'turn_end', id: 'e4', turnId: 'b', stopReason: 'end_turn' },
  ] as unknown as ThreadEntry[];
  assert.deepEqual(threadFacts(entries), { lastStop: 'end_turn', filesChanged: 2 });
});

test('a row with a budget: spend against it, and "no cost reported" rather than a false $0.00', () => {
  const spent = facts({ lastStop: 'end_turn', cost: { amount: 0.42, currency: 'USD' }, budget: standing({ amount: 0.42, currency: 'USD' }, { amount: 1 }) });
  assert.equal(overviewRow(spent, 0).description, 'codex · done · $0.42 of $1.00');
  const silent = facts({ lastStop: 'end_turn', budget: standing(undefined, { amount: 1 }) });
  assert.equal(overviewRow(silent, 0).description, 'codex · done · no cost reported');
  assert.doesNotMatch(overviewRow(silent, 0).description, /0\.00/);
});
