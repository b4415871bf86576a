/**
 * The thread's folds of tool calls (toolFolds.ts) over its rows (threadRows.ts): a row in the DOM
 * whose part in a fold changed is drawn again; one out of the window gets the height it will
 * have, so the spacer standing for it stays right — none inside a closed fold, the estimate
 * again once it opens — and a long run of folded rows costs the window nothing to skip.
 */
import type { ThreadEntry } from '../../src/thread/types.js';
import type { ViewStateStore } from '../viewState.js';
import type { ThreadRows } from './threadRows.js';
import { ToolFolds } from './toolFolds.js';

export class ThreadFolds {
  readonly lookup: ToolFolds;

  constructor(private readonly rows: ThreadRows, viewState: ViewStateStore, private readonly redraw: (entry: ThreadEntry) => void) {
    this.lookup = new ToolFolds({ get count() { return rows.count; }, entryAt: (i) => rows.entryAt(i) }, viewState, (indexes) => this.apply(indexes));
  }

  /** A new thread (call after its rows are in `rows`, before any is measured or drawn). */
  reset(): void {
    this.apply(this.lookup.reset());
  }

  inserted(index: number): void {
    this.apply(this.lookup.inserted(index));
  }

  changed(entry: ThreadEntry): void {
    this.apply(this.lookup.changed(entry, () => this.rows.ids.indexOf(entry.id)));
  }

  /** A row about to be shown (a search hit) inside a closed fold opens it. */
  open(id: string): void {
    const run = this.lookup.run(id);
    if (run && run.head !== id) this.lookup.setOpen(run, true);
  }

  private apply(indexes: number[]): void {
    for (const i of indexes) {
      const entry = this.rows.entryAt(i);
      if (this.rows.views.has(entry.id)) this.redraw(entry);
      else if (this.lookup.hidden(entry.id)) this.rows.heights.set(i, 0);
      else if (this.rows.heights.get(i) === 0) this.rows.heights.set(i, NaN);
    }
    if (indexes.length) this.rows.spacersStale = true;
  }
}
