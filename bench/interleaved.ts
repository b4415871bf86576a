/**
 * The wire goals measured interleaved: every pipeline reads the same block of the generator's
 * output in turn, and each one's CPU time for it is taken, so the machine's slow and fast spells
 * fall on all of them alike.
 *
 * Why: on a shared machine the CPU's speed drifts over seconds (a fixed 21 ms loop measured from
 * 21 to 33 ms on an idle machine here), and rows measured one after another over ~0.3 s each
 * swing with it — a row's median of 5 rounds moved from 54% to 111% of its reference between
 * runs; interleaved, the same ratio moved between 76% and 89%. Here each generator is paced
 * (generator.ts `--paced`): it writes one block of lines per SIGUSR2. Per block, in an order that
 * rotates, each pipeline is sent its signal and the CPU time is taken from the signal until it
 * has handled the block and anything it deferred has run (the row batcher posts within 8 ms: a
 * 12 ms wait after the last message).
 * The time is the whole process's (all threads: the scavenger's helpers count), which is why a
 * message costs more here than in the rows' main-thread column.
 * Blocks are summed per window of WINDOW blocks (so the costs that come every few blocks —
 * scavenges, the batcher's posts — are in every window), and a ratio is the median over
 * windows of the two pipelines' sums; the first window warms up and is not counted.
 *
 * The pipelines are the rows of the wire table themselves: the same code, child processes and
 * pipes; only the pacing differs (a block and a pause, where the rows stream flat out).
 */
import type { Pipeline, Running } from './pipelines.js';
import { median } from './stats.js';

/**
 * Lines per block: ~540 KB, several reads of a pipe back to back, so what a read or a batch costs
 * once is spread as in a flat stream (with 200-line blocks it was a third of the floor's time).
 */
export const PACED_LINES = 2000;
/** Blocks per window. */
const WINDOW = 5;
/** Long enough for the row batcher's timer (≤ 8 ms) to post what a block left. */
const SETTLE_MS = 12;

export interface Interleaved {
  /** Per pipeline: its CPU time per message, median over windows (µs). */
  usPerMessage: number[];
  /** `ratio(a, b)`: a's rate against b's (b's time / a's), per window, the median. */
  ratio(a: number, b: number): number;
  windows: number;
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * This process's CPU time, all its threads (ms): getrusage, exact to the microsecond for a
 * thread still running, where the scheduler's per-thread count (child.ts threadCpuMs) can lag a
 * tick behind — as long as a block's work, here.
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export async function interleaved(pipelines: readonly Pipeline[], count: number): Promise<Interleaved> {
  const handled = pipelines.map(() => 0);
  const reached: Array<{ target: number; resolve: () => void } | undefined> = pipelines.map(() => undefined);
  const running: Running[] = [];
  const pids: number[] = [];
  for (let i = 0; i < pipelines.length; i++) {
    const run = await pipelines[i]!.start(count, (n = 1) => {
      handled[i]! += n;
      const waiting = reached[i];
      if (waiting && handled[i]! >= waiting.target) {
        reached[i] = undefined;
        waiting.resolve();
      }
    }, PACED_LINES);
    running.push(run);
    pids.push(await run.feed.paced);
  }
  const blocks = Math.ceil(count / PACED_LINES);
  const cpu = pipelines.map(() => [] as number[]);
  for (let b = 0; b < blocks; b++) {
    const lines = Math.min(PACED_LINES, count - b * PACED_LINES);
    for (let k = 0; k < pipelines.length; k++) {
      const i = (b + k) % pipelines.length;
      const done = new Promise<void>((resolve) => (reached[i] = { target: handled[i]! + lines, resolve }));
      const before = cpuMs();
      process.kill(pids[i]!, 'SIGUSR2');
      await done;
      await wait(SETTLE_MS);
      cpu[i]!.push(cpuMs() - before);
    }
  }
  for (const run of running) await run.stop();

  // Windows of WINDOW blocks, the first left out (warm-up).
  const sums = cpu.map((perBlock) => {
    const out: number[] = [];
    for (let w = WINDOW; w + WINDOW <= perBlock.length; w += WINDOW) out.push(perBlock.slice(w, w + WINDOW).reduce((a, x) => a + x, 0));
    return out;
  });
  const messagesPerWindow = WINDOW * PACED_LINES;
  return {
    usPerMessage: sums.map((s) => (median(s) * 1000) / messagesPerWindow),
    ratio: (a, b) => median(sums[a]!.map((x, w) => sums[b]![w]! / x)),
    windows: sums[0]!.length,
  };
}
