/**
 * Subagents in the thread model: a card per child where it was announced, the child's events in
 * the child's own thread (never the parent's rows), the card's summary, children of children,
 * patch semantics of repeated announcements, background helpers, and snapshots that keep it all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent, SubagentPatch } from '../../../src/protocol/events.js';
import { normalizeSessionUpdate } from '../../../src/protocol/acp/normalize.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import type { SubagentEntry, ThreadEntry } from '../../../src/thread/types.js';

const sub = (childId: string, patch: SubagentPatch): SessionEvent => ({ kind: 'subagent', childId, patch });
const child = (childId: string, event: SessionEvent): SessionEvent => ({ kind: 'child', childId, event });
const tool = (toolCallId: string, title: string, extra: Record<string, unknown> = {}): SessionEvent => ({
  kind: 'tool_call', toolCallId, replace: true, patch: { title, kind: 'edit', status: 'in_progress', ...extra },
});
const cards = (entries: readonly ThreadEntry[]) => entries.filter((e): e is SubagentEntry => e.type === 'subagent');

test('subagent_update normalizes with patch semantics; _meta names kind and model; malformed fields read as absent', () => {
  assert.deepEqual(normalizeSessionUpdate({
    sessionUpdate: 'subagent_update', sessionId: 'c1', title: 'Read', description: null, state: { state: 'idle', stopReason: 'cancelled' },
    capabilities: { cancel: {} }, _meta: { claudeCode: { subagentType: 'Explore', model: 'haiku' } },
  }), { kind: 'subagent', childId: 'c1', patch: { title: 'Read', description: null, state: { state: 'idle', stopReason: 'cancelled' }, cancellable: true, agentType: 'Explore', model: 'haiku' } });
  assert.deepEqual(normalizeSessionUpdate({ sessionUpdate: 'subagent_update', sessionId: 'c1', title: 7, state: 'running', capabilities: null }), {
    kind: 'subagent', childId: 'c1', patch: { cancellable: false },
  });
  const bad = normalizeSessionUpdate({ sessionUpdate: 'subagent_update', title: 'no id' });
  assert.equal(bad.kind, 'unknown');
});

test('a child’s events land in its own thread; the parent gets one card with the summary', () => {
  const m = new ThreadModel();
  m.apply({ kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'Sending a helper.' } });
  const announced = m.apply(sub('c1', { title: 'Fix', state: { state: 'running' }, cancellable: true, agentType: 'general-purpose' }));
  assert.equal(announced.rows.length, 1);
  const r = m.apply(child('c1', tool('t1', 'Edit a.ts', { content: [{ type: 'diff', path: '/w/a.ts', oldText: 'a', newText: 'b' }] })));
  assert.deepEqual(r.children?.map((c) => c.childId), ['c1']);
  assert.equal(r.children![0]!.rows[0]!.op, 'insert');
  m.apply(child('c1', tool('t2', 'Edit b.ts', { content: [{ type: 'diff', path: '/w/b.ts', oldText: null, newText: 'x' }] })));
  m.apply(child('c1', tool('t1', 'Edit a.ts again', { content: [{ type: 'diff', path: '/w/a.ts', oldText: 'b', newText: 'c' }] })));
  m.apply(child('c1', { kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'Done with ' } }));
  m.apply(child('c1', { kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'both files.' } }));
  assert.deepEqual(m.entries.map((e) => e.type), ['agent', 'subagent'], 'nothing of the child in the parent’s rows');
  const card = cards(m.entries)[0]!;
  assert.equal(card.toolCalls, 2);
  assert.equal(card.filesChanged, 2);
  assert.equal(card.now, 'Done with both files.');
  assert.equal(card.cancellable, true);
  assert.equal(card.agentType, 'general-purpose');
  assert.equal(m.childRows().c1!.length, 3);
});

test('announced twice: one card, patched (omitted keeps, null clears); an orphan child still gets a card', () => {
  const m = new ThreadModel();
  m.apply(sub('c1', { title: 'First', description: 'about it', state: { state: 'running' } }));
  m.apply(sub('c1', { title: 'Second', description: null }));
  m.apply(child('ghost', tool('g1', 'Who am I')));
  const [c1, ghost] = cards(m.entries);
  assert.equal(c1!.title, 'Second');
  assert.equal(c1!.description, undefined);
  assert.equal(c1!.state, 'running');
  assert.equal(ghost!.orphan, true);
  assert.equal(ghost!.toolCalls, 1);
});

test('children of children nest; questions inside are counted on every card above them', () => {
  const m = new ThreadModel();
  m.apply(sub('c1', { title: 'Outer' }));
  m.apply(child('c1', sub('c2', { title: 'Inner' })));
  m.apply(child('c1', child('c2', sub('c3', { title: 'Innermost' }))));
  m.apply(child('c1', child('c2', child('c3', tool('deep', 'Deep')))));
  const ask: SessionEvent = { kind: 'permission_requested', requestId: 'c3:perm-1', toolCallId: 'deep', toolCall: {}, options: [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }] };
  const r = m.apply(child('c1', child('c2', child('c3', ask))));
  assert.deepEqual(r.children?.map((c) => c.childId).sort(), ['c1', 'c2', 'c3']);
  assert.equal(cards(m.entries)[0]!.asking, 1);
  assert.deepEqual(m.card(['c1', 'c2'])?.asking, 1);
  assert.equal(m.asking(), 1);
  m.apply(child('c1', child('c2', child('c3', { kind: 'permission_resolved', requestId: 'c3:perm-1', outcome: { outcome: 'selected', optionId: 'a' } }))));
  assert.equal(cards(m.entries)[0]!.asking, undefined);
  assert.equal(m.asking(), 0);
  assert.deepEqual(Object.keys(m.childRows()).sort(), ['c1', 'c2', 'c3']);
});

test('a helper still running at the turn’s end runs in the background; its end is announced once', () => {
  const m = new ThreadModel();
  m.apply({ kind: 'prompt_sent', turnId: 't1', content: [{ type: 'text', text: 'go' }] });
  m.apply(sub('c1', { title: 'Watch', state: { state: 'running' } }));
  m.apply(sub('c2', { title: 'Quick', state: { state: 'running' } }));
  m.apply(sub('c2', { state: { state: 'idle' } }));
  m.apply({ kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' });
  assert.deepEqual(cards(m.entries).map((c) => c.background), [true, undefined]);
  m.apply(sub('c1', { state: { state: 'idle', stopReason: 'end_turn' } }));
  m.apply(sub('c1', { state: { state: 'idle', stopReason: 'end_turn' } }));
  const notices = m.entries.filter((e) => e.type === 'notice');
  assert.equal(notices.length, 1);
  assert.match(notices[0]!.type === 'notice' ? notices[0]!.title : '', /Watch/);
  assert.equal(cards(m.entries)[0]!.background, undefined);
});

test('a stop is shown until the child reports a state that is not working', () => {
  const m = new ThreadModel();
  m.apply(sub('c1', { state: { state: 'running' }, cancellable: true }));
  m.apply({ kind: 'subagent_stop', childId: 'c1', stop: { state: 'stopping' } });
  assert.deepEqual(cards(m.entries)[0]!.stop, { state: 'stopping' });
  m.apply(sub('c1', { state: { state: 'running' } }));
  assert.deepEqual(cards(m.entries)[0]!.stop, { state: 'stopping' });
  m.apply(sub('c1', { state: { state: 'idle', stopReason: 'cancelled' } }));
  assert.equal(cards(m.entries)[0]!.stop, undefined);
});

test('a snapshot keeps every level; the restored model continues each child', () => {
  const m = new ThreadModel();
  m.apply(sub('c1', { title: 'Outer' }));
  m.apply(child('c1', tool('t1', 'One', { content: [{ type: 'diff', path: '/w/a', oldText: '', newText: 'x' }] })));
  m.apply(child('c1', sub('c2', { title: 'Inner' })));
  m.apply(child('c1', child('c2', tool('t2', 'Two'))));
  const saved = JSON.parse(JSON.stringify(m.snapshot())) as ReturnType<ThreadModel['snapshot']>;
  assert.deepEqual(Object.keys(saved.children ?? {}), ['c1']);
  assert.deepEqual(Object.keys(saved.children!.c1!.children ?? {}), ['c2']);
  const back = ThreadModel.restore(saved);
  back.apply(child('c1', tool('t1', 'One updated', { content: [{ type: 'diff', path: '/w/a', oldText: 'x', newText: 'y' }] })));
  back.apply(child('c1', child('c2', tool('t3', 'Three'))));
  assert.equal(cards(back.entries)[0]!.toolCalls, 1, 'an update of a known call is no new call');
  assert.equal(back.card(['c1', 'c2'])?.toolCalls, 2, 'the inner card counts on');
  assert.equal(cards(back.entries)[0]!.filesChanged, 1, 'the same file once');
  assert.equal(back.childRows().c2!.length, 2);
});

test('a child’s task and report (subagent_message): a task row first, the report its answer; a report repeating the last message marks it', () => {
  const m = new ThreadModel();
  m.apply(sub('c1', { title: 'Fix', state: { state: 'running' } }));
  m.apply(sub('c2', { title: 'Read', state: { state: 'running' } }));
  m.apply(child('c1', { kind: 'subagent_message', role: 'task', messageId: 'm1' }));
  m.apply(child('c1', { kind: 'subagent_message', role: 'task', messageId: 'm1', chunk: { type: 'text', text: 'Fix the ' } }));
  m.apply(child('c1', { kind: 'subagent_message', role: 'task', messageId: 'm1', chunk: { type: 'text', text: 'typo.' } }));
  m.apply(child('c1', { kind: 'subagent_message', role: 'task', messageId: 'm1', content: [{ type: 'text', text: 'Fix the typo.' }] }));
  m.apply(child('c1', tool('t1', 'Edit a.ts')));
  m.apply(child('c1', { kind: 'subagent_message', role: 'report', messageId: 'r1', content: [{ type: 'text', text: 'Fixed.' }] }));
  m.apply(child('c2', { kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'Nothing to fix.' } }));
  m.apply(child('c2', { kind: 'subagent_message', role: 'report', messageId: 'r2', content: [{ type: 'text', text: '<tools-used-before-summary>Read</tools-used-before-summary>\nNothing to fix.' }] }));
  const rows = m.childRows();
  const shape = (entries: readonly ThreadEntry[]) => entries.map((e) => [e.type, e.type === 'user' || e.type === 'agent' ? e.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : '', e.type === 'user' ? e.delegated : e.type === 'agent' ? e.report : undefined]);
  assert.deepEqual(shape(rows.c1!), [['user', 'Fix the typo.', true], ['tool_call', '', undefined], ['agent', 'Fixed.', true]]);
  assert.deepEqual(shape(rows.c2!), [['agent', 'Nothing to fix.', true]], 'the repeated answer is shown once, as the report');
  assert.equal(cards(m.entries)[0]!.now, 'Fixed.');
  assert.ok(!m.entries.some((e) => e.type === 'user' || e.type === 'agent'), 'nothing in the parent’s own rows');
});

test('the changes row names the subagent whose tool call changed a file (children of children too)', () => {
  const m = new ThreadModel();
  m.apply({ kind: 'prompt_sent', turnId: 't1', content: [{ type: 'text', text: 'go' }] });
  m.apply(sub('c1', { title: 'Helper 1' }));
  m.apply(sub('c2', { title: 'Helper 2' }));
  m.apply(child('c2', tool('e1', 'Edit a.txt', { content: [{ type: 'diff', path: '/w/a.txt', oldText: 'x', newText: 'y' }] })));
  m.apply(child('c1', sub('c3', { description: 'Deep helper' })));
  m.apply(child('c1', child('c3', tool('e2', 'Write b.txt', { content: [{ type: 'diff', path: '/w/sub/b.txt', oldText: null, newText: 'b' }] }))));
  m.apply(child('c1', tool('e3', 'Edit a.txt too', { content: [{ type: 'diff', path: '/w/a.txt', oldText: 'y', newText: 'z' }] })));
  const file = (path: string, root = '/w/') => ({ root, path, status: 'modified' as const, added: 1, deleted: 1, binary: false });
  m.apply({ kind: 'turn_changes', turnId: 't1', files: [file('a.txt'), file('sub/b.txt'), file('c.txt'), { ...file('/elsewhere/d.txt', ''), source: 'outside' as const }] });
  const row = m.entries.find((e) => e.type === 'changes');
  assert.ok(row?.type === 'changes');
  assert.deepEqual(row.files.map((f) => [f.path, f.by]), [['a.txt', ['Helper 1', 'Helper 2']], ['sub/b.txt', ['Deep helper']], ['c.txt', undefined], ['/elsewhere/d.txt', undefined]]);
});

test('the changes row names only the helpers that changed a file in its own turn, not earlier ones', () => {
  const m = new ThreadModel();
  const diff = (path: string) => ({ content: [{ type: 'diff', path, oldText: 'x', newText: 'y' }] });
  const file = (path: string) => ({ root: '/w/', path, status: 'modified' as const, added: 1, deleted: 1, binary: false });
  const byOf = (turnId: string) => {
    const row = m.entries.find((e) => e.type === 'changes' && e.turnId === turnId);
    assert.ok(row?.type === 'changes');
    return row.files.map((f) => [f.path, f.by]);
  };
  m.apply({ kind: 'prompt_sent', turnId: 't1', content: [{ type: 'text', text: 'go' }] });
  m.apply(sub('c1', { title: 'Helper 1', state: { state: 'running' } }));
  m.apply(child('c1', sub('c2', { title: 'Deep helper' })));
  m.apply(child('c1', tool('e1', 'Edit a.txt', diff('/w/a.txt'))));
  m.apply(child('c1', child('c2', tool('e2', 'Edit d.txt', diff('/w/d.txt')))));
  m.apply({ kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' });
  m.apply({ kind: 'turn_changes', turnId: 't1', files: [file('a.txt'), file('d.txt')] });
  // The same helpers work on in the next turn, on other files.
  m.apply({ kind: 'prompt_sent', turnId: 't2', content: [{ type: 'text', text: 'again' }] });
  m.apply(child('c1', tool('e3', 'Edit b.txt', diff('/w/b.txt'))));
  m.apply(child('c1', child('c2', tool('e4', 'Edit a.txt', diff('/w/a.txt')))));
  m.apply({ kind: 'turn_ended', turnId: 't2', stopReason: 'end_turn' });
  // a.txt and d.txt changed again in t2 by the parent itself (or the user); only the helpers' own t2 files say "by".
  m.apply({ kind: 'turn_changes', turnId: 't2', files: [file('a.txt'), file('b.txt'), file('d.txt')] });
  assert.deepEqual(byOf('t2'), [['a.txt', ['Deep helper']], ['b.txt', ['Helper 1']], ['d.txt', undefined]]);
  // t1's row, republished after t2 (a file settled in the review), keeps t1's names.
  m.apply({ kind: 'turn_changes', turnId: 't1', files: [file('a.txt'), file('d.txt')] });
  assert.deepEqual(byOf('t1'), [['a.txt', ['Helper 1']], ['d.txt', ['Deep helper']]]);
  assert.equal(cards(m.entries)[0]!.filesChanged, 2, 'the card still counts every file of its life');
});
