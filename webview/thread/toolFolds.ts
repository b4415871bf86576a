/**
 * Which tool calls fold into one line ("Read 12 files · searched 3 times"): runs of consecutive
 * rows that are finished, uneventful tool calls — a read, a search or a fetch that completed,
 * with nothing to show but text, no question asked of the user. A failed, waiting, running or
 * cancelled call, and one carrying a diff, a terminal or an image, is never folded: it breaks the
 * run and stays a card. Pure bookkeeping over a list of rows read by index: the thread view
 * (threadFolds.ts) and a subagent card's rows (rows/nested/nestedRows.ts) each keep one, say
 * where rows were inserted or changed, and redraw the rows whose part in a fold changed. A
 * fold's open state is view state, kept under its first row (`<id>:fold`).
 */
import type { ToolKind } from '../../src/protocol/events.js';
import type { ThreadEntry, ToolCallEntry } from '../../src/thread/types.js';
import type { ViewStateStore } from '../viewState.js';

/**
 * Three, not two: the line stands in for its cards at the price of a click to see them, and for
 * two short cards that price buys little room; one card is its own best summary. From three on
 * the line saves room and tells the story at a glance.
 */
export const MIN_FOLD_RUN = 3;
/**
 * A longer run is several folds of this many: a long thread keeps only the rows near the view in
 * the DOM (threadWindow.ts), and a line every hundred rows at most keeps the hidden rows it
 * takes along to find something to show bounded.
 */
export const MAX_FOLD_RUN = 100;

export type FoldKind = 'read' | 'search' | 'fetch';
const FOLD_KINDS: ReadonlySet<ToolKind> = new Set<ToolKind>(['read', 'search', 'fetch']);

export interface FoldRun {
  /** The first row's id: the line is drawn there and the open state kept under it. */
  readonly head: string;
  readonly ids: readonly string[];
  /** Calls of each kind in the run, for the line's words. */
  readonly counts: Readonly<Record<FoldKind, number>>;
}

/** What the rows of a fold ask of it: their run, whether it is open, and opening it. */
export interface FoldLookup {
  run(id: string): FoldRun | undefined;
  isOpen(run: FoldRun): boolean;
  setOpen(run: FoldRun, open: boolean): void;
}

/** The rows a fold list reads (by index, as the thread has them now). */
export interface FoldRows {
  readonly count: number;
  entryAt(index: number): ThreadEntry | undefined;
}

let foldOn = true;

/** `agentChat.foldToolCalls` as the snapshot says (before its rows are drawn). */
export function setFoldToolCalls(on: boolean): void {
  foldOn = on;
}

/** Finished and nothing in it the user needs to see without asking. */
export function foldable(entry: ThreadEntry | undefined): entry is ToolCallEntry {
  if (!foldOn || entry?.type !== 'tool_call' || entry.status !== 'completed' || !FOLD_KINDS.has(entry.kind)) return false;
  // A question the user answered, a card of the agent's own making or a disk that disagrees is part of the story.
  if (entry.permission || (entry.permissionOutcome && !entry.autoApproved) || entry.orphan || entry.consultation || entry.diskDiffers?.length) return false;
  return entry.content.every((item) => item.type === 'content' && (item.content.type === 'text' || item.content.type === 'resource_link' || item.content.type === 'resource'));
}

export class ToolFolds implements FoldLookup {
  /** Each folded row's run, by row id. */
  private readonly runs = new Map<string, FoldRun>();
  /** Rows foldable when last seen: a change that does not flip this cannot change a fold. */
  private readonly foldableIds = new Set<string>();

  constructor(
    private readonly rows: FoldRows,
    private readonly viewState: ViewStateStore,
    /** Rows (by index) whose part in a fold changed because a fold was opened or closed. */
    private readonly toggled: (indexes: number[]) => void,
  ) {}

  run(id: string): FoldRun | undefined {
    return this.runs.get(id);
  }

  isOpen(run: FoldRun): boolean {
    return this.viewState.isExpanded(`${run.head}:fold`) === true;
  }

  /** A row of a closed fold other than its first: nothing of it is drawn. */
  hidden(id: string): boolean {
    const run = this.runs.get(id);
    return !!run && run.head !== id && !this.isOpen(run);
  }

  setOpen(run: FoldRun, open: boolean): void {
    if (this.isOpen(run) === open) return;
    this.viewState.setExpanded(`${run.head}:fold`, open);
    const first = this.indexOf(run.head);
    if (first >= 0) this.toggled(run.ids.map((_, k) => first + k));
  }

  /** Every run found afresh (a new thread); returns the indexes of the rows in a fold. */
  reset(): number[] {
    this.runs.clear();
    this.foldableIds.clear();
    return this.refold(0, this.rows.count);
  }

  /** Row `index` was inserted: returns the indexes of rows whose part in a fold changed. */
  inserted(index: number): number[] {
    return this.around(index);
  }

  /** A row changed; `indexOf` finds it, asked only when its foldability flipped. */
  changed(entry: ThreadEntry, indexOf: () => number): number[] {
    if (foldable(entry) === this.foldableIds.has(entry.id)) return [];
    const index = indexOf();
    return index < 0 ? [] : this.around(index);
  }

  private around(index: number): number[] {
    let from = index;
    let to = index + 1;
    while (from > 0 && foldable(this.rows.entryAt(from - 1))) from--;
    while (to < this.rows.count && foldable(this.rows.entryAt(to))) to++;
    return this.refold(from, to);
  }

  /** Finds the runs among rows [from, to) again; returns the indexes whose run or line changed. */
  private refold(from: number, to: number): number[] {
    const changed: number[] = [];
    let i = from;
    while (i < to) {
      const entry = this.rows.entryAt(i);
      if (!foldable(entry)) {
        this.foldableIds.delete(entry?.id ?? '');
        if (entry && this.runs.delete(entry.id)) changed.push(i);
        i++;
        continue;
      }
      let end = i;
      while (end < to && foldable(this.rows.entryAt(end))) end++;
      for (let start = i; start < end; start += MAX_FOLD_RUN) this.place(start, Math.min(end, start + MAX_FOLD_RUN), changed);
      i = end;
    }
    return changed;
  }

  /** Rows [start, end) are one run of foldable rows (folded when long enough). */
  private place(start: number, end: number, changed: number[]): void {
    const entries: ToolCallEntry[] = [];
    for (let i = start; i < end; i++) entries.push(this.rows.entryAt(i) as ToolCallEntry);
    const fold = entries.length >= MIN_FOLD_RUN ? newRun(entries) : undefined;
    entries.forEach((entry, k) => {
      this.foldableIds.add(entry.id);
      const before = this.runs.get(entry.id);
      if (fold) this.runs.set(entry.id, fold);
      else this.runs.delete(entry.id);
      if (part(entry.id, before) !== part(entry.id, fold)) changed.push(start + k);
    });
  }

  private indexOf(id: string): number {
    for (let i = 0; i < this.rows.count; i++) if (this.rows.entryAt(i)?.id === id) return i;
    return -1;
  }
}

function newRun(entries: ToolCallEntry[]): FoldRun {
  const counts: Record<FoldKind, number> = { read: 0, search: 0, fetch: 0 };
  for (const e of entries) counts[e.kind as FoldKind]++;
  return { head: entries[0]!.id, ids: entries.map((e) => e.id), counts };
}

/** What a row shows of its fold: nothing, a hidden card of run `head`, or the line with its counts. */
function part(id: string, run: FoldRun | undefined): string {
  if (!run) return '';
  return run.head === id ? `line:${run.counts.read}:${run.counts.search}:${run.counts.fetch}` : `in:${run.head}`;
}
