/**
 * A card that holds a thread of its own inside the thread: a head that says who works, how it
 * stands, what it does now and how much it did, and — once opened — that thread's rows drawn
 * with the thread's own row views (nestedRows.ts). Folded by default; the head is one button
 * (click, Enter or Space), its state remembered per card. Folded, the card has no inner rows in
 * the DOM and does not listen to them: only the head is kept up to date.
 *
 * Made to be reused: a subagent card (subagentCard.ts) gives it a head and a `RowSource`; any
 * other nested conversation can do the same.
 */
import { h, icon } from '../../dom.js';
import { t } from '../../l10n.js';
import type { RowSource, ScrollPlace } from '../../thread/childThreads.js';
import type { RowContext } from '../rowView.js';
import { NestedRows } from './nestedRows.js';

export type NestedTone = 'running' | 'waiting' | 'done' | 'failed' | 'stopped' | 'unknown';

export interface NestedCardHead {
  title: string;
  /** Said after the title, smaller: the kind of helper, its model. */
  meta?: string;
  /** Where the title comes from, in full (a tooltip): a longer description. */
  tooltip?: string;
  status: { label: string; tone: NestedTone };
  /** One line of what it does now. */
  now?: string;
  /** Short facts: "12 tool calls", "3 files changed". */
  counts: string[];
  /** At the end of the head, outside the fold button (a Stop button). */
  actions?: Array<HTMLElement | ''>;
  /** Under the head, always shown (a refusal to stop, a question waiting). */
  note?: HTMLElement | '';
  /**
   * Says what `actions` and `note` show: while it stays the same they are left in the DOM as they
   * are (a helper's head changes with every step it takes; its buttons seldom do).
   */
  partsKey?: string;
  /**
   * Builds `actions` and `note` (given in their place): called only when `partsKey` changed, so a
   * head redrawn at every step of a helper builds no buttons it would throw away.
   */
  parts?: () => Pick<NestedCardHead, 'actions' | 'note'>;
}

const TONE_ICON: Record<NestedTone, string> = {
  running: 'loading codicon-modifier-spin',
  waiting: 'bell-dot',
  done: 'pass',
  failed: 'error',
  stopped: 'debug-stop',
  unknown: 'question',
};

export class NestedCard {
  readonly el: HTMLElement;
  private readonly toggle: HTMLButtonElement;
  private readonly chevron = icon('chevron-right');
  private readonly titleEl = h('span', { class: 'nested-title' });
  private readonly metaEl = h('span', { class: 'nested-meta' });
  private readonly statusEl = h('span', { class: 'nested-status' });
  private readonly nowEl = h('div', { class: 'nested-now' });
  private readonly countsEl = h('span', { class: 'nested-counts' });
  private readonly actionsEl = h('span', { class: 'nested-actions' });
  private readonly noteEl = h('div', { class: 'nested-note' });
  private readonly bodyEl: HTMLElement;
  private inner: NestedRows | undefined;
  private release: (() => void) | undefined;
  private headTitle = '';
  /** What the head shows now, so a change touches only the parts that changed. */
  private shown: { tooltip?: string; meta?: string; status?: string; counts?: string; now?: string; partsKey?: string } = {};

  constructor(
    private readonly ctx: RowContext,
    /** View-state key of the card's open state (`<entry id>:open`). */
    private readonly openKey: string,
    private readonly source: () => RowSource,
    /** Where each card's inside was scrolled, by card. */
    private readonly scrollPlaces: Map<string, ScrollPlace>,
    cls: string,
    /** Told when the inside is shown and when it no longer is (its rows are sent only while it is): returns the release. */
    private readonly whileOpen?: () => () => void,
  ) {
    const bodyId = `nested-body-${openKey.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    this.toggle = h('button', {
      class: 'nested-toggle',
      attrs: { type: 'button', 'aria-expanded': 'false', 'aria-controls': bodyId },
    }, [this.chevron, this.titleEl, this.metaEl, this.statusEl, this.countsEl]);
    this.toggle.addEventListener('click', () => this.setOpen(!this.isOpen(), true));
    this.bodyEl = h('div', { class: 'nested-body', attrs: { id: bodyId } });
    const head = h('div', { class: 'nested-head' }, [this.toggle, this.actionsEl]);
    this.el = h('div', { class: `row nested-card ${cls}` }, [head, this.nowEl, this.noteEl, this.bodyEl]);
    if (ctx.viewState.isExpanded(openKey) === true) this.setOpen(true, false);
  }

  isOpen(): boolean {
    return this.inner !== undefined;
  }

  /** Shows `head`, touching only what changed: twenty helpers' heads change many times a second in a storm. */
  setHead(head: NestedCardHead): void {
    const was = this.shown;
    if (head.title !== this.headTitle) {
      this.headTitle = head.title;
      this.titleEl.textContent = head.title;
    }
    const tooltip = head.tooltip ?? head.title;
    if (tooltip !== was.tooltip) this.toggle.title = tooltip;
    if (head.meta !== was.meta) {
      this.metaEl.textContent = head.meta ?? '';
      this.metaEl.hidden = !head.meta;
    }
    const status = `${head.status.tone}\u0000${head.status.label}`;
    if (status !== was.status) {
      this.statusEl.className = `nested-status tone-${head.status.tone}`;
      this.statusEl.replaceChildren(icon(TONE_ICON[head.status.tone]), h('span', { text: head.status.label }));
      this.el.dataset.tone = head.status.tone;
    }
    const counts = head.counts.join(' · ');
    if (counts !== was.counts) this.countsEl.textContent = counts;
    if (head.now !== was.now) {
      this.nowEl.textContent = head.now ? t('now: {0}', head.now) : '';
      this.nowEl.hidden = !head.now;
    }
    if (head.partsKey === undefined || head.partsKey !== was.partsKey) {
      const { actions, note } = head.parts?.() ?? head;
      this.actionsEl.replaceChildren(...(actions ?? []).filter((a): a is HTMLElement => a !== ''));
      this.noteEl.replaceChildren(...(note ? [note] : []));
      this.noteEl.hidden = !note;
    }
    this.shown = { tooltip, ...(head.meta !== undefined ? { meta: head.meta } : {}), status, counts, ...(head.now !== undefined ? { now: head.now } : {}), ...(head.partsKey !== undefined ? { partsKey: head.partsKey } : {}) };
  }

  /** Opens or folds; `byUser`: remembered, and the inside takes the keyboard's place in reading order. */
  setOpen(open: boolean, byUser: boolean): void {
    if (byUser) this.ctx.viewState.setExpanded(this.openKey, open);
    if (open === this.isOpen()) return;
    this.toggle.setAttribute('aria-expanded', String(open));
    this.el.classList.toggle('open', open);
    this.chevron.className = `codicon codicon-${open ? 'chevron-down' : 'chevron-right'}`;
    if (!open) {
      this.inner!.dispose();
      this.inner = undefined;
      this.bodyEl.replaceChildren();
      this.stopWatching();
      return;
    }
    this.release = this.whileOpen?.();
    const key = this.openKey;
    this.inner = new NestedRows(this.source(), this.ctx, t('Inside {0}', this.headTitle || t('the card')), this.scrollPlaces.get(key), (place) => this.scrollPlaces.set(key, place));
    this.bodyEl.replaceChildren(this.inner.el);
    // Laid out once it is in the document; the card may be built before it is attached.
    requestAnimationFrame(() => this.inner?.placeScroll());
  }

  /** The card left the DOM (thread window, new snapshot): its inside stops listening. */
  detach(): void {
    this.inner?.dispose();
    this.inner = undefined;
    this.stopWatching();
  }

  private stopWatching(): void {
    this.release?.();
    this.release = undefined;
  }
}
