/**
 * The changes row of a running turn, kept current: every poke (a file event in a root) asks for
 * a refresh, and refreshes run one at a time with at least `gapMs` between the end of one and
 * the start of the next, so a burst of events (a formatter, `npm install`) costs one refresh a
 * second, not one per file. Free of `vscode` so it is tested with a real snapshot engine.
 */
import type { ChangedFile } from '../../protocol/events.js';

export interface LiveTurnChangesDeps {
  /** The files changed since the turn's snapshot, computed from the disk now. */
  compute(): Promise<ChangedFile[]>;
  publish(files: ChangedFile[]): void;
  /** Failures are reported, never thrown: a live refresh is a courtesy, the turn's end is the truth. */
  onError?(error: unknown): void;
  /** Waits `ms` (tests pass a controllable one). */
  wait?(ms: number): Promise<void>;
  gapMs?: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class LiveTurnChanges {
  private wanted = false;
  private running: Promise<void> | undefined;
  private stopped = false;
  private lastEnd = 0;
  /** Refreshes started (tests check the coalescing). */
  refreshes = 0;

  constructor(private readonly deps: LiveTurnChangesDeps) {}

  /** Something in the roots changed: refresh soon (coalesced with any pending refresh). */
  poke(): void {
    if (this.stopped) return;
    this.wanted = true;
    if (!this.running) this.running = this.loop().finally(() => { this.running = undefined; });
  }

  /** No more refreshes; resolves when the one in flight (if any) has finished and was dropped. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async loop(): Promise<void> {
    const gap = this.deps.gapMs ?? 1_000;
    const wait = this.deps.wait ?? sleep;
    while (this.wanted && !this.stopped) {
      const since = Date.now() - this.lastEnd;
      if (this.lastEnd && since < gap) await wait(gap - since);
      if (this.stopped) return;
      this.wanted = false;
      this.refreshes++;
      try {
        const files = await this.deps.compute();
        // The turn's end has its own, final answer: a refresh that finishes after stop() is dropped.
        if (!this.stopped) this.deps.publish(files);
      } catch (e) {
        this.deps.onError?.(e);
      }
      this.lastEnd = Date.now();
    }
  }
}
