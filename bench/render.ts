/**
 * Render benchmark: the real webview bundle in headless Chromium.
 *
 * (a) Streaming: a 2 MB agent message in 20,000 chunks. Every chunk is delivered as its own `rows`
 *     message in its own task and drawn at once (harsher than the host, which merges a frame's
 *     chunks into one message), with a forced layout so layout cost counts. Reports the per-chunk cost of the last 10% against the
 *     first 10% (target ≤ 1.5×) and the longest main-thread task (target: none over 50 ms).
 * (b) Replay: 5,000 mixed row changes (a loaded session) delivered as IPC would, in tasks of 100
 *     messages → time until the panel is fully drawn and a frame painted, against a baseline that
 *     rebuilds the whole thread on every update, in the same run (target ≥ 10×). The baseline is
 *     capped; when it hits the cap, the ratio is a lower bound.
 *
 * `node --import tsx bench/render.ts` prints the figures; `runRenderBench()` returns them.
 */
import { pathToFileURL } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { buildWebview, launchHarness } from '../test/webview/harness.js';
import { chunk, longMarkdown } from './render-fixtures/longMessage.js';
import { replayUpdates } from './render-fixtures/replay.js';

export interface RenderBenchResult {
  streaming: {
    bytes: number;
    chunks: number;
    /** Means of the first and last tenth of the chunks, and their ratio. */
    firstTenthMsPerChunk: number;
    lastTenthMsPerChunk: number;
    ratio: number;
    /** The same with medians: robust against a busy machine's pauses, so the target is judged on these. */
    firstTenthMedianMs: number;
    lastTenthMedianMs: number;
    medianRatio: number;
    /** The webview's own work per chunk (message + draw + layout), all chunks. */
    p99ChunkMs: number;
    maxChunkMs: number;
    /** Main-thread tasks over 50 ms seen by the long-task observer (includes GC, paint, and the OS pausing us). */
    longestTaskMs: number;
    longTasks: number;
    totalMs: number;
    /** Noise floor: as many trivial tasks as chunks, each busy for the median chunk cost, same page, right after — how many still took > 50 ms. */
    controlTasks: number;
    controlBusyMs: number;
    controlLongTasks: number;
    controlLongestMs: number;
  };
  replay: {
    updates: number;
    rows: number;
    incrementalMs: number;
    incrementalLongestTaskMs: number;
    /** The longest stretch of the webview's own work (a 100-message batch, or one drawing pass). */
    incrementalLongestOwnMs: number;
    baselineMs: number;
    baselineUpdatesDone: number;
    baselineCapped: boolean;
    speedup: number;
  };
}

export interface RenderBenchOptions {
  bytes?: number;
  chunks?: number;
  updates?: number;
  baselineCapMs?: number;
}

export async function runRenderBench(opts: RenderBenchOptions = {}): Promise<RenderBenchResult> {
  const bytes = opts.bytes ?? 2_000_000;
  const chunks = opts.chunks ?? 20_000;
  const updates = opts.updates ?? 5_000;
  const capMs = opts.baselineCapMs ?? 30_000;
  const root = new URL('..', import.meta.url).pathname;
  const dir = await buildWebview({ naive: join(root, 'webview/bench/naiveThread.ts') });
  const harness = await launchHarness(dir);
  try {
    const streaming = await benchStreaming(harness, bytes, chunks);
    const replay = await benchReplay(harness, updates, capMs);
    return { streaming, replay };
  } finally {
    await harness.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

type Harness = Awaited<ReturnType<typeof launchHarness>>;

/** Runs inside the page: records long tasks from now on. */
const OBSERVE_LONG_TASKS = () => {
  const g = globalThis as any;
  g.__longTasks = [];
  new g.PerformanceObserver((list: any) => { for (const e of list.getEntries()) g.__longTasks.push(e.duration); }).observe({ type: 'longtask' });
};

async function benchStreaming(harness: Harness, bytes: number, count: number): Promise<RenderBenchResult['streaming']> {
  const panel = await harness.open({ width: 480, height: 800 });
  const pieces = chunk(longMarkdown(bytes), count);
  // Handing 2 MB to the page is one long task of its own; do it before observing.
  await panel.page.evaluate((parts) => { (globalThis as any).__parts = parts; }, pieces);
  await panel.page.evaluate(async () => {
    const g = globalThis as any;
    const parts: string[] = g.__parts;
    const post = (m: unknown) => g.dispatchEvent(new g.MessageEvent('message', { data: m }));
    post({ type: 'snapshot', snapshot: { agent: { state: 'ready', agentName: 'bench', protocolVersion: 1 }, agents: [], session: { turnState: 'running', commands: [] }, composer: { image: false, audio: false, embeddedContext: false }, entries: [
      { type: 'user', id: 'u', content: [{ type: 'text', text: 'Write a long answer.' }] },
      { type: 'agent', id: 'a', content: [{ type: 'text', text: '' }] },
    ] } });
    g.__agentChatHooks.flush();
    // Warm up first (JIT, fonts, highlighter) on a throwaway message, so the first tenth measures
    // steady-state cost rather than start-up — otherwise the ratio would flatter the last tenth.
    const warm = parts.slice(0, 400).join('');
    for (let i = 0; i < warm.length; i += 100) {
      post({ type: 'rows', changes: [{ op: 'append', index: 1, id: 'a', text: warm.slice(i, i + 100) }] });
      g.__agentChatHooks.flush();
    }
    post({ type: 'snapshot', snapshot: { agent: { state: 'ready', agentName: 'bench', protocolVersion: 1 }, agents: [], session: { turnState: 'running', commands: [] }, composer: { image: false, audio: false, embeddedContext: false }, entries: [
      { type: 'user', id: 'u', content: [{ type: 'text', text: 'Write a long answer.' }] },
      { type: 'agent', id: 'a2', content: [{ type: 'text', text: '' }] },
    ] } });
    g.__agentChatHooks.flush();
    await new Promise((r) => g.setTimeout(r, 100));
  });
  await panel.page.evaluate(OBSERVE_LONG_TASKS);
  const costs: number[] = await panel.page.evaluate(async () => {
    const g = globalThis as any;
    const parts: string[] = g.__parts;
    const post = (m: unknown) => g.dispatchEvent(new g.MessageEvent('message', { data: m }));
    const thread = g.document.querySelector('.thread');
    const out: number[] = [];
    // Yield between messages as IPC does (a MessageChannel task: no timer clamping), so the
    // browser can paint and each message is its own task.
    const channel = new g.MessageChannel();
    const yieldTask = () => new Promise((r) => { channel.port1.onmessage = r; channel.port2.postMessage(0); });
    for (let i = 0; i < parts.length; i++) {
      const t0 = g.performance.now();
      post({ type: 'rows', changes: [{ op: 'append', index: 1, id: 'a2', text: parts[i] }] });
      g.__agentChatHooks.flush();
      void thread.scrollHeight; // layout now, so its cost is part of this chunk
      out.push(g.performance.now() - t0);
      await yieldTask();
    }
    return out;
  });
  const longTasks: number[] = await panel.page.evaluate(() => (globalThis as any).__longTasks);
  const tenth = Math.floor(costs.length / 10);
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs: number[]) => { const s = xs.slice().sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };
  const first = avg(costs.slice(0, tenth));
  const last = avg(costs.slice(-tenth));
  const firstMedian = median(costs.slice(0, tenth));
  const lastMedian = median(costs.slice(-tenth));
  // The control has as many tasks as there were chunks, each as long as a typical chunk: the same
  // exposure to the machine pausing us, so its long tasks are comparable with the streaming run's.
  const control = await controlRun(panel.page, costs.length, median(costs));
  const shown = await panel.page.evaluate(() => (globalThis as any).document.querySelector('.row.agent').textContent.length);
  if (shown < bytes * 0.8) throw new Error(`only ${shown} characters reached the DOM`);
  await panel.page.screenshot({ path: '/tmp/agent-chat-bench-stream.png' });
  await panel.page.close();
  return {
    bytes, chunks: costs.length, firstTenthMsPerChunk: first, lastTenthMsPerChunk: last, ratio: last / first,
    firstTenthMedianMs: firstMedian, lastTenthMedianMs: lastMedian, medianRatio: lastMedian / firstMedian,
    p99ChunkMs: costs.slice().sort((a, b) => a - b)[Math.floor(costs.length * 0.99)]!, maxChunkMs: Math.max(...costs),
    longestTaskMs: Math.max(0, ...longTasks), longTasks: longTasks.length, totalMs: costs.reduce((a, b) => a + b, 0),
    controlTasks: control.tasks, controlBusyMs: control.busyMs, controlLongTasks: control.long.length, controlLongestMs: Math.max(0, ...control.long),
  };
}

/** Trivial tasks (`busyMs` of busy work each) under the same long-task observer: what the machine alone costs. */
async function controlRun(page: import('playwright-core').Page, tasks: number, busyMs: number): Promise<{ tasks: number; busyMs: number; long: number[] }> {
  await page.evaluate(OBSERVE_LONG_TASKS);
  await page.evaluate(async ([n, busy]) => {
    const g = globalThis as any;
    const channel = new g.MessageChannel();
    const yieldTask = () => new Promise((r) => { channel.port1.onmessage = r; channel.port2.postMessage(0); });
    for (let i = 0; i < n; i++) {
      const until = g.performance.now() + busy;
      while (g.performance.now() < until) { /* busy */ }
      await yieldTask();
    }
    await new Promise((r) => g.setTimeout(r, 100));
  }, [tasks, busyMs] as const);
  return { tasks, busyMs, long: await page.evaluate(() => (globalThis as any).__longTasks) };
}

async function benchReplay(harness: Harness, count: number, capMs: number): Promise<RenderBenchResult['replay']> {
  const changes = replayUpdates(count);
  const rows = changes.filter((c) => c.op === 'insert').length;

  const panel = await harness.open({ width: 480, height: 800 });
  await panel.page.evaluate((cs) => { (globalThis as any).__changes = cs; }, changes);
  await panel.page.evaluate(OBSERVE_LONG_TASKS);
  const inc: { ms: number; own: number } = await panel.page.evaluate(async () => {
    const g = globalThis as any;
    const cs: unknown[] = g.__changes;
    let own = 0;
    const origRaf = g.requestAnimationFrame.bind(g);
    // Time each drawing pass: wrap frame callbacks (the panel draws in one).
    g.requestAnimationFrame = (cb: (t: number) => void) => origRaf((t: number) => { const a = g.performance.now(); cb(t); own = Math.max(own, g.performance.now() - a); });
    const post = (m: unknown) => g.dispatchEvent(new g.MessageEvent('message', { data: m }));
    const frame = () => new Promise((r) => g.requestAnimationFrame(r));
    post({ type: 'snapshot', snapshot: { agent: { state: 'ready', agentName: 'bench', protocolVersion: 1 }, agents: [], session: { turnState: 'idle', commands: [] }, composer: { image: false, audio: false, embeddedContext: false }, entries: [] } });
    g.__agentChatHooks.flush();
    await frame();
    const t0 = g.performance.now();
    for (let i = 0; i < cs.length; i += 100) {
      const a = g.performance.now();
      for (const c of cs.slice(i, i + 100)) post({ type: 'rows', changes: [c] });
      own = Math.max(own, g.performance.now() - a);
      await new Promise((r) => g.setTimeout(r, 0)); // the next IPC task
    }
    while (g.__agentChatHooks.pending() > 0) await frame();
    await frame();
    return { ms: g.performance.now() - t0, own };
  });
  const incrementalMs = inc.ms;
  const drawn = await panel.count('.thread > .row');
  if (drawn !== rows) throw new Error(`incremental view drew ${drawn} of ${rows} rows`);
  const incLong: number[] = await panel.page.evaluate(() => (globalThis as any).__longTasks);
  await panel.page.screenshot({ path: '/tmp/agent-chat-bench-replay.png' });
  await panel.page.close();

  const naive = await harness.context.newPage();
  await naive.setViewportSize({ width: 480, height: 800 });
  await naive.goto('https://webview.test/naive.html');
  await naive.waitForFunction(() => !!(globalThis as any).__naive);
  await naive.evaluate((cs) => { (globalThis as any).__changes = cs; }, changes);
  const baseline: { ms: number; done: number } = await naive.evaluate(async (cap) => {
    const g = globalThis as any;
    const cs: unknown[] = g.__changes;
    const frame = () => new Promise((r) => g.requestAnimationFrame(r));
    const t0 = g.performance.now();
    let done = 0;
    for (let i = 0; i < cs.length; i += 100) {
      for (const c of cs.slice(i, i + 100)) { g.__naive.update(c); done++; }
      await new Promise((r) => g.setTimeout(r, 0));
      if (g.performance.now() - t0 > cap) break;
    }
    await frame();
    return { ms: g.performance.now() - t0, done };
  }, capMs);
  await naive.close();
  const capped = baseline.done < changes.length;
  return {
    updates: changes.length, rows, incrementalMs, incrementalLongestTaskMs: Math.max(0, ...incLong), incrementalLongestOwnMs: inc.own,
    baselineMs: baseline.ms, baselineUpdatesDone: baseline.done, baselineCapped: capped, speedup: baseline.ms / incrementalMs,
  };
}

export function formatRenderBench(r: RenderBenchResult): string {
  const s = r.streaming;
  const p = r.replay;
  return [
    `render (a) streaming ${(s.bytes / 1e6).toFixed(1)} MB in ${s.chunks} chunks: per chunk, median first 10% ${s.firstTenthMedianMs.toFixed(3)} ms, ` +
      `last 10% ${s.lastTenthMedianMs.toFixed(3)} ms → ${s.medianRatio.toFixed(2)}× (target ≤ 1.5×); means ${s.firstTenthMsPerChunk.toFixed(3)} / ` +
      `${s.lastTenthMsPerChunk.toFixed(3)} ms → ${s.ratio.toFixed(2)}×; own work per chunk p99 ${s.p99ChunkMs.toFixed(1)} ms, max ${s.maxChunkMs.toFixed(1)} ms; ` +
      `longest task ${s.longestTaskMs.toFixed(0)} ms, ${s.longTasks} task(s) > 50 ms (target 0); total ${(s.totalMs / 1000).toFixed(1)} s; ` +
      `noise floor: ${s.controlLongTasks} of ${s.controlTasks} trivial ${s.controlBusyMs.toFixed(1)} ms tasks also took > 50 ms (longest ${s.controlLongestMs.toFixed(0)} ms)`,
    `render (b) replay ${p.updates} updates → ${p.rows} rows: incremental ${p.incrementalMs.toFixed(0)} ms to fully drawn ` +
      `(longest own work ${p.incrementalLongestOwnMs.toFixed(0)} ms, longest task ${p.incrementalLongestTaskMs.toFixed(0)} ms); rebuild-every-update baseline ${p.baselineMs.toFixed(0)} ms` +
      `${p.baselineCapped ? ` for only ${p.baselineUpdatesDone} updates (capped)` : ''} → ${p.baselineCapped ? '≥ ' : ''}${p.speedup.toFixed(1)}× faster (target ≥ 10×)`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runRenderBench();
  console.log(formatRenderBench(result));
  console.log(`(load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores: absolute times are noisy, compare the ratios)`);
}
