/**
 * The streaming half of the render benchmark: a long agent message streamed into the real panel,
 * driven two ways.
 *
 * - `perChunk`: every chunk is its own `rows` message, drawn at once through the test hook and
 *   laid out before the next (the thread view's follow-scroll reads the layout anyway). Harsher
 *   than a real webview in work done, and it isolates the cost of one chunk: this is what the
 *   cost-growth ratio is judged on.
 * - `perFrame`: the real update path. A simulated host sends one `rows` message per 16 ms with
 *   the chunks that arrived meanwhile merged into one append (as the host's row batcher does), and
 *   the panel draws in its own animation frame (FrameScheduler → ThreadView.drawUntil, whose
 *   follow-scroll forces the frame's layout). Nothing is flushed or laid out by the benchmark.
 *   This is what the "no main-thread task over 50 ms" target is judged on.
 *
 * Both watch long tasks (> 50 ms, wall clock) with a PerformanceObserver for the whole run.
 */
import type { Page } from 'playwright-core';

export const SNAPSHOT = (id: string) => ({
  type: 'snapshot',
  snapshot: {
    agent: { state: 'ready', agentName: 'bench', protocolVersion: 1 }, agents: [], session: { turnState: 'running', commands: [] },
    composer: { image: false, audio: false, embeddedContext: false },
    entries: [{ type: 'user', id: 'u', content: [{ type: 'text', text: 'Write a long answer.' }] }, { type: 'agent', id, content: [{ type: 'text', text: '' }] }],
  },
});

/** Runs inside the page: records long tasks (start, duration) from now on. */
export const OBSERVE_LONG_TASKS = () => {
  const g = globalThis as any;
  g.__longTasks = [];
  g.__longTaskObserver?.disconnect();
  g.__longTaskObserver = new g.PerformanceObserver((list: any) => { for (const e of list.getEntries()) g.__longTasks.push({ start: e.startTime, ms: e.duration }); });
  g.__longTaskObserver.observe({ type: 'longtask' });
  // Called at the end of a run: handing the results back is a task of the harness's own, not counted.
  g.__stopLongTasks = () => {
    for (const e of g.__longTaskObserver.takeRecords()) g.__longTasks.push({ start: e.startTime, ms: e.duration });
    g.__longTaskObserver.disconnect();
  };
};

export interface LongTask { start: number; ms: number }


/** Hands the chunks to the page (one long task of its own, so before observing) and warms up. */
export async function prepareStream(page: Page, pieces: string[]): Promise<void> {
  await page.evaluate((parts) => { (globalThis as any).__parts = parts; }, pieces);
  await page.evaluate(async ([warmSnap, streamSnap]) => {
    const g = globalThis as any;
    const parts: string[] = g.__parts;
    const post = (m: unknown) => g.dispatchEvent(new g.MessageEvent('message', { data: m }));
    post(warmSnap);
    g.__agentChatHooks.flush();
    // Warm up first (JIT, fonts, highlighter) on a throwaway message, so the first tenth measures
    // steady-state cost rather than start-up — otherwise the ratio would flatter the last tenth.
    const warm = parts.slice(0, 400).join('');
    for (let i = 0; i < warm.length; i += 100) {
      post({ type: 'rows', changes: [{ op: 'append', index: 1, id: 'warm', text: warm.slice(i, i + 100) }] });
      g.__agentChatHooks.flush();
    }
    post(streamSnap);
    g.__agentChatHooks.flush();
    await new Promise((r) => g.setTimeout(r, 200));
  }, [SNAPSHOT('warm'), SNAPSHOT('a2')] as const);
}

/** Per-chunk mode: returns each chunk's own cost (message + draw + layout), in ms. */
export async function streamPerChunk(page: Page): Promise<number[]> {
  // Results come back as one JSON string: the harness serialises that in a moment, an array of 20,000 numbers in a long task.
  return JSON.parse(await page.evaluate(async () => {
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
      if (g.__markChunks) g.performance.mark(`chunk ${i}`);
      const t0 = g.performance.now();
      post({ type: 'rows', changes: [{ op: 'append', index: 1, id: 'a2', text: parts[i] }] });
      g.__agentChatHooks.flush();
      void thread.scrollHeight; // layout now, so its cost is part of this chunk
      out.push(g.performance.now() - t0);
      await yieldTask();
    }
    await new Promise((r) => g.setTimeout(r, 100));
    g.__stopLongTasks?.();
    return JSON.stringify(out);
  }));
}

export interface FrameRun {
  /** Per drawn frame: chunks it drew, its own work (messages since the last frame + the draw), index of its last chunk. */
  frames: Array<{ chunks: number; ms: number; last: number }>;
  messages: number;
  wallMs: number;
}

/** Per-frame mode (the real update path): a 16 ms host batcher, the panel drawing in its own frames. */
export async function streamPerFrame(page: Page, chunksPerMessage: number): Promise<FrameRun> {
  return JSON.parse(await page.evaluate(async (perMessage) => {
    const g = globalThis as any;
    const parts: string[] = g.__parts;
    const post = (m: unknown) => g.dispatchEvent(new g.MessageEvent('message', { data: m }));
    const frames: Array<{ chunks: number; ms: number; last: number }> = [];
    let sent = 0;
    let drawnUpTo = 0;
    let messageMs = 0;
    const origRaf = g.requestAnimationFrame.bind(g);
    // Time each drawing pass (the panel draws in one frame callback) and add the messages before it.
    g.requestAnimationFrame = (cb: (t: number) => void) => origRaf((t: number) => {
      const a = g.performance.now();
      cb(t);
      const ms = g.performance.now() - a + messageMs;
      messageMs = 0;
      if (sent > drawnUpTo) frames.push({ chunks: sent - drawnUpTo, ms, last: sent - 1 });
      drawnUpTo = sent;
    });
    const t0 = g.performance.now();
    let messages = 0;
    await new Promise<void>((done) => {
      const tick = () => {
        if (sent >= parts.length) return done();
        const next = Math.min(parts.length, sent + perMessage);
        if (g.__markChunks) g.performance.mark(`chunk ${sent}`);
        const a = g.performance.now();
        post({ type: 'rows', changes: [{ op: 'append', index: 1, id: 'a2', text: parts.slice(sent, next).join('') }] });
        messageMs += g.performance.now() - a;
        sent = next;
        messages++;
        g.setTimeout(tick, 16);
      };
      tick();
    });
    while (g.__agentChatHooks.pending() > 0) await new Promise((r) => origRaf(r));
    await new Promise((r) => g.setTimeout(r, 100));
    g.requestAnimationFrame = origRaf;
    g.__stopLongTasks?.();
    return JSON.stringify({ frames, messages, wallMs: g.performance.now() - t0 });
  }, chunksPerMessage));
}

/**
 * The noise floor: busy loops replaying the CPU time of each of the run's own main-thread tasks,
 * in order, under the same long-task observer. Pure CPU work of exactly the run's sizes: what the
 * machine alone turns into tasks over 50 ms. (Tasks under 0.5 ms are left out.)
 */
export async function controlRun(page: Page, busyMs: number[]): Promise<{ tasks: number; busyMs: number; long: LongTask[] }> {
  const tasks = busyMs.filter((ms) => ms >= 0.5);
  await page.evaluate(OBSERVE_LONG_TASKS);
  await page.evaluate(async (busy) => {
    const g = globalThis as any;
    const channel = new g.MessageChannel();
    const yieldTask = () => new Promise((r) => { channel.port1.onmessage = r; channel.port2.postMessage(0); });
    for (const ms of busy) {
      const until = g.performance.now() + ms;
      while (g.performance.now() < until) { /* busy */ }
      await yieldTask();
    }
    await new Promise((r) => g.setTimeout(r, 100));
    g.__stopLongTasks();
  }, tasks);
  return { tasks: tasks.length, busyMs: tasks.reduce((a, b) => a + b, 0), long: await page.evaluate(() => (globalThis as any).__longTasks) };
}

export function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

export function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

/**
 * Main-thread tasks of the page by CPU time, from a Chrome trace of top-level tasks taken around
 * `run`. The long-task observer times tasks by the wall clock, which on a shared machine also
 * counts the time the OS ran other processes instead; CPU time is the panel's own work.
 */
export async function cpuTasks<T>(page: Page, run: () => Promise<T>): Promise<{ result: T; cpuMs: number[] }> {
  const cdp = await page.context().newCDPSession(page);
  const events: Array<{ name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } }> = [];
  cdp.on('Tracing.dataCollected', (e: any) => { for (const ev of e.value as typeof events) events.push(ev); });
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['toplevel'], excludedCategories: ['*'] } } as any);
  const result = await run();
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, number[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !mains.has(key)) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key)!.push((e.tdur ?? e.dur ?? 0) / 1000);
  }
  // The page's renderer is the busiest one.
  const cpuMs = [...byThread.values()].sort((a, b) => b.reduce((x, y) => x + y, 0) - a.reduce((x, y) => x + y, 0))[0] ?? [];
  return { result, cpuMs };
}

/**
 * The long-task counts are only worth something if the observer sees long tasks at all in this
 * browser: one deliberate 80 ms task must be reported, else the benchmark stops with an error.
 */
export async function checkLongTaskObserver(page: Page): Promise<number> {
  await page.evaluate(OBSERVE_LONG_TASKS);
  const seen: LongTask[] = await page.evaluate(async () => {
    const g = globalThis as any;
    await new Promise((r) => g.setTimeout(r, 0));
    const until = g.performance.now() + 80;
    while (g.performance.now() < until) { /* the probe */ }
    await new Promise((r) => g.setTimeout(r, 100));
    g.__stopLongTasks();
    return g.__longTasks;
  });
  const longest = Math.max(0, ...seen.map((t) => t.ms));
  if (longest < 80) throw new Error(`the long-task observer did not report an 80 ms probe task (saw ${seen.length}); long-task counts would mean nothing`);
  return longest;
}
