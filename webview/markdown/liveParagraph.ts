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
 * A line break ends the arrangement: a blank line after it ends the paragraph as shown (it is
 * frozen where it is); any other next line may turn it into something else (a heading, a table, a
 * longer paragraph), and then the tail is rendered whole again, as before.
 */
import { renderParagraphPiece } from './render.js';

/** The rest is re-rendered per chunk; past this much a settled prefix of it is frozen. */
export const FREEZE_CHARS = 4_000;
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

  private constructor(private readonly p: HTMLElement, tail: string) {
    this.rest = tail;
    this.restNodes = Array.from(p.childNodes);
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
    return this.show(this.rest) ? 'grew' : 'rerender';
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
      for (const node of piece.nodes) this.p.insertBefore(node, at);
      this.p.insertBefore(document.createTextNode(' '), at);
      this.rest = rest.slice(cut + 1);
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
    this.p.append(...piece.nodes);
    this.restNodes = piece.nodes;
    return true;
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
