/**
 * An open paragraph that is the whole tail of a streamed message and has no line break yet. A
 * tail is re-rendered on every chunk; a paragraph of a megabyte on one line would make each
 * chunk cost the whole paragraph. Instead, once the unsettled rest grows past FREEZE_CHARS, its
 * settled prefix is frozen: rendered once, its inline nodes kept in the paragraph, and only the
 * short rest after it re-rendered per chunk.
 *
 * A prefix is cut at a seam — one space between a character that is neither space nor backslash
 * and a letter — and only when its inline text left nothing open (inlineSettled.ts). There the
 * two sides render on their own exactly as they do together: the space is a text node between
 * them, a letter starts no block, and every inline construct that crosses a space (emphasis, code
 * span, link) is closed on the left. All pieces sit inline in the one `<p>`, so no seam shows.
 *
 * The browser lays out a paragraph's lines as a whole whenever any of it changes, so the frozen
 * part is also cut into runs (`span.md-run`, display: block) of about RUN_CHARS, each cut where the
 * browser already starts a new line: the lines are the ones the paragraph has whole, and a chunk
 * lays out only the last run. When a frozen run changes size (the width or the font changed, so the
 * lines would fall elsewhere), all runs are merged back into one.
 *
 * A line break ends the arrangement: a blank line after it ends the paragraph as shown (it is
 * frozen where it is); any other next line may turn it into something else (a heading, a table, a
 * longer paragraph), and then the tail is rendered whole again, as before.
 */
import { renderParagraphPiece } from './render.js';
import { h } from '../dom.js';

/** The rest is re-rendered per chunk; past this much a settled prefix of it is frozen. */
export const FREEZE_CHARS = 4_000;
/** Frozen text in the last run before it is cut (at a line start) into a run of its own. */
export const RUN_CHARS = 16_000;
/** How many spaces a cut looks at for a line start before it waits for more text. */
const LINE_START_TRIES = 400;
const LINE_BREAK = /[\r\n]/;
/** A line break, then a blank line: the paragraph is over. */
const ENDED = /^(?:\r\n?|\n)[ \t]*(?:\r\n?|\n)/;
/** A line break with nothing after it yet (but spaces): undecided. */
const WAITING = /^(?:\r\n?|\n)[ \t]*$/;
/** A reference definition would start so (and only renders once complete): not taken on. */
const MAYBE_DEFINITION = /^ {0,3}\[/;

export type ParagraphGrowth = 'grew' | 'rerender' | { ended: string };

export class LiveParagraph {
  /** Text after the frozen pieces (the whole tail until the first freeze). */
  private rest: string;
  /** The rest's nodes, at the end of the paragraph. */
  private restNodes: Node[];
  /** Rest length at the last freeze that found no settled prefix: the next try waits for more text. */
  private tried = 0;
  /** The last run: frozen pieces, then the rest. */
  private run: HTMLElement;
  /** Frozen characters in the last run. */
  private runChars = 0;
  private observer: ResizeObserver | null = null;
  private readonly sizes = new WeakMap<Element, string>();

  private constructor(private readonly p: HTMLElement, tail: string) {
    this.rest = tail;
    this.restNodes = Array.from(p.childNodes);
    this.run = h('span', { class: 'md-run' });
    this.run.append(...this.restNodes);
    p.append(this.run);
  }

  /** Takes over `rendered` (the tail's render) when the tail is one long paragraph on one line. */
  static start(tail: string, rendered: DocumentFragment): LiveParagraph | null {
    if (tail.length < FREEZE_CHARS || LINE_BREAK.test(tail) || MAYBE_DEFINITION.test(tail)) return null;
    const p = rendered.firstElementChild;
    if (!(p instanceof HTMLElement) || p.tagName !== 'P' || rendered.childElementCount !== 1) return null;
    return new LiveParagraph(p, tail);
  }

  append(text: string): void {
    this.rest += text;
  }

  /**
   * Shows the text appended since the last call: 'grew' when the paragraph took it, `ended` (with
   * the text after the blank line) when the paragraph is over as shown, 'rerender' when the tail
   * must be rendered whole again.
   */
  update(): ParagraphGrowth {
    const rest = this.rest;
    const nl = rest.search(LINE_BREAK);
    if (nl >= 0) {
      const after = rest.slice(nl);
      const ended = ENDED.exec(after);
      if (!ended && !WAITING.test(after)) return 'rerender';
      if (!this.show(rest.slice(0, nl))) return 'rerender';
      return ended ? { ended: after.slice(ended[0].length) } : 'grew';
    }
    if (rest.length - this.tried >= FREEZE_CHARS) this.freezePrefix();
    if (!this.show(this.rest)) return 'rerender';
    if (this.runChars >= RUN_CHARS && this.p.isConnected) this.cutRun();
    return 'grew';
  }

  /** Freezes the longest settled prefix it finds (trying the last seam, then one near the middle). */
  private freezePrefix(): void {
    const rest = this.rest;
    for (const from of [rest.length - 1, rest.length >> 1]) {
      const cut = seamBefore(rest, from);
      if (cut <= 0) continue;
      const piece = renderParagraphPiece(rest.slice(0, cut));
      if (!piece?.settled) continue;
      const at = this.restNodes[0] ?? null;
      for (const node of piece.nodes) this.run.insertBefore(node, at);
      this.run.insertBefore(document.createTextNode(' '), at);
      this.rest = rest.slice(cut + 1);
      this.runChars += cut + 1;
      this.tried = 0;
      return;
    }
    this.tried = rest.length;
  }

  /** Replaces the rest's nodes with `text` rendered; false when it is not a plain paragraph piece. */
  private show(text: string): boolean {
    const piece = text ? renderParagraphPiece(text) : { nodes: [], settled: true };
    if (!piece) return false;
    for (const node of this.restNodes) node.parentNode?.removeChild(node);
    this.run.append(...piece.nodes);
    this.restNodes = piece.nodes;
    return true;
  }

  /**
   * Cuts the last run where a line starts in its frozen part (a space between two words that the
   * browser broke the line at), the rest moving to a new last run. Reads the layout: the caller's
   * frame lays out anyway. No line start found among the last spaces: tried again later.
   */
  private cutRun(): void {
    this.runChars = 0;
    const frozenEnd = this.restNodes[0] ?? null;
    const texts: Text[] = [];
    for (let n = this.run.firstChild; n && n !== frozenEnd; n = n.nextSibling) if (n instanceof Text && n.length > 2) texts.push(n);
    const range = document.createRange();
    const rect = (node: Text, i: number) => {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      return range.getBoundingClientRect();
    };
    let tries = 0;
    for (let k = texts.length - 1; k >= 0 && tries < LINE_START_TRIES; k--) {
      const text = texts[k]!;
      const s = text.data;
      for (let j = s.lastIndexOf(' ', s.length - 2); j > 0 && tries < LINE_START_TRIES; j = s.lastIndexOf(' ', j - 1)) {
        if (/\s/.test(s[j - 1]!) || /\s/.test(s[j + 1]!)) continue;
        tries++;
        const before = rect(text, j - 1);
        const after = rect(text, j + 1);
        if (after.top < before.bottom - 1 || after.left >= before.left) continue;
        const next = h('span', { class: 'md-run' });
        for (let n: ChildNode | null = text.splitText(j + 1); n; ) {
          const following: ChildNode | null = n.nextSibling;
          next.append(n);
          n = following;
        }
        this.run.after(next);
        this.watch(this.run);
        this.run = next;
        return;
      }
    }
  }

  /** A frozen run that changes size means its lines moved: the runs are merged back into one. */
  private watch(run: HTMLElement): void {
    this.observer ??= new ResizeObserver((entries) => {
      for (const entry of entries) {
        const size = `${entry.contentRect.width}x${entry.contentRect.height}`;
        const was = this.sizes.get(entry.target);
        this.sizes.set(entry.target, size);
        if (was !== undefined && was !== size) return this.merge();
      }
    });
    this.observer.observe(run);
  }

  private merge(): void {
    this.observer?.disconnect();
    this.observer = null;
    const runs = Array.from(this.p.children).filter((el) => el !== this.run);
    this.run.prepend(...runs.flatMap((el) => Array.from(el.childNodes)));
    for (const el of runs) el.remove();
  }
}

/** The last seam at or before `from`: a single space after a non-space, non-backslash character and before a letter; -1 if none. */
function seamBefore(text: string, from: number): number {
  for (let i = text.lastIndexOf(' ', from); i > 0; i = text.lastIndexOf(' ', i - 1)) {
    const before = text[i - 1]!;
    if (before === ' ' || before === '\\' || /\s/.test(before)) continue;
    if (/\p{L}/u.test(text[i + 1] ?? '')) return i;
  }
  return -1;
}
