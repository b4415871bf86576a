import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeHistory, planReopen } from '../../../src/history/reopen.js';
import type { SessionSupport } from '../../../src/agents/api.js';
import type { TranscriptMeta } from '../../../src/history/types.js';

const meta = (sessionId: string, updatedAt: string, agentName = 'a'): TranscriptMeta => ({
  id: `id-${sessionId}`, agentName, sessionId, title: `local ${sessionId}`, cwd: '/w', createdAt: updatedAt, updatedAt, entryCount: 1, droppedEntries: 0,
});

test('mergeHistory: union per session, agent title wins, newest first, other agents ignored', () => {
  const items = mergeHistory('a',
    [meta('1', '2026-01-01T00:00:00Z'), meta('2', '2026-01-03T00:00:00Z'), meta('x', '2026-02-01T00:00:00Z', 'other')],
    [{ sessionId: '2', cwd: '/w', title: 'renamed', updatedAt: '2026-01-02T00:00:00Z' }, { sessionId: '3', cwd: '/v' }],
  );
  assert.deepEqual(items, [
    { agentName: 'a', sessionId: '2', title: 'renamed', cwd: '/w', updatedAt: '2026-01-03T00:00:00Z', transcriptId: 'id-2', onAgent: true },
    { agentName: 'a', sessionId: '1', title: 'local 1', cwd: '/w', updatedAt: '2026-01-01T00:00:00Z', transcriptId: 'id-1', onAgent: false },
    { agentName: 'a', sessionId: '3', title: 'Untitled session', cwd: '/v', onAgent: true },
  ]);
});

test('mergeHistory: one session id in two folders is two rows; the agent\'s entry joins the one of its folder', () => {
  const at = (cwd: string, updatedAt: string): TranscriptMeta => ({ ...meta('sess_1', updatedAt), id: `id-${cwd}`, cwd });
  const items = mergeHistory('a', [at('/one', '2026-01-01T00:00:00Z'), at('/two', '2026-01-02T00:00:00Z')], [{ sessionId: 'sess_1', cwd: '/one', title: 'from the agent' }]);
  assert.deepEqual(items.map((i) => [i.cwd, i.title, i.transcriptId, i.onAgent]), [
    ['/two', 'local sess_1', 'id-/two', false],
    ['/one', 'from the agent', 'id-/one', true],
  ]);
  // The folder spelled otherwise by the agent: the only saved namesake is the same session.
  const alone = mergeHistory('a', [at('/link', '2026-01-01T00:00:00Z')], [{ sessionId: 'sess_1', cwd: '/real' }]);
  assert.deepEqual(alone.map((i) => [i.cwd, i.transcriptId, i.onAgent]), [['/real', 'id-/link', true]]);
});

test('planReopen: table', () => {
  const s = (p: Partial<SessionSupport>): SessionSupport => ({ protocolVersion: 1, load: false, list: false, resume: false, close: false, delete: false, fork: false, additionalDirectories: false, ...p });
  const cases: Array<[Partial<SessionSupport>, boolean, boolean | undefined, string]> = [
    [{ resume: true, load: true }, true, true, 'resume_with_transcript'],
    [{ resume: true, load: true }, true, undefined, 'resume_with_transcript'],
    [{ load: true }, true, undefined, 'load'],
    [{}, true, undefined, 'read_only'],
    [{ resume: true }, true, false, 'read_only'],
    [{ load: true, resume: true }, false, true, 'load'],
    [{ resume: true }, false, undefined, 'resume_blind'],
    [{}, false, undefined, 'unavailable'],
    [{ load: true }, false, false, 'unavailable'],
  ];
  for (const [support, hasTranscript, onAgent, want] of cases) {
    assert.equal(planReopen(s(support), hasTranscript, onAgent).kind, want, JSON.stringify([support, hasTranscript, onAgent]));
  }
});
