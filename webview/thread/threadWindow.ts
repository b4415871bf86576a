/**
 * Which rows of a long thread are in the DOM: the ones near the viewport. The rest are stood in
 * for by two spacers whose heights are the sums of the rows' last measured heights (an estimate
 * for rows never drawn), so the scrollbar still spans the whole thread. Pure arithmetic over
 * heights: the thread view measures and moves elements, this decides which.
 */

/** Up to this many rows everything is drawn: short threads behave exactly as before. */
export const WINDOW_FROM_ROWS = 200;
/**
 * At most this many rows with a height are in the DOM at once (≈ 10–30 nodes each: well under
 * 5,000 nodes). Rows of no height (tool calls inside a closed fold: one empty element each, at
 * most toolFolds.ts's MAX_FOLD_RUN before the next fold's line) are not counted, so a window
 * over a long folded run still reaches rows that show something.
 */
export const MAX_WINDOW_ROWS = 120;
/** Height assumed for a row never drawn. */
export const DEFAULT_ROW_PX = 64;

export interface RowRange {
  start: number;
  /** Exclusive. */
  end: number;
}

export interface Viewport {
  /** scrollTop, measured from the top of the first row. */
  top: number;
  height: number;
}

/** Heights by row index; NaN for a row never measured (the estimate stands in). */
export class RowHeights {
  private readonly px: number[] = [];

  get length(): number {
    return this.px.length;
  }

  reset(count: number): void {
    this.px.length = 0;
    for (let i = 0; i < count; i++) this.px.push(NaN);
  }

  insert(index: number): void {
    this.px.splice(index, 0, NaN);
  }

  set(index: number, px: number): void {
    this.px[index] = px;
  }

  /**
   * The measured height, else a fixed estimate. Fixed, not the mean of those measured: a spacer
   * standing for thousands of rows would otherwise change height with every measurement and
   * move whatever is in view.
   */
  get(index: number): number {
    const px = this.px[index]!;
    return Number.isNaN(px) ? DEFAULT_ROW_PX : px;
  }

  sum(from: number, to: number): number {
    let total = 0;
    for (let i = from; i < to; i++) total += this.get(i);
    return total;
  }
}

/**
 * The rows to draw for a viewport: those within `margin` pixels of it, at most MAX_WINDOW_ROWS.
 * Following the bottom, the window ends at the last row. A thread of up to WINDOW_FROM_ROWS rows
 * is drawn whole, unless `always` (a burst: only the rows in view for now).
 */
export function rangeFor(heights: RowHeights, view: Viewport, margin: number, follow: boolean, always = false): RowRange {
  const count = heights.length;
  if (count <= WINDOW_FROM_ROWS && !always) return { start: 0, end: count };
  if (follow) {
    let start = count;
    let filled = 0;
    let shown = 0;
    while (start > 0 && filled < view.height + margin && shown < MAX_WINDOW_ROWS) {
      const px = heights.get(--start);
      filled += px;
      if (px > 0) shown++;
    }
    return { start, end: count };
  }
  const from = view.top - margin;
  const to = view.top + view.height + margin;
  let start = 0;
  let y = 0;
  while (start < count - 1 && y + heights.get(start) <= from) y += heights.get(start++);
  let end = start;
  let shown = 0;
  while (end < count && y < to && shown < MAX_WINDOW_ROWS) {
    const px = heights.get(end++);
    y += px;
    if (px > 0) shown++;
  }
  return { start, end: Math.max(end, start + 1) };
}

/** Whether `outer` already holds every row of `inner`. */
export function covers(outer: RowRange, inner: RowRange): boolean {
  return outer.start <= inner.start && outer.end >= inner.end;
}
