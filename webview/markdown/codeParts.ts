/**
 * Long code is laid out in parts: each about PART_CHARS of whole lines, the first directly in the
 * code element, each later one a `div.md-code-part` inside it. The browser then re-lays out one
 * part when it changes (a streamed line arrives, a part gets highlighted), not the whole block.
 * A part ends with its line break, and a block's last line break draws no empty line, so the
 * text looks the same. Where parts end depends only on the text, so a fence grown while
 * streaming and the same fence rendered at once are the same DOM.
 */
import { h } from '../dom.js';

export const PART_CHARS = 4_000;

/** End of the part that starts at `start` (just after the first line break PART_CHARS or more on), or -1 while that line is incomplete. */
export function partEnd(text: string, start: number): number {
  const nl = text.indexOf('\n', start + PART_CHARS - 1);
  return nl < 0 ? -1 : nl + 1;
}

/** Offsets where `text` (a whole code block) is cut into parts; a part is only started when text follows. */
export function partCuts(text: string): number[] {
  const cuts: number[] = [];
  for (let at = partEnd(text, 0); at > 0 && at < text.length; at = partEnd(text, at)) cuts.push(at);
  return cuts;
}

/** Splits a plain-text code element into parts (no-op when short or already split). */
export function splitCode(code: HTMLElement): void {
  if (code.childElementCount > 0) return;
  const text = code.textContent ?? '';
  const cuts = partCuts(text);
  if (cuts.length === 0) return;
  const nodes: Node[] = [document.createTextNode(text.slice(0, cuts[0]))];
  cuts.forEach((at, i) => nodes.push(h('div', { class: 'md-code-part', text: text.slice(at, cuts[i + 1] ?? text.length) })));
  code.replaceChildren(...nodes);
}
