/**
 * Highlighting of long code blocks in idle time, a piece of about PIECE_CHARS per step, so a
 * block that closes while streaming shows as plain text at once and gains its colours a few ms
 * at a time instead of in one task of tens of ms. A block waiting here has the class `hl-pending`.
 *
 * A piece is highlighted on its own only when it ends outside any multi-line construct (comment,
 * string…); otherwise the next step highlights it again with the lines after it, so the colours
 * equal highlighting the block whole (unless one construct runs on past MAX_PIECE_CHARS). The
 * result is written into the block's parts (codeParts.ts), a span that runs across a part's end
 * continued in the next part, so each step changes (and costs the layout of) one or two parts.
 * A block replaced before its turn (a re-rendered tail) is skipped.
 */
import { highlightPiece } from './highlight.js';
import { highlightTokens, type Token } from './hljsDom.js';

export const PENDING_CLASS = 'hl-pending';
const PIECE_CHARS = 1_500;
/**
 * A piece that still ends inside a construct is written anyway once this long, so one step stays
 * a few tens of ms at most: a comment or string longer than this may then be coloured from the
 * language's top level after the cut (plain text at worst), not as part of the construct.
 */
const MAX_PIECE_CHARS = 4 * PIECE_CHARS;
/** Below this much idle time left, stop and wait for the next idle period. */
const MIN_IDLE_MS = 4;
/**
 * At most this long per callback even when the browser offers more (an idle period can be
 * 50 ms): input arriving meanwhile should not wait for a long block to finish.
 */
const BUDGET_MS = 8;

/** One part of the code element: its text range and the plain text nodes not yet replaced. */
interface Part {
  el: HTMLElement;
  start: number;
  end: number;
  plain: Text[];
  /** Where highlighted nodes go once no plain text is left (the first part div, for the leading part). */
  anchor: Node | null;
}

interface Job {
  code: HTMLElement;
  language: string;
  text: string;
  parts: Part[] | null;
  /** Text written so far, and the end of the piece to try next. */
  done: number;
  tryEnd: number;
}

const queue: Job[] = [];
let scheduled = false;

export function queueHighlight(code: HTMLElement, language: string): void {
  code.classList.add(PENDING_CLASS);
  queue.push({ code, language, text: '', parts: null, done: 0, tryEnd: 0 });
  schedule();
}

/** Blocks still waiting (tests). */
export function pendingHighlights(): number {
  return queue.length;
}

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  // The timeout keeps colours coming when the page is never idle (a long busy stream); each
  // step is one piece, a few ms.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 300 });
  else setTimeout(() => run({ didTimeout: true, timeRemaining: () => 0 }), 50);
}

function run(deadline: IdleDeadline): void {
  scheduled = false;
  const stop = performance.now() + BUDGET_MS;
  do {
    const job = queue[0];
    if (!job) break;
    if (!job.code.isConnected || step(job)) queue.shift();
  } while (deadline.timeRemaining() > MIN_IDLE_MS && performance.now() < stop);
  schedule();
}

/** Highlights the next piece (or the last one again, longer); true when the block is done. */
function step(job: Job): boolean {
  if (!job.parts) {
    job.parts = partsOf(job.code);
    if (!job.parts) return finish(job);
    job.text = job.code.textContent ?? '';
    job.tryEnd = PIECE_CHARS;
  }
  const end = lineEnd(job.text, job.tryEnd);
  const { html, closed } = highlightPiece(job.text.slice(job.done, end), job.language);
  job.tryEnd = end + PIECE_CHARS;
  if (!closed && end < job.text.length && end - job.done < MAX_PIECE_CHARS) return false;
  write(job, highlightTokens(html) ?? [{ text: job.text.slice(job.done, end) }]);
  job.done = end;
  return end >= job.text.length && finish(job);
}

function finish(job: Job): true {
  job.code.classList.remove(PENDING_CLASS);
  return true;
}

/** The end of the line `at` falls in (the whole text when there is no line break after it). */
function lineEnd(text: string, at: number): number {
  if (at >= text.length) return text.length;
  const nl = text.indexOf('\n', Math.max(0, at - 1));
  return nl < 0 ? text.length : nl + 1;
}

/** The code element's parts as plain text; null when it holds anything else. */
function partsOf(code: HTMLElement): Part[] | null {
  const lead: Part = { el: code, start: 0, end: 0, plain: [], anchor: null };
  const parts = [lead];
  for (const node of Array.from(code.childNodes)) {
    if (node instanceof Text) {
      if (parts.length > 1) return null;
      lead.plain.push(node);
      lead.end += node.length;
    } else if (node instanceof HTMLElement && node.classList.contains('md-code-part')) {
      lead.anchor ??= node;
      const start = parts[parts.length - 1]!.end;
      const plain = Array.from(node.childNodes);
      if (!plain.every((n): n is Text => n instanceof Text)) return null;
      parts.push({ el: node, start, end: start + (node.textContent ?? '').length, plain, anchor: null });
    } else return null;
  }
  return parts;
}

/** Writes a highlighted piece (starting at job.done) into the parts it covers, replacing their plain text. */
function write(job: Job, tokens: Token[]): void {
  const parts = job.parts!;
  let k = parts.findIndex((p) => p.end > job.done);
  if (k < 0) return;
  let pos = job.done;
  let frag = document.createDocumentFragment();
  const open: HTMLElement[] = [];
  const target = () => open[open.length - 1] ?? frag;
  const flush = () => {
    const part = parts[k]!;
    part.el.insertBefore(frag, part.plain[0] ?? part.anchor);
    consume(part, pos - Math.max(part.start, job.done));
  };
  for (const token of tokens) {
    if ('open' in token) {
      const span = document.createElement('span');
      span.className = token.open;
      target().append(span);
      open.push(span);
    } else if ('close' in token) {
      open.pop();
    } else {
      let text = token.text;
      while (text) {
        const room = parts[k]!.end - pos;
        const here = text.slice(0, room);
        if (here) target().append(here);
        pos += here.length;
        text = text.slice(here.length);
        if (!text) break;
        // The part is full: close it and continue the open spans in the next one.
        flush();
        k++;
        frag = document.createDocumentFragment();
        const classes = open.map((s) => s.className);
        open.length = 0;
        for (const cls of classes) {
          const span = document.createElement('span');
          span.className = cls;
          target().append(span);
          open.push(span);
        }
      }
    }
  }
  flush();
}

/** Drops `n` characters of plain text from the front of a part (they were just written highlighted). */
function consume(part: Part, n: number): void {
  let left = n;
  while (left > 0 && part.plain.length) {
    const node = part.plain[0]!;
    if (node.length <= left) {
      left -= node.length;
      node.remove();
      part.plain.shift();
    } else {
      node.deleteData(0, left);
      left = 0;
    }
  }
}
