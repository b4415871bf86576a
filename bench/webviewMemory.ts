/**
 * The webview's own memory: the real panel bundle in headless Chromium, its JS heap measured
 * after garbage collection through the DevTools protocol (`HeapProfiler.collectGarbage`, then
 * `Runtime.getHeapUsage`). Goals of the performance issue, each judged on the median of 3 runs:
 *
 * - a 20,000-row thread (bench/render-fixtures/longThread.ts) open and scrolled from top to
 *   bottom: ≤ 100 MB;
 * - 10 MB of text streamed into one thread as a host streams it (answers of 25 KB, appends batched
 *   per message):
 *   ≤ 100 MB, and once the thread is closed (the panel shown a new, empty tab) back within 10% of
 *   the heap before the stream — what a closed thread leaves behind is a leak;
 * - 50 tabs opened one by one (each with a 200-row thread) and closed, twice: the second round
 *   back within 10% of the heap after the first (the first leaves the code it ran once: a record).
 *
 * Heap sizes, unlike times, do not grow with the machine's load. A row below its goal makes
 * `npm run bench` exit non-zero.
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { CDPSession } from 'playwright-core';
import type { ThreadEntry } from '../src/thread/types.js';
import type { HostToWebview, SessionTabInfo } from '../src/shared/webviewProtocol.js';
import { buildWebview, launchHarness, type Harness, type Panel } from '../test/webview/harness.js';
import { longThread } from './render-fixtures/longThread.js';
import { median, table } from './stats.js';

const LONG_ROWS = 20_000;
const STREAM_BYTES = Number(process.env.BENCH_STREAM_MB ?? 10) * 1024 * 1024;
/**
 * A chunk as agents stream them (a few words), the appends one host message carries, and the
 * messages an answer takes (25 KB answers, one after another in one thread). One answer of
 * 10 MB is another matter: its layout, not its memory, is what grows (noted in PERF-ANCHORS).
 */
const CHUNK_CHARS = 64;
const APPENDS_PER_MESSAGE = 200;
const MESSAGES_PER_ANSWER = 2;
const TABS = 50;
const TAB_ROWS = 200;
const RUNS = 3;
const GOALS = { longMB: 100, streamMB: 100, leakRatio: 1.1 };

const MB = 1024 * 1024;

/** The JS heap in use after two full collections (the second picks up what finalizers freed). */
async function heapMB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / MB;
}

function snapshot(entries: ThreadEntry[], tabs?: { tabs: SessionTabInfo[]; activeId: string }): HostToWebview {
  return {
    type: 'snapshot',
    snapshot: {
      agent: { state: 'ready', agentName: 'bench', protocolVersion: 1 } as never, agents: [], session: { turnState: 'idle', commands: [] } as never,
      composer: { image: false, audio: false, embeddedContext: false }, entries, ...(tabs ? { tabs } : {}),
    },
  };
}

/** Delivers host messages as VS Code does and waits until the panel has drawn them. */
async function deliver(panel: Panel, messages: HostToWebview[]): Promise<void> {
  await panel.page.evaluate(async (json) => {
    const g = globalThis as any;
    for (const data of JSON.parse(json)) g.dispatchEvent(new g.MessageEvent('message', { data }));
    const frame = () => new Promise((r) => g.requestAnimationFrame(r));
    while (g.__agentChatHooks.pending() > 0) await frame();
    await frame();
  }, JSON.stringify(messages));
}

async function withPanel<T>(harness: Harness, use: (panel: Panel, cdp: CDPSession) => Promise<T>): Promise<T> {
  const panel = await harness.open({ width: 480, height: 800 });
  const cdp = await panel.page.context().newCDPSession(panel.page);
  try {
    return await use(panel, cdp);
  } finally {
    await cdp.detach().catch(() => undefined);
    await panel.page.close();
  }
}

/**
 * Everything the measurement does, once and small, before the heap it is compared with: a
 * thread of every row kind shown, an answer streamed, a second tab opened and closed. What the
 * first time loads for good (the Markdown and highlighting modules' state, compiled code, the
 * tab strip) is not what a closed thread leaves behind.
 */
async function warmUp(panel: Panel): Promise<void> {
  const tab = (id: string): SessionTabInfo => ({ id, title: id, agentName: 'bench', state: 'idle' });
  await deliver(panel, [snapshot(longThread(50).map((e) => ({ ...e, id: `${e.id}-warm` }) as ThreadEntry), { tabs: [tab('w0'), tab('w1')], activeId: 'w1' })]);
  await deliver(panel, [{
    type: 'rows', changes: [
      { op: 'insert', index: 50, entry: { type: 'user', id: 'wu', content: [{ type: 'text', text: 'Warm up.' }] } },
      { op: 'insert', index: 51, entry: { type: 'agent', id: 'wa', content: [{ type: 'text', text: '' }] } },
    ],
  }]);
  for (let i = 0; i < 20; i++) await deliver(panel, [{ type: 'rows', changes: [{ op: 'append', index: 51, id: 'wa', text: 'lorem ipsum dolor sit amet.\n\n' }] }]);
  await deliver(panel, [{ type: 'tabs', tabs: { tabs: [tab('w0')], activeId: 'w0' } }, snapshot([], { tabs: [tab('w0')], activeId: 'w0' })]);
}

/** The 20,000-row thread shown and scrolled top to bottom; the heap after. */
async function longThreadHeap(harness: Harness, entries: ThreadEntry[]): Promise<number> {
  return withPanel(harness, async (panel, cdp) => {
    await deliver(panel, [snapshot(entries)]);
    await panel.page.evaluate(async () => {
      const g = globalThis as any;
      const thread = g.document.querySelector('.thread');
      const frame = () => new Promise((r) => g.requestAnimationFrame(r));
      thread.scrollTop = 0;
      await frame();
      while (thread.scrollTop + thread.clientHeight < thread.scrollHeight - 2) {
        thread.scrollTop += thread.clientHeight * 2;
        await frame();
      }
      for (let i = 0; i < 5; i++) await frame();
    });
    const rows: number = await panel.page.evaluate(() => (globalThis as any).__agentChatHooks.rowCount());
    if (rows !== entries.length) throw new Error(`the panel holds ${rows} of ${entries.length} rows`);
    return heapMB(cdp);
  });
}

/** 10 MB streamed into one thread: the heap before, with the thread, and after it is closed. */
async function streamHeap(harness: Harness): Promise<{ beforeMB: number; withMB: number; closedMB: number }> {
  return withPanel(harness, async (panel, cdp) => {
    await warmUp(panel);
    const beforeMB = await heapMB(cdp);
    // Words and line breaks, so each answer is Markdown with paragraphs rather than one long word.
    const chunk = ('lorem ipsum dolor sit amet, consectetur adipiscing elit sed do.\n\n'.repeat(2)).slice(0, CHUNK_CHARS);
    const turns = Math.ceil(STREAM_BYTES / (CHUNK_CHARS * APPENDS_PER_MESSAGE * MESSAGES_PER_ANSWER));
    // Sent from inside the page, a message per frame as the host's batcher sends them: crossing
    // into the page per message would time the bench's own IPC, not the panel.
    await panel.page.evaluate(async ({ chunk, turns, per, messages }) => {
      const g = globalThis as any;
      const frame = () => new Promise((r) => g.requestAnimationFrame(r));
      const post = (changes: unknown[]) => g.dispatchEvent(new g.MessageEvent('message', { data: { type: 'rows', changes } }));
      for (let t = 0; t < turns; t++) {
        post([
          { op: 'insert', index: 2 * t, entry: { type: 'user', id: `u${t}`, content: [{ type: 'text', text: `Part ${t} of the report, please.` }] } },
          { op: 'insert', index: 2 * t + 1, entry: { type: 'agent', id: `a${t}`, content: [{ type: 'text', text: '' }] } },
        ]);
        const changes = Array.from({ length: per }, () => ({ op: 'append', index: 2 * t + 1, id: `a${t}`, text: chunk }));
        for (let m = 0; m < messages; m++) {
          post(changes);
          await frame();
        }
      }
      while (g.__agentChatHooks.pending() > 0) await frame();
      await frame();
    }, { chunk, turns, per: APPENDS_PER_MESSAGE, messages: MESSAGES_PER_ANSWER });
    const rows: number = await panel.page.evaluate(() => (globalThis as any).__agentChatHooks.rowCount());
    if (rows !== 2 * turns) throw new Error(`the panel holds ${rows} of ${2 * turns} rows`);
    const withMB = await heapMB(cdp);
    // Closing the thread: the panel is shown a new, empty tab (what the host sends on close).
    await deliver(panel, [snapshot([])]);
    const closedMB = await heapMB(cdp);
    return { beforeMB, withMB, closedMB };
  });
}

/**
 * 50 tabs opened one by one with a thread each, then closed one by one — twice. The first round
 * leaves the code it ran the first time (compiled, with its type feedback) and the caches it
 * filled: a fixed cost, kept as a record. A leak is what each further round leaves: the second
 * round is judged against the heap after the first (a third round measured by hand left no more).
 */
async function tabsHeap(harness: Harness): Promise<{ beforeMB: number; openMB: number; firstMB: number; afterMB: number }> {
  return withPanel(harness, async (panel, cdp) => {
    const first: SessionTabInfo = { id: 't0', title: 'New session', agentName: 'bench', state: 'idle' };
    await warmUp(panel);
    await deliver(panel, [snapshot([], { tabs: [first], activeId: 't0' })]);
    const beforeMB = await heapMB(cdp);
    let openMB = 0;
    const after: number[] = [];
    for (let round = 0; round < 2; round++) {
      const open: SessionTabInfo[] = [first];
      for (let t = 1; t <= TABS; t++) {
        open.push({ id: `t${t}`, title: `Task ${t}: change module ${t}`, agentName: 'bench', state: 'idle' });
        const tabs = { tabs: [...open], activeId: `t${t}` };
        await deliver(panel, [{ type: 'tabs', tabs }, snapshot(longThread(TAB_ROWS).map((e) => ({ ...e, id: `${e.id}-t${t}` }) as ThreadEntry), tabs)]);
      }
      openMB = Math.max(openMB, await heapMB(cdp));
      while (open.length > 1) {
        open.pop();
        const tabs = { tabs: [...open], activeId: open[open.length - 1]!.id };
        const shown = open.length > 1 ? longThread(TAB_ROWS).map((e) => ({ ...e, id: `${e.id}-${tabs.activeId}` }) as ThreadEntry) : [];
        await deliver(panel, [{ type: 'tabs', tabs }, snapshot(shown, tabs)]);
      }
      after.push(await heapMB(cdp));
    }
    return { beforeMB, openMB, firstMB: after[0]!, afterMB: after[1]! };
  });
}

export async function run(): Promise<void> {
  const load = loadavg()[0]!;
  const dir = await buildWebview();
  const harness = await launchHarness(dir);
  const longs: number[] = [];
  const streams: Awaited<ReturnType<typeof streamHeap>>[] = [];
  const tabRuns: Awaited<ReturnType<typeof tabsHeap>>[] = [];
  try {
    const entries = longThread(LONG_ROWS);
    for (let i = 0; i < RUNS; i++) {
      longs.push(await longThreadHeap(harness, entries));
      process.stdout.write('l');
      streams.push(await streamHeap(harness));
      process.stdout.write('s');
      tabRuns.push(await tabsHeap(harness));
      process.stdout.write('t ');
    }
  } finally {
    // A crashed page closes the browser: its error, not the close's, is the one to see.
    await harness.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write('\n');
  const mb = (n: number) => `${n.toFixed(1)} MB`;
  const verdict = (ok: boolean) => (ok ? 'meets' : 'BELOW');
  const long = median(longs);
  const streamWith = median(streams.map((s) => s.withMB));
  const streamRatio = median(streams.map((s) => s.closedMB / s.beforeMB));
  const firstRatio = median(tabRuns.map((s) => s.firstMB / s.beforeMB));
  const tabsRatio = median(tabRuns.map((s) => s.afterMB / s.firstMB));
  const rows = [
    [`webview JS heap after GC (medians of ${RUNS}; load ${load.toFixed(1)})`, 'measured', 'goal', ''],
    [`${LONG_ROWS.toLocaleString('en-US')}-row thread open, scrolled top to bottom`, `${mb(long)} (runs ${longs.map((n) => n.toFixed(1)).join(', ')})`, `≤ ${GOALS.longMB} MB`, verdict(long <= GOALS.longMB)],
    [`${STREAM_BYTES / MB} MB of text streamed into one thread (25 KB answers)`, `${mb(streamWith)} (before the stream ${mb(median(streams.map((s) => s.beforeMB)))})`, `≤ ${GOALS.streamMB} MB`, verdict(streamWith <= GOALS.streamMB)],
    ['  … that thread closed: against before the stream', `${mb(median(streams.map((s) => s.closedMB)))} (×${streamRatio.toFixed(2)})`, `≤ ×${GOALS.leakRatio}`, verdict(streamRatio <= GOALS.leakRatio)],
    [`${TABS} tabs opened (${TAB_ROWS} rows each) and closed, the first time: against before`, `${mb(median(tabRuns.map((s) => s.firstMB)))} (×${firstRatio.toFixed(2)}; ${mb(median(tabRuns.map((s) => s.openMB)))} with all open)`, 'record: code run once', ''],
    ['  … and again: against after the first time', `${mb(median(tabRuns.map((s) => s.afterMB)))} (×${tabsRatio.toFixed(2)})`, `≤ ×${GOALS.leakRatio}`, verdict(tabsRatio <= GOALS.leakRatio)],
  ];
  console.log(table(rows));
  if (rows.some((r) => r[3] === 'BELOW')) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) await run();
