/**
 * Wire benchmark: N `agent_message_chunk` notifications from a child process (the same bytes
 * from the same program for every row), consumed by each pipeline in turn over several rounds,
 * after one warm-up round that is not counted; the order alternates (forward, then backward)
 * so no pipeline always runs first or last. Best and median are reported side by side.
 *
 * Absolute rates depend on the machine and its load; the ratios taken in one run are what the
 * goals are about, judged on medians: the product's own path (AgentClient → session routing →
 * normalize → ThreadModel) ≥ 2.5× the official SDK client and ≥ 85% of the floor (split the
 * child's chunks on newlines and JSON.parse each line); a median below either makes
 * `npm run bench` exit non-zero. The other rows are references without a goal: the floor keeping
 * each chunk's text (which the floor drops and a chat must keep), the transport alone, the path
 * without the session layers, and vscode-jsonrpc's own dispatch (one message
 * per event-loop turn, which caps throughput; the product dispatches session/update itself,
 * `syncNotifications` in transport.ts).
 *
 * Env: BENCH_COUNT (default 100000), BENCH_ROUNDS (default 5: on a shared machine one round in
 * three or four is slow for every pipeline alike, and with three rounds that one round can be a
 * pipeline's median).
 */
import { cpus, loadavg } from 'node:os';
import {
  loadSinkLabel,
  measure,
  productPath,
  rawKeepingText,
  rawLoop,
  sdkClient,
  shortcutQueued,
  shortcutSync,
  transportQueued,
  transportSync,
} from './pipelines.js';
import type { Pipeline } from './pipelines.js';
import { fmtRate, fmtRatio, median, table } from './stats.js';

const PIPELINES: Pipeline[] = [rawLoop, rawKeepingText, transportQueued, transportSync, shortcutQueued, shortcutSync, productPath, sdkClient];
/** The product's path against the official SDK client. */
const SDK_GOAL = 2.5;
/** The product's path against the parse floor (the performance issue's goal). */
const RAW_GOAL = 0.85;

const load = (): string => loadavg().map((l) => l.toFixed(1)).join(' ');

export async function run(): Promise<void> {
  const count = Number(process.env.BENCH_COUNT ?? 100_000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const sink = await loadSinkLabel();
  console.log(`wire: ${count.toLocaleString('en-US')} session/update agent_message_chunk from a child process, 1 warm-up + ${rounds} rounds`);
  console.log(`the product's path ends in: ${sink}`);
  console.log(`node ${process.version}, ${cpus().length} cores, load average ${load()}\n`);

  const rates = new Map<Pipeline, number[]>(PIPELINES.map((p) => [p, []]));
  const cpu = new Map<Pipeline, number[]>(PIPELINES.map((p) => [p, []]));
  const faults = new Map<Pipeline, number[]>(PIPELINES.map((p) => [p, []]));
  let bytes = 0;
  for (let round = -1; round < rounds; round++) {
    const order = round % 2 === 0 ? PIPELINES : [...PIPELINES].reverse();
    for (const p of order) {
      const m = await measure(p, count);
      if (m.messages !== count) throw new Error(`${p.name}: handled ${m.messages} of ${count}`);
      bytes = m.bytes;
      if (round >= 0) {
        rates.get(p)!.push((m.messages / m.ms) * 1000);
        if (m.cpuUsPerMessage !== undefined) cpu.get(p)!.push(m.cpuUsPerMessage);
        faults.get(p)!.push(m.pageFaultsPerK);
      }
      process.stdout.write(round >= 0 ? '.' : 'w');
    }
  }
  process.stdout.write(`\n(${(bytes / count).toFixed(0)} bytes per message; load average now ${load()})\n\n`);

  const best = (p: Pipeline) => Math.max(...rates.get(p)!);
  const mid = (p: Pipeline) => median(rates.get(p)!);
  const percent = (v: number) => `${(v * 100).toFixed(0)}%`;
  const cpuMid = (p: Pipeline) => (cpu.get(p)!.length === rounds ? median(cpu.get(p)!) : undefined);
  const rows = [['pipeline', 'median', 'best', 'µs/msg (median)', 'of raw (median)', 'of raw (best)', 'own CPU µs/msg (median)', 'of raw', 'page faults / 1k msgs (median)']];
  for (const p of PIPELINES) {
    const c = cpuMid(p);
    const c0 = cpuMid(rawLoop);
    rows.push([
      p.name, fmtRate(mid(p)), fmtRate(best(p)), (1e6 / mid(p)).toFixed(2), percent(mid(p) / mid(rawLoop)), percent(best(p) / best(rawLoop)),
      c === undefined ? '–' : c.toFixed(2), c === undefined || c0 === undefined ? '–' : percent(c0 / c), median(faults.get(p)!).toFixed(0),
    ]);
  }
  console.log(table(rows));
  console.log('(own CPU: this process\'s main thread from the first message to the last; a reference beside the wall-clock rates the goals are judged on)');
  console.log('(page faults: memory touched for the first time in that span; keeping the text means promoting it into fresh old-generation pages, which the floor never does)');

  // Ratios of medians (machines are noisy; a best alone flatters), each with the ratio of bests beside it.
  const ratio = (a: Pipeline, b: Pipeline) => ({ median: mid(a) / mid(b), best: best(a) / best(b) });
  const vsSdk = ratio(productPath, sdkClient);
  const vsRaw = ratio(productPath, rawLoop);
  const goal = (value: number, target: number, show: (v: number) => string) => `goal ≥ ${show(target)}: ${value >= target ? 'meets' : 'BELOW'}`;
  const reference = (label: string, a: Pipeline, b: Pipeline, show: (v: number) => string = fmtRatio) => [label, show(ratio(a, b).median), show(ratio(a, b).best), 'reference, no goal'];
  console.log('\n' + table([
    ['ratio', 'median', 'best', ''],
    ['the product\'s path / official SDK client', fmtRatio(vsSdk.median), fmtRatio(vsSdk.best), goal(vsSdk.median, SDK_GOAL, fmtRatio)],
    ['the product\'s path / raw split + JSON.parse', percent(vsRaw.median), percent(vsRaw.best), goal(vsRaw.median, RAW_GOAL, percent)],
    reference('the product\'s path / raw split + JSON.parse, keeping the text', productPath, rawKeepingText, percent),
    reference('raw, keeping the text / raw split + JSON.parse', rawKeepingText, rawLoop, percent),
    reference('the product\'s path / the same without session layers', productPath, shortcutSync),
    reference('not used by the product: vscode-jsonrpc dispatch, no session layers / SDK', shortcutQueued, sdkClient),
    reference('transport sync / vscode-jsonrpc dispatch', transportSync, transportQueued),
  ]));
  if (vsSdk.median < SDK_GOAL || vsRaw.median < RAW_GOAL) process.exitCode = 1;
}
