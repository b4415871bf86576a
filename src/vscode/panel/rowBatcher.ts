/**
 * Coalesces row changes into few messages (no `vscode` import, unit-tested under node).
 *
 * A streaming agent can produce hundreds of chunks per second; the webview only needs what
 * changed since its last paint. Within one batch:
 * - consecutive `append`s to the same row become one append;
 * - an `update` of a row replaces earlier changes to that row back to the last `insert` of
 *   another row (inserts shift indexes, so we never look across them), and an `update` of a
 *   row inserted in this same batch folds into that insert.
 * The result applied in order gives the same rows as the original sequence.
 */
import type { ChildRowChange, RowChange } from '../../thread/types.js';
import type { ChildAsk } from '../../shared/webviewProtocol.js';

/**
 * The least time between two messages while changes keep coming: half a frame. The panel draws
 * once per animation frame whatever it gets meanwhile; the host's gap only adds to that wait, so
 * a whole frame here put a chunk two frames from the screen at worst (bench/latency.ts).
 */
export const GAP_MS = 8;

export function coalesce(into: RowChange[], change: RowChange): void {
  const last = into[into.length - 1];
  if (change.op === 'append') {
    if (last && last.op === 'append' && last.index === change.index && last.id === change.id) {
      // Written out, not `{ ...last, text }`: a spread with a property after it takes V8's slow
      // path, ~2 µs per streamed chunk here against ~0.1 for the literal (wire bench).
      into[into.length - 1] = { op: 'append', index: last.index, id: last.id, text: last.text + change.text };
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

/**
 * Collects changes and sends them through `send` at most once per `gapMs`.
 *
 * The gap is measured from the last send, not from the first change of a batch: a change after
 * a quiet spell goes out on the next turn of the event loop (a zero timer: everything the
 * transport parsed from one read of the agent's stdout still rides together), and while changes
 * keep coming they wait at most what is left of the gap. Waiting a whole frame on the host as
 * well would only add to the frame the panel waits for its own drawing (it coalesces per
 * animation frame).
 */
export class RowBatcher {
  private pending: RowChange[] = [];
  /** Changes inside subagent cards, per child: each child's rows are their own list (coalesced alike). */
  private pendingChildren = new Map<string, RowChange[]>();
  /** Subagents' questions, the latest of each row. */
  private pendingAsks = new Map<string, ChildAsk>();
  private sessionDirty = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastSent = -Infinity;

  constructor(
    private readonly send: (rows: RowChange[], sessionChanged: boolean, children?: ChildRowChange[], asks?: ChildAsk[]) => void,
    private readonly gapMs = GAP_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  push(rows: readonly RowChange[], sessionChanged: boolean, children?: readonly ChildRowChange[], asks?: readonly ChildAsk[]): void {
    for (const row of rows) coalesce(this.pending, row);
    for (const child of children ?? []) {
      let list = this.pendingChildren.get(child.childId);
      if (!list) this.pendingChildren.set(child.childId, (list = []));
      for (const row of child.rows) coalesce(list, row);
    }
    for (const ask of asks ?? []) {
      const key = `${ask.childId}\u0000${ask.entry.id}`;
      this.pendingAsks.delete(key);
      this.pendingAsks.set(key, ask);
    }
    this.sessionDirty ||= sessionChanged;
    if ((this.pending.length > 0 || this.sessionDirty || this.pendingChildren.size > 0 || this.pendingAsks.size > 0) && this.timer === undefined) {
      this.timer = setTimeout(() => this.flush(), Math.max(0, this.lastSent + this.gapMs - this.now()));
    }
  }

  /** Sends what is pending now (before a message that must not overtake queued rows). */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.pending;
    const session = this.sessionDirty;
    const children = this.pendingChildren.size > 0 ? [...this.pendingChildren].map(([childId, list]) => ({ childId, rows: list })) : undefined;
    const asks = this.pendingAsks.size > 0 ? [...this.pendingAsks.values()] : undefined;
    this.pending = [];
    this.pendingChildren = new Map();
    this.pendingAsks = new Map();
    this.sessionDirty = false;
    if (rows.length > 0 || session || children || asks) {
      this.lastSent = this.now();
      this.send(rows, session, children, asks);
    }
  }

  /** Forgets what is pending for one child (its card was folded: the page is sent its rows afresh when opened). */
  dropChild(childId: string): void {
    this.pendingChildren.delete(childId);
  }

  /** Forgets what is pending (the view is hidden or about to get a full snapshot). */
  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
    this.pendingChildren = new Map();
    this.pendingAsks = new Map();
    this.sessionDirty = false;
  }

  dispose(): void {
    this.clear();
  }
}
