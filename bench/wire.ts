/**
 * Wire benchmark: N `agent_message_chunk` notifications from a child process (the same bytes
 * from the same program for every row), consumed by each pipeline in turn over several rounds,
 * after one warm-up round that is not counted; the order alternates (forward, then backward)
 * so no pipeline always runs first or last. Best and median are reported side by side.
 *
 * Absolute rates depend on the machine and its load; the ratios taken in one run are what the
 * goals are about, judged on medians. The row with goals is the product as shipped (shipped.ts):
 * the product's path plus what the installed extension hangs on it — the protocol log's tap at
 * the default level, the tab list and its thread, the transcript recorder, the row batcher and
 * the message posted to the webview, serialised. Goals: ≥ 85% of the floor that keeps the text
 * (split the child's chunks on newlines, JSON.parse each line, keep each chunk's text) and
 * ≥ 5× the official SDK client; and the protocol log's tap alone (per message, default level,
 * each message tapped just after it was parsed, as the transport hands it over) ≤ 2% of the
 * floor's time per message (its own CPU time where Linux tells it). Every goal
 * prints meets or BELOW, and a BELOW makes `npm run bench` exit non-zero. The other rows are
 * references without a goal: the floor (split + JSON.parse, keeping nothing), the product's path
 * without the shipped extras (AgentClient → session → normalize → ThreadModel), the product as
 * shipped without the protocol log, without serialising the webview message, and without both
 * (what each costs the row with the goals; the bench prints the room the goal leaves for the
 * two, beside what posting the text takes by itself), the transport alone, the path without the session layers, and vscode-jsonrpc's own
 * dispatch (one message per event-loop turn, which caps throughput; the product dispatches session/update itself,
 * `syncNotifications` in transport.ts).
 *
 * The floors parse every line whole; the product reads a line that continues a held run of text
 * chunks by its text alone (protocol/acp/lineTemplate.ts), so its rows may run faster than them.
 * The transport-only rows join nothing and parse every line, as the floors do.
 *
 * After the table, the goal ratios again, interleaved (interleaved.ts): each pipeline handed the
 * same block in turn, so the machine's drifting speed falls on all alike; a reference.
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
import { BLOCK, generatorLines, productAsShipped, shippedWithoutBoth, shippedWithoutLog, shippedWithoutWebview, stringifyPosted, tapAlone } from './shipped.js';
import { fmtRate, fmtRatio, median, table } from './stats.js';
import { interleaved, PACED_LINES } from './interleaved.js';

const PIPELINES: Pipeline[] = [rawLoop, rawKeepingText, transportQueued, transportSync, shortcutQueued, shortcutSync, productPath, shippedWithoutBoth, shippedWithoutLog, shippedWithoutWebview, productAsShipped, sdkClient];
/** The product as shipped against the official SDK client. */
const SDK_GOAL = 5;
/** The product as shipped against the floor that keeps the text. */
const KEEPING_TEXT_GOAL = 0.85;
/** Messages for the interleaved reference: enough windows of blocks for a steady median. */
const PACED_COUNT = 200_000;
/** The protocol log's tap, per message at the default level, against the floor's time per message. */
const TAP_GOAL = 0.02;

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

  // The protocol log's tap alone, on the same lines, each block tapped right after it is parsed.
  const lines = await generatorLines(count);
  const tapRounds: Array<ReturnType<typeof tapAlone>> = [];
  const posted: Array<ReturnType<typeof stringifyPosted>> = [];
  for (let round = -1; round < rounds; round++) {
    const r = tapAlone(lines);
    const p = stringifyPosted(lines);
    if (round >= 0) {
      tapRounds.push(r);
      posted.push(p);
    }
  }
  lines.length = 0;
  const tapUs = median(tapRounds.map((r) => r.tapUs));
  const parseUs = median(tapRounds.map((r) => r.parseUs));
  // Against the floor row's time per message on the CPU (this thread's, where Linux tells it):
  // the tap's blocks take microseconds, which the machine's other work seldom interrupts, and the
  // median over blocks leaves out those it did; the floor's wall clock would count the others.
  const floorUs = cpuMid(rawLoop) ?? 1e6 / mid(rawLoop);
  const floorClock = cpuMid(rawLoop) !== undefined ? 'own CPU' : 'wall clock';
  const tapShare = tapUs / floorUs;
  const tapShareBest = Math.min(...tapRounds.map((r) => r.tapUs)) / floorUs;
  console.log(
    `\nthe protocol log's tap alone (default level, the log not shown): ${(tapUs * 1000).toFixed(1)} ns per message, each block of ${BLOCK} messages parsed and its runs of text joined as the transport joins them, then tapped once a run ` +
      `(median over blocks, median of ${rounds} rounds); JSON.parse and joining the same messages ${(parseUs * 1000).toFixed(0)} ns (tap ${((tapUs / parseUs) * 100).toFixed(2)}% of it); ` +
      `the floor row ${floorUs.toFixed(2)} µs per message (${floorClock}, median)`,
  );

  // What the goal leaves for the two parts the product cannot do without (the log keeping the
  // text, the webview getting it), against what serialising the text alone takes.
  const room = 1e6 / mid(rawKeepingText) / KEEPING_TEXT_GOAL - 1e6 / mid(shippedWithoutBoth);
  const stringifyUs = median(posted.map((p) => p.usPerMessage));
  console.log(
    `the goal leaves the protocol log and the webview message together ${(room * 1000).toFixed(0)} ns per message ` +
      `(the floor keeping the text / ${KEEPING_TEXT_GOAL} − as shipped without both, wall clock medians); ` +
      `posting the text by itself, as the product posts it (long appends as UTF-8 bytes) and VS Code serialises it: ${(stringifyUs * 1000).toFixed(0)} ns per message ` +
      `(${median(posted.map((p) => p.nsPerChar)).toFixed(2)} ns per character; with the text inside the JSON ${(median(posted.map((p) => p.jsonUsPerMessage)) * 1000).toFixed(0)} ns; medians of ${rounds} rounds)`,
  );

  // Ratios of medians (machines are noisy; a best alone flatters), each with the ratio of bests beside it.
  const ratio = (a: Pipeline, b: Pipeline) => ({ median: mid(a) / mid(b), best: best(a) / best(b) });
  const vsSdk = ratio(productAsShipped, sdkClient);
  const vsKeeping = ratio(productAsShipped, rawKeepingText);
  const goal = (value: number, target: number, show: (v: number) => string) => `goal ≥ ${show(target)}: ${value >= target ? 'meets' : 'BELOW'}`;
  const reference = (label: string, a: Pipeline, b: Pipeline, show: (v: number) => string = fmtRatio) => [label, show(ratio(a, b).median), show(ratio(a, b).best), 'reference, no goal'];
  const tapMeets = tapShare <= TAP_GOAL;
  console.log('\n' + table([
    ['ratio', 'median', 'best', ''],
    ['the product as shipped / official SDK client', fmtRatio(vsSdk.median), fmtRatio(vsSdk.best), goal(vsSdk.median, SDK_GOAL, fmtRatio)],
    ['the product as shipped / raw split + JSON.parse, keeping the text', percent(vsKeeping.median), percent(vsKeeping.best), goal(vsKeeping.median, KEEPING_TEXT_GOAL, percent)],
    [`the protocol log's tap alone / the floor, per message (${floorClock})`, `${(tapShare * 100).toFixed(2)}%`, `${(tapShareBest * 100).toFixed(2)}%`, `goal ≤ ${percent(TAP_GOAL)}: ${tapMeets ? 'meets' : 'BELOW'}`],
    reference('the product as shipped / raw split + JSON.parse', productAsShipped, rawLoop, percent),
    reference('the product as shipped / the product\'s path', productAsShipped, productPath, percent),
    reference('as shipped without the protocol log and the webview message / raw, keeping the text', shippedWithoutBoth, rawKeepingText, percent),
    reference('as shipped without the protocol log / raw, keeping the text', shippedWithoutLog, rawKeepingText, percent),
    reference('as shipped without serialising the webview message / raw, keeping the text', shippedWithoutWebview, rawKeepingText, percent),
    reference('the product\'s path / raw split + JSON.parse, keeping the text', productPath, rawKeepingText, percent),
    reference('the product\'s path / raw split + JSON.parse', productPath, rawLoop, percent),
    reference('the product\'s path / official SDK client', productPath, sdkClient),
    reference('raw, keeping the text / raw split + JSON.parse', rawKeepingText, rawLoop, percent),
    reference('the product\'s path / the same without session layers', productPath, shortcutSync),
    reference('not used by the product: vscode-jsonrpc dispatch, no session layers / SDK', shortcutQueued, sdkClient),
    reference('transport sync / vscode-jsonrpc dispatch', transportSync, transportQueued),
  ]));

  // The same ratios taken interleaved (interleaved.ts): steadier on a machine whose speed drifts,
  // in a paced regime (a block, then a pause) rather than flat out; a reference beside the goals.
  const paced = await interleaved([rawKeepingText, productAsShipped, sdkClient, rawLoop], PACED_COUNT);
  console.log(
    `\ninterleaved, the same block of ${PACED_LINES.toLocaleString('en-US')} lines to each pipeline in turn (${PACED_COUNT.toLocaleString('en-US')} messages; process CPU per window of blocks, median of ${paced.windows} windows; load average now ${load()}): ` +
      `the product as shipped / raw, keeping the text ${percent(paced.ratio(1, 0))}; / official SDK client ${fmtRatio(paced.ratio(1, 2))}; raw, keeping the text / raw ${percent(paced.ratio(0, 3))} ` +
      `(µs per message: ${paced.usPerMessage.map((u) => u.toFixed(2)).join(', ')}) — reference, no goal`,
  );
  if (vsSdk.median < SDK_GOAL || vsKeeping.median < KEEPING_TEXT_GOAL || !tapMeets) process.exitCode = 1;
}
