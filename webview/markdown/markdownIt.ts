/**
 * The one markdown-it the webview renders with (no DOM here, so node tests use the same one).
 *
 * Two additions let a streamed paragraph be rendered in pieces (liveParagraph.ts):
 * - a check after `balance_pairs` of whether the paragraph's inline text left a construct open
 *   (inlineSettled.ts), read with settledCheck();
 * - linkify decides per text token only. markdown-it first tests a paragraph's whole text and
 *   skips linkifying it when that finds no link, though a single text token of it may hold one
 *   (a link-like run after a backtick, say): then whether that run became a link depended on links
 *   elsewhere in the paragraph, so a piece could render differently alone than in the whole.
 */
import MarkdownIt from 'markdown-it';
import { leavesOpen } from './inlineSettled.js';

export const md = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });

let checking = false;
let settled = true;
md.inline.ruler2.after('balance_pairs', 'settled_check', (state) => {
  if (checking && leavesOpen(state)) settled = false;
});

/** Runs `render` and says whether every paragraph it parsed left nothing open. */
export function settledCheck<T>(render: () => T): { result: T; settled: boolean } {
  checking = true;
  settled = true;
  try {
    return { result: render(), settled };
  } finally {
    checking = false;
  }
}

const linkify = md.linkify;
const test = linkify.test.bind(linkify);
const match = linkify.match.bind(linkify);
/** Block texts whose whole-text test fails although one of their text tokens holds a link. */
const gateOpen = new Set<string>();
md.core.ruler.before('linkify', 'linkify_per_token', (state) => {
  gateOpen.clear();
  for (const block of state.tokens) {
    if (block.type !== 'inline' || test(block.content)) continue;
    if (block.children?.some((t) => t.type === 'text' && test(t.content))) gateOpen.add(block.content);
  }
});
linkify.test = (text: string) => gateOpen.has(text) || test(text);
// A text token equal to an opened block text may have no link after all: no matches then.
linkify.match = (text: string) => match(text) ?? (gateOpen.has(text) ? [] : null);
