/**
 * What the user did to one thread's rows (folds opened or closed, forms half filled in), kept
 * per thread: row ids start again at `e1` in every thread, so one thread's choices must never
 * reach another's rows of the same id. Threads are named by the host (the tab's `threadKey`,
 * the same across window reloads); the least recently shown are forgotten first.
 */

export interface ThreadMemory {
  /** Keyed `${entryId}:${part}`; true = open, false = closed by the user. */
  expanded: Record<string, boolean>;
  /** What the user typed into open elicitation forms, keyed by entry id. */
  forms: Record<string, Record<string, unknown>>;
  /** When the thread was last shown (a count, larger = later): the oldest go first. */
  used: number;
  /** Where the user had scrolled when another thread was shown instead (absent: at the bottom). */
  scroll?: ThreadScroll;
}

/** A position in a thread away from its bottom, as viewState.ts keeps the shown thread's. */
export interface ThreadScroll {
  scrollTop: number;
  anchorId?: string;
  anchorOffset?: number;
}

/** Threads remembered at most (as many as tabs come back after a reload; setState has a size budget). */
export const MAX_THREADS_REMEMBERED = 20;

export function emptyMemory(used = 0): ThreadMemory {
  return { expanded: {}, forms: {}, used };
}

/** The thread's memory holds nothing worth keeping once it is not shown. */
export function isEmpty(m: ThreadMemory): boolean {
  return Object.keys(m.expanded).length === 0 && Object.keys(m.forms).length === 0 && m.scroll === undefined;
}

/** Keeps `shown` and the most recently shown others that hold something, at most MAX_THREADS_REMEMBERED in all. */
export function pruneThreads(threads: Readonly<Record<string, ThreadMemory>>, shown: string): Record<string, ThreadMemory> {
  const others = Object.entries(threads)
    .filter(([key, m]) => key !== shown && !isEmpty(m))
    .sort(([, a], [, b]) => b.used - a.used)
    .slice(0, MAX_THREADS_REMEMBERED - 1);
  const kept = Object.fromEntries(others);
  if (threads[shown]) kept[shown] = threads[shown];
  return kept;
}

/** The saved threads, leaving out anything that is not one (another build, hand edits). */
export function parseThreads(raw: unknown): Record<string, ThreadMemory> {
  if (!isRecord(raw)) return {};
  const threads: Record<string, ThreadMemory> = {};
  for (const [key, m] of Object.entries(raw)) {
    if (!isRecord(m)) continue;
    threads[key] = {
      expanded: isRecord(m.expanded) ? { ...(m.expanded as Record<string, boolean>) } : {},
      forms: isRecord(m.forms) ? { ...(m.forms as Record<string, Record<string, unknown>>) } : {},
      used: typeof m.used === 'number' ? m.used : 0,
    };
    const scroll = parseScroll(m.scroll);
    if (scroll) threads[key]!.scroll = scroll;
  }
  return threads;
}

function parseScroll(raw: unknown): ThreadScroll | undefined {
  if (!isRecord(raw) || typeof raw.scrollTop !== 'number') return undefined;
  return {
    scrollTop: raw.scrollTop,
    ...(typeof raw.anchorId === 'string' ? { anchorId: raw.anchorId } : {}),
    ...(typeof raw.anchorOffset === 'number' ? { anchorOffset: raw.anchorOffset } : {}),
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
