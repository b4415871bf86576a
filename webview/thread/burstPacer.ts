/**
 * When a burst of new rows is drawn. A burst is new rows overrunning the view from one drawing
 * pass to the next (a loaded session replaying its history): it scrolls rows past faster than
 * anyone reads them, so it is drawn at most every BURST_FRAME_MS, and rows it pushes above the
 * view wait until it has been quiet that long. Text streaming into a row never overruns the
 * view this way, and is drawn every frame. Pure timing: the thread view says what it sees.
 */

/** A burst is drawn at most this often (20 frames a second). */
export const BURST_FRAME_MS = 50;

export class BurstPacer {
  /** When the last drawing pass ran, the rows it saw, and whether new rows had overrun the view. */
  private last = { at: -Infinity, rows: 0, overrun: false };
  /** When a pass last found new rows overrunning the view. */
  private lastOverrun = -Infinity;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A new thread of `rows` rows: none of them is new. */
  reset(rows: number): void {
    this.last = { at: -Infinity, rows, overrun: false };
    this.lastOverrun = -Infinity;
  }

  /** Rows the thread had at the last drawing pass (those after them are new). */
  get rowsAtLastPass(): number {
    return this.last.rows;
  }

  /** The last pass found a burst under way. */
  get inBurst(): boolean {
    return this.last.overrun;
  }

  /**
   * At the start of a frame, with the thread's row count and whether the rows added since the
   * last pass overrun the view: true to skip this frame (a burst drawn less than
   * BURST_FRAME_MS ago); otherwise this frame is a drawing pass.
   */
  skip(rows: number, overrun: boolean): boolean {
    const now = this.now();
    if (overrun && this.last.overrun && now - this.last.at < BURST_FRAME_MS) return true;
    this.last = { at: now, rows, overrun };
    if (overrun) this.lastOverrun = now;
    return false;
  }

  /** No burst for BURST_FRAME_MS: rows a burst pushed above the view may be drawn. */
  quiet(): boolean {
    return this.now() - this.lastOverrun >= BURST_FRAME_MS;
  }
}
