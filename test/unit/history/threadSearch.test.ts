import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TranscriptStore } from '../../../src/history/store.js';
import { ThreadSearch } from '../../../src/history/threadSearch.js';
import { parseSearchText, searchText, SEARCH_TEXT_MAX_CHARS } from '../../../src/history/searchText.js';
import type { ThreadEntry } from '../../../src/thread/types.js';

const user = (id: string, text: string): ThreadEntry => ({ type: 'user', id, content: [{ type: 'text', text }] });
const agent = (id: string, text: string): ThreadEntry => ({ type: 'agent', id, content: [{ type: 'text', text }] });
const session = { turnState: 'idle' as const, commands: [] };

test('searchable lines: one per line read, tagged with its row; thoughts and terminals left out', () => {
  const lines = parseSearchText(searchText([
    user('e1', 'Fix the   parser\nand the cache'),
    { type: 'thought', id: 'e2', content: [{ type: 'text', text: 'secret thinking' }] },
    agent('e3', 'Done.'),
    { type: 'notice', id: 'e4', severity: 'info', title: 'Heads up', detail: 'details here' },
  ]));
  assert.deepEqual(lines, [
    { entryId: 'e1', text: 'Fix the parser' },
    { entryId: 'e1', text: 'and the cache' },
    { entryId: 'e3', text: 'Done.' },
    { entryId: 'e4', text: 'Heads up' },
    { entryId: 'e4', text: 'details here' },
  ]);
});

test('searchable lines are capped, keeping the newest whole lines', () => {
  const entries = Array.from({ length: 2000 }, (_, i) => agent(`e${i}`, `line ${i} ${'x'.repeat(300)}`));
  const text = searchText(entries);
  assert.ok(text.length <= SEARCH_TEXT_MAX_CHARS);
  const lines = parseSearchText(text);
  assert.equal(lines.at(-1)?.entryId, 'e1999');
  assert.match(lines[0]!.text, /^line \d+ x+$/, 'the first kept line is whole');
});

test('one answer of megabytes on one line: its line is cut, the rest of the thread kept', () => {
  const huge = 'word '.repeat(1_000_000);
  const lines = parseSearchText(searchText([user('e1', 'first prompt'), agent('e2', huge), user('e3', 'last prompt')]));
  assert.deepEqual(lines.map((l) => l.entryId), ['e1', 'e2', 'e3']);
  assert.equal(lines[1]!.text, `${'word '.repeat(80)}…`);
});

/** The searchable text as first specified: every line of the whole thread, then its newest part. */
function wholeThreadReference(entries: readonly ThreadEntry[]): string {
  const lines: string[] = [];
  for (const e of entries) {
    const texts = e.type === 'agent' ? e.content.map((b) => (b.type === 'text' ? b.text : '')) : e.type === 'tool_call' ? [e.title] : [];
    for (const text of texts) {
      for (const raw of text.split(/\r?\n/)) {
        const line = raw.replace(/\s+/g, ' ').trim();
        if (line) lines.push(`${e.id}\t${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
      }
    }
  }
  let out = lines.join('\n');
  if (out.length > SEARCH_TEXT_MAX_CHARS) {
    out = out.slice(out.length - SEARCH_TEXT_MAX_CHARS);
    out = out.slice(out.indexOf('\n') + 1);
  }
  return out;
}

test('built from the newest line back, the searchable text is the whole thread\'s newest part', () => {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pieces = ['\n', '\r\n', '  \t ', 'alpha ', 'beta', ' gamma ', 'x'.repeat(450)];
  const text = (n: number) => Array.from({ length: n }, () => pieces[Math.floor(rnd() * pieces.length)]).join('');
  for (let c = 0; c < 40; c++) {
    const big = c % 3 === 0;
    const entries: ThreadEntry[] = Array.from({ length: big ? 300 : 12 }, (_, i) =>
      rnd() < 0.7 ? agent(`e${i}`, text(big ? 2000 : 30)) : { type: 'tool_call', id: `e${i}`, title: text(3), kind: 'read', status: 'completed' } as ThreadEntry);
    assert.equal(searchText(entries), wholeThreadReference(entries), `case ${c}`);
  }
});

test('search: every word, any case, title or line; newest thread first; a hit names its row', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'search-'));
  try {
    let clock = Date.parse('2026-11-25T00:00:00Z');
    const store = new TranscriptStore(dir, { now: () => new Date((clock += 1000)) });
    await store.save({ agentName: 'A', sessionId: 'old', cwd: '/w', entries: [user('e1', 'Deploy the API'), agent('e2', 'The Lilac cache is warm')], session });
    await store.save({ agentName: 'A', sessionId: 'new', cwd: '/w', entries: [user('e1', 'lilac cache again'), agent('e2', 'nothing here')], session });
    const search = new ThreadSearch(store);
    const hits = await search.search('CACHE lilac');
    assert.deepEqual(hits.map((h) => [h.meta.sessionId, h.entryId, h.line]), [
      ['new', undefined, 'lilac cache again'], // the title (its first prompt)
      ['new', 'e1', 'lilac cache again'],
      ['old', 'e2', 'The Lilac cache is warm'],
    ]);
    assert.deepEqual(await search.search('lilac deploy'), [], 'every word must be on one line');
    assert.deepEqual(await search.search('   '), []);

    // A thread that changes is read again; one deleted is gone from the results.
    await store.save({ agentName: 'A', sessionId: 'old', cwd: '/w', entries: [user('e1', 'Deploy the API'), agent('e2', 'cold now')], session });
    assert.deepEqual((await search.search('lilac')).map((h) => h.meta.sessionId), ['new', 'new']);
    await store.delete((await store.list()).find((m) => m.sessionId === 'new')!.id);
    assert.deepEqual(await search.search('lilac'), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('search: a transcript saved before search existed gets its lines built from the body', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'search-'));
  try {
    const store = new TranscriptStore(dir);
    await store.save({ agentName: 'A', sessionId: 's', cwd: '/w', entries: [user('e1', 'hello'), agent('e2', 'the quokka answer')], session });
    const folder = join(dir, 'transcripts');
    for (const name of await readdir(folder)) if (name.endsWith('.search.txt')) await unlink(join(folder, name));
    const hits = await new ThreadSearch(new TranscriptStore(dir)).search('quokka');
    assert.deepEqual(hits.map((h) => h.entryId), ['e2']);
    assert.ok((await readdir(folder)).some((n) => n.endsWith('.search.txt')), 'written back for next time');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('search: a limit, a per-thread cap, and a cancelled search stops early', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'search-'));
  try {
    const store = new TranscriptStore(dir);
    for (let i = 0; i < 5; i++) {
      await store.save({ agentName: 'A', sessionId: `s${i}`, cwd: '/w', entries: Array.from({ length: 6 }, (_, j) => agent(`e${j}`, `word ${j}`)), session: { ...session, title: `T${i}` } });
    }
    const search = new ThreadSearch(store);
    assert.equal((await search.search('word', { perThread: 2 })).length, 10);
    assert.equal((await search.search('word', { limit: 7 })).length, 7);
    assert.deepEqual(await search.search('word', { cancelled: () => true }), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a picker\'s run of queries: the threads listed once, their lines read once ahead of the first query', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'search-listing-'));
  try {
    const store = new TranscriptStore(dir);
    for (const id of ['alpha', 'bravo', 'charlie']) await store.save({ agentName: 'A', sessionId: id, cwd: '/w', entries: [user('e1', `thread ${id} about lilacs`)], session });
    let lists = 0;
    const reads: string[] = [];
    const counted = {
      list: () => { lists++; return store.list(); },
      searchTextOf: (id: string) => { reads.push(id); return store.searchTextOf(id); },
    };
    const search = new ThreadSearch(counted);
    const listing = counted.list();
    const preparing = search.prepare(listing);
    // A query typed while the lines are still being read waits for them instead of reading again.
    const early = await search.search('lilacs', { listing });
    await preparing;
    assert.equal(early.filter((h) => h.entryId).length, 3);
    assert.equal(reads.length, 3, 'each thread read once');
    for (const q of ['thread', 'thread bravo', 'lilacs charlie']) await search.search(q, { listing });
    assert.equal(lists, 1, 'listed once for the whole run');
    assert.equal(reads.length, 3, 'no thread read again');
    assert.deepEqual((await search.search('thread bravo', { listing })).map((h) => [h.meta.sessionId, h.entryId]), [['bravo', undefined], ['bravo', 'e1']]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
