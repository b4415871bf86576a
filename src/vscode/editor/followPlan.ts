/**
 * "Follow the agent": which tool-call locations to open in the editor, and when (no `vscode`
 * import, unit-tested; followAgent.ts does the opening).
 *
 * - Only locations the thread has not had before: a tool call's location is followed once,
 *   when it first appears (a later update that names another file or line is new again).
 * - Only files inside the workspace roots: an agent pointing at `/etc/passwd` or a path outside
 *   the project does not get it opened.
 * - Bursts are coalesced: at most one reveal per `gapMs`, and the latest location wins, so a
 *   tool call streaming ten locations opens one editor, not ten.
 * - While the user types in the composer, reveals wait until they pause (`typingQuietMs` after
 *   the last keystroke). The editor is always opened without taking the focus, so typing never
 *   loses a key either way; waiting also keeps the editor from jumping around while the user
 *   writes, and the latest location is still shown once they stop.
 */
import * as path from 'node:path';
import type { ToolCallLocation } from '../../protocol/events.js';
import type { RowChange, ThreadEntry } from '../../thread/types.js';

/** A location to reveal: an absolute path and, when the agent gave one, a 1-based line. */
export interface FollowTarget {
  path: string;
  line?: number;
}

/** The locations of one thread's tool calls that were seen already. */
export class LocationWatch {
  private seen = new Set<string>();

  /** Forgets everything and takes `entries` as already seen (a thread just shown: its past is not followed). */
  reset(entries: readonly ThreadEntry[]): void {
    this.seen = new Set();
    for (const entry of entries) if (entry.type === 'tool_call') for (const l of entry.locations) this.seen.add(key(entry.toolCallId, l));
  }

  /** The locations `changes` bring that were not seen before, inside `roots`, in order. */
  take(changes: readonly RowChange[], roots: readonly string[]): FollowTarget[] {
    const out: FollowTarget[] = [];
    for (const change of changes) {
      if (change.op === 'append' || change.entry.type !== 'tool_call') continue;
      const { toolCallId, locations } = change.entry;
      for (const location of locations) {
        const k = key(toolCallId, location);
        if (this.seen.has(k)) continue;
        this.seen.add(k);
        if (insideRoots(location.path, roots)) out.push(targetOf(location));
      }
    }
    return out;
  }
}

function key(toolCallId: string, location: ToolCallLocation): string {
  return `${toolCallId}\n${location.path}\n${location.line ?? ''}`;
}

function targetOf(location: ToolCallLocation): FollowTarget {
  const line = location.line;
  return typeof line === 'number' && Number.isInteger(line) && line > 0 ? { path: location.path, line } : { path: location.path };
}

/** `filePath` is absolute and, read as written (no file system), inside one of `roots`. */
export function insideRoots(filePath: string, roots: readonly string[], paths: Pick<typeof path, 'isAbsolute' | 'relative' | 'sep'> = path): boolean {
  if (!filePath || !paths.isAbsolute(filePath)) return false;
  return roots.some((root) => {
    const rel = paths.relative(root, filePath);
    return rel !== '' && rel !== '..' && !rel.startsWith(`..${paths.sep}`) && !paths.isAbsolute(rel);
  });
}

/** Timers, so tests can drive time. */
export interface FollowClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: FollowClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface CoalesceTimes {
  /** The least time between two reveals. */
  gapMs: number;
  /** How long after the last keystroke in the composer a reveal waits. */
  typingQuietMs: number;
}

export const FOLLOW_TIMES: CoalesceTimes = { gapMs: 150, typingQuietMs: 1000 };

/** Hands targets to `reveal` no more often than `gapMs`, the latest one winning, and not while the user types. */
export class RevealCoalescer<T> {
  private pending: T | undefined;
  private timer: unknown;
  private lastReveal = Number.NEGATIVE_INFINITY;
  private lastTyped = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly reveal: (target: T) => void,
    private readonly clock: FollowClock = realClock,
    private readonly times: CoalesceTimes = FOLLOW_TIMES,
  ) {}

  offer(target: T): void {
    this.pending = target;
    this.schedule();
  }

  /** A keystroke in the composer: a waiting reveal waits longer. */
  typed(): void {
    this.lastTyped = this.clock.now();
  }

  /** Drops what waits (follow turned off, another thread shown). */
  clear(): void {
    this.pending = undefined;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private wait(): number {
    const now = this.clock.now();
    return Math.max(0, this.lastReveal + this.times.gapMs - now, this.lastTyped + this.times.typingQuietMs - now);
  }

  private schedule(): void {
    // A timer on its way re-reads the wait when it fires; the target it reveals is the latest.
    if (this.timer !== undefined) return;
    this.timer = this.clock.setTimeout(() => this.fire(), this.wait());
  }

  private fire(): void {
    this.timer = undefined;
    if (this.pending === undefined) return;
    const wait = this.wait();
    if (wait > 0) {
      this.timer = this.clock.setTimeout(() => this.fire(), wait);
      return;
    }
    const target = this.pending;
    this.pending = undefined;
    this.lastReveal = this.clock.now();
    this.reveal(target);
  }
}
