/**
 * Coalesces row changes into one message per frame (no `vscode` import, unit-tested under node).
 *
 * A streaming agent can produce hundreds of chunks per second; the webview only needs what
 * changed since its last paint. Within one batch:
 * - consecutive `append`s to the same row become one append;
 * - an `update` of a row replaces earlier changes to that row back to the last `insert` of
 *   another row (inserts shift indexes, so we never look across them), and an `update` of a
 *   row inserted in this same batch folds into that insert.
 * The result applied in order gives the same rows as the original sequence.
 */
import type { RowChange } from '../../thread/types.js';

export const FRAME_MS = 16;

export function coalesce(into: RowChange[], change: RowChange): void {
  const last = into[into.length - 1];
  if (change.op === 'append') {
    if (last && last.op === 'append' && last.index === change.index && last.id === change.id) {
      into[into.length - 1] = { ...last, text: last.text + change.text };
      return;
    }
    into.push(change);
    return;
  }
  if (change.op === 'update') {
    for (let i = into.length - 1; i >= 0; i--) {
      const earlier = into[i]!;
      if (earlier.op === 'insert') {
        if (earlier.index === change.index) {
          into[i] = { op: 'insert', index: earlier.index, entry: change.entry };
          return;
        }
        break;
      }
      if (earlier.index === change.index) into.splice(i, 1);
    }
    into.push(change);
    return;
  }
  into.push(change);
}

/** Collects changes and flushes them at most once per frame through `send`. */
export class RowBatcher {
  private pending: RowChange[] = [];
  private sessionDirty = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (rows: RowChange[], sessionChanged: boolean) => void,
    private readonly frameMs = FRAME_MS,
  ) {}

  push(rows: readonly RowChange[], sessionChanged: boolean): void {
    for (const row of rows) coalesce(this.pending, row);
    this.sessionDirty ||= sessionChanged;
    if ((this.pending.length > 0 || this.sessionDirty) && this.timer === undefined) {
      this.timer = setTimeout(() => this.flush(), this.frameMs);
    }
  }

  /** Sends what is pending now (before a message that must not overtake queued rows). */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.pending;
    const session = this.sessionDirty;
    this.pending = [];
    this.sessionDirty = false;
    if (rows.length > 0 || session) this.send(rows, session);
  }

  /** Forgets what is pending (the view is hidden or about to get a full snapshot). */
  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
    this.sessionDirty = false;
  }

  dispose(): void {
    this.clear();
  }
}
