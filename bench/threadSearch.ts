/**
 * Thread search bench: 1,000 saved threads (the real transcript store on disk, 40 rows each),
 * searched the way the picker does as the user types: the threads listed once as it opens,
 * their lines read once, then a scan per query. Goal: ≤ 200 ms median once the lines are read
 * (warm); a query that lists the threads again, the first search (cold: every thread's lines
 * read from disk) and the naive way (load every transcript and scan its rows) are printed beside it.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TranscriptStore } from '../src/history/store.js';
import { ThreadSearch } from '../src/history/threadSearch.js';
import type { ThreadEntry } from '../src/thread/types.js';
import { median, table } from './stats.js';

const THREADS = 1_000;
const ROWS = 40;
const ROUNDS = 9;
const WORDS = 'alpha beta gamma delta build test deploy refactor parser render cache index query module config server client token stream error'.split(' ');

function thread(n: number): ThreadEntry[] {
  const entries: ThreadEntry[] = [];
  for (let r = 0; r < ROWS; r++) {
    const words = Array.from({ length: 60 }, (_, i) => WORDS[(n * 7 + r * 13 + i * 3) % WORDS.length]).join(' ');
    const text = r === 17 && n === 421 ? `${words}\nthe needle: zanzibar quokka` : `${words}\n${words.split(' ').reverse().join(' ')}`;
    entries.push(r % 2 === 0 ? { type: 'user', id: `e${r}`, content: [{ type: 'text', text }] } : { type: 'agent', id: `e${r}`, content: [{ type: 'text', text }] });
  }
  return entries;
}

export async function run(): Promise<void> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'bench-search-')));
  try {
    process.stdout.write(`saving ${THREADS.toLocaleString('en-US')} threads… `);
    const store = new TranscriptStore(base, { maxBytes: 16 * 1024 * 1024 });
    for (let n = 0; n < THREADS; n++) {
      await store.save({ agentName: 'bench', sessionId: `s${n}`, cwd: '/w', entries: thread(n), session: { turnState: 'idle', commands: [] } });
    }
    process.stdout.write('done\n');
    const search = new ThreadSearch(store);
    let t = performance.now();
    // What the picker does as it opens (threadSearchPicker.ts): list once, read every thread's lines.
    const listing = store.list();
    const first = await search.search('zanzibar quokka', { listing });
    const cold = performance.now() - t;
    if (first.length !== 1 || first[0]!.entryId !== 'e17') throw new Error(`expected the one needle, got ${JSON.stringify(first.map((h) => h.entryId))}`);
    const rare: number[] = [];
    const common: number[] = [];
    const relisted: number[] = [];
    const naive: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      t = performance.now();
      await search.search('zanzibar quokka', { listing });
      rare.push(performance.now() - t);
      t = performance.now();
      const hits = await search.search('deploy cache', { listing });
      common.push(performance.now() - t);
      t = performance.now();
      await search.search('zanzibar quokka');
      relisted.push(performance.now() - t);
      if (hits.length !== 50) throw new Error(`expected 50 hits for a common query, got ${hits.length}`);
      if (round < 3) {
        // What a first version would do: read every transcript whole and scan its rows.
        t = performance.now();
        let found = 0;
        for (const meta of await store.list()) {
          const tr = await store.load(meta.id);
          for (const e of tr?.entries ?? []) if (e.type !== 'turn_end' && JSON.stringify(e).toLowerCase().includes('zanzibar')) found++;
        }
        naive.push(performance.now() - t);
        if (found !== 1) throw new Error(`naive scan found ${found}`);
      }
    }
    const row = (label: string, ms: number[], goal?: number) =>
      [label, `${median(ms).toFixed(0)} ms`, `${Math.min(...ms).toFixed(0)} ms`, goal === undefined ? '' : median(ms) <= goal ? `goal ≤ ${goal} ms: meets` : `goal ≤ ${goal} ms: BELOW`];
    console.log(table([
      [`${THREADS.toLocaleString('en-US')} saved threads`, 'median', 'best', ''],
      row('search, rare words (warm)', rare, 200),
      row('search, common words, first 50 hits (warm)', common, 200),
      row('search that lists the threads again (warm lines)', relisted),
      row('first search (cold: reads every thread\'s lines)', [cold]),
      row('naive: load every transcript and scan it', naive),
    ]));
    if (median(rare) > 200 || median(common) > 200) process.exitCode = 1;
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}
