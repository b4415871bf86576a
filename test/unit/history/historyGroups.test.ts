import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groupHistory } from '../../../src/history/historyGroups.js';
import type { TranscriptMeta } from '../../../src/history/types.js';

const meta = (agentName: string, sessionId: string, updatedAt: string): TranscriptMeta => ({
  id: `${agentName}-${sessionId}`, agentName, sessionId, title: `${agentName} ${sessionId}`, cwd: '/w', createdAt: updatedAt, updatedAt, entryCount: 1, droppedEntries: 0,
});

test('groupHistory: one group per agent, active agent first, listed agents next, then by latest conversation', () => {
  const local = [
    meta('old', '1', '2026-01-01T00:00:00Z'),
    meta('recent', '1', '2026-03-01T00:00:00Z'),
    meta('active', '1', '2026-01-02T00:00:00Z'),
    meta('listed', '1', '2026-01-03T00:00:00Z'),
  ];
  const lists = [{ agentName: 'listed', sessions: [{ sessionId: '2', cwd: '/w', updatedAt: '2026-01-04T00:00:00Z' }] }];
  const groups = groupHistory(local, lists, 'active');
  assert.deepEqual(groups.map((g) => [g.agentName, g.listed, g.items.map((i) => i.sessionId)]), [
    ['active', false, ['1']],
    ['listed', true, ['2', '1']],
    ['recent', false, ['1']],
    ['old', false, ['1']],
  ]);
  assert.equal(groups[1]!.items[0]!.onAgent, true);
  assert.equal(groups[1]!.items[1]!.onAgent, false, 'the agent was asked and did not list it');
});

test('groupHistory: an agent that lists nothing and has nothing saved has no group', () => {
  assert.deepEqual(groupHistory([], [{ agentName: 'empty', sessions: [] }]), []);
  const groups = groupHistory([], [{ agentName: 'a', sessions: [{ sessionId: 's', cwd: '/w' }] }]);
  assert.deepEqual(groups.map((g) => [g.agentName, g.listed, g.items.length]), [['a', true, 1]]);
});
