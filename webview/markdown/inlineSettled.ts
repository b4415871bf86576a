/**
 * Whether a paragraph's inline text, as markdown-it just parsed it, left something open that
 * text appended after it could still close: an emphasis or strikethrough opener with no closer,
 * a backtick run with no matching run, a `[` with no `]`, or a link destination `](…` not yet
 * closed. When nothing is open, appending " " and more text never changes how the text before
 * it renders — which lets a streamed paragraph freeze its settled part (liveParagraph.ts).
 *
 * Conservative on purpose: an answer of "open" only costs a later retry.
 */
import type { StateInline } from 'markdown-it';

/** Runs after markdown-it's `balance_pairs` (delimiters paired, text tokens not yet merged). */
export function leavesOpen(state: StateInline): boolean {
  // An opener with no closer can still be closed later, unless it lies inside a matched pair
  // (markdown-it's closers skip over a matched pair: what is inside is out of reach).
  let pairedUpTo = -1;
  const delimiters = state.delimiters;
  for (let i = 0; i < delimiters.length; i++) {
    const d = delimiters[i]!;
    if (!d.open) continue;
    if (d.end >= 0) pairedUpTo = Math.max(pairedUpTo, d.end);
    else if (i > pairedUpTo) return true;
  }
  // Literal text (escapes are separate `text_special` tokens, code spans `code_inline`).
  let brackets = 0;
  let parens = 0;
  let afterBracket = false;
  for (const token of state.tokens) {
    if (token.type !== 'text') continue;
    const text = token.content;
    if (text.includes('`')) return true;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (parens > 0) {
        if (ch === '(') parens++;
        else if (ch === ')') parens--;
      } else if (ch === '[') brackets++;
      else if (ch === ']') {
        if (brackets > 0) brackets--;
        afterBracket = true;
        continue;
      } else if (ch === '(' && afterBracket) parens = 1;
      afterBracket = false;
    }
  }
  return brackets > 0 || parens > 0;
}
