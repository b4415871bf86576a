/**
 * A Markdown view that grows. Finished blocks are rendered once and frozen; only the open tail
 * block is re-rendered when text arrives, so streaming cost per chunk does not grow with the
 * message. An open code fence is not re-rendered at all: its lines are appended as text, and
 * when it closes its DOM is kept as the frozen block (a long one is highlighted later, in idle
 * time). An open paragraph on one long line freezes its settled prefix inside its own `<p>`
 * and re-renders only the rest (liveParagraph.ts). The full text is kept only as a rope (string
 * concatenation) and never re-read while appending: an open fence or paragraph reads only the
 * text it has not shown yet.
 *
 * Frozen blocks sit in pages, pages in volumes; the tail is the last element of the last page,
 * so freezing the tail in place never moves laid-out DOM.
 */
import { closesFence, leadingFence, scanBlocks, type Fence } from './split.js';
import { renderMarkdown, tooLongNote } from './render.js';
import { PART_CHARS } from './codeParts.js';
import { MAX_HIGHLIGHT_CHARS, SYNC_HIGHLIGHT_CHARS, highlightable, tooLongToHighlight } from './highlight.js';
import { queueHighlight } from './idleHighlight.js';
import { LiveParagraph } from './liveParagraph.js';
import { h } from '../dom.js';

/** Frozen text is rendered in groups of about this size: fewer, larger renders on a snapshot. */
const GROUP_CHARS = 16_000;
/**
 * Frozen chunks are filed into pages, pages into volumes, this many to each: a full page or
 * volume is sealed and skips layout while off screen (content-visibility) and no element gets
 * thousands of children, so a huge message costs about the same per chunk at its end as at its
 * start. The open page and volume are never skipped: a skipped element that was never laid out
 * stands in at its placeholder size (600 / 6000 px) and shows no text until the next frame, so a
 * short message (a thought opened after it folded, a row redrawn from a snapshot) would flash a
 * 6000 px gap and read empty.
 */
const FANOUT = 32;

/** Text markdown-it rewrites inside code (CR, NUL): a fence holding any is re-rendered instead of grown. */
const REWRITTEN = /[\r\0]/;

/**
 * An open column-0 fence that is the whole tail: its code element grows by text nodes, in parts
 * (codeParts.ts), and only new lines are checked for the closing fence, so a long code block
 * costs per chunk what the chunk costs.
 */
interface LiveFence {
  fence: Fence;
  code: HTMLElement;
  /** Tail offset where the code starts. */
  start: number;
  /** Where complete lines go: the code element, then block parts inside it. */
  sink: HTMLElement;
  /** Tail offset where the sink's part starts, and whether that part is complete. */
  partStart: number;
  partFull: boolean;
  /** Tail offset up to which complete lines are shown and checked. */
  shown: number;
  /** The tail from `restAt` on: only this is read per chunk (slicing the whole tail would copy it). */
  rest: string;
  restAt: number;
  /** Whether the toolbar already says the block is too long to highlight. */
  noted: boolean;
  /** The last, unfinished line: replaced as it grows. */
  partial: Text;
}

type Growth = 'grew' | 'rerender' | { closeAt: number; cut: number };

export class StreamingMarkdown {
  readonly el: HTMLDivElement;
  private readonly pagesEl: HTMLDivElement;
  private tailEl: HTMLDivElement;
  /** Everything received, for comparing a full update with what is shown. */
  private source = '';
  /** Text after the last frozen block. */
  private tail = '';
  private dirty = false;
  private live: LiveFence | null = null;
  private para: LiveParagraph | null = null;

  constructor(className = 'md') {
    this.pagesEl = h('div', { class: 'md-pages' });
    this.tailEl = h('div', { class: 'md-tail' });
    this.newPage().append(this.tailEl);
    this.el = h('div', { class: className }, [this.pagesEl]);
  }

  append(text: string): void {
    if (!text) return;
    this.source += text;
    this.tail += text;
    if (this.live) this.live.rest += text;
    this.para?.append(text);
    this.dirty = true;
  }

  /** A full value: appends when it only grew, starts over otherwise. */
  setText(text: string): void {
    if (text.length >= this.source.length && text.startsWith(this.source)) {
      this.append(text.slice(this.source.length));
      return;
    }
    this.source = '';
    this.tail = '';
    this.live = null;
    this.para = null;
    this.pagesEl.replaceChildren();
    this.tailEl = h('div', { class: 'md-tail' });
    this.newPage().append(this.tailEl);
    this.append(text);
    this.dirty = true;
  }

  /** Draws pending text: freezes blocks that became final, re-renders the tail. */
  render(): void {
    if (!this.dirty) return;
    this.dirty = false;
    if (this.live) {
      const growth = this.growLiveFence(this.live);
      if (growth === 'grew') return;
      if (growth !== 'rerender') this.freezeLiveFence(this.live, growth.closeAt, growth.cut);
      this.live = null;
    }
    if (this.para) {
      const growth = this.para.update();
      if (growth === 'grew') return;
      // A paragraph ended by a blank line is final as shown: it stays where it is.
      if (growth !== 'rerender') {
        this.sealTail();
        this.tail = growth.ended;
      }
      this.para = null;
    }
    const { cuts, openFence } = scanBlocks(this.tail);
    if (cuts.length > 0) {
      let start = 0;
      for (let i = 0; i < cuts.length; i++) {
        const cut = cuts[i]!;
        if (cut - start < GROUP_CHARS && i < cuts.length - 1) continue;
        this.freeze(this.tail.slice(start, cut));
        start = cut;
      }
      this.tail = this.tail.slice(start);
    }
    // A fence still open is not highlighted: that happens once, when it is complete.
    const fragment = this.tail ? renderMarkdown(this.tail, { highlight: !openFence }) : null;
    if (fragment && openFence) this.live = this.startLiveFence(fragment);
    else if (fragment) this.para = LiveParagraph.start(this.tail, fragment);
    this.tailEl.replaceChildren(fragment ?? '');
  }

  text(): string {
    return this.source;
  }

  /** Takes over the code element of a tail that is one open fence; null when the tail is anything else. */
  private startLiveFence(fragment: DocumentFragment): LiveFence | null {
    const lead = leadingFence(this.tail);
    if (!lead || REWRITTEN.test(this.tail)) return null;
    const codes = fragment.querySelectorAll('pre > code');
    const code = codes[0] as HTMLElement | undefined;
    const content = this.tail.slice(lead.end);
    if (codes.length !== 1 || !code || code.textContent !== content) return null;
    const partial = document.createTextNode(this.tail.slice(this.tail.lastIndexOf('\n') + 1));
    code.replaceChildren(partial);
    const live: LiveFence = {
      fence: lead.fence, code, start: lead.end, sink: code, partStart: lead.end, partFull: false, shown: lead.end, partial,
      rest: this.tail.slice(lead.end), restAt: lead.end, noted: !!code.closest('.code-block')?.querySelector('.code-note'),
    };
    this.appendLines(live, this.tail.lastIndexOf('\n') + 1);
    return live;
  }

  /** Appends the new complete lines to the open fence, or says it closed (or needs a real render). */
  private growLiveFence(live: LiveFence): Growth {
    const r = live.rest;
    const at = live.restAt;
    if (REWRITTEN.test(r.slice(live.shown - at))) return 'rerender';
    const end = at + r.lastIndexOf('\n') + 1;
    for (let pos = live.shown; pos < end; ) {
      const nl = at + r.indexOf('\n', pos - at);
      if (closesFence(r.slice(pos - at, nl - at), live.fence)) return { closeAt: pos, cut: nl + 1 };
      pos = nl + 1;
    }
    const last = r.slice(end - at);
    // markdown-it also closes a fence on a last line without its newline. A short block is
    // rendered as a one-shot would (and highlighted); a long one, which would be one long task,
    // just stops showing that line — the same text as closed, and it stays open to more lines.
    const closing = closesFence(last, live.fence);
    if (closing && end - live.start <= MAX_HIGHLIGHT_CHARS) return 'rerender';
    this.appendLines(live, end);
    const shownPartial = closing ? '' : last;
    if (live.partial.data !== shownPartial) live.partial.data = shownPartial;
    live.rest = r.slice(live.shown - at);
    live.restAt = live.shown;
    if (!live.noted && tooLongToHighlight(live.shown - live.start, this.language(live))) {
      live.noted = true;
      live.code.closest('.code-block')?.querySelector('.code-lang')?.after(tooLongNote());
    }
    return 'grew';
  }

  /** Shows the tail's lines up to `upTo` (a line start), starting a new part where one is complete. */
  private appendLines(live: LiveFence, upTo: number): void {
    while (live.shown < upTo) {
      if (live.partFull) {
        live.sink = h('div', { class: 'md-code-part' });
        live.code.append(live.sink);
        live.sink.append(live.partial);
        live.partStart = live.shown;
        live.partFull = false;
      }
      // The part ends at the first line break PART_CHARS on (partEnd); none lies before `shown`.
      const from = Math.max(live.shown, live.partStart + PART_CHARS - 1) - live.restAt;
      const nl = live.rest.indexOf('\n', from);
      const end = nl < 0 ? -1 : live.restAt + nl + 1;
      const stop = end > 0 && end <= upTo ? end : upTo;
      live.sink.insertBefore(document.createTextNode(live.rest.slice(live.shown - live.restAt, stop - live.restAt)), live.partial);
      live.shown = stop;
      if (stop === end) live.partFull = true;
    }
  }

  private language(live: LiveFence): string {
    return /language-([\w#+.-]+)/.exec(live.code.className)?.[1] ?? '';
  }

  /**
   * A long fence that closed becomes a frozen block where it is: its DOM is already what
   * rendering it would give before highlighting (same parts), and rendering it again would lay
   * out the whole block at once. A short one is left to the normal render (highlighted at once).
   */
  private freezeLiveFence(live: LiveFence, closeAt: number, cut: number): void {
    const length = closeAt - live.start;
    if (length <= SYNC_HIGHLIGHT_CHARS) return;
    this.appendLines(live, closeAt);
    live.partial.remove();
    this.sealTail();
    this.tail = live.rest.slice(cut - live.restAt);
    const language = this.language(live);
    if (length <= MAX_HIGHLIGHT_CHARS && highlightable(live.code.textContent ?? '', language)) queueHighlight(live.code, language);
  }

  /** The tail's element, as it is, becomes a frozen block; a new empty tail follows it. */
  private sealTail(): void {
    const block = this.tailEl;
    block.className = 'md-chunk';
    const page = block.parentElement!;
    this.tailEl = h('div', { class: 'md-tail' });
    (page.childElementCount >= FANOUT ? this.newPage() : page).append(this.tailEl);
  }

  private freeze(text: string): void {
    const chunk = h('div', { class: 'md-chunk' });
    chunk.append(renderMarkdown(text, { highlight: true }));
    let page = this.tailEl.parentElement!;
    if (page.childElementCount > FANOUT) {
      // The tail moves on to a new page; it is emptied first, as render() refills it anyway.
      this.tailEl.replaceChildren();
      page = this.newPage();
      page.append(this.tailEl);
    }
    page.insertBefore(chunk, this.tailEl);
  }

  /** A new page at the end (in a new volume when the last is full); the ones it follows are sealed. */
  private newPage(): HTMLElement {
    let volume = this.pagesEl.lastElementChild;
    volume?.lastElementChild?.classList.add('sealed');
    if (!volume || volume.childElementCount >= FANOUT) {
      volume?.classList.add('sealed');
      volume = h('div', { class: 'md-volume' });
      this.pagesEl.append(volume);
    }
    const page = h('div', { class: 'md-page' });
    volume.append(page);
    return page;
  }
}
