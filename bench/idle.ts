/**
 * Idle: a 5,000-row thread open in the panel, the agent running, nothing streaming. What do the
 * host and the webview burn in 10 s, against what the same Chromium burns showing an empty
 * webview page? Goal (the performance issue): the panel's Chromium CPU ≤ the floor's + 20 ms per
 * 10 s, median of 3 windows.
 *
 * The floor is a second Chromium of the same build and flags, launched by the same harness, showing
 * the panel's own page (its HTML shell, policy, theme and style sheets) without the bundle: nothing
 * drawn, nothing focused. It idles in the same windows as the panel, so the machine's load falls on
 * both alike and the difference is the panel's own.
 *
 * The host is this process running the host's real path without VS Code (bench/live/panelHost.ts:
 * AgentClient with a live session, ThreadModel, RowBatcher): its process.cpuUsage(). The webview is
 * the real bundle in Chromium, counted as the CPU time (/proc) of every process of its Chromium —
 * renderers, GPU, browser — which is more than the page alone. Windows start once the page has
 * settled after drawing the thread (its garbage collected in both and in the floor, then at least
 * 30 s and until both Chromiums are under 40 ms of CPU together over 10 s) and the composer has the
 * focus, as after sending, its caret come to rest (webview/caretRest.ts: it blinks for a few
 * seconds after the last keystroke, each blink a frame; the blinking is measured first, for the
 * record). Beside them, for the record: the renderer main thread's task wall time (DevTools
 * `TaskDuration`, which a loaded machine stretches), the agent process, and what the page
 * scheduled in the window (timers, animation frames, idle callbacks) — an idle page should
 * schedule none.
 */
import { cpus, loadavg } from 'node:os';
import type { CDPSession, Page } from 'playwright-core';
import { ORIGIN, launchHarness, type Harness } from '../test/webview/harness.js';
import { openThread, startAgent } from './live/panelHost.js';
import { descendants, type ProcessInfo } from '../test/support/processTree.js';
import { cpuMs } from './live/procCpu.js';
import { restoredThread } from './live/restoredThread.js';
import { CARET_BLINK_MS } from '../webview/caretRest.js';
import { median, table } from './stats.js';
import { hostGc } from './hostGc.js';

const ROWS = 5_000;
const WINDOW_MS = 10_000;
const RUNS = 3;
/** The panel may burn this much more than the empty page per window. */
const OVER_FLOOR_MS = 20;

/** Runs inside the page: counts what the page schedules from now on. */
const COUNT_SCHEDULING = () => {
  const g = globalThis as any;
  const counts = (g.__scheduled = { setTimeout: 0, setInterval: 0, requestAnimationFrame: 0, requestIdleCallback: 0, callers: {} as Record<string, number> });
  for (const name of ['setTimeout', 'setInterval', 'requestAnimationFrame', 'requestIdleCallback'] as const) {
    const original = g.__original?.[name] ?? g[name];
    if (!original) continue;
    (g.__original ??= {})[name] = original;
    g[name] = function (this: unknown, ...args: unknown[]) {
      counts[name]++;
      const where = String(new Error().stack?.split('\n')[2] ?? '').trim();
      counts.callers[`${name} ${where}`] = (counts.callers[`${name} ${where}`] ?? 0) + 1;
      return original.apply(this, args);
    };
  }
};

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return metrics.find((m) => m.name === 'TaskDuration')!.value;
}

interface Window {
  hostMs: number; mainThreadWallMs: number; chromiumMs: number; agentMs: number; scheduled: Record<string, any>;
  /** Chromium's CPU by process type (renderer, gpu-process, utility, browser). */
  byType: Record<string, number>;
  /** The empty page's Chromium in the same window, and by process type. */
  floorMs: number; floorByType: Record<string, number>;
}

/** The browser processes this process started (the harness starts Chromium itself, no wrapper stays). */
const browsers = () => descendants().filter((p) => p.ppid === process.pid && p.command.includes('chromium')).map((p) => p.pid);
/** Every process of the Chromium whose browser process is `browser`, itself included. */
function chromium(browser: number): ProcessInfo[] {
  const all = descendants();
  const self = all.find((p) => p.pid === browser);
  return [...(self ? [self] : []), ...descendants(browser, all)];
}
const typeOf = (command: string) => /--type=([\w-]+)/.exec(command)?.[1] ?? 'browser';
const total = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/**
 * Collects the garbage of building and drawing the thread on both sides and in the floor, then
 * waits at least SETTLE_MIN_MS and until both Chromiums have used at most QUIET_MS of CPU together
 * over the last QUIET_SPAN_S seconds; returns how long that took. Chromium keeps house for a while
 * after a page has loaded and after a full collection — V8's memory reducer runs its own
 * collections 8 s and more later, which for the panel's 5,000 rows cost tens of ms each, and the
 * browser runs tasks it delayed at startup — in the floor as in the panel but not at the same
 * moments, so a window that caught it measured that, not the panel at rest.
 */
const SETTLE_MIN_MS = 30_000;
const QUIET_SPAN_S = 10;
const QUIET_MS = 40;

async function settle(cdps: CDPSession[], browsers: number[], limitMs: number): Promise<number> {
  const start = Date.now();
  hostGc()();
  for (const cdp of cdps) await cdp.send('HeapProfiler.collectGarbage');
  const chromiumProcesses = () => browsers.flatMap((b) => chromium(b).map((p) => p.pid));
  let last = total(cpuMs(chromiumProcesses()));
  const perSecond: number[] = [];
  const recent = () => perSecond.slice(-QUIET_SPAN_S).reduce((a, b) => a + b, 0);
  while ((Date.now() - start < SETTLE_MIN_MS || recent() > QUIET_MS) && Date.now() - start < limitMs) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now = total(cpuMs(chromiumProcesses()));
    perSecond.push(now - last);
    last = now;
  }
  return Date.now() - start;
}

interface Browsers { panel: number; floor: number }

async function measureWindow(page: Page, cdp: CDPSession, agentPid: number | undefined, browser: Browsers, windowMs = WINDOW_MS): Promise<Window> {
  await page.evaluate(COUNT_SCHEDULING);
  const processes = chromium(browser.panel);
  const floorProcesses = chromium(browser.floor);
  const pids = [...processes, ...floorProcesses].map((p) => p.pid);
  const before = { host: process.cpuUsage(), task: await taskSeconds(cdp), procs: cpuMs([...pids, ...(agentPid ? [agentPid] : [])]) };
  await new Promise((r) => setTimeout(r, windowMs));
  const task = await taskSeconds(cdp);
  const host = process.cpuUsage(before.host);
  const procs = cpuMs([...pids, ...(agentPid ? [agentPid] : [])]);
  const delta = (pid: number) => (procs.get(pid) ?? before.procs.get(pid) ?? 0) - (before.procs.get(pid) ?? 0);
  const sum = (ps: ProcessInfo[]) => ps.reduce((a, p) => a + delta(p.pid), 0);
  const byType = (ps: ProcessInfo[]) => ps.reduce<Record<string, number>>((out, p) => ({ ...out, [typeOf(p.command)]: (out[typeOf(p.command)] ?? 0) + delta(p.pid) }), {});
  const scheduled = await page.evaluate(() => (globalThis as any).__scheduled);
  return {
    hostMs: (host.user + host.system) / 1000,
    mainThreadWallMs: (task - before.task) * 1000,
    chromiumMs: sum(processes),
    byType: byType(processes),
    floorMs: sum(floorProcesses),
    floorByType: byType(floorProcesses),
    agentMs: agentPid ? delta(agentPid) : 0,
    scheduled,
  };
}

/**
 * The floor: a Chromium of its own (same harness, build and flags) showing the panel's page
 * without its bundle — the HTML shell, policy, theme and style sheets, an empty root.
 */
async function launchFloor(): Promise<{ harness: Harness; browser: number; cdp: CDPSession }> {
  const before = new Set(browsers());
  const harness = await launchHarness();
  const browser = browsers().find((pid) => !before.has(pid));
  if (browser === undefined) throw new Error('idle: the floor\'s Chromium was not found among this process\'s children');
  const page = await harness.context.newPage();
  await page.setViewportSize({ width: 480, height: 800 });
  // `/<name>.html` is the panel's page around `<name>.js`; there is no `empty.js`, so no script runs.
  await page.goto(`${ORIGIN}/empty.html`, { timeout: 30_000 });
  return { harness, browser, cdp: await page.context().newCDPSession(page) };
}

export async function run(): Promise<void> {
  console.log(`idle: a ${ROWS.toLocaleString('en-US')}-row thread open, agent running, nothing streaming; ${RUNS} windows of ${WINDOW_MS / 1000} s`);
  console.log(`node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const floor = await launchFloor();
  const before = new Set(browsers());
  const harness = await launchHarness();
  const panelBrowser = browsers().find((pid) => !before.has(pid))!;
  const agent = await startAgent();
  const windows: Window[] = [];
  try {
    const panel = await harness.open({ width: 480, height: 800 });
    const thread = await openThread(agent, panel.page, restoredThread(ROWS));
    // The panel has drawn what it will draw, and a short turn has run and ended (a thread the user worked in).
    await thread.session.prompt([{ type: 'text', text: 'stream 50 500' }]);
    await agent.nextTimes();
    await panel.page.waitForFunction(() => (globalThis as any).__agentChatHooks.pending() === 0, undefined, { timeout: 180_000 });
    const cdp = await panel.page.context().newCDPSession(panel.page);
    const settledMs = await settle([cdp, floor.cdp], [panelBrowser, floor.browser], 120_000);
    console.log(`page and floor settled ${(settledMs / 1000).toFixed(0)} s after drawing`);
    // The cursor stays in the composer, as after sending. Its caret blinks for a few seconds after
    // the last keystroke, each blink a frame of the whole page, then rests (shown, still); the
    // windows measure the rest, and the blinking is measured first for the record.
    await cdp.send('Performance.enable');
    const composer = panel.page.locator('textarea').first();
    await composer.focus();
    await composer.press('End');
    const blinkStart = Date.now();
    const blinking = await measureWindow(panel.page, cdp, agent.pid(), { panel: panelBrowser, floor: floor.browser }, CARET_BLINK_MS - 500);
    await panel.page.waitForFunction(() => document.activeElement?.hasAttribute('data-caret-rest'), undefined, { timeout: 60_000 });
    console.log(`the composer's caret came to rest ${((Date.now() - blinkStart) / 1000).toFixed(1)} s after the last keystroke; while it blinked (${((CARET_BLINK_MS - 500) / 1000).toFixed(1)} s): panel ${blinking.chromiumMs} ms, floor ${blinking.floorMs} ms`);
    for (let i = 0; i < RUNS; i++) {
      windows.push(await measureWindow(panel.page, cdp, agent.pid(), { panel: panelBrowser, floor: floor.browser }));
      process.stdout.write('.');
    }
    thread.dispose();
  } finally {
    await agent.close();
    await harness.close();
    await floor.harness.close();
  }
  process.stdout.write('\n');
  const med = (f: (w: Window) => number) => median(windows.map(f));
  const fmt = (f: (w: Window) => number) => `${med(f).toFixed(0)} ms (${windows.map((w) => f(w).toFixed(0)).join(', ')})`;
  const ok = med((w) => w.chromiumMs - w.floorMs) <= OVER_FLOOR_MS;
  const types = [...new Set(windows.flatMap((w) => [...Object.keys(w.byType), ...Object.keys(w.floorByType)]))];
  console.log(table([
    [`per ${WINDOW_MS / 1000} s idle`, 'CPU, median (windows)', ''],
    ['host (this process: agent client, thread, batcher)', fmt((w) => w.hostMs), ''],
    ['webview (every process of its Chromium: renderers, GPU, browser)', fmt((w) => w.chromiumMs), ''],
    ...types.map((type) => [`  of which ${type} processes`, fmt((w) => w.byType[type] ?? 0), '']),
    ['floor: the same Chromium showing the empty page, same windows', fmt((w) => w.floorMs), ''],
    ...types.map((type) => [`  of which ${type} processes`, fmt((w) => w.floorByType[type] ?? 0), '']),
    ['panel − floor', fmt((w) => w.chromiumMs - w.floorMs), `goal ≤ floor + ${OVER_FLOOR_MS} ms: ${ok ? 'meets' : 'BELOW'}`],
    ['for the record: host + webview', fmt((w) => w.hostMs + w.chromiumMs), ''],
    ['for the record: renderer main-thread task wall time', fmt((w) => w.mainThreadWallMs), ''],
    ['for the record: the agent process', fmt((w) => w.agentMs), ''],
    ['page timers set / animation frames / idle callbacks asked', `${med((w) => w.scheduled.setTimeout + w.scheduled.setInterval)} / ${med((w) => w.scheduled.requestAnimationFrame)} / ${med((w) => w.scheduled.requestIdleCallback)}`, ''],
  ]));
  const callers = windows.flatMap((w) => Object.entries(w.scheduled.callers as Record<string, number>));
  if (callers.length) console.log(`scheduled by: ${[...new Set(callers.map(([k]) => k))].slice(0, 8).join('; ')}`);
  if (!ok) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
