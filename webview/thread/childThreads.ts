/**
 * The webview's copy of every subagent's thread (child sessions, at any depth), by child id.
 * Each is a `ThreadStore` like the top thread's; only a card that is open listens to its
 * child's store, so a folded card costs its rows' data and no DOM.
 *
 * Child rows are numbered by their own thread (`e1`, `e2`…), like the top thread's, so their ids
 * are prefixed here with the child's id: what the user opened or typed in a row (view state)
 * and the DOM's `data-entry-id` never mix a child's row with another's.
 */
import type { ChildRowChange, RowChange, SubagentEntry, ThreadEntry } from '../../src/thread/types.js';
import type { ChildAsk } from '../../src/shared/webviewProtocol.js';
import { ThreadStore, type StoreListener } from './store.js';

/** A source of rows a nested card draws: the rows now, and their changes while it listens. */
export interface RowSource {
  entries(): readonly ThreadEntry[];
  /** Listen until the returned function is called. One listener at a time (the open card). */
  listen(listener: StoreListener): () => void;
}

/**
 * Where an open card's inside was scrolled: its scrollTop, whether it followed the bottom, the
 * first row shown (the child's row index, after "Show earlier") and the row at the top of its view
 * and how far that row's top was from the view's (rows' heights are only estimates until drawn).
 */
export interface ScrollPlace {
  top: number;
  atBottom: boolean;
  from?: number;
  anchor?: { id: string; offset: number };
}

/** Told of every child row added or changed as a whole (questions to surface, card names). */
export type RowWatcher = (childId: string, entry: ThreadEntry) => void;

class ChildThread implements RowSource {
  private listener: StoreListener | undefined;
  readonly store: ThreadStore;

  constructor(childId: string, private readonly onDesync: (reason: string) => void, watch: RowWatcher) {
    this.store = new ThreadStore({
      reset: (entries) => {
        for (const entry of entries) watch(childId, entry);
        this.listener?.reset(entries);
      },
      inserted: (index, entry) => {
        watch(childId, entry);
        this.listener?.inserted(index, entry);
      },
      changed: (entry, delta) => {
        if (delta.kind === 'full') watch(childId, entry);
        this.listener?.changed(entry, delta);
      },
      desync: (reason) => this.onDesync(reason),
    });
  }

  entries(): readonly ThreadEntry[] {
    return this.store.all();
  }

  listen(listener: StoreListener): () => void {
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
  }
}

export class ChildThreads {
  private readonly threads = new Map<string, ChildThread>();
  /** Where each open card's inside was scrolled, kept while it is folded or out of the window. */
  readonly scroll = new Map<string, ScrollPlace>();

  /** Each child's card as last seen (in the thread or in another child's), for its name. */
  private readonly cards = new Map<string, SubagentEntry>();
  private watchers: RowWatcher[] = [];
  /** Open cards per child (a card may be drawn again before the old view leaves); counted per snapshot. */
  private readonly shown = new Map<string, number>();
  private generation = 0;

  constructor(
    private readonly onDesync: (reason: string) => void,
    /** The host sends a child's rows only while one of its cards is open (`childOpen`). */
    private readonly want: (childId: string, open: boolean) => void = () => undefined,
  ) {}

  /**
   * A card of `childId` opened: the host is asked for its rows while it stays open. Returns the
   * release, called once when it folds or leaves the page.
   */
  opened(childId: string): () => void {
    const generation = this.generation;
    const n = (this.shown.get(childId) ?? 0) + 1;
    this.shown.set(childId, n);
    if (n === 1) this.want(childId, true);
    let released = false;
    return () => {
      // A card from before a snapshot: the host forgot what was open then.
      if (released || generation !== this.generation) return;
      released = true;
      const left = (this.shown.get(childId) ?? 1) - 1;
      if (left > 0) this.shown.set(childId, left);
      else {
        this.shown.delete(childId);
        this.want(childId, false);
      }
    };
  }

  /** A child's whole thread, sent because its card opened: replaces what was known of it. */
  replace(childId: string, entries: readonly ThreadEntry[]): void {
    this.thread(childId).store.reset(entries.map((e) => prefixed(childId, e)));
  }

  /** Subagents' questions (and the changes that settle them), sent whether their cards are open or not. */
  ask(asks: readonly ChildAsk[] | undefined): void {
    for (const { childId, entry, card } of asks ?? []) {
      if (card) this.noteCard(card);
      const row = prefixed(childId, entry);
      for (const w of this.watchers) w(childId, row);
    }
  }

  /** Told of child rows as they come (reset, inserted, changed as a whole). */
  watch(watcher: RowWatcher): void {
    this.watchers.push(watcher);
  }

  /** A subagent card of the thread (or of a child's thread) was drawn or changed. */
  noteCard(entry: SubagentEntry): void {
    this.cards.set(entry.childId, entry);
  }

  card(childId: string): SubagentEntry | undefined {
    return this.cards.get(childId);
  }

  /** A fresh snapshot: every child's rows as the host has them now. */
  reset(children: Record<string, ThreadEntry[]> | undefined, topCards: readonly ThreadEntry[] = []): void {
    // The host starts again from nothing open: the cards drawn from this snapshot say what is.
    this.generation++;
    this.shown.clear();
    // The thread's own cards first: a question found in the children's rows is named after them.
    this.cards.clear();
    for (const entry of topCards) if (entry.type === 'subagent') this.noteCard(entry);
    const seen = new Set<string>();
    for (const [childId, entries] of Object.entries(children ?? {})) {
      seen.add(childId);
      this.thread(childId).store.reset(entries.map((e) => prefixed(childId, e)));
    }
    for (const [childId, thread] of this.threads) {
      if (!seen.has(childId)) {
        thread.store.reset([]);
        this.threads.delete(childId);
      }
    }
  }

  apply(changes: readonly ChildRowChange[]): void {
    for (const change of changes) this.thread(change.childId).store.apply(change.rows.map((row) => prefixedChange(change.childId, row)));
  }

  source(childId: string): RowSource {
    return this.thread(childId);
  }

  /** Every child row id (for the view state's clean-up). */
  ids(): string[] {
    const ids: string[] = [];
    for (const thread of this.threads.values()) for (const e of thread.entries()) ids.push(e.id);
    return ids;
  }

  private thread(childId: string): ChildThread {
    let thread = this.threads.get(childId);
    if (!thread) {
      const watch: RowWatcher = (id, entry) => {
        if (entry.type === 'subagent') this.noteCard(entry);
        for (const w of this.watchers) w(id, entry);
      };
      this.threads.set(childId, (thread = new ChildThread(childId, this.onDesync, watch)));
    }
    return thread;
  }
}

function prefixed(childId: string, entry: ThreadEntry): ThreadEntry {
  return { ...entry, id: `${childId}/${entry.id}` };
}

function prefixedChange(childId: string, change: RowChange): RowChange {
  if (change.op === 'append') return { op: 'append', index: change.index, id: `${childId}/${change.id}`, text: change.text };
  return { op: change.op, index: change.index, entry: prefixed(childId, change.entry) };
}
