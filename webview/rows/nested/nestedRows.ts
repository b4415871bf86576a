/**
 * The inside of an open nested card: the rows of a `RowSource` drawn with the same row views as
 * the thread (createRowView), in a box that scrolls on its own and keeps its place. Only the
 * latest MAX_DRAWN rows are in the DOM (a helper that made 500 tool calls stays small: its box shows a few at a time); a button
 * above them brings earlier ones in, a page at a time. Changes are drawn once per frame.
 * Uneventful tool calls fold into one line as in the thread (thread/toolFolds.ts); a closed fold
 * counts as one row here, and the drawn rows never start inside one, so its line is always drawn.
 */
import type { ThreadEntry } from '../../../src/thread/types.js';
import { h } from '../../dom.js';
import { t } from '../../l10n.js';
import type { RowSource } from '../../thread/childThreads.js';
import type { RowDelta, StoreListener } from '../../thread/store.js';
import { ToolFolds } from '../../thread/toolFolds.js';
import { createRowView } from '../createRow.js';
import type { RowContext, RowView } from '../rowView.js';

export const MAX_DRAWN = 25;
const BOTTOM_SLACK_PX = 24;

export class NestedRows implements StoreListener {
  readonly el = h('div', { class: 'nested-rows', attrs: { tabindex: '0' } });
  private readonly earlier = h('button', { class: 'btn nested-earlier', attrs: { type: 'button' } });
  private readonly list = h('div', { class: 'nested-list' });
  private entries: readonly ThreadEntry[] = [];
  /** Index of the first drawn row; every row after it is drawn. */
  private start = 0;
  private readonly views = new Map<string, RowView>();
  private readonly dirty = new Map<string, { entry: ThreadEntry; delta: RowDelta }>();
  private frame = 0;
  private stopListening: () => void;
  private atBottom = true;
  private readonly folds: ToolFolds;
  /** The card's context with this list's folds. */
  private readonly rowCtx: RowContext;

  constructor(
    private readonly source: RowSource,
    ctx: RowContext,
    label: string,
    private readonly saved: { top: number; atBottom: boolean } | undefined,
    private readonly onScrolled: (place: { top: number; atBottom: boolean }) => void,
  ) {
    const rows = this;
    this.folds = new ToolFolds({ get count() { return rows.entries.length; }, entryAt: (i) => rows.entries[i] }, ctx.viewState, (indexes) => this.refold(indexes));
    this.rowCtx = { ...ctx, folds: this.folds };
    this.el.setAttribute('aria-label', label);
    this.el.setAttribute('role', 'log');
    this.earlier.addEventListener('click', () => this.showEarlier());
    this.el.append(this.earlier, this.list);
    this.el.addEventListener('scroll', () => {
      this.atBottom = this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight <= BOTTOM_SLACK_PX;
      this.onScrolled({ top: this.el.scrollTop, atBottom: this.atBottom });
    }, { passive: true });
    this.stopListening = source.listen(this);
    this.reset(source.entries());
  }

  /** Drawn rows (tests, the benchmark). */
  get drawnCount(): number {
    return this.views.size;
  }

  /** Leaves the DOM and stops listening: nothing of it is kept but where it was scrolled. */
  dispose(): void {
    this.stopListening();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.unmountAll();
    this.dirty.clear();
    this.el.remove();
  }

  /** Where the box was scrolled to, put back once it is in the DOM. */
  placeScroll(): void {
    if (this.saved && !this.saved.atBottom) {
      this.el.scrollTop = this.saved.top;
      this.atBottom = false;
    } else {
      this.el.scrollTop = this.el.scrollHeight;
    }
  }

  reset(entries: readonly ThreadEntry[]): void {
    this.entries = entries;
    this.folds.reset();
    this.start = this.unitStart(Math.max(0, entries.length - MAX_DRAWN));
    this.unmountAll();
    this.dirty.clear();
    const els: HTMLElement[] = [];
    for (let i = this.start; i < entries.length; i++) els.push(this.mount(entries[i]!, i < entries.length - 1).el);
    this.list.replaceChildren(...els);
    this.updateEarlier();
  }

  inserted(index: number, entry: ThreadEntry): void {
    this.entries = this.source.entries();
    const refolded = this.folds.inserted(index);
    if (index < this.start) {
      this.start++;
      this.refold(refolded);
      this.updateEarlier();
      return;
    }
    const view = this.mount(entry, false);
    const position = index - this.start;
    this.list.insertBefore(view.el, this.list.children[position] ?? null);
    // A thought folds once something comes after it, as in the thread.
    if (index > this.start) this.views.get(this.entries[index - 1]!.id)?.followed?.();
    this.refold(refolded);
    // Keep the DOM bounded while it streams: rows scrolled far above leave (a closed fold whole).
    while (this.atBottom && this.shownCount() > MAX_DRAWN) {
      do this.unmountFirst();
      while (this.start < this.entries.length && this.folds.hidden(this.entries[this.start]!.id));
    }
    this.updateEarlier();
    this.schedule();
  }

  changed(entry: ThreadEntry, delta: RowDelta): void {
    this.refold(this.folds.changed(entry, () => this.entries.findIndex((e) => e.id === entry.id)));
    if (!this.views.has(entry.id)) return;
    const prior = this.dirty.get(entry.id);
    // Appends add up; anything else makes the next draw a full one.
    const merged: RowDelta = prior === undefined ? delta : prior.delta.kind === 'append' && delta.kind === 'append' ? { kind: 'append', text: prior.delta.text + delta.text } : { kind: 'full' };
    this.dirty.set(entry.id, { entry, delta: merged });
    this.schedule();
  }

  desync(): void {
    // The child thread's store asks the host itself; a fresh snapshot resets this view.
  }

  private unmountAll(): void {
    for (const view of this.views.values()) view.detach?.();
    this.views.clear();
  }

  /** Rows drawn that show something (a closed fold's hidden rows do not count). */
  private shownCount(): number {
    let n = 0;
    for (let i = this.start; i < this.entries.length; i++) if (!this.folds.hidden(this.entries[i]!.id)) n++;
    return n;
  }

  private unmountFirst(): void {
    const first = this.entries[this.start]!;
    const gone = this.views.get(first.id);
    gone?.detach?.();
    gone?.el.remove();
    this.views.delete(first.id);
    this.dirty.delete(first.id);
    this.start++;
  }

  /** The first row of the closed fold row `index` hides in (else `index`): drawn rows start there. */
  private unitStart(index: number): number {
    while (index > 0 && this.folds.hidden(this.entries[index]!.id)) index--;
    return index;
  }

  /** Rows whose part in a fold changed are drawn again; the drawn rows widen to a fold's line when they start inside it. */
  private refold(indexes: number[]): void {
    for (const i of indexes) {
      const entry = this.entries[i];
      if (entry && this.views.has(entry.id)) this.dirty.set(entry.id, { entry, delta: { kind: 'full' } });
    }
    const from = this.unitStart(this.start);
    if (from < this.start) this.prependFrom(from);
    if (indexes.length) this.schedule();
  }

  /** Draws rows [from, start) above the drawn ones, keeping the rows the user reads in place. */
  private prependFrom(from: number): void {
    const els: HTMLElement[] = [];
    for (let i = from; i < this.start; i++) els.push(this.mount(this.entries[i]!, true).el);
    const before = this.el.scrollHeight;
    this.list.prepend(...els);
    this.start = from;
    if (!this.atBottom) this.el.scrollTop += this.el.scrollHeight - before;
    this.updateEarlier();
  }

  private mount(entry: ThreadEntry, followed: boolean): RowView {
    const view = createRowView(entry, this.rowCtx);
    view.render(entry as never, { kind: 'full' });
    if (followed) view.followed?.();
    this.views.set(entry.id, view);
    return view;
  }

  private showEarlier(): void {
    const from = this.unitStart(Math.max(0, this.start - MAX_DRAWN));
    const els: HTMLElement[] = [];
    for (let i = from; i < this.start; i++) els.push(this.mount(this.entries[i]!, true).el);
    const before = this.el.scrollHeight;
    this.list.prepend(...els);
    this.start = from;
    // The rows the user was reading stay where they were.
    this.el.scrollTop += this.el.scrollHeight - before;
    this.updateEarlier();
    this.earlier.focus();
  }

  private updateEarlier(): void {
    this.earlier.hidden = this.start === 0;
    this.earlier.textContent = t('Show {0} earlier', Math.min(MAX_DRAWN, this.start));
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      for (const { entry, delta } of this.dirty.values()) this.views.get(entry.id)?.render(entry as never, delta);
      this.dirty.clear();
      if (this.atBottom) this.el.scrollTop = this.el.scrollHeight;
    });
  }
}
