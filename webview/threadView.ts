/**
 * The thread as DOM: one element per entry, keyed by entry id. Changes mark rows dirty; once per
 * frame the dirty rows are drawn, within a time budget so a burst (a loaded session replaying
 * its history) never blocks input — the rest continues next frame, bottom rows first.
 *
 * Following the bottom: while `follow` holds, every drawing pass and every change in a row's
 * size (a ResizeObserver) pins the view to the bottom. Long replies are pages whose off-screen
 * parts use placeholder heights (`content-visibility`, `.md-page` / `.md-volume`), so the
 * bottom moves after each scroll as pages coming into view render at their real size; the
 * scroll event of a pin that landed short is not at the bottom, yet it moved down, and only a
 * move up ends following. Scroll anchoring is off while following (class `following`), so a
 * row above changing size cannot move the view up either: only the user does that (wheel,
 * keys, scrollbar, find, focus). Reaching the bottom again turns following back on.
 */
import type { ThreadEntry } from '../src/thread/types.js';
import type { Announcer } from './a11y.js';
import { h } from './dom.js';
import { t } from './l10n.js';
import { FrameScheduler } from './frame.js';
import { createRowView } from './rows/createRow.js';
import type { RowContext, RowView } from './rows/rowView.js';
import type { RowDelta, StoreListener } from './store.js';
import type { ViewStateStore } from './viewState.js';
import type { MessageActions } from './rows/messageActions.js';

interface Dirty {
  entry: ThreadEntry;
  delta: RowDelta;
  live: boolean;
}

const BOTTOM_SLACK_PX = 40;

export class ThreadView implements StoreListener {
  // A log is a live region by default; streamed text would be read out chunk by chunk, so it is
  // switched off here and the Announcer speaks finished turns instead.
  readonly el = h('div', { class: 'thread', attrs: { role: 'log', 'aria-live': 'off', 'aria-label': t('Conversation'), tabindex: '0' } });
  private readonly views = new Map<string, RowView>();
  private readonly dirty = new Map<string, Dirty>();
  private readonly scheduler = new FrameScheduler((deadline) => this.drawUntil(deadline));
  private readonly ctx: RowContext;
  private liveNow = false;
  /** Where the user was before a reload; applied once the snapshot is fully drawn. */
  private restoreScroll: { scrollTop: number; atBottom: boolean } | undefined;
  private follow = true;
  private lastTop = 0;
  private readonly resizes = new ResizeObserver(() => {
    if (this.follow && !this.restoreScroll) this.scrollToBottom();
  });
  /**
   * A row asked for by `reveal`: kept in view while the rows around it are still being drawn
   * (they change height), or waiting for the snapshot that holds it.
   */
  private revealTarget: string | undefined;
  /** Called after each drawing pass (e.g. to tell tests or the benchmark that work finished). */
  onDrawn: (() => void) | undefined;

  constructor(private readonly viewState: ViewStateStore, announcer: Announcer, private readonly onDesync: (reason: string) => void) {
    this.ctx = { viewState, announcer, live: () => this.liveNow };
    this.el.addEventListener('scroll', () => this.onScroll(), { passive: true });
    this.setFollow(true);
  }

  private onScroll(): void {
    const top = this.el.scrollTop;
    if (this.isAtBottom()) this.setFollow(true);
    else if (top < this.lastTop) this.setFollow(false);
    this.lastTop = top;
    this.viewState.update({ scrollTop: top, atBottom: this.follow });
  }

  private setFollow(follow: boolean): void {
    this.follow = follow;
    this.el.classList.toggle('following', follow);
  }

  /** Message buttons (fork, edit and resend) follow these facts (set once by the page). */
  setMessageActions(actions: MessageActions): void {
    this.ctx.messageActions = actions;
  }

  /**
   * Scrolls to a row and highlights it for a moment (a thread search hit). A row not drawn yet
   * (a long thread is drawn bottom first over several frames) is drawn at once; one not in the
   * thread yet is revealed when a snapshot brings it.
   */
  reveal(entryId: string): void {
    this.revealTarget = entryId;
    const view = this.views.get(entryId);
    if (!view) return;
    const pending = this.dirty.get(entryId);
    if (pending) {
      this.dirty.delete(entryId);
      this.draw(entryId, pending);
    }
    // The user asked for this row: neither the saved scroll position nor following the bottom wins.
    this.restoreScroll = undefined;
    this.setFollow(false);
    this.scrollToTarget();
    view.el.classList.remove('revealed');
    void view.el.offsetWidth; // restart the highlight when the same row is revealed again
    view.el.classList.add('revealed');
    view.el.addEventListener('animationend', () => view.el.classList.remove('revealed'), { once: true });
    this.ctx.announcer.say(t('Showing the matching message'));
    if (this.dirty.size === 0) this.revealTarget = undefined;
  }

  private scrollToTarget(): void {
    const el = this.revealTarget ? this.views.get(this.revealTarget)?.el : undefined;
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    this.lastTop = this.el.scrollTop;
    this.viewState.update({ scrollTop: this.lastTop, atBottom: false });
  }

  reset(entries: readonly ThreadEntry[]): void {
    this.views.clear();
    this.dirty.clear();
    this.resizes.disconnect();
    this.liveNow = false;
    const els: HTMLElement[] = [];
    for (const entry of entries) {
      const view = createRowView(entry, this.ctx);
      this.views.set(entry.id, view);
      this.resizes.observe(view.el);
      els.push(view.el);
    }
    this.el.replaceChildren(...els);
    // History rows are all followed by something except the last (thoughts start folded).
    for (let i = 0; i < entries.length - 1; i++) this.views.get(entries[i]!.id)?.followed?.();
    // Newest first: the bottom of the thread is what the user sees.
    for (let i = entries.length - 1; i >= 0; i--) this.dirty.set(entries[i]!.id, { entry: entries[i]!, delta: { kind: 'full' }, live: false });
    // Captured now: drawing over several frames scrolls, and those scroll events rewrite the view state.
    const saved = this.viewState.get();
    this.restoreScroll = this.restoreScroll ?? { scrollTop: saved.scrollTop, atBottom: saved.atBottom };
    this.scheduler.request();
    // A reveal that came before its thread: this snapshot may hold the row.
    const target = this.revealTarget;
    this.revealTarget = undefined;
    if (target && this.views.has(target)) this.reveal(target);
  }

  inserted(index: number, entry: ThreadEntry): void {
    this.liveNow = true;
    const view = createRowView(entry, this.ctx);
    const before = this.el.children[index] ?? null;
    this.el.insertBefore(view.el, before);
    this.views.set(entry.id, view);
    this.resizes.observe(view.el);
    const prevId = (view.el.previousElementSibling as HTMLElement | null)?.dataset.entryId;
    if (prevId) this.views.get(prevId)?.followed?.();
    this.dirty.set(entry.id, { entry, delta: { kind: 'full' }, live: true });
    this.scheduler.request();
  }

  changed(entry: ThreadEntry, delta: RowDelta): void {
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
    return this.dirty.size;
  }

  private drawUntil(deadline: number): boolean {
    const follow = this.follow || this.isAtBottom();
    for (const [id, d] of this.dirty) {
      this.dirty.delete(id);
      this.draw(id, d);
      if (performance.now() > deadline) break;
    }
    const more = this.dirty.size > 0;
    if (this.revealTarget && this.views.has(this.revealTarget)) {
      // Rows drawn around the revealed one change its place: keep it in view until all are drawn.
      this.scrollToTarget();
      if (!more) this.revealTarget = undefined;
    } else if (this.restoreScroll && !more) {
      const saved = this.restoreScroll;
      this.restoreScroll = undefined;
      if (saved.atBottom) this.scrollToBottom();
      else {
        this.el.scrollTop = saved.scrollTop;
        this.lastTop = this.el.scrollTop;
        this.setFollow(this.isAtBottom());
      }
    } else if (follow && !this.restoreScroll) {
      this.scrollToBottom();
    }
    this.onDrawn?.();
    return more;
  }

  private draw(id: string, d: Dirty): void {
    let view = this.views.get(id);
    if (!view) return;
    if (view.el.dataset.entryType !== d.entry.type) {
      // An id that changed kind is a new row as far as the DOM is concerned.
      const fresh = createRowView(d.entry, this.ctx);
      view.el.replaceWith(fresh.el);
      this.resizes.unobserve(view.el);
      this.resizes.observe(fresh.el);
      this.views.set(id, fresh);
      view = fresh;
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

  private isAtBottom(): boolean {
    return this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight < BOTTOM_SLACK_PX;
  }

  private scrollToBottom(): void {
    this.el.scrollTop = this.el.scrollHeight;
    this.setFollow(true);
  }
}
