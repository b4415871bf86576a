/**
 * The webview's copy of every subagent's thread (child sessions, at any depth), by child id.
 * Each is a `ThreadStore` like the top thread's; only a card that is open listens to its
 * child's store, so a folded card costs its rows' data and no DOM.
 *
 * Child rows are numbered by their own thread (`e1`, `e2`…), like the top thread's, so their ids
 * are prefixed here with the child's id: what the user opened or typed in a row (view state)
 * and the DOM's `data-entry-id` never mix a child's row with another's.
 */
import type { ChildRowChange, RowChange, ThreadEntry } from '../../src/thread/types.js';
import { ThreadStore, type StoreListener } from './store.js';

/** A source of rows a nested card draws: the rows now, and their changes while it listens. */
export interface RowSource {
  entries(): readonly ThreadEntry[];
  /** Listen until the returned function is called. One listener at a time (the open card). */
  listen(listener: StoreListener): () => void;
}

class ChildThread implements RowSource {
  private listener: StoreListener | undefined;
  readonly store: ThreadStore;

  constructor(private readonly onDesync: (reason: string) => void) {
    this.store = new ThreadStore({
      reset: (entries) => this.listener?.reset(entries),
      inserted: (index, entry) => this.listener?.inserted(index, entry),
      changed: (entry, delta) => this.listener?.changed(entry, delta),
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
  readonly scroll = new Map<string, { top: number; atBottom: boolean }>();

  constructor(private readonly onDesync: (reason: string) => void) {}

  /** A fresh snapshot: every child's rows as the host has them now. */
  reset(children: Record<string, ThreadEntry[]> | undefined): void {
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
    if (!thread) this.threads.set(childId, (thread = new ChildThread(this.onDesync)));
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
