/**
 * Searching saved threads by their titles and text. Every word of the query must appear
 * (case-insensitive) in the title or in one line; hits are newest thread first, a few lines per
 * thread. Each thread's lines are read once and kept until the thread changes (its `updatedAt`),
 * so typing a query again and again costs string scans, not disk reads.
 */
import type { TranscriptStore } from './store.js';
import { parseSearchText } from './searchText.js';
import type { TranscriptMeta } from './types.js';

export interface ThreadSearchHit {
  meta: TranscriptMeta;
  /** The row the line came from; undefined when only the title matched. */
  entryId?: string;
  /** The matching line as shown (the title for a title hit). */
  line: string;
}

export interface ThreadSearchOptions {
  /** Most hits in all; default 50. */
  limit?: number;
  /** Most lines shown per thread; default 3. */
  perThread?: number;
  /** A newer query superseded this one: stop early. */
  cancelled?: () => boolean;
  /**
   * The threads to search, listed once for a run of queries (a picker lists them when it opens,
   * not per keystroke: reading a thousand metadata files costs more than the search itself).
   * Default: the store's list now.
   */
  listing?: Promise<TranscriptMeta[]>;
}

interface Indexed {
  updatedAt: string;
  entryIds: string[];
  lines: string[];
  lower: string[];
}

/** How many transcripts are read from disk at once when the cache is cold. */
const READ_CONCURRENCY = 32;

export class ThreadSearch {
  private readonly cache = new Map<string, Indexed>();
  /** Lines being read (by `prepare` or a search); a search waits for them rather than read twice. */
  private indexing: Promise<void> = Promise.resolve();

  constructor(private readonly store: Pick<TranscriptStore, 'list' | 'searchTextOf'>) {}

  async search(query: string, opts: ThreadSearchOptions = {}): Promise<ThreadSearchHit[]> {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return [];
    const limit = opts.limit ?? 50;
    const perThread = opts.perThread ?? 3;
    const metas = await (opts.listing ?? this.store.list());
    await this.indexing;
    await this.index(metas, opts.cancelled);
    this.forgetAllBut(new Set(metas.map((m) => m.id)));
    const hits: ThreadSearchHit[] = [];
    const matches = (text: string) => words.every((w) => text.includes(w));
    for (const meta of metas) {
      if (hits.length >= limit || opts.cancelled?.()) break;
      let inThread = 0;
      if (matches(meta.title.toLowerCase())) {
        hits.push({ meta, line: meta.title });
        inThread++;
      }
      const indexed = this.cache.get(meta.id);
      if (!indexed) continue;
      for (let i = 0; i < indexed.lower.length && inThread < perThread && hits.length < limit; i++) {
        if (!matches(indexed.lower[i]!)) continue;
        hits.push({ meta, entryId: indexed.entryIds[i]!, line: indexed.lines[i]! });
        inThread++;
      }
    }
    return hits;
  }

  /**
   * Reads the lines of every thread in `listing` ahead of the first query (a picker calls it as
   * it opens, so the first word typed does not wait for a thousand files).
   */
  prepare(listing: Promise<TranscriptMeta[]>, cancelled?: () => boolean): Promise<void> {
    const run = this.indexing.then(async () => this.index(await listing, cancelled));
    this.indexing = run.catch(() => undefined);
    return run;
  }

  /** Reads the lines of threads not cached yet or changed since. */
  private async index(metas: TranscriptMeta[], cancelled?: () => boolean): Promise<void> {
    const stale = metas.filter((m) => this.cache.get(m.id)?.updatedAt !== m.updatedAt);
    for (let at = 0; at < stale.length && !cancelled?.(); at += READ_CONCURRENCY) {
      await Promise.all(stale.slice(at, at + READ_CONCURRENCY).map(async (meta) => {
        const text = await this.store.searchTextOf(meta.id);
        if (text === undefined) return;
        const parsed = parseSearchText(text);
        this.cache.set(meta.id, {
          updatedAt: meta.updatedAt,
          entryIds: parsed.map((l) => l.entryId),
          lines: parsed.map((l) => l.text),
          lower: parsed.map((l) => l.text.toLowerCase()),
        });
      }));
    }
  }

  private forgetAllBut(ids: ReadonlySet<string>): void {
    for (const id of this.cache.keys()) if (!ids.has(id)) this.cache.delete(id);
  }
}
