/**
 * The thread's rows as DOM: every row's id and latest entry in order, which of them are in the
 * DOM (the window, `range`), their views, and the two spacers standing for the rest at their
 * last measured heights (threadWindow.ts decides the numbers). Moving rows in and out is all
 * this does: when to move them, and drawing, are the thread view's — or a nested card's, whose
 * inside is windowed the same way (rows/nested/nestedRows.ts).
 */
import type { ThreadEntry } from '../../src/thread/types.js';
import { h } from '../dom.js';
import type { RowView } from '../rows/rowView.js';
import { RowHeights, WINDOW_FROM_ROWS, type RowRange } from './threadWindow.js';

export interface RowHooks {
  /** A view for an entry (not yet in the DOM nor drawn). */
  create(entry: ThreadEntry): RowView;
  /** A row's element came into the DOM, or went (replaced by a fresh view, or unmounted). */
  attached(el: HTMLElement): void;
  detached(el: HTMLElement): void;
  /** Row `id` left the window: it has no view until it comes back. */
  left(id: string): void;
}

export class ThreadRows {
  readonly topSpacer = h('div', { class: 'thread-spacer top', attrs: { 'aria-hidden': 'true' } });
  readonly bottomSpacer = h('div', { class: 'thread-spacer bottom', attrs: { 'aria-hidden': 'true' } });
  /**
   * The spacers' heights live in a stylesheet of our own, not in style attributes: the panel's
   * DOM carries no inline styles at all (the XSS checks hold it to that).
   */
  private readonly spacerRules: { sheet: CSSStyleSheet; top: CSSStyleRule; bottom: CSSStyleRule };
  /** The spacers' heights as last written to their rules. */
  private readonly spacerPx = { top: 0, bottom: 0 };
  /** Every row of the thread in order, and its latest entry; only those in `range` have a view. */
  ids: string[] = [];
  readonly entries = new Map<string, ThreadEntry>();
  readonly heights = new RowHeights();
  range: RowRange = { start: 0, end: 0 };
  /** Rows were added or removed out of the window: the spacers' heights are out of date. */
  spacersStale = false;
  readonly views = new Map<string, RowView>();

  /**
   * `options.key`: the spacers' own name, for a list of rows that is not the thread's (each nested
   * card's inside has its own spacers and sheet); `options.focusHome`: where keyboard focus goes
   * when the row holding it leaves the DOM (the element that scrolls the rows by keys).
   */
  constructor(private readonly el: HTMLElement, private readonly hooks: RowHooks, private readonly options: { key?: string; focusHome?: HTMLElement } = {}) {
    if (options.key !== undefined) {
      this.topSpacer.dataset.window = options.key;
      this.bottomSpacer.dataset.window = options.key;
    }
    this.spacerRules = spacerSheet(options.key);
    el.append(this.topSpacer, this.bottomSpacer);
  }

  /** Takes its spacer sheet out of the document (a nested card's inside that folds). */
  dispose(): void {
    for (const view of this.views.values()) {
      this.hooks.detached(view.el);
      view.detach?.();
      view.el.remove();
    }
    this.views.clear();
    const sheet = this.spacerRules.sheet;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  }

  get count(): number {
    return this.ids.length;
  }

  /** More rows than are ever all drawn: only a window of them is in the DOM. */
  windowed(): boolean {
    return this.ids.length > WINDOW_FROM_ROWS;
  }

  entryAt(index: number): ThreadEntry {
    return this.entries.get(this.ids[index]!)!;
  }

  viewAt(index: number): RowView | undefined {
    return this.views.get(this.ids[index]!);
  }

  /** A new thread: no row in the DOM, no height measured. */
  reset(entries: readonly ThreadEntry[]): void {
    for (const view of this.views.values()) {
      view.detach?.();
      view.el.remove();
    }
    this.views.clear();
    this.ids = entries.map((e) => e.id);
    this.entries.clear();
    for (const entry of entries) this.entries.set(entry.id, entry);
    this.heights.reset(entries.length);
    this.range = { start: 0, end: 0 };
  }

  /** Takes a row into the list (not the DOM); a row above the window shifts it. */
  insert(index: number, entry: ThreadEntry): void {
    this.ids.splice(index, 0, entry.id);
    this.entries.set(entry.id, entry);
    this.heights.insert(index);
    if (index < this.range.start) this.range = { start: this.range.start + 1, end: this.range.end + 1 };
    // Out of the window only the spacer grows (summed once per pass, not per row).
    this.spacersStale = true;
  }

  /** Takes rows into the list before all others, none of them in the DOM: the window shifts down. */
  prepend(entries: readonly ThreadEntry[]): void {
    this.ids.unshift(...entries.map((e) => e.id));
    for (const entry of entries) {
      this.entries.set(entry.id, entry);
      this.heights.insert(0);
    }
    this.range = { start: this.range.start + entries.length, end: this.range.end + entries.length };
    this.spacersStale = true;
  }

  /** Row `index` (just inserted, inside the window or right after it) joins the DOM in its place. */
  mountInserted(index: number): RowView {
    const { start, end } = this.range;
    this.range = { start, end: end + 1 };
    const view = this.mount(index, false);
    const next = index + 1 < this.range.end ? this.viewAt(index + 1)!.el : this.bottomSpacer;
    this.el.insertBefore(view.el, next);
    if (index > start) this.viewAt(index - 1)?.followed?.();
    return view;
  }

  /** Puts the rows of a fresh range in the DOM, in place of whatever was there. */
  mountRange(range: RowRange): void {
    this.range = range;
    const els: HTMLElement[] = [];
    for (let i = range.start; i < range.end; i++) els.push(this.mount(i, true).el);
    this.el.replaceChildren(this.topSpacer, ...els, this.bottomSpacer);
  }

  /**
   * Moves the window to `next`: rows leaving are removed, rows entering join the DOM; returns
   * the indexes of those that entered (to be drawn).
   */
  setRange(next: RowRange): number[] {
    const { start, end } = this.range;
    const keepFrom = Math.max(start, next.start);
    const keepTo = Math.min(end, next.end);
    for (let i = start; i < end; i++) if (i < keepFrom || i >= keepTo) this.unmount(this.ids[i]!);
    const added: number[] = [];
    const above = document.createDocumentFragment();
    const below = document.createDocumentFragment();
    for (let i = next.start; i < next.end; i++) {
      if (i >= keepFrom && i < keepTo) continue;
      (i < keepFrom ? above : below).append(this.mount(i, true).el);
      added.push(i);
    }
    const firstKept = keepFrom < keepTo ? this.viewAt(keepFrom)!.el : this.bottomSpacer;
    this.el.insertBefore(above, firstKept);
    this.el.insertBefore(below, this.bottomSpacer);
    this.range = next;
    this.updateSpacers();
    return added;
  }

  /**
   * The window becomes [from, last row]: rows above `from` leave (their heights measured first,
   * so the top spacer takes exactly their place), rows after the window's end join as new rows,
   * each followed by the next. Returns the indexes that joined.
   */
  extendToEnd(from: number): number[] {
    const count = this.ids.length;
    const { start, end } = this.range;
    if (from > start) {
      this.measure();
      for (let i = start; i < Math.min(from, end); i++) this.unmount(this.ids[i]!);
    }
    const added: number[] = [];
    const els = document.createDocumentFragment();
    for (let i = Math.max(end, from); i < count; i++) {
      const view = this.mount(i, false);
      els.append(view.el);
      // A thought folds once something comes after it.
      if (i + 1 < count) view.followed?.();
      added.push(i);
    }
    if (end > from && end < count) this.viewAt(end - 1)?.followed?.();
    this.el.insertBefore(els, this.bottomSpacer);
    this.range = { start: from, end: count };
    this.updateSpacers();
    return added;
  }

  /** Swaps a row's view for a fresh one (an id that changed kind is a new row to the DOM). */
  replaceView(id: string, entry: ThreadEntry): RowView {
    const old = this.views.get(id)!;
    const fresh = this.hooks.create(entry);
    old.el.replaceWith(fresh.el);
    old.detach?.();
    this.hooks.detached(old.el);
    this.hooks.attached(fresh.el);
    this.views.set(id, fresh);
    return fresh;
  }

  updateSpacers(): void {
    this.spacersStale = false;
    const top = this.heights.sum(0, this.range.start);
    const bottom = this.heights.sum(this.range.end, this.ids.length);
    // Written only when they change: the thread and each open card's inside come here on most
    // frames of a storm, mostly with the same heights.
    if (top !== this.spacerPx.top) this.spacerRules.top.style.height = `${(this.spacerPx.top = top)}px`;
    if (bottom !== this.spacerPx.bottom) this.spacerRules.bottom.style.height = `${(this.spacerPx.bottom = bottom)}px`;
  }

  /** Records the drawn rows' heights (from one row's top to the next's: margins included). */
  measure(): void {
    const { start, end } = this.range;
    let top = this.viewAt(start)?.el.offsetTop;
    for (let i = start; i < end && top !== undefined; i++) {
      const next = i + 1 < end ? this.viewAt(i + 1)?.el : this.bottomSpacer;
      if (!next) return;
      const nextTop = next.offsetTop;
      this.heights.set(i, Math.max(0, nextTop - top));
      top = nextTop;
    }
  }

  /** The first row whose bottom is below `viewTop` (a client y), and how far its top is from it. */
  topRow(viewTop: number): { id: string; offset: number } | undefined {
    for (let i = this.range.start; i < this.range.end; i++) {
      const el = this.viewAt(i)?.el;
      if (!el) continue;
      const r = el.getBoundingClientRect();
      if (r.bottom > viewTop) return { id: this.ids[i]!, offset: r.top - viewTop };
    }
    return undefined;
  }

  /** A view for row `index`, not yet in the DOM; history rows but the last are followed (thoughts start folded). */
  private mount(index: number, history: boolean): RowView {
    const entry = this.entryAt(index);
    const view = this.hooks.create(entry);
    this.views.set(entry.id, view);
    this.hooks.attached(view.el);
    if (history && index < this.ids.length - 1) view.followed?.();
    return view;
  }

  private unmount(id: string): void {
    const view = this.views.get(id);
    if (!view) return;
    // Keyboard focus inside a row that leaves stays in the thread, which still scrolls by keys.
    if (view.el.contains(document.activeElement)) (this.options.focusHome ?? this.el).focus({ preventScroll: true });
    this.hooks.detached(view.el);
    view.detach?.();
    view.el.remove();
    this.views.delete(id);
    this.hooks.left(id);
  }
}

function spacerSheet(key?: string): { sheet: CSSStyleSheet; top: CSSStyleRule; bottom: CSSStyleRule } {
  const sheet = new CSSStyleSheet();
  const only = key === undefined ? ':not([data-window])' : `[data-window="${CSS.escape(key)}"]`;
  sheet.insertRule(`.thread-spacer.top${only} { height: 0; }`, 0);
  sheet.insertRule(`.thread-spacer.bottom${only} { height: 0; }`, 1);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return { sheet, top: sheet.cssRules[0] as CSSStyleRule, bottom: sheet.cssRules[1] as CSSStyleRule };
}
