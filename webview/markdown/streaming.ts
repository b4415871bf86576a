/**
 * A Markdown view that grows. Finished blocks are rendered once and frozen; only the open tail
 * block is re-rendered when text arrives, so streaming cost per chunk does not grow with the
 * message. An open code fence is not re-rendered at all: its lines are appended as text. The full text is kept only as a rope (string concatenation) and never re-read while
 * appending.
 */
import { closesFence, leadingFence, scanBlocks, type Fence } from './split.js';
import { renderMarkdown } from './render.js';
import { h } from '../dom.js';

/** Frozen text is rendered in groups of about this size: fewer, larger renders on a snapshot. */
const GROUP_CHARS = 16_000;
/**
 * Frozen chunks are filed into pages, pages into volumes, this many to each: every level skips
 * layout while off screen (content-visibility) and no element gets thousands of children, so a
 * huge message costs about the same per chunk at its end as at its start.
 */
const FANOUT = 32;

/**
 * An open fence's lines go into parts of about this size: each part is its own block, so the
 * browser re-lays out only the last part as lines arrive, not the whole growing code block.
 */
const PART_CHARS = 4_000;

/** Text markdown-it rewrites inside code (CR, NUL): a fence holding any is re-rendered instead of grown. */
const REWRITTEN = /[\r\0]/;

/**
 * An open column-0 fence that is the whole tail: its code element grows by text nodes, and only
 * new lines are checked for the closing fence, so a long code block costs per chunk what the
 * chunk costs. It is rendered (and highlighted) properly once, when it closes and is frozen.
 */
interface LiveFence {
  fence: Fence;
  code: HTMLElement;
  /** Where complete lines go: the code element, then (past PART_CHARS) block parts inside it. */
  sink: HTMLElement;
  sinkChars: number;
  /** Tail offset up to which complete lines are shown and checked. */
  shown: number;
  /** The last, unfinished line: replaced as it grows. */
  partial: Text;
}

export class StreamingMarkdown {
  readonly el: HTMLDivElement;
  private readonly frozenEl: HTMLDivElement;
  private readonly tailEl: HTMLDivElement;
  /** Everything received, for comparing a full update with what is shown. */
  private source = '';
  /** Text after the last frozen block. */
  private tail = '';
  private dirty = false;
  private live: LiveFence | null = null;

  constructor(className = 'md') {
    this.frozenEl = h('div', { class: 'md-frozen' });
    this.tailEl = h('div', { class: 'md-tail' });
    this.el = h('div', { class: className }, [this.frozenEl, this.tailEl]);
  }

  append(text: string): void {
    if (!text) return;
    this.source += text;
    this.tail += text;
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
    this.frozenEl.replaceChildren();
    this.tailEl.replaceChildren();
    this.append(text);
    this.dirty = true;
  }

  /** Draws pending text: freezes blocks that became final, re-renders the tail. */
  render(): void {
    if (!this.dirty) return;
    this.dirty = false;
    if (this.live && this.growLiveFence(this.live)) return;
    this.live = null;
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
    this.tailEl.replaceChildren(fragment ?? '');
  }

  /** Takes over the code element of a tail that is one open fence; null when the tail is anything else. */
  private startLiveFence(fragment: DocumentFragment): LiveFence | null {
    const lead = leadingFence(this.tail);
    if (!lead || REWRITTEN.test(this.tail)) return null;
    const codes = fragment.querySelectorAll('pre > code');
    const code = codes[0] as HTMLElement | undefined;
    const content = this.tail.slice(lead.end);
    if (codes.length !== 1 || !code || code.textContent !== content) return null;
    const shown = this.tail.lastIndexOf('\n') + 1;
    const partial = document.createTextNode(this.tail.slice(shown));
    code.replaceChildren(this.tail.slice(lead.end, shown), partial);
    return { fence: lead.fence, code, sink: code, sinkChars: shown - lead.end, shown, partial };
  }

  /** Appends the new text to the open fence; false when it closed (or needs a real render). */
  private growLiveFence(live: LiveFence): boolean {
    const t = this.tail;
    if (REWRITTEN.test(t.slice(live.shown))) return false;
    const end = t.lastIndexOf('\n') + 1;
    // markdown-it also closes a fence on a last line without its newline: render that as a one-shot would.
    if (closesFence(t.slice(end), live.fence)) return false;
    for (let pos = live.shown; pos < end; ) {
      const nl = t.indexOf('\n', pos);
      if (closesFence(t.slice(pos, nl), live.fence)) return false;
      pos = nl + 1;
    }
    if (end > live.shown) {
      if (live.sinkChars >= PART_CHARS) {
        // Parts end on a line break, and a block's last line break draws no empty line: the text looks the same.
        live.sink = h('div', { class: 'md-code-part' });
        live.code.append(live.sink);
        live.sink.append(live.partial);
        live.sinkChars = 0;
      }
      live.sink.insertBefore(document.createTextNode(t.slice(live.shown, end)), live.partial);
      live.sinkChars += end - live.shown;
      live.shown = end;
    }
    const rest = t.slice(end);
    if (live.partial.data !== rest) live.partial.data = rest;
    return true;
  }

  private freeze(text: string): void {
    const chunk = h('div', { class: 'md-chunk' });
    chunk.append(renderMarkdown(text, { highlight: true }));
    let volume = this.frozenEl.lastElementChild;
    let page = volume?.lastElementChild;
    if (!volume || !page || page.childElementCount >= FANOUT) {
      if (!volume || volume.childElementCount >= FANOUT) {
        volume = h('div', { class: 'md-volume' });
        this.frozenEl.append(volume);
      }
      page = h('div', { class: 'md-page' });
      volume.append(page);
    }
    page.append(chunk);
  }

  text(): string {
    return this.source;
  }
}
