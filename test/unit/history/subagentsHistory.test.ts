/**
 * Subagents in history: a saved conversation keeps each card's thread (children of children
 * too) through the transcript file, its size cap and a damaged file; the Markdown export puts
 * each subagent's work under its card, quoted; a reopened (archived) or forked thread keeps them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/protocol/events.js';
import type { ThreadEntry } from '../../../src/thread/types.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import { capTranscript, toTranscript, transcriptJson } from '../../../src/history/shape.js';
import { readTranscript } from '../../../src/history/salvage.js';
import { transcriptToMarkdown } from '../../../src/history/markdown.js';
import { parseSearchText, searchText } from '../../../src/history/searchText.js';
import { archiveSnapshot } from '../../../src/vscode/thread/archive.js';
import { capSnapshot } from '../../../src/vscode/thread/threadStore.js';

const child = (childId: string, event: SessionEvent): SessionEvent => ({ kind: 'child', childId, event });
const say = (text: string): SessionEvent => ({ kind: 'message_chunk', role: 'agent', content: { type: 'text', text } });

function team(): ThreadModel {
  const m = new ThreadModel();
  m.apply({ kind: 'prompt_sent', turnId: 't1', content: [{ type: 'text', text: 'Fix the typo' }] });
  m.apply(say('Sending a helper.'));
  m.apply({ kind: 'subagent', childId: 'c1', patch: { title: 'Read the docs', state: { state: 'running' } } });
  m.apply(child('c1', { kind: 'tool_call', toolCallId: 'r1', replace: true, patch: { title: 'Read docs/guide.md', kind: 'read', status: 'completed' } }));
  m.apply(child('c1', say('Found the typo.')));
  m.apply(child('c1', { kind: 'subagent', childId: 'c2', patch: { title: 'Check links' } }));
  m.apply(child('c1', child('c2', say('All links work.'))));
  m.apply({ kind: 'subagent', childId: 'c1', patch: { state: { state: 'idle' } } });
  m.apply(say('Done.'));
  m.apply({ kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' });
  return m;
}

const saved = (m: ThreadModel) => toTranscript({ agentName: 'a', sessionId: 's', cwd: '/w', ...m.snapshot() }, undefined, '2026-01-01T00:00:00Z');
const text = (gen: Iterable<string>) => [...gen].join('');

test('the transcript file keeps every level; reading it back (and a damaged child) restores the cards’ threads', () => {
  const t = saved(team());
  const back = readTranscript(text(transcriptJson(t)), undefined)!;
  assert.deepEqual(Object.keys(back.children ?? {}), ['c1']);
  assert.deepEqual(Object.keys(back.children!.c1!.children ?? {}), ['c2']);
  const model = ThreadModel.restore({ entries: back.entries, session: back.session, children: back.children });
  assert.equal(model.childRows().c2!.length, 1);
  const damaged = JSON.parse(text(transcriptJson(t))) as { children: Record<string, { entries: unknown[] }> };
  damaged.children.c1!.entries.push({ type: 'tool_call', id: 'broken' });
  const salvaged = readTranscript(JSON.stringify(damaged), undefined)!;
  assert.equal(salvaged.children!.c1!.entries.length, 3, 'the damaged row is left out, the rest kept');
});

test('the size caps keep the cards and drop a subagent’s thread that does not fit', () => {
  const m = team();
  for (let i = 0; i < 200; i++) m.apply(child('c1', { kind: 'tool_call', toolCallId: `x${i}`, replace: true, patch: { title: `Read file ${i} ${'x'.repeat(200)}`, kind: 'read', status: 'completed' } }));
  const t = saved(m);
  const capped = capTranscript(t, 20_000);
  assert.ok(capped.entries.some((e) => e.type === 'subagent'), 'the card stays');
  assert.equal(capped.children, undefined, 'its thread did not fit half the cap');
  assert.ok(capTranscript(t, 4 * 1024 * 1024).children?.c1, 'and is kept when it fits');
  const tab = capSnapshot(m.snapshot(), 10_000);
  assert.ok(tab.entries.some((e) => e.type === 'subagent'));
  assert.equal(tab.children, undefined);
  assert.ok(capSnapshot(m.snapshot(), 1_000_000).children?.c1);
});

test('Markdown export: each subagent’s work under its card line, quoted, its own subagent inside', () => {
  const md = transcriptToMarkdown(saved(team()));
  assert.match(md, /\*\*Subagent: Read the docs\*\*/);
  assert.match(md, /\n> \*\*Tool:?.*Read docs\/guide\.md|\n> .*Read docs\/guide\.md/);
  assert.match(md, /\n> Found the typo\./);
  assert.match(md, /\n> \*\*Subagent: Check links\*\*/);
  assert.match(md, /\n> > All links work\./);
  assert.ok(md.indexOf('Found the typo.') < md.indexOf('Done.'), 'in the order of the thread');
});

test('an archived copy (reopened, restored tab, fork) keeps the nesting under its new ids', () => {
  const archived = archiveSnapshot(team().snapshot(), 'old:');
  const model = ThreadModel.restore(archived);
  const card = model.entries.find((e) => e.type === 'subagent');
  assert.equal(card?.type === 'subagent' ? card.childId : '', 'old:c1');
  assert.equal(card?.type === 'subagent' ? card.state : '', 'idle');
  assert.deepEqual(Object.keys(model.childRows()).sort(), ['old:c1', 'old:c2']);
});

test('thread search finds what a subagent did, and the hit opens the thread at its card', () => {
  const t = saved(team());
  const lines = parseSearchText(searchText(t.entries, t.children));
  const card = t.entries.find((e) => e.type === 'subagent')!;
  const hit = lines.find((l) => l.text.includes('All links work.'));
  assert.equal(hit?.entryId, card.id, 'a grandchild’s line points at the top card');
  assert.ok(lines.some((l) => l.text === 'Read docs/guide.md' && l.entryId === card.id));
});

test('a helper still working when its thread is archived says it was interrupted, and why, at every level', () => {
  const m = new ThreadModel();
  m.apply({ kind: 'subagent', childId: 'c1', patch: { title: 'Watch', state: { state: 'running' } } });
  m.apply(child('c1', { kind: 'subagent', childId: 'c2', patch: { title: 'Deeper', state: { state: 'requires_action' } } }));
  m.apply({ kind: 'subagent', childId: 'c3', patch: { title: 'Done', state: { state: 'idle', stopReason: 'end_turn' } } });
  const reloaded = ThreadModel.restore(archiveSnapshot(m.snapshot(), 'old:', 'reload'));
  const states = (entries: readonly ThreadEntry[]) => entries.flatMap((e) => (e.type === 'subagent' ? [[e.title, e.state, e.interrupted]] : []));
  assert.deepEqual(states(reloaded.entries), [['Watch', 'idle', 'reload'], ['Done', 'idle', undefined]]);
  assert.deepEqual(states(reloaded.childRows()['old:c1']!), [['Deeper', 'idle', 'reload']]);
  const ended = ThreadModel.restore(archiveSnapshot(m.snapshot(), 'old:'));
  assert.deepEqual(states(ended.entries)[0], ['Watch', 'idle', 'ended']);
});

test('Markdown export: a subagent’s task and report are named as such', () => {
  const m = team();
  m.apply(child('c1', { kind: 'subagent_message', role: 'task', messageId: 'm1', content: [{ type: 'text', text: 'Read the docs.' }] }));
  m.apply(child('c1', { kind: 'subagent_message', role: 'report', messageId: 'r1', content: [{ type: 'text', text: 'Two typos.' }] }));
  const md = transcriptToMarkdown(saved(m));
  assert.match(md, /> \*Task:\* Read the docs\./);
  assert.match(md, /> \*Report:\* Two typos\./);
});
