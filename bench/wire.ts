/**
 * Wire benchmark: N `agent_message_chunk` notifications from a child process, consumed by
 * each pipeline in turn (interleaved over several rounds; best and median reported).
 *
 * Absolute rates depend on the machine and its load; the ratios taken in one run are what
 * the goals are about, as medians: the full pipeline ≥ 2.5× the official SDK client and ≥ 85% of
 * a raw split + JSON.parse loop; a median below either makes `npm run bench` exit non-zero. The
 * vscode-jsonrpc dispatch rows are references (the product dispatches session/update itself). The transport-only rows show where the time goes: vscode-jsonrpc
 * dispatches one message per event-loop turn, which caps throughput; the ordered synchronous
 * dispatch in transport.ts (`syncNotifications`) removes that cap.
 *
 * Env: BENCH_COUNT (default 100000), BENCH_ROUNDS (default 3).
 */
import { cpus, loadavg } from 'node:os';
import {
  fullQueued,
  fullSync,
  loadSinkLabel,
  measure,
  rawLoop,
  sdkClient,
  transportQueued,
  transportSync,
} from './pipelines.js';
import type { Pipeline } from './pipelines.js';
import { fmtRate, fmtRatio, median, table } from './stats.js';

const PIPELINES: Pipeline[] = [rawLoop, transportQueued, transportSync, fullQueued, fullSync, sdkClient];
/** The product's path against the official SDK client. */
const SDK_GOAL = 2.5;
/** The product's path against the parse floor (the performance issue's goal). */
const RAW_GOAL = 0.85;

export async function run(): Promise<void> {
  const count = Number(process.env.BENCH_COUNT ?? 100_000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const sink = await loadSinkLabel();
  console.log(`wire: ${count.toLocaleString('en-US')} session/update agent_message_chunk from a child process, ${rounds} rounds`);
  console.log(`full pipeline ends in: ${sink}`);
  console.log(`node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);

  const rates = new Map<Pipeline, number[]>(PIPELINES.map((p) => [p, []]));
  let bytes = 0;
  for (let round = 0; round < rounds; round++) {
    // Rotate the order so no pipeline always runs first (cold) or last.
    const order = PIPELINES.map((_, i) => PIPELINES[(i + round) % PIPELINES.length]!);
    for (const p of order) {
      const m = await measure(p, count);
      if (m.messages !== count) throw new Error(`${p.name}: handled ${m.messages} of ${count}`);
      bytes = m.bytes;
      rates.get(p)!.push((m.messages / m.ms) * 1000);
      process.stdout.write('.');
    }
  }
  process.stdout.write(`\n(${(bytes / count).toFixed(0)} bytes per message)\n\n`);

  const best = (p: Pipeline) => Math.max(...rates.get(p)!);
  const raw = best(rawLoop);
  const rows = [['pipeline', 'best', 'median', 'µs/msg', 'of raw']];
  for (const p of PIPELINES) {
    rows.push([p.name, fmtRate(best(p)), fmtRate(median(rates.get(p)!)), (1e6 / best(p)).toFixed(1), `${((best(p) / raw) * 100).toFixed(0)}%`]);
  }
  console.log(table(rows));

  // Ratios of medians (machines are noisy; a best alone flatters), each with the ratio of bests beside it.
  const ratio = (a: Pipeline, b: Pipeline) => ({ median: median(rates.get(a)!) / median(rates.get(b)!), best: best(a) / best(b) });
  const percent = (v: number) => `${(v * 100).toFixed(0)}%`;
  const vsSdk = ratio(fullSync, sdkClient);
  const vsRaw = ratio(fullSync, rawLoop);
  const goal = (value: number, target: number, show: (v: number) => string) => `goal ≥ ${show(target)}: ${value >= target ? 'meets' : 'BELOW'}`;
  console.log('\n' + table([
    ['ratio (the product\'s path: sync dispatch)', 'median', 'best', ''],
    ['full / official SDK client', fmtRatio(vsSdk.median), fmtRatio(vsSdk.best), goal(vsSdk.median, SDK_GOAL, fmtRatio)],
    ['full / raw split + JSON.parse', percent(vsRaw.median), percent(vsRaw.best), goal(vsRaw.median, RAW_GOAL, percent)],
    ['reference, not used by the product: full with vscode-jsonrpc dispatch / SDK', fmtRatio(ratio(fullQueued, sdkClient).median), fmtRatio(ratio(fullQueued, sdkClient).best), ''],
    ['reference: transport sync / vscode-jsonrpc dispatch', fmtRatio(ratio(transportSync, transportQueued).median), fmtRatio(ratio(transportSync, transportQueued).best), ''],
  ]));
  if (vsSdk.median < SDK_GOAL || vsRaw.median < RAW_GOAL) process.exitCode = 1;
}
