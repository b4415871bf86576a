/**
 * Transcript store: one JSON file per thread plus a small `.meta.json` beside it, so the
 * history list never has to read whole conversations. Lives under a directory the caller
 * owns (the extension passes its global storage path). Node only.
 *
 * Saves are debounced per transcript (a streaming turn changes the thread many times a
 * second) and serialized per file; `flush()` writes everything pending, e.g. on deactivate.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomicWrite.js';
import { isMeta, readTranscript } from './salvage.js';
import { capTranscript, entryJsonOnce, legacyTranscriptId, toTranscript, transcriptId, transcriptJson, type TranscriptKey } from './shape.js';
import { searchText } from './searchText.js';
import { redactTranscript } from './redactTranscript.js';
import type { Transcript, TranscriptInput, TranscriptMeta } from './types.js';

export interface TranscriptStoreOptions {
  /** Serialized size cap per transcript; the oldest entries go first. Default 4 MiB. */
  maxBytes?: number;
  /** Quiet time before a scheduled save is written. Default 750 ms. */
  debounceMs?: number;
  /**
   * Longest a scheduled save waits while changes keep coming. Default 5 s. Without it an agent
   * that streams without pause would push the save back for the whole turn, and a window that
   * goes away then (a crash, a reload racing the last flush) would find nothing saved.
   */
  maxWaitMs?: number;
  now?: () => Date;
  /**
   * A background save failed (a save must never throw into the UI). Write failures are
   * reported once per run of them: the next comes only after a save succeeded in between.
   */
  onError?: (error: unknown, id: string) => void;
}

interface PendingSave {
  timer: NodeJS.Timeout | undefined;
  read: () => TranscriptInput;
  since: number;
  last: number;
}

const META = '.meta.json';
const BODY = '.json';
/** The thread's searchable lines (see searchText.ts). */
const SEARCH = '.search.txt';

export class TranscriptStore {
  private readonly dir: string;
  private readonly maxBytes: number;
  private readonly debounceMs: number;
  private readonly now: () => Date;
  private readonly onError: (error: unknown, id: string) => void;
  private readonly maxWaitMs: number;
  /** Scheduled saves; `since`: when the first change they hold was scheduled, `last`: the latest. */
  private readonly pending = new Map<string, PendingSave>();
  /** Per id: the tail of the write chain, so two saves of one file never interleave. */
  private readonly writing = new Map<string, Promise<void>>();
  /** Background saves are failing (reported once until one succeeds again). */
  private failing = false;
  /** createdAt / droppedEntries of transcripts saved or loaded in this process. */
  private readonly known = new Map<string, Pick<Transcript, 'createdAt' | 'droppedEntries'>>();

  constructor(storageDir: string, opts: TranscriptStoreOptions = {}) {
    this.dir = join(storageDir, 'transcripts');
    this.maxBytes = opts.maxBytes ?? 4 * 1024 * 1024;
    this.debounceMs = opts.debounceMs ?? 750;
    this.maxWaitMs = opts.maxWaitMs ?? 5_000;
    this.now = opts.now ?? (() => new Date());
    this.onError = opts.onError ?? (() => {});
  }

  private file(id: string, suffix: string): string {
    return join(this.dir, id + suffix);
  }

  /**
   * Debounced save. `read` is called when the save actually happens, so callers can pass
   * `() => ({ ...ids, ...thread.snapshot() })` on every change without copying each time.
   */
  schedule(key: TranscriptKey, read: () => TranscriptInput): void {
    const id = transcriptId(key);
    const now = Date.now();
    const prior = this.pending.get(id);
    if (prior) {
      // The timer already set looks at `last` when it fires: no clearTimeout + setTimeout per
      // change (a streaming turn changes the thread thousands of times a second).
      prior.read = read;
      prior.last = now;
      return;
    }
    const p: PendingSave = { timer: undefined, read, since: now, last: now };
    this.pending.set(id, p);
    this.arm(id, p, Math.min(this.debounceMs, this.maxWaitMs));
  }

  /** Saves `p` after `wait`, or later if changes came meanwhile: quiet for debounceMs, never past maxWaitMs. */
  private arm(id: string, p: PendingSave, wait: number): void {
    p.timer = setTimeout(() => {
      if (this.pending.get(id) !== p) return;
      const due = Math.min(p.last + this.debounceMs, p.since + this.maxWaitMs);
      const left = due - Date.now();
      if (left > 0) {
        this.arm(id, p, left);
        return;
      }
      this.pending.delete(id);
      void this.saveFrom(id, p.read);
    }, Math.max(0, wait));
  }

  /** Writes one transcript's scheduled save now (e.g. at the end of a turn). */
  async flushOne(key: TranscriptKey): Promise<void> {
    const id = transcriptId(key);
    const p = this.pending.get(id);
    if (p) {
      clearTimeout(p.timer);
      this.pending.delete(id);
      await this.saveFrom(id, p.read);
    }
    await this.writing.get(id);
  }

  /** Writes every scheduled save now and waits for all writes. */
  async flush(): Promise<void> {
    const due = [...this.pending.entries()];
    this.pending.clear();
    for (const [, p] of due) clearTimeout(p.timer);
    await Promise.all(due.map(([id, p]) => this.saveFrom(id, p.read)));
    await Promise.all([...this.writing.values()]);
  }

  /** A background save: `read` may throw (a disposed thread) and that must not escape a timer. */
  private async saveFrom(id: string, read: () => TranscriptInput): Promise<void> {
    let input: TranscriptInput;
    try {
      input = read();
    } catch (e) {
      this.onError(e, id);
      return;
    }
    try {
      await this.save(input);
      this.failing = false;
    } catch (e) {
      // A full disk fails every save: say it once, again only after a save got through.
      if (!this.failing) this.onError(e, id);
      this.failing = true;
    }
  }

  /** Immediate save; resolves with what was written (after the size cap). */
  save(input: TranscriptInput): Promise<TranscriptMeta> {
    const id = transcriptId(input);
    return this.chained(id, async () => {
      const previous = this.known.get(id) ?? (await this.readMeta(id));
      const json = entryJsonOnce();
      const t = redactTranscript(capTranscript(toTranscript(input, previous, this.now().toISOString()), this.maxBytes, json));
      return this.write(t, json);
    });
  }

  /** Runs `work` after the writes of `id` already queued, so two writes of one file never interleave. */
  private async chained<T>(id: string, work: () => Promise<T>): Promise<T> {
    // Joined to the chain synchronously, so `flushOne`/`load` right after a call see it.
    const next = (this.writing.get(id) ?? Promise.resolve()).then(work);
    const settled = next.then(() => {}, () => {});
    this.writing.set(id, settled);
    try {
      return await next;
    } finally {
      if (this.writing.get(id) === settled) this.writing.delete(id);
    }
  }

  private async write(t: Transcript, json = entryJsonOnce()): Promise<TranscriptMeta> {
    this.known.set(t.id, { createdAt: t.createdAt, droppedEntries: t.droppedEntries });
    // Body first: a meta file must never point at a transcript that is not there yet.
    await writeFileAtomic(this.file(t.id, BODY), transcriptJson(t, json));
    await writeFileAtomic(this.file(t.id, SEARCH), searchText(t.entries, t.children));
    const meta = metaOf(t);
    await writeFileAtomic(this.file(t.id, META), JSON.stringify(meta));
    return meta;
  }

  /** All transcripts, newest first. Unreadable entries are left out. */
  async list(): Promise<TranscriptMeta[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const metas = await Promise.all(names.filter((n) => n.endsWith(META)).map((n) => this.readMeta(n.slice(0, -META.length))));
    return metas.filter((m): m is TranscriptMeta => m !== undefined).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  async load(id: string): Promise<Transcript | undefined> {
    if (!isId(id)) return undefined;
    await this.writing.get(id);
    let text: string;
    try {
      text = await readFile(this.file(id, BODY), 'utf8');
    } catch {
      return undefined;
    }
    // Only needed when the body's own header is damaged; small, so read up front.
    const loaded = readTranscript(text, await this.readMeta(id));
    if (!loaded) return undefined;
    this.known.set(id, { createdAt: loaded.createdAt, droppedEntries: loaded.droppedEntries });
    const keyed = transcriptId(loaded);
    return id === keyed ? loaded : this.moveToKeyedId(loaded, id, keyed);
  }

  /**
   * The conversation of `key`; one saved before the folder was part of the id is found under its
   * old id when it was saved from that same folder (`cwd` unknown: any folder).
   */
  async loadSession(key: Omit<TranscriptKey, 'cwd'> & { cwd?: string }): Promise<Transcript | undefined> {
    const keyed = key.cwd === undefined ? undefined : await this.load(transcriptId({ ...key, cwd: key.cwd }));
    if (keyed) return keyed;
    const legacy = await this.load(legacyTranscriptId(key.agentName, key.sessionId));
    return legacy && (key.cwd === undefined || legacy.cwd === key.cwd) ? legacy : undefined;
  }

  /**
   * Moves a transcript saved under its old id (agent and session only) to the id that includes
   * its folder, timestamps kept, so the next save of that conversation does not make a second
   * history entry. Left where it is when the new id already holds that conversation.
   */
  private async moveToKeyedId(old: Transcript, oldId: string, id: string): Promise<Transcript> {
    if (this.pending.has(id) || this.writing.has(id) || (await this.readMeta(id))) return old;
    const moved: Transcript = { ...old, id };
    try {
      await this.chained(id, () => this.write(moved));
      await this.delete(oldId);
    } catch (e) {
      this.onError(e, oldId);
      return old;
    }
    return moved;
  }

  async delete(id: string): Promise<void> {
    if (!isId(id)) return;
    const p = this.pending.get(id);
    if (p) clearTimeout(p.timer);
    this.pending.delete(id);
    await this.writing.get(id);
    this.known.delete(id);
    // Meta first: once it is gone the transcript no longer shows in the list.
    await rm(this.file(id, META), { force: true });
    await rm(this.file(id, BODY), { force: true });
    await rm(this.file(id, SEARCH), { force: true });
  }

  /**
   * A transcript's searchable lines. Transcripts saved before search existed get theirs built
   * from the body (once: it is written back). Undefined when the transcript is gone.
   */
  async searchTextOf(id: string): Promise<string | undefined> {
    if (!isId(id)) return undefined;
    await this.writing.get(id);
    try {
      return await readFile(this.file(id, SEARCH), 'utf8');
    } catch {
      const t = await this.load(id);
      if (!t) return undefined;
      const text = searchText(t.entries, t.children);
      await writeFileAtomic(this.file(id, SEARCH), text).catch((e: unknown) => this.onError(e, id));
      return text;
    }
  }

  /** Keeps the `keep` most recently updated transcripts and deletes the rest. */
  async prune(keep: number): Promise<string[]> {
    const old = (await this.list()).slice(Math.max(0, keep)).map((m) => m.id);
    for (const id of old) await this.delete(id);
    return old;
  }

  private async readMeta(id: string): Promise<TranscriptMeta | undefined> {
    const m = await readJson(this.file(id, META));
    return isMeta(m) && m.id === id ? m : undefined;
  }
}

function metaOf(t: Transcript): TranscriptMeta {
  const { id, agentName, sessionId, title, cwd, createdAt, updatedAt, entryCount, droppedEntries } = t;
  return { id, agentName, sessionId, title, cwd, createdAt, updatedAt, entryCount, droppedEntries };
}

const isId = (id: string) => /^[0-9a-f]{24}$/.test(id);

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
}


