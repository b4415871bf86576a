/**
 * Attributes the render benchmark's long tasks: streams the benchmark message into the real panel
 * (per-frame or per-chunk mode, as bench/render.ts does) under a Chrome trace, then lists every
 * renderer main-thread task over a threshold with its wall and CPU time, where the time went
 * (trace events by self CPU time, and the JS functions the sampling profiler saw), and which chunk
 * it belongs to. CPU time tells the panel's own work from the machine pausing it.
 *
 *   node --import tsx bench/renderTrace.ts [perFrame|perChunk|replay] [thresholdMs=30] [--cpu]
 *
 * `--cpu` selects tasks by CPU time instead of wall time. `replay` traces the incremental run of
 * the replay (5,000 row changes), whose tasks are all short: it adds up the whole run instead. The raw trace is left in
 * /tmp/agent-chat-render-trace.json (open it in chrome://tracing or Perfetto).
 */
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { buildWebview, launchHarness } from '../test/webview/harness.js';
import { chunk, longMarkdown } from './render-fixtures/longMessage.js';
import { prepareStream, streamPerChunk, streamPerFrame } from './renderStreaming.js';
import { perChangeTasks, replayIncremental } from './render.js';
import { replayUpdates } from './render-fixtures/replay.js';

const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'blink.user_timing', 'v8', 'disabled-by-default-v8.gc', 'disabled-by-default-v8.cpu_profiler'];
const TRACE_FILE = '/tmp/agent-chat-render-trace.json';

interface TraceEvent {
  name: string; cat?: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number;
  args?: any;
  selfCpu?: number;
}

async function record(mode: string): Promise<void> {
  const dir = await buildWebview();
  const harness = await launchHarness(dir);
  try {
    const panel = await harness.open({ width: 480, height: 800 });
    if (mode !== 'replay') {
      await prepareStream(panel.page, chunk(longMarkdown(2_000_000), 20_000));
      await panel.page.evaluate(() => { (globalThis as any).__markChunks = true; });
    }
    const cdp = await panel.page.context().newCDPSession(panel.page);
    await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES, excludedCategories: ['*'] } } as any);
    if (mode === 'perChunk') await streamPerChunk(panel.page);
    else if (mode === 'replay') {
      // A mark at the start and end picks the page's main thread out of the trace, as chunk marks do.
      await panel.page.evaluate(() => performance.mark('chunk 0'));
      const run = await replayIncremental(panel.page, perChangeTasks(replayUpdates(5_000)));
      await panel.page.evaluate(() => performance.mark('chunk 1'));
      console.log(`replay: ${run.ms.toFixed(0)} ms to fully drawn, longest own work ${run.own.toFixed(0)} ms`);
    } else await streamPerFrame(panel.page, 16);
    const complete = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e: any) => resolve(e.stream)));
    await cdp.send('Tracing.end');
    const handle = await complete;
    const out = createWriteStream(TRACE_FILE);
    for (;;) {
      const { data, eof, base64Encoded } = (await cdp.send('IO.read', { handle, size: 1 << 20 })) as any;
      out.write(base64Encoded ? Buffer.from(data, 'base64') : data);
      if (eof) break;
    }
    await new Promise((r) => out.end(r));
  } finally {
    await harness.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The trace is hundreds of MB: read it line by line (one event per line), keeping the renderer main thread and the profile. */
async function load(): Promise<{ main: TraceEvent[]; profile: TraceEvent[] }> {
  const threads = new Map<string, string>();
  const events: TraceEvent[] = [];
  const profile: TraceEvent[] = [];
  for await (let line of createInterface({ input: createReadStream(TRACE_FILE) })) {
    if (!line.startsWith('{"')) continue;
    line = line.replace(/,$/, '').replace(/\]\}$/, '');
    let e: TraceEvent;
    try { e = JSON.parse(line); } catch { continue; }
    if (e.ph === 'M') { if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name); continue; }
    if (e.name === 'Profile' || e.name === 'ProfileChunk') profile.push(e);
    else events.push(e);
  }
  // The page's main thread is the renderer main thread with the chunk marks.
  const marks = new Map<string, number>();
  for (const e of events) if (e.name.startsWith('chunk ')) marks.set(`${e.pid}:${e.tid}`, (marks.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const key = [...marks].filter(([k]) => threads.get(k) === 'CrRendererMain').sort((a, b) => b[1] - a[1])[0]?.[0];
  const main = events.filter((e) => `${e.pid}:${e.tid}` === key).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  return { main, profile: profile.filter((p) => `${p.pid}` === key?.split(':')[0]) };
}

interface Sample { t: number; node: number }

function samplesOf(profile: TraceEvent[]): { samples: Sample[]; stackOf: (id: number) => string[] } {
  const nodes = new Map<number, { name: string; parent?: number }>();
  const samples: Sample[] = [];
  let t = 0;
  for (const p of profile) {
    if (p.name === 'Profile') { t = p.args.data.startTime; continue; }
    const cpu = p.args.data.cpuProfile ?? {};
    for (const n of cpu.nodes ?? []) nodes.set(n.id, { name: n.callFrame.functionName || `(anonymous ${n.callFrame.lineNumber}:${n.callFrame.columnNumber})`, parent: n.parent });
    const deltas: number[] = p.args.data.timeDeltas ?? [];
    (cpu.samples ?? []).forEach((node: number, i: number) => { t += deltas[i] ?? 0; samples.push({ t, node }); });
  }
  samples.sort((a, b) => a.t - b.t);
  const stackOf = (id: number): string[] => {
    const out: string[] = [];
    for (let n = nodes.get(id); n; n = n.parent !== undefined ? nodes.get(n.parent) : undefined) out.push(n.name);
    return out;
  };
  return { samples, stackOf };
}

const ms = (us: number) => (us / 1000).toFixed(1);
const top = (m: Map<string, number>, min: number) =>
  [...m].filter(([, v]) => v >= min).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, v]) => `${n} ${ms(v)}`).join(', ');

function topLevelTasks(main: TraceEvent[]): TraceEvent[] {
  const tasks: TraceEvent[] = [];
  let end = -1;
  for (const e of main) if (e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.ts >= end) { tasks.push(e); end = e.ts + (e.dur ?? 0); }
  return tasks;
}

/** Self CPU time by trace event name over the events inside [from, to]. */
function selfCpuByName(main: TraceEvent[], from: number, to: number, skip?: TraceEvent): Map<string, number> {
  const inside = main.filter((e) => e.ph === 'X' && e !== skip && e.ts >= from && e.ts + (e.dur ?? 0) <= to);
  const stack: TraceEvent[] = [];
  const self = new Map<string, number>();
  const pop = () => { const e = stack.pop()!; self.set(e.name, (self.get(e.name) ?? 0) + Math.max(0, e.selfCpu!)); };
  for (const e of inside) {
    while (stack.length && stack[stack.length - 1]!.ts + (stack[stack.length - 1]!.dur ?? 0) <= e.ts) pop();
    e.selfCpu = e.tdur ?? e.dur ?? 0;
    if (stack.length) stack[stack.length - 1]!.selfCpu! -= e.selfCpu;
    stack.push(e);
  }
  while (stack.length) pop();
  return self;
}

/** Where the whole run's time went, between the first and last mark: for runs of many short tasks. */
function analyseTotal(main: TraceEvent[], profile: TraceEvent[]): void {
  const marks = main.filter((e) => e.name.startsWith('chunk ')).map((e) => e.ts);
  const from = Math.min(...marks);
  const to = Math.max(...marks);
  const tasks = topLevelTasks(main).filter((t) => t.ts >= from && t.ts <= to);
  const cpu = tasks.reduce((a, t) => a + (t.tdur ?? 0), 0);
  console.log(`${tasks.length} top-level tasks in ${ms(to - from)} ms wall, ${ms(cpu)} ms cpu`);
  const self = selfCpuByName(main, from, to);
  const list = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${ms(v).padStart(7)}  ${k}`).join('\n');
  console.log(`events by self cpu ms:\n${list(self, 16)}`);
  const { samples, stackOf } = samplesOf(profile);
  const selfJs = new Map<string, number>();
  const inclJs = new Map<string, number>();
  let prev = from;
  for (const s of samples) {
    if (s.t < from || s.t > to) continue;
    const dt = s.t - prev;
    prev = s.t;
    const names = stackOf(s.node);
    if (names[0] === '(idle)' || names[0] === '(program)') continue;
    selfJs.set(names[0] ?? '?', (selfJs.get(names[0] ?? '?') ?? 0) + dt);
    for (const n of new Set(names)) inclJs.set(n, (inclJs.get(n) ?? 0) + dt);
  }
  console.log(`JS samples, self ms:\n${list(selfJs, 25)}\nJS samples, inclusive ms:\n${list(inclJs, 40)}`);
}

function analyse(main: TraceEvent[], profile: TraceEvent[], thresholdMs: number, byCpu: boolean): void {
  const tasks = topLevelTasks(main);
  const marks = main.filter((e) => e.name.startsWith('chunk ')).map((e) => ({ ts: e.ts, i: Number(e.name.slice(6)) }));
  const over = (t: number, cpu: boolean) => tasks.filter((x) => ((cpu ? x.tdur : x.dur) ?? 0) > t * 1000).length;
  console.log(`${tasks.length} top-level tasks; over 16/30/50/100 ms wall: ${[16, 30, 50, 100].map((t) => over(t, false)).join('/')}, cpu: ${[16, 30, 50, 100].map((t) => over(t, true)).join('/')}`);
  const { samples, stackOf } = samplesOf(profile);
  let si = 0;
  for (const task of tasks.filter((t) => ((byCpu ? t.tdur : t.dur) ?? 0) > thresholdMs * 1000)) {
    const tEnd = task.ts + (task.dur ?? 0);
    const inside = main.filter((e) => e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= tEnd);
    // Self CPU time per event name: its CPU time minus its direct children's.
    const self = selfCpuByName(main, task.ts, tEnd, task);
    const chunkMarks = marks.filter((m) => m.ts >= task.ts && m.ts <= tEnd);
    const before = marks.filter((m) => m.ts < task.ts).pop();
    const where = chunkMarks.length ? `delivers chunk ${chunkMarks[0]!.i}` : `between messages (after chunk ${before?.i ?? '-'})`;
    console.log(`\ntask ${ms(task.dur ?? 0)} ms wall, ${ms(task.tdur ?? 0)} ms cpu — ${where}`);
    console.log(`  events (self cpu ms): ${top(self, 1000)}`);
    const layouts = inside.filter((e) => e.name === 'Layout' && (e.dur ?? 0) > 3000);
    for (const l of layouts) console.log(`  Layout ${ms(l.dur!)} ms: ${l.args?.beginData?.dirtyObjects} of ${l.args?.beginData?.totalObjects} objects dirty`);
    while (si < samples.length && samples[si]!.t < task.ts) si++;
    const selfJs = new Map<string, number>();
    const inclJs = new Map<string, number>();
    let prev = task.ts;
    for (let j = si; j < samples.length && samples[j]!.t <= tEnd; j++) {
      const s = samples[j]!;
      const dt = s.t - prev;
      prev = s.t;
      const names = stackOf(s.node);
      selfJs.set(names[0] ?? '?', (selfJs.get(names[0] ?? '?') ?? 0) + dt);
      for (const n of new Set(names)) inclJs.set(n, (inclJs.get(n) ?? 0) + dt);
    }
    if (selfJs.size) console.log(`  samples, self: ${top(selfJs, 800)}\n  samples, inclusive: ${top(inclJs, 800)}`);
  }
}

const args = process.argv.slice(2);
const mode = args.includes('perChunk') ? 'perChunk' : args.includes('replay') ? 'replay' : 'perFrame';
const threshold = Number(args.find((a) => /^\d+$/.test(a)) ?? 30);
if (!args.includes('--analyse-only')) await record(mode);
const { main, profile } = await load();
console.log(`mode ${mode}, tasks over ${threshold} ms by ${args.includes('--cpu') ? 'CPU' : 'wall'} time (trace: ${TRACE_FILE})`);
if (mode === 'replay') analyseTotal(main, profile);
else analyse(main, profile, threshold, args.includes('--cpu'));
