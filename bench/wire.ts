/**
 * Wire benchmark: N `agent_message_chunk` notifications from a child process, consumed by
 * each pipeline in turn (interleaved over several rounds; best and median reported).
 *
 * Absolute rates depend on the machine and its load; the ratios taken in one run are what
 * the targets are about: the full pipeline ≥ 2.5× the official SDK client and ≥ 25% of a raw
 * split + JSON.parse loop. The transport-only rows show where the time goes: vscode-jsonrpc
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

  const sdk = best(sdkClient);
  const check = (label: string, value: number, target: number, show: string) =>
    [label, show, value >= target ? 'meets target' : 'BELOW target'];
  console.log('\n' + table([
    ['ratio', 'value', ''],
    check('full (sync dispatch) / SDK client   (target ≥ 2.5×)', best(fullSync) / sdk, 2.5, fmtRatio(best(fullSync) / sdk)),
    check('full (sync dispatch) / raw loop     (target ≥ 25%)', best(fullSync) / raw, 0.25, `${((best(fullSync) / raw) * 100).toFixed(0)}%`),
    check('full (vscode-jsonrpc dispatch) / SDK client', best(fullQueued) / sdk, 2.5, fmtRatio(best(fullQueued) / sdk)),
    check('full (vscode-jsonrpc dispatch) / raw loop', best(fullQueued) / raw, 0.25, `${((best(fullQueued) / raw) * 100).toFixed(0)}%`),
    ['transport sync / transport vscode-jsonrpc dispatch', fmtRatio(best(transportSync) / best(transportQueued)), ''],
  ]));
}
