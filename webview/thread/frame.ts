/**
 * Coalesces DOM work into one pass per animation frame. A timer backs the frame request up,
 * because a webview that is not painting (hidden, occluded) may not get frames for a while and
 * the work would otherwise pile up.
 */
export class FrameScheduler {
  private raf: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `work` returns true when it stopped early and wants another frame. */
  constructor(private readonly work: (deadline: number) => boolean, private readonly budgetMs = 12) {}

  request(): void {
    if (this.raf !== undefined) return;
    this.raf = requestAnimationFrame(() => this.run());
    this.timer = setTimeout(() => this.run(), 200);
  }

  /** Runs all pending work now, ignoring the budget (tests and benchmarks). */
  flushNow(): void {
    this.cancel();
    this.work(Infinity);
  }

  private run(): void {
    this.cancel();
    if (this.work(performance.now() + this.budgetMs)) this.request();
  }

  private cancel(): void {
    if (this.raf !== undefined) cancelAnimationFrame(this.raf);
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.raf = undefined;
    this.timer = undefined;
  }
}
