/**
 * A small test runner for the extension host (node:test is not available inside every VS Code
 * build's host, and results must go to a file the outside runner reads).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The case whose code is running, as its async calls see it. A case that timed out cannot be
 * stopped from outside; its next wait (`until`) throws instead of going on, so it does not act
 * on what the next case has open (a stray send landing in another test's turn).
 */
const running = new AsyncLocalStorage<{ name: string; timedOut: boolean }>();
export interface TestCase {
  name: string;
  run: () => Promise<void> | void;
  timeoutMs: number;
}

export interface TestResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

const cases: TestCase[] = [];

export function test(name: string, run: () => Promise<void> | void, timeoutMs = 60_000): void {
  cases.push({ name, run, timeoutMs });
}

/**
 * Runs every case, or with AGENT_CHAT_EXTHOST_FILTER set (code-server passes its environment to
 * the extension host) only those whose name contains one of its `|`-separated parts,
 * case-insensitively. A filter that matches nothing is a failure, not an empty pass.
 */
export async function runAll(log: (line: string) => void): Promise<TestResult[]> {
  const results: TestResult[] = [];
  const filter = process.env.AGENT_CHAT_EXTHOST_FILTER?.trim().toLowerCase();
  const parts = filter?.split('|').map((p) => p.trim()).filter(Boolean) ?? [];
  const chosen = parts.length ? cases.filter((c) => parts.some((p) => c.name.toLowerCase().includes(p))) : cases;
  if (chosen.length === 0) {
    const result = { name: `AGENT_CHAT_EXTHOST_FILTER=${filter}`, ok: false, ms: 0, error: 'no extension-host test matches the filter' };
    log(`✗ ${result.name}: ${result.error}`);
    return [result];
  }
  for (const c of chosen) {
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const state = { name: c.name, timedOut: false };
    try {
      await Promise.race([
        running.run(state, () => Promise.resolve().then(c.run)),
        new Promise((_, reject) => (timer = setTimeout(() => {
          state.timedOut = true;
          reject(new Error(`timed out after ${c.timeoutMs} ms`));
        }, c.timeoutMs))),
      ]);
      results.push({ name: c.name, ok: true, ms: Date.now() - started });
      log(`✓ ${c.name} (${Date.now() - started} ms)`);
    } catch (error) {
      const text = error instanceof Error ? error.stack ?? error.message : String(error);
      results.push({ name: c.name, ok: false, ms: Date.now() - started, error: text });
      log(`✗ ${c.name}: ${text}`);
    } finally {
      clearTimeout(timer);
    }
  }
  return results;
}

/** Polls `check` until it returns a truthy value. */
export async function until<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  const caller = running.getStore();
  for (;;) {
    if (caller?.timedOut) throw new Error(`"${caller.name}" timed out: it stops here rather than wait for ${what} in the next test`);
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
