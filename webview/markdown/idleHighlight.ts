/**
 * Highlighting of long code blocks in idle time, one part (codeParts.ts) per step, so a block
 * that closes while streaming shows as plain text at once and gains its colours a few ms at a
 * time instead of in one task of tens of ms. A block waiting here has the class `hl-pending`.
 *
 * Pieces are highlighted on their own while each ends outside any multi-line construct; when one
 * does not, it is highlighted again together with the next, so the result equals highlighting
 * the block whole. A block replaced before its turn (a re-rendered tail) is skipped.
 */
import { codePieces } from './codeParts.js';
import { highlightPiece } from './highlight.js';
import { highlightedFragment } from './hljsDom.js';

export const PENDING_CLASS = 'hl-pending';

interface Job {
  code: HTMLElement;
  language: string;
  pieces: Array<{ nodes: Node[]; text: string }> | null;
  next: number;
  /** Pieces read but not yet written (their text is highlighted together). */
  from: number;
}

const queue: Job[] = [];
let scheduled = false;
/** Below this much idle time left, stop and wait for the next idle period. */
const MIN_IDLE_MS = 4;
/**
 * At most this long per callback even when the browser offers more (an idle period can be
 * 50 ms): input arriving meanwhile should not wait for a long block to finish.
 */
const BUDGET_MS = 8;

export function queueHighlight(code: HTMLElement, language: string): void {
  code.classList.add(PENDING_CLASS);
  queue.push({ code, language, pieces: null, next: 0, from: 0 });
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
  // step is one part, a few ms.
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

/** Highlights the next piece (with any before it still open); true when the block is done. */
function step(job: Job): boolean {
  job.pieces ??= codePieces(job.code);
  const pieces = job.pieces;
  const last = job.next === pieces.length - 1;
  const text = pieces.slice(job.from, job.next + 1).map((p) => p.text).join('');
  const { html, closed } = highlightPiece(text, job.language);
  if (closed || last) {
    write(job.code, pieces.slice(job.from, job.next + 1), html);
    job.from = job.next + 1;
  }
  job.next++;
  if (!last) return false;
  job.code.classList.remove(PENDING_CLASS);
  return true;
}

/** Puts the highlighted HTML where the first of `pieces` was; the others (merged into it) go. */
function write(code: HTMLElement, pieces: Array<{ nodes: Node[] }>, html: string): void {
  const fragment = highlightedFragment(html);
  const [first, ...rest] = pieces;
  if (!first) return;
  const head = first.nodes[0];
  if (head instanceof HTMLElement) head.replaceChildren(fragment);
  else {
    // The leading text of the code element itself.
    code.insertBefore(fragment, head ?? code.firstChild);
    for (const n of first.nodes) n.parentNode?.removeChild(n);
  }
  for (const p of rest) for (const n of p.nodes) n.parentNode?.removeChild(n);
}
