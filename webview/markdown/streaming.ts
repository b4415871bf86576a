/**
 * A Markdown view that grows. Finished blocks are rendered once and frozen; only the open tail
 * block is re-rendered when text arrives, so streaming cost per chunk does not grow with the
 * message. The full text is kept only as a rope (string concatenation) and never re-read while
 * appending.
 */
import { scanBlocks } from './split.js';
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

export class StreamingMarkdown {
  readonly el: HTMLDivElement;
  private readonly frozenEl: HTMLDivElement;
  private readonly tailEl: HTMLDivElement;
  /** Everything received, for comparing a full update with what is shown. */
  private source = '';
  /** Text after the last frozen block. */
  private tail = '';
  private dirty = false;

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
    this.frozenEl.replaceChildren();
    this.tailEl.replaceChildren();
    this.append(text);
    this.dirty = true;
  }

  /** Draws pending text: freezes blocks that became final, re-renders the tail. */
  render(): void {
    if (!this.dirty) return;
    this.dirty = false;
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
    // A fence still open is re-rendered on every chunk: highlight it once it is complete.
    this.tailEl.replaceChildren(this.tail ? renderMarkdown(this.tail, { highlight: !openFence }) : '');
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
