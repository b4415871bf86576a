/**
 * The inside of an open nested card: the rows of a `RowSource` drawn with the same row views as
 * the thread (createRowView), in a box that scrolls on its own and keeps its place. The latest
 * PAGE rows are shown at first; a button above them brings earlier ones, a page at a time.
 *
 * However many rows are shown, only those near the box's view are in the DOM: the box is windowed
 * as a long thread is (threadRows.ts moves rows in and out between two spacers at the rows'
 * measured heights, threadWindow.ts picks them), and a box scrolled out of the panel's view keeps
 * none at all. So a helper that made 500 tool calls, or twenty of them open at once with their
 * own helpers open inside, stay a few thousand nodes. Changes are drawn once per frame.
 * Uneventful tool calls fold into one line as in the thread (thread/threadFolds.ts over the same
 * rows: a row hidden in a closed fold has no height, so the window passes over it to rows that show).
 */
import type { ThreadEntry } from '../../../src/thread/types.js';
import { h } from '../../dom.js';
import { t } from '../../l10n.js';
import type { RowSource, ScrollPlace } from '../../thread/childThreads.js';
import type { RowDelta, StoreListener } from '../../thread/store.js';
import { ThreadFolds } from '../../thread/threadFolds.js';
import { ThreadRows } from '../../thread/threadRows.js';
import { MAX_FOLD_RUN, foldable } from '../../thread/toolFolds.js';
import { rangeFor, type RowRange } from '../../thread/threadWindow.js';
import { createRowView } from '../createRow.js';
import type { RowContext } from '../rowView.js';

/** Rows shown at first, and brought in by each press of "Show earlier". */
export const PAGE = 25;
const BOTTOM_SLACK_PX = 24;
/** Frames a reopened card keeps the row it was left at in place while rows settle. */
const HOLD_FRAMES = 10;
/** How far beyond the panel's view a box still draws its rows (a fraction of the view's height). */
const NEAR_VIEW = '50%';

let boxes = 0;

export class NestedRows implements StoreListener {
  readonly el = h('div', { class: 'nested-rows', attrs: { tabindex: '0' } });
  private readonly earlier = h('button', { class: 'btn nested-earlier', attrs: { type: 'button' } });
  private readonly list = h('div', { class: 'nested-list' });
  private readonly rows: ThreadRows;
  private readonly folds: ThreadFolds;
  /** The card's context with this list's folds. */
  private readonly rowCtx: RowContext;
  /** Every row of the source; those from `shownFrom` on are shown (in `rows`), the rest wait for "Show earlier". */
  private entries: readonly ThreadEntry[] = [];
  private shownFrom = 0;
  private readonly dirty = new Map<string, { entry: ThreadEntry; delta: RowDelta }>();
  private frame = 0;
  private stopListening: () => void;
  private atBottom = true;
  /** scrollTop at the last scroll event: a move up is the user's. */
  private lastTop = 0;
  /** The box was scrolled since the last drawing pass (read there). */
  private scrollSeen = false;
  /** Near the panel's view (an IntersectionObserver says); until it first says, assumed so. */
  private near = true;
  private observer: IntersectionObserver | undefined;
  /** Laid out and scrolled to its place once: from then on each frame moves the window. */
  private placed = false;
  /**
   * The row put back at the top of the view on opening, held there for a few frames while the
   * rows around it settle their heights (a row's content laid out late); the user's own scroll
   * lets go of it.
   */
  private hold: { id: string; offset: number; frames: number } | undefined;

  constructor(
    private readonly source: RowSource,
    ctx: RowContext,
    label: string,
    private readonly saved: ScrollPlace | undefined,
    private readonly onScrolled: (place: ScrollPlace) => void,
  ) {
    this.el.setAttribute('aria-label', label);
    this.el.setAttribute('role', 'log');
    this.earlier.addEventListener('click', () => this.showEarlier());
    this.el.append(this.earlier, this.list);
    this.rows = new ThreadRows(this.list, {
      create: (entry) => {
        const view = createRowView(entry, this.rowCtx);
        view.render(entry as never, { kind: 'full' });
        return view;
      },
      attached: () => undefined,
      detached: () => undefined,
      left: (id) => this.dirty.delete(id),
    }, { key: `n${++boxes}`, focusHome: this.el });
    this.folds = new ThreadFolds(this.rows, ctx.viewState, (entry) => {
      this.dirty.set(entry.id, { entry, delta: { kind: 'full' } });
      this.schedule();
    });
    this.rowCtx = { ...ctx, folds: this.folds.lookup };
    this.el.addEventListener('scroll', () => {
      // Read in the frame's drawing pass, with the rest of its reading: scroll events come at the
      // start of a frame, after the host's messages changed the page, so reading the scroll here
      // would have the page laid out once more (a storm's every frame).
      if (!this.placed) return this.scrolled();
      this.scrollSeen = true;
      this.schedule();
    }, { passive: true });
    for (const type of ['wheel', 'keydown', 'pointerdown', 'touchstart']) this.el.addEventListener(type, () => (this.hold = undefined), { passive: true });
    // Acting on a row (opening a fold, a diff) keeps that row in view: no longer following the bottom.
    this.list.addEventListener('click', () => this.setFollowing(false));
    this.stopListening = source.listen(this);
    this.reset(source.entries());
  }

  /** Rows in the DOM (tests, the benchmark). */
  get drawnCount(): number {
    return this.rows.views.size;
  }

  /** Leaves the DOM and stops listening: nothing of it is kept but where it was scrolled. */
  dispose(): void {
    // Where it is now, with the window's last moves: what the next opening goes back to.
    if (this.placed && this.near && this.el.isConnected) {
      if (this.scrollSeen) this.scrolled();
      else this.keepPlace();
    }
    this.stopListening();
    this.observer?.disconnect();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.rows.dispose();
    this.dirty.clear();
    this.el.remove();
  }

  /**
   * Once the box is in the document: puts it where it was scrolled (or at the bottom) and draws
   * the rows there; from then on it watches whether it is near the panel's view.
   */
  placeScroll(): void {
    if (!this.el.isConnected) return;
    const scroller = this.el.parentElement?.closest('.nested-rows, .thread') ?? null;
    this.observer?.disconnect();
    this.observer = new IntersectionObserver((seen) => {
      const near = seen[seen.length - 1]!.isIntersecting;
      if (near === this.near) return;
      this.near = near;
      this.schedule();
    }, { root: scroller, rootMargin: `${NEAR_VIEW} 0px` });
    this.observer.observe(this.el);
    this.placeRows();
  }

  /** Scrolls to where it was left (or the bottom) and draws the rows there. */
  private placeRows(): void {
    const saved = this.saved && !this.saved.atBottom ? this.saved : undefined;
    this.setFollowing(saved === undefined);
    const anchorAt = saved?.anchor ? this.rows.ids.indexOf(saved.anchor.id) : -1;
    // The row that was at the top of the view goes back there; else the same scrollTop.
    const keep = saved === undefined ? undefined : anchorAt >= 0 ? this.list.offsetTop + this.rows.heights.sum(0, anchorAt) - saved.anchor!.offset : saved.top;
    this.draw(keep);
    this.placed = true;
    const anchorEl = anchorAt >= 0 ? this.rows.viewAt(anchorAt)?.el : undefined;
    if (anchorEl) {
      this.el.scrollTop = anchorEl.offsetTop - saved!.anchor!.offset;
      this.hold = { ...saved!.anchor!, frames: HOLD_FRAMES };
      this.schedule();
    } else if (keep !== undefined) this.el.scrollTop = keep;
    else this.el.scrollTop = this.el.scrollHeight;
  }

  reset(entries: readonly ThreadEntry[]): void {
    // Opened before its rows came (they are sent when a card opens): placed again once they do.
    const firstFill = this.placed && this.entries.length === 0 && entries.length > 0;
    this.entries = entries;
    const latest = Math.max(0, entries.length - PAGE);
    // Reopened where it was left: as many earlier rows shown as then.
    this.shownFrom = this.runStart(this.saved && !this.saved.atBottom && this.saved.from !== undefined ? Math.min(this.saved.from, latest) : latest);
    this.dirty.clear();
    this.rows.reset(entries.slice(this.shownFrom));
    this.folds.reset();
    this.rows.mountRange({ start: this.rows.count, end: this.rows.count });
    this.rows.updateSpacers();
    this.updateEarlier();
    if (firstFill && this.el.isConnected) this.placeRows();
    else if (this.placed) this.schedule();
  }

  inserted(index: number, entry: ThreadEntry): void {
    this.entries = this.source.entries();
    if (index < this.shownFrom) {
      this.shownFrom++;
      this.updateEarlier();
      return;
    }
    const at = index - this.shownFrom;
    this.rows.insert(at, entry);
    this.folds.inserted(at);
    // Inside the window (not after it, where the next frame takes it in): drawn in its place now.
    const { start, end } = this.rows.range;
    if (at >= start && at < end) this.rows.mountInserted(at);
    this.schedule();
  }

  changed(entry: ThreadEntry, delta: RowDelta): void {
    if (!this.rows.entries.has(entry.id)) return;
    this.rows.entries.set(entry.id, entry);
    this.folds.changed(entry);
    // A row out of the window is drawn from its latest entry when it comes back.
    if (!this.rows.views.has(entry.id)) return;
    const prior = this.dirty.get(entry.id);
    // Appends add up; anything else makes the next draw a full one.
    const merged: RowDelta = prior === undefined ? delta : prior.delta.kind === 'append' && delta.kind === 'append' ? { kind: 'append', text: prior.delta.text + delta.text } : { kind: 'full' };
    this.dirty.set(entry.id, { entry, delta: merged });
    this.schedule();
  }

  desync(): void {
    // The child thread's store asks the host itself; a fresh snapshot resets this view.
  }

  private showEarlier(): void {
    const from = this.runStart(Math.max(0, this.shownFrom - PAGE));
    const before = this.el.scrollHeight;
    this.rows.prepend(this.entries.slice(from, this.shownFrom));
    // Runs are found again over the rows now shown (one may reach across the old first row).
    this.folds.reset();
    this.shownFrom = from;
    this.rows.updateSpacers();
    // The rows the user was reading stay where they were.
    this.el.scrollTop += this.el.scrollHeight - before;
    this.setFollowing(false);
    this.updateEarlier();
    this.earlier.focus();
    this.schedule();
  }

  /**
   * Where the rows shown start so that they do not start inside a run of foldable tool calls:
   * the fold's line, and its count, are the whole run's (its hidden rows have no height).
   */
  private runStart(index: number): number {
    let from = index;
    while (from > 0 && index - from < MAX_FOLD_RUN && foldable(this.entries[from]) && foldable(this.entries[from - 1])) from--;
    return from;
  }

  private updateEarlier(): void {
    this.earlier.hidden = this.shownFrom === 0;
    this.earlier.textContent = t('Show {0} earlier', Math.min(PAGE, this.shownFrom));
  }

  /** Where the box is scrolled now: following the bottom or not, and the place kept for the next opening. */
  private scrolled(): void {
    // Rows drawn late (a diff highlighted, a terminal laid out) grow the box after it was put at
    // the bottom: a scroll event then finds it short of the bottom, yet it moved down. Only a move
    // up stops following, as in the thread (threadView.ts); reaching the bottom follows again.
    const top = this.el.scrollTop;
    if (this.el.scrollHeight - top - this.el.clientHeight <= BOTTOM_SLACK_PX) this.setFollowing(true);
    else if (top < this.lastTop - 1) this.setFollowing(false);
    this.lastTop = top;
    this.keepPlace();
  }

  private schedule(): void {
    if (this.frame || !this.placed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.scrollSeen) {
        this.scrollSeen = false;
        this.scrolled();
      }
      this.draw(undefined);
      if (this.atBottom && this.near) this.el.scrollTop = this.el.scrollHeight;
      else if (this.hold) this.keepHeld(this.hold);
    });
  }

  private keepHeld(hold: { id: string; offset: number; frames: number }): void {
    const el = this.rows.views.get(hold.id)?.el;
    if (el) {
      const moved = el.offsetTop - this.el.scrollTop - hold.offset;
      if (Math.abs(moved) >= 1) this.el.scrollTop += moved;
    }
    if (--hold.frames <= 0 || !el) this.hold = undefined;
    else this.schedule();
  }

  /** Draws what changed and moves the window to the box's view (`top`: the scroll it is about to take). */
  private draw(top: number | undefined): void {
    for (const { entry, delta } of this.dirty.values()) this.rows.views.get(entry.id)?.render(entry as never, delta);
    this.dirty.clear();
    const count = this.rows.count;
    if (!this.near) {
      if (this.rows.range.start !== count) this.moveTo({ start: count, end: count });
      else if (this.rows.spacersStale) this.rows.updateSpacers();
      return;
    }
    this.rows.measure();
    const height = this.el.clientHeight;
    const scrollTop = top ?? this.el.scrollTop;
    // The box is positioned: offsets inside it are from its top, scrolled or not.
    const view = { top: Math.max(0, scrollTop - this.list.offsetTop), height };
    const follow = this.atBottom && top === undefined;
    const next = rangeFor(this.rows.heights, view, height / 2, follow, true);
    if (next.start === this.rows.range.start && next.end === this.rows.range.end) {
      if (this.rows.spacersStale) this.rows.updateSpacers();
      return;
    }
    // Rows coming in above the one read take their real heights in place of the estimate: the
    // one read stays where it was on the screen.
    const anchor = follow ? undefined : this.topRow(scrollTop);
    this.moveTo(next);
    const el = anchor && this.rows.views.get(anchor.id)?.el;
    if (anchor && el) {
      const moved = el.offsetTop - scrollTop - anchor.offset;
      if (Math.abs(moved) >= 1) this.el.scrollTop = scrollTop + moved;
    }
  }

  /** Following the bottom, the browser's own scroll anchoring is off: it would move the box up as rows leave above. */
  private setFollowing(on: boolean): void {
    this.atBottom = on;
    this.el.classList.toggle('following', on);
  }

  private keepPlace(): void {
    const top = this.el.scrollTop;
    const anchor = this.atBottom ? undefined : this.topRow(top);
    this.onScrolled({ top, atBottom: this.atBottom, from: this.shownFrom, ...(anchor ? { anchor } : {}) });
  }

  /** The first drawn row whose bottom is below `scrollTop`, and how far its top is from it. */
  private topRow(scrollTop: number): { id: string; offset: number } | undefined {
    const { start, end } = this.rows.range;
    for (let i = start; i < end; i++) {
      const el = this.rows.viewAt(i)?.el;
      if (el && el.offsetTop + el.offsetHeight > scrollTop) return { id: this.rows.ids[i]!, offset: el.offsetTop - scrollTop };
    }
    return undefined;
  }

  private moveTo(next: RowRange): void {
    const { start, end } = this.rows.range;
    // Rows that stay keep their views; the last row before new ones learns it is followed (a thought folds).
    const added = this.rows.setRange(next);
    if (added.length > 0 && start < end && end < next.end) this.rows.viewAt(end - 1)?.followed?.();
  }
}
