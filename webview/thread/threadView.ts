/**
 * The thread as DOM: one element per entry, keyed by entry id. Changes mark rows dirty; once per
 * frame the dirty rows are drawn, within a time budget so a burst (a loaded session replaying
 * its history) never blocks input — the rest continues next frame, bottom rows first.
 *
 * Long threads (more than WINDOW_FROM_ROWS rows, threadWindow.ts) keep only the rows near the
 * viewport in the DOM, between two spacers that stand for the rest at their last measured
 * heights (threadRows.ts moves them), so the DOM stays small whatever the length. Every entry
 * stays known: a row changed while out of the window is drawn from its latest entry when it
 * comes back, and a row
 * asked for by `reveal` (a thread search hit) is brought into the window first. Rows are
 * re-created from the entry and the view state (what is expanded, what a form holds), so
 * permission cards and elicitation forms work the same when they come back. Where the user was
 * is kept as the row at the top of the view and its offset (the pixel position of a thread
 * whose rows are partly estimated means little after a reload).
 *
 * Following the bottom while new rows arrive, and keeping the view where the user put it:
 * scrollPin.ts. A burst of new rows overrunning the view is paced by burstPacer.ts and drawn
 * only where the view is (`followBottom`, `bottomFirst`).
 */
import type { ThreadEntry } from '../../src/thread/types.js';
import type { Announcer } from '../a11y/announcer.js';
import { h } from '../dom.js';
import { t } from '../l10n.js';
import { FrameScheduler } from './frame.js';
import { createRowView } from '../rows/createRow.js';
import type { RowContext } from '../rows/rowView.js';
import type { RowDelta, StoreListener } from './store.js';
import type { ViewStateStore } from '../viewState.js';
import type { MessageActions } from '../rows/messageActions.js';
import type { ChildThreads } from './childThreads.js';
import { BurstPacer } from './burstPacer.js';
import { ThreadRows } from './threadRows.js';
import { ThreadFolds } from './threadFolds.js';
import { WINDOW_FROM_ROWS, covers, rangeFor, type RowRange } from './threadWindow.js';
import { ScrollPin, type SavedScroll } from './scrollPin.js';

interface Dirty {
  entry: ThreadEntry;
  delta: RowDelta;
  live: boolean;
}

/** Rows drawn on each side of a row brought into view by `reveal`. */
const REVEAL_CONTEXT_ROWS = 20;
/** Frames a revealed row of a long thread is kept centred once drawn, while rows around it settle. */
const REVEAL_SETTLE_FRAMES = 4;

export class ThreadView implements StoreListener {
  // A log is a live region by default; streamed text would be read out chunk by chunk, so it is
  // switched off here and the Announcer speaks finished turns instead.
  readonly el = h('div', { class: 'thread', attrs: { role: 'log', 'aria-live': 'off', 'aria-label': t('Conversation'), tabindex: '0' } });
  /** The rows, and which of them are in the DOM. */
  private readonly rows: ThreadRows;
  /** Whether the view follows the bottom, and where it was last put. */
  private readonly pin = new ScrollPin(this.el);
  /** Runs of uneventful tool calls drawn as one line. */
  private readonly folds: ThreadFolds;
  private readonly dirty = new Map<string, Dirty>();
  private readonly scheduler = new FrameScheduler((deadline) => this.drawUntil(deadline));
  private readonly ctx: RowContext;
  private liveNow = false;
  /** Where the user was before a reload; applied once the snapshot is fully drawn. */
  private restoreScroll: SavedScroll | undefined;
  private readonly resizes = new ResizeObserver(() => {
    if (this.pin.follow && !this.restoreScroll && !this.pin.movedUp(this.windowed())) this.pin.scrollToBottom();
  });
  /**
   * A row asked for by `reveal`: kept in view while the rows around it are still being drawn
   * (they change height), or waiting for the snapshot that holds it.
   */
  private revealTarget: string | undefined;
  /** Frames left to keep a revealed row centred, or a restored anchor in place. */
  private revealFrames = 0;
  /** Where a reload came back to, kept in place while the rows around it settle. */
  private anchorHold: SavedScroll | undefined;
  /** Rows appended during a burst and not in the DOM yet: the last ones of the thread. */
  private deferred = 0;
  /** The view's height at the last drawing pass (read there, where the layout is fresh anyway). */
  private viewPx = window.innerHeight;
  private readonly pacer = new BurstPacer();
  /** Called after each drawing pass (e.g. to tell tests or the benchmark that work finished). */
  onDrawn: (() => void) | undefined;

  constructor(private readonly viewState: ViewStateStore, announcer: Announcer, private readonly onDesync: (reason: string) => void) {
    this.ctx = { viewState, announcer, live: () => this.liveNow };
    this.rows = new ThreadRows(this.el, {
      create: (entry) => createRowView(entry, this.ctx),
      attached: (el) => this.resizes.observe(el),
      detached: (el) => this.resizes.unobserve(el),
      left: (id) => this.dirty.delete(id),
    });
    this.folds = new ThreadFolds(this.rows, viewState, (entry) => {
      if (!this.dirty.has(entry.id)) this.toDraw(entry, false);
      this.scheduler.request();
    });
    this.ctx.folds = this.folds.lookup;
    viewState.onOpened(() => this.userOpened());
    this.el.addEventListener('scroll', () => this.onScroll(), { passive: true });
    // The user taking the scroll (wheel, keys, pointer, touch) ends any placing we hold.
    for (const type of ['wheel', 'keydown', 'pointerdown', 'touchstart']) this.el.addEventListener(type, () => this.letGo(), { passive: true });
    this.pin.setFollow(true);
  }

  /** Rows in the thread, drawn or not. */
  rowCount(): number {
    return this.rows.count;
  }

  private windowed(): boolean {
    return this.rows.windowed();
  }

  private onScroll(): void {
    const atBottom = this.pin.scrolled();
    this.savePosition(this.pin.lastTop);
    // Scrolling a long thread moves the window: drawn in the next frame. At the bottom of a
    // window that ends with the thread (our own pin, most often) there is nothing to move.
    if (this.windowed() && !(atBottom && this.rows.range.end === this.rows.count)) this.scheduler.request();
  }

  /**
   * Another thread is about to be shown: a scroll whose event is not out yet (the browser sends
   * it with the next frame; a snapshot can come first) is taken now, so the thread being left
   * keeps where the user was, and the late event finds nothing new. What the event would do, earlier.
   */
  takePendingScroll(): void {
    if (this.el.scrollTop !== this.pin.lastTop) this.onScroll();
  }

  /**
   * The user opened a card or fold: they look at it. Following the bottom would push it up out
   * of the view as its inside grows (a long thread's window then draws nothing for it).
   */
  private userOpened(): void {
    if (!this.pin.follow) return;
    this.pin.hold();
    // Saved as a scroll up saves it: a reload comes back here, not to a position left long ago.
    this.savePosition(this.el.scrollTop);
  }

  /** Where the view is, for a reload: following the bottom, or `top` and (a long thread) the row at the top. */
  private savePosition(top: number): void {
    const anchor = this.windowed() && !this.pin.follow ? this.rows.topRow(this.el.getBoundingClientRect().top) : undefined;
    this.viewState.update({ scrollTop: top, atBottom: this.pin.follow, anchorId: anchor?.id, anchorOffset: anchor?.offset });
  }

  private letGo(): void {
    this.anchorHold = undefined;
    if (this.revealFrames > 0 && this.dirty.size === 0) this.revealTarget = undefined;
    this.revealFrames = 0;
  }

  /** Message buttons (fork, edit and resend) follow these facts (set once by the page). */
  setMessageActions(actions: MessageActions): void {
    this.ctx.messageActions = actions;
  }

  /** What rows are drawn with (questions from subagents are drawn with the same views). */
  rowContext(): RowContext {
    return this.ctx;
  }

  /** The subagents' threads, for their cards. */
  setChildren(children: ChildThreads): void {
    this.ctx.children = children;
  }

  /**
   * Scrolls to a row and highlights it for a moment (a thread search hit). A row not drawn yet
   * (a long thread is drawn bottom first over several frames) is drawn at once; one outside the
   * window of a long thread is brought into it; one not in the thread yet is revealed when a
   * snapshot brings it.
   */
  reveal(entryId: string): void {
    this.revealTarget = entryId;
    this.folds.open(entryId);
    const index = this.rows.ids.indexOf(entryId);
    if (index < 0) return;
    if (!this.rows.views.has(entryId)) this.setRange(around(index, this.rows.count));
    const view = this.rows.views.get(entryId);
    if (!view) return;
    const pending = this.dirty.get(entryId);
    if (pending) {
      this.dirty.delete(entryId);
      this.draw(entryId, pending);
    }
    // The user asked for this row: neither the saved scroll position nor following the bottom wins.
    this.restoreScroll = undefined;
    this.anchorHold = undefined;
    this.pin.setFollow(false);
    this.scrollToTarget();
    view.el.classList.remove('revealed');
    void view.el.offsetWidth; // restart the highlight when the same row is revealed again
    view.el.classList.add('revealed');
    view.el.addEventListener('animationend', () => view.el.classList.remove('revealed'), { once: true });
    this.ctx.announcer.say(t('Showing the matching message'));
    // Rows just brought into a long thread's window take their real heights over the next
    // frames (off-screen ones start at a placeholder size): keep the row centred meanwhile.
    this.revealFrames = this.windowed() ? REVEAL_SETTLE_FRAMES : 0;
    if (this.dirty.size === 0 && this.revealFrames === 0) this.revealTarget = undefined;
    else this.scheduler.request();
  }

  private scrollToTarget(): void {
    const el = this.revealTarget ? this.rows.views.get(this.revealTarget)?.el : undefined;
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    this.pin.lastTop = this.el.scrollTop;
    this.viewState.update({ scrollTop: this.pin.lastTop, atBottom: false, anchorId: this.revealTarget, anchorOffset: undefined });
  }

  reset(entries: readonly ThreadEntry[]): void {
    this.rows.reset(entries);
    this.folds.reset();
    // A new thread announces the requests still waiting in it, once.
    this.ctx.announcer.forgetAlerts();
    this.dirty.clear();
    this.resizes.disconnect();
    this.liveNow = false;
    // A snapshot's rows are not a burst of new ones: they are drawn bottom first, every frame.
    this.pacer.reset(entries.length);
    this.deferred = 0;
    this.anchorHold = undefined;
    // A card opened in the last thread shown holds nothing in this one.
    this.pin.held = false;
    // Captured now: drawing over several frames scrolls, and those scroll events rewrite the view state.
    const saved = this.viewState.get();
    this.restoreScroll = this.restoreScroll ?? { scrollTop: saved.scrollTop, atBottom: saved.atBottom, anchorId: saved.anchorId, anchorOffset: saved.anchorOffset };
    const range = this.firstRange(this.restoreScroll);
    this.rows.mountRange(range);
    // Drawn over the next frames, newest first.
    for (let i = range.end - 1; i >= range.start; i--) this.toDraw(this.rows.entryAt(i), false);
    this.rows.spacersStale = true;
    this.scheduler.request();
    // A reveal that came before its thread: this snapshot may hold the row.
    const target = this.revealTarget;
    this.revealTarget = undefined;
    if (target && this.rows.entries.has(target)) this.reveal(target);
  }

  /** The rows to draw first: those around where the user was, at their estimated heights. */
  private firstRange(saved: SavedScroll): RowRange {
    const { ids, heights } = this.rows;
    const height = this.el.clientHeight || window.innerHeight;
    const anchor = !saved.atBottom && saved.anchorId ? ids.indexOf(saved.anchorId) : -1;
    if (anchor >= 0 && this.windowed()) {
      return rangeFor(heights, { top: heights.sum(0, anchor) - (saved.anchorOffset ?? 0), height }, height, false);
    }
    return rangeFor(heights, { top: saved.scrollTop, height }, height, saved.atBottom || ids.length <= WINDOW_FROM_ROWS);
  }

  /**
   * A request for the user (a permission, a form) that arrives live on a row out of the window
   * is brought into it and drawn as live: announced, and its first control takes focus (which
   * scrolls to it), as when every row was in the DOM.
   */
  private bringAskingRow(index: number, entry: ThreadEntry, before?: ThreadEntry): boolean {
    if (!this.windowed() || index < 0 || !asksNow(entry, before)) return false;
    this.setRange(around(index, this.rows.count), entry.id);
    // Scrolled to and kept in view while it draws, so the window does not move back without it.
    this.restoreScroll = undefined;
    this.anchorHold = undefined;
    this.revealTarget = entry.id;
    this.revealFrames = REVEAL_SETTLE_FRAMES;
    return true;
  }

  /**
   * Moves the window to `next`: rows entering are drawn at once (`liveId` as a live row, next
   * frame), or with `later` over the next passes, newest first.
   */
  private setRange(next: RowRange, liveId?: string, later = false): void {
    const live = this.liveNow;
    for (const i of this.rows.setRange(next)) {
      const entry = this.rows.entryAt(i);
      if (entry.id === liveId || later) {
        this.toDraw(entry, entry.id === liveId);
        this.scheduler.request();
      } else this.draw(entry.id, { entry, delta: { kind: 'full' }, live: false });
    }
    this.liveNow = live;
  }

  /**
   * Pinned to the bottom, at the start of a drawing pass: rows appended during a burst (not in
   * the DOM yet) join the window, to be drawn newest first; in a long thread, rows the burst
   * pushed above the window leave it before they are drawn (drawing them would be wasted: they
   * are out of the window once `updateWindow` runs). The top spacer takes the heights of those
   * that leave, so the content above the view keeps its height and the view does not move.
   */
  private followBottom(): void {
    const { range, heights, count } = this.rows;
    // A window that does not end with the thread (the user scrolled away) is moved by updateWindow.
    if (range.end + this.deferred < count) return;
    // During a burst even a short thread keeps only the rows in view in the DOM: the rest join
    // when it is over (updateWindow), unless the burst makes it a long thread first.
    const from = this.windowed() || this.pacer.inBurst
      ? Math.max(range.start, rangeFor(heights, { top: 0, height: this.viewPx }, Math.max(this.viewPx, 400) / 2, true, true).start)
      : range.start;
    this.deferred = 0;
    if (from === range.start && range.end === count) return;
    for (const i of this.rows.extendToEnd(from)) this.toDraw(this.rows.entryAt(i), true);
  }

  /** Moves the window of a long thread to follow the view; true when it moved. */
  private updateWindow(): boolean {
    const { range, heights, count } = this.rows;
    if (count <= WINDOW_FROM_ROWS) {
      if (range.start === 0 && range.end === count) return false;
      // All of a short thread is in the DOM; rows a burst left out (above the view) are drawn
      // over the next passes.
      this.setRange({ start: 0, end: count }, undefined, true);
      return true;
    }
    // A hidden panel has no layout to measure: the window waits until it shows again.
    if (!this.el.clientHeight || this.restoreScroll) return false;
    this.rows.measure();
    const view = { top: this.el.getBoundingClientRect().top - this.rows.topSpacer.getBoundingClientRect().top, height: this.el.clientHeight };
    const margin = Math.max(view.height, 400);
    const follow = this.pin.follow && !this.revealTarget;
    const needed = rangeFor(heights, view, margin / 2, follow);
    const within = covers(range, needed) && range.end - range.start <= needed.end - needed.start + 2 * Math.ceil(margin / 32);
    if (within) {
      if (this.rows.spacersStale) this.rows.updateSpacers();
      return false;
    }
    this.setRange(rangeFor(heights, view, margin, follow));
    return true;
  }

  inserted(index: number, entry: ThreadEntry): void {
    this.liveNow = true;
    this.rows.insert(index, entry);
    const { start, end } = this.rows.range;
    const last = index === this.rows.count - 1;
    if (index < start) {
      // Above the window: only the spacer grows.
    } else if (last && (this.deferred > 0 || index === end) && this.pin.follow && this.pacer.inBurst) {
      // Appended during a burst: mounted and drawn by the next drawing pass (followBottom), so
      // between passes the DOM, and the height under the view, stay as they are.
      this.deferred++;
    } else if (index <= end) {
      this.rows.mountInserted(index);
      this.toDraw(entry, true);
    } else if (this.bringAskingRow(index, entry)) {
      this.pin.setFollow(false);
    }
    this.folds.inserted(index);
    this.scheduler.request();
  }

  changed(entry: ThreadEntry, delta: RowDelta): void {
    const before = this.rows.entries.get(entry.id);
    this.rows.entries.set(entry.id, entry);
    this.folds.changed(entry);
    // A row out of the window is drawn from its latest entry when it comes back.
    if (!this.rows.views.has(entry.id)) {
      if (asksNow(entry, before) && this.bringAskingRow(this.rows.ids.indexOf(entry.id), entry, before)) this.pin.setFollow(false);
      return;
    }
    const prev = this.dirty.get(entry.id);
    let merged = delta;
    if (prev) {
      merged = prev.delta.kind === 'append' && delta.kind === 'append' ? { kind: 'append', text: prev.delta.text + delta.text } : { kind: 'full' };
    }
    this.dirty.set(entry.id, { entry, delta: merged, live: prev ? prev.live : true });
    this.scheduler.request();
  }

  desync(reason: string): void {
    this.onDesync(reason);
  }

  /** Draw everything pending now (tests, benchmark). */
  flushNow(): void {
    this.scheduler.flushNow();
  }

  pending(): number {
    return this.dirty.size + this.deferred;
  }

  private drawUntil(deadline: number): boolean {
    if (deadline !== Infinity && this.pacer.skip(this.rows.count, this.overrun())) return true;
    const follow = !this.pin.movedUp(this.windowed()) && (this.pin.follow || (!this.pin.held && this.pin.isAtBottom()));
    const pinned = follow && this.pin.follow && !this.revealTarget && !this.restoreScroll && !this.anchorHold;
    if (pinned) this.followBottom();
    // Rows held back for a burst while the user left the bottom are simply below the window now.
    else this.deferred = 0;
    for (const id of pinned ? this.bottomFirst() : [...this.dirty.keys()]) {
      const d = this.dirty.get(id);
      if (!d) continue;
      this.dirty.delete(id);
      this.draw(id, d);
      if (performance.now() > deadline) break;
    }
    const more = this.dirty.size > 0;
    if (this.rows.spacersStale) this.rows.updateSpacers();
    if (this.revealTarget && this.rows.views.has(this.revealTarget)) {
      // Rows drawn around the revealed one change its place: keep it in view until all are drawn.
      this.scrollToTarget();
      if (!more && --this.revealFrames <= 0) this.revealTarget = undefined;
      else if (!more) this.scheduler.request();
    } else if (this.restoreScroll && !more) {
      const saved = this.restoreScroll;
      this.restoreScroll = undefined;
      if (saved.atBottom) this.pin.scrollToBottom();
      else {
        this.scrollBackTo(saved);
        // Rows around the anchor take their real heights over the next frames (they start at a
        // placeholder size off screen): keep placing it meanwhile.
        if (this.windowed() && saved.anchorId) {
          this.anchorHold = saved;
          this.revealFrames = REVEAL_SETTLE_FRAMES;
          this.scheduler.request();
        }
      }
    } else if (this.anchorHold && !more) {
      this.scrollBackTo(this.anchorHold);
      if (--this.revealFrames <= 0) this.anchorHold = undefined;
      else this.scheduler.request();
    } else if (follow && !this.restoreScroll) {
      this.pin.scrollToBottom();
    }
    if (!more && this.updateWindow() && this.pin.follow) this.pin.scrollToBottom();
    this.onDrawn?.();
    return more;
  }

  /**
   * The rows to draw while pinned to the bottom: newest first, and only those in view when any
   * of them changed. A burst of new rows (a loaded session replaying its history) then costs
   * one view of rows per frame, however many arrive: rows it pushes above the view are drawn in
   * a frame that brings nothing new to the view, or leave a long thread's window undrawn.
   */
  private bottomFirst(): string[] {
    const { range, ids, heights } = this.rows;
    const inView: string[] = [];
    const height = (this.viewPx = this.el.clientHeight || window.innerHeight);
    let filled = 0;
    let i = range.end - 1;
    for (; i >= range.start && filled < height; i--) {
      if (this.dirty.has(ids[i]!)) inView.push(ids[i]!);
      filled += heights.get(i);
    }
    if (inView.length > 0) return inView;
    // Rows a burst pushed above the view wait until it has been quiet for a while: it may yet
    // push them out of a long thread's window, undrawn.
    if (!this.pacer.quiet()) return [];
    const above: string[] = [];
    for (; i >= range.start; i--) if (this.dirty.has(ids[i]!)) above.push(ids[i]!);
    return above;
  }

  /** A row just put in the DOM, to be drawn whole by a coming pass. */
  private toDraw(entry: ThreadEntry, live: boolean): void {
    this.dirty.set(entry.id, { entry, delta: { kind: 'full' }, live });
  }

  /** Following the bottom, the rows added since the last pass more than fill the view. */
  private overrun(): boolean {
    const count = this.rows.count;
    const added = count - this.pacer.rowsAtLastPass;
    return this.pin.follow && added > 0 && this.rows.heights.sum(count - added, count) >= this.viewPx;
  }

  /** Back where the user was: the same row at the same offset (long threads), else the same pixel. */
  private scrollBackTo(saved: SavedScroll): void {
    this.pin.scrollBackTo(saved, saved.anchorId && this.windowed() ? this.rows.views.get(saved.anchorId)?.el : undefined);
  }

  private draw(id: string, d: Dirty): void {
    let view = this.rows.views.get(id);
    if (!view) return;
    if (view.el.dataset.entryType !== d.entry.type) {
      view = this.rows.replaceView(id, d.entry);
      d = { ...d, delta: { kind: 'full' } };
    }
    this.liveNow = d.live;
    try {
      view.render(d.entry, d.delta);
    } catch (err) {
      // One bad row must not stop the rest of the thread from drawing.
      console.error('row render failed', id, err);
    }
  }
}

/** The rows drawn with a row brought into the window (a search hit, a request for the user). */
function around(index: number, count: number): RowRange {
  return { start: Math.max(0, index - REVEAL_CONTEXT_ROWS), end: Math.min(count, index + REVEAL_CONTEXT_ROWS + 1) };
}

/** The entry holds a request for the user that `before` (the same row earlier) did not. */
function asksNow(entry: ThreadEntry, before: ThreadEntry | undefined): boolean {
  if (entry.type === 'tool_call' && entry.permission) {
    return !(before?.type === 'tool_call' && before.permission?.requestId === entry.permission.requestId);
  }
  if (entry.type === 'elicitation' && entry.status === 'pending') return !(before?.type === 'elicitation' && before.status === 'pending');
  return false;
}
