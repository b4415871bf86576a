import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionFacts, ThreadEntry } from '../../../src/thread/types.js';
import { createHash } from 'node:crypto';
import { capTranscript, deriveTitle, legacyTranscriptId, toTranscript, transcriptId, transcriptJson, TRUNCATION_MARKER_ID } from '../../../src/history/shape.js';

const facts = (extra: Partial<SessionFacts> = {}): SessionFacts => ({ turnState: 'idle', commands: [], ...extra });
const user = (id: string, text: string): ThreadEntry => ({ type: 'user', id, content: [{ type: 'text', text }] });
const agent = (id: string, text: string): ThreadEntry => ({ type: 'agent', id, content: [{ type: 'text', text }] });

test('transcriptId: stable, file-safe, distinct per agent, session and folder', () => {
  const id = (agentName: string, sessionId: string, cwd = '/w') => transcriptId({ agentName, sessionId, cwd });
  assert.equal(id('a', 's/1'), id('a', 's/1'));
  assert.notEqual(id('a', 's'), id('b', 's'));
  assert.notEqual(id('ab', 'c'), id('a', 'bc'));
  assert.notEqual(id('a', 'sess_1', '/one'), id('a', 'sess_1', '/two'), 'an agent numbering its sessions in two folders');
  assert.notEqual(id('a', 's', 'x'), id('a', 'sx', ''));
  assert.match(id('../x', '..\\y', '../z'), /^[0-9a-f]{24}$/);
  // Transcripts saved before the folder was part of the id are still found under the old one.
  assert.equal(legacyTranscriptId('a', 's'), createHash('sha256').update('a\0s').digest('hex').slice(0, 24));
  // The same key object asked again (a live thread's saves) gives its id; changed, the new one.
  const key = { agentName: 'a', sessionId: 's1', cwd: '/w' };
  assert.equal(transcriptId(key), id('a', 's1'));
  assert.equal(transcriptId(key), id('a', 's1'));
  key.cwd = '/v';
  assert.equal(transcriptId(key), id('a', 's1', '/v'));
});

test('deriveTitle: table', () => {
  const long = 'x'.repeat(200);
  const cases: Array<[ThreadEntry[], SessionFacts, string]> = [
    [[user('1', 'fix the bug\nin main.ts')], facts(), 'fix the bug'],
    [[user('1', 'hi')], facts({ title: 'Agent title' }), 'Agent title'],
    [[agent('0', 'hello'), user('1', '  \n'), user('2', 'second')], facts(), 'second'],
    [[{ type: 'user', id: '1', content: [{ type: 'resource_link', uri: 'file:///a.ts', name: 'a.ts' }] }], facts(), 'a.ts'],
    [[], facts(), 'Untitled session'],
    [[user('1', long)], facts(), `${'x'.repeat(79)}…`],
  ];
  for (const [entries, s, want] of cases) assert.equal(deriveTitle(entries, s), want);
});

test('toTranscript settles what cannot survive a restart', () => {
  const entries: ThreadEntry[] = [
    user('1', 'go'),
    { type: 'tool_call', id: '2', toolCallId: 't', title: 'Edit', name: null, kind: 'edit', status: 'pending', content: [], locations: [],
      permission: { requestId: 'r', options: [] } },
  ];
  const t = toTranscript({ agentName: 'a', sessionId: 's', cwd: '/w', entries, session: facts({ turnState: 'requires_action', currentTurnId: 'turn1' }) },
    undefined, '2026-01-01T00:00:00.000Z');
  assert.equal(t.session.turnState, 'idle');
  assert.equal('currentTurnId' in t.session, false);
  assert.equal('permission' in t.entries[1]!, false);
  assert.equal(t.createdAt, '2026-01-01T00:00:00.000Z');
  assert.equal(t.title, 'go');
  assert.equal(entries[1]!.type === 'tool_call' && entries[1]!.permission?.requestId, 'r', 'input not mutated');
});

test('capTranscript: drops oldest, keeps a single marker, counts across saves', () => {
  const entries = Array.from({ length: 50 }, (_, i) => agent(String(i), `message ${i} ${'.'.repeat(100)}`));
  const t = toTranscript({ agentName: 'a', sessionId: 's', cwd: '/w', entries, session: facts() }, undefined, 'now');
  assert.equal(capTranscript(t, 1e9), t, 'under the cap: untouched');
  const capped = capTranscript(t, 3000);
  assert.ok(Buffer.byteLength(JSON.stringify(capped)) <= 3000);
  assert.equal(capped.entries[0]!.id, TRUNCATION_MARKER_ID);
  assert.equal(capped.entries.at(-1)!.id, '49', 'newest kept');
  assert.equal(capped.droppedEntries, 50 - (capped.entries.length - 1));
  assert.equal(capped.entryCount, capped.entries.length);
  // A reopened thread carries the marker; saving it again must not stack markers.
  const more = [...capped.entries, ...Array.from({ length: 10 }, (_, i) => agent(`n${i}`, `new ${i} ${'.'.repeat(100)}`))];
  const again = capTranscript({ ...capped, entries: more }, 3000);
  assert.equal(again.entries.filter((e) => e.id === TRUNCATION_MARKER_ID).length, 1);
  assert.equal(again.droppedEntries, capped.droppedEntries + (more.length - 1 - (again.entries.length - 1)));
  assert.match((again.entries[0] as { detail: string }).detail, new RegExp(`^${again.droppedEntries} older entries`));
  // One huge entry: kept alone rather than losing everything.
  const huge = capTranscript(toTranscript({ agentName: 'a', sessionId: 's', cwd: '/w', entries: [agent('h', 'x'.repeat(10000))], session: facts() }, undefined, 'now'), 3000);
  assert.deepEqual(huge.entries.map((e) => e.id), ['h']);
});

test('capTranscript: an entry is sized once across saves; a thread over the cap serialises only what it keeps and what is new', () => {
  const entries = Array.from({ length: 50 }, (_, i) => agent(`s${i}`, `message ${i} ${'.'.repeat(100)}`));
  const serialised: string[] = [];
  const json = (e: ThreadEntry) => {
    serialised.push(e.id);
    return JSON.stringify(e);
  };
  const save = (list: ThreadEntry[]) => capTranscript(toTranscript({ agentName: 'a', sessionId: 's', cwd: '/w', entries: list, session: facts() }, undefined, 'now'), 3000, json);
  const first = save(entries);
  assert.equal(serialised.length, 50, 'the first save sizes every entry');
  serialised.length = 0;
  // The next save, streaming: the newest row replaced (a new object), one row added.
  const next = [...entries.slice(0, -1), agent('s49', `message 49 ${'.'.repeat(120)}`), agent('s50', 'new')];
  const second = save(next);
  assert.deepEqual(serialised, ['s49', 's50'], 'only the rows that are new objects are serialised to size them');
  assert.equal(second.entries.at(-1)!.id, 's50');
  assert.ok(Buffer.byteLength(JSON.stringify(second)) <= 3000);
  // The sizes are the ones it would find anew.
  serialised.length = 0;
  const fresh = capTranscript(toTranscript({ agentName: 'a', sessionId: 's', cwd: '/w', entries: next.map((e) => structuredClone(e)), session: facts() }, undefined, 'now'), 3000, json);
  assert.equal(serialised.length, next.length);
  assert.deepEqual(fresh.entries.map((e) => e.id), second.entries.map((e) => e.id));
  assert.equal(first.droppedEntries > 0, true);
});

test('toTranscript leaves out the agent notices marked live, keeps the client’s own', () => {
  const entries: ThreadEntry[] = [
    user('1', 'go'),
    { type: 'notice', id: '2', severity: 'warning', title: 'Rate limited', live: true },
    { type: 'notice', id: '3', severity: 'error', title: 'The agent exited', detail: 'code 1' },
    agent('4', 'done'),
  ];
  const t = toTranscript({ agentName: 'a', sessionId: 's', cwd: '/w', entries, session: facts() }, undefined, 'now');
  assert.deepEqual(t.entries.map((e) => e.id), ['1', '3', '4']);
  assert.equal(t.entryCount, 3);
  assert.equal(entries.length, 4, 'input not mutated');
});

test('toTranscript drops what could be stopped in the live session: cancel capabilities and stops under way', () => {
  const view = { terminalId: 't1', command: 'make', output: '', truncated: false, cancellable: true as const, stop: { state: 'stopping' as const } };
  const entries: ThreadEntry[] = [
    { type: 'tool_call', id: '1', toolCallId: 'c', title: 'Index', name: null, kind: 'execute', status: 'in_progress', content: [{ type: 'terminal', terminalId: 't1' }],
      locations: [], cancellable: true, stop: { state: 'refused', message: 'no' }, terminals: { t1: view } },
    { type: 'terminal', id: '2', terminalId: 't1', terminal: view, embedded: true },
  ];
  const t = toTranscript({ agentName: 'a', sessionId: 's', cwd: '/w', entries, session: facts() }, undefined, 'now');
  const [callRow, ownRow] = t.entries;
  assert.ok(callRow?.type === 'tool_call' && ownRow?.type === 'terminal');
  assert.equal('cancellable' in callRow, false);
  assert.equal('stop' in callRow, false);
  assert.deepEqual(callRow.terminals, { t1: { terminalId: 't1', command: 'make', output: '', truncated: false } });
  assert.deepEqual(ownRow.terminal, { terminalId: 't1', command: 'make', output: '', truncated: false });
  assert.equal(view.cancellable, true, 'input not mutated');
});

test('capTranscript sized entry by entry: a transcript of exactly the cap is kept whole, one byte over is cut', () => {
  const entries = Array.from({ length: 20 }, (_, i) => agent(String(i), `message ${i} ü€`));
  const t = toTranscript({ agentName: 'a', sessionId: 's', cwd: '/w', entries, session: facts() }, undefined, 'now');
  const exact = Buffer.byteLength(JSON.stringify(t));
  assert.equal(capTranscript(t, exact), t);
  assert.notEqual(capTranscript(t, exact - 1), t);
});

test('transcriptJson: the pieces parse to the same transcript as JSON.stringify, with and without entries', () => {
  const entries = [user('u', 'say "hi"\n'), agent('a', 'ü€ done')];
  for (const list of [entries, []]) {
    const t = toTranscript({ agentName: 'a', sessionId: 's', cwd: '/w', entries: list, session: facts({ title: 'T' }) }, undefined, 'now');
    const text = [...transcriptJson(t)].join('');
    assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(t)));
  }
});

test('toTranscript: a changes row still counting when the window closed is saved as its list, not counting', () => {
  const counting: ThreadEntry = { type: 'changes', id: '2', turnId: 't', counting: true, files: [{ root: '/w', path: 'a.ts', status: 'modified', added: 1, deleted: 0, binary: false }] };
  const t = toTranscript({ agentName: 'a', sessionId: 's', cwd: '/w', entries: [user('1', 'go'), counting], session: facts() }, undefined, '2026-01-01T00:00:00.000Z');
  assert.equal('counting' in t.entries[1]!, false);
  assert.equal(t.entries[1]!.type === 'changes' && t.entries[1]!.files.length, 1);
});
