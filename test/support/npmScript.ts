/**
 * An npm script run the way a person runs it (`npm run …`, so npm → sh → node), told to stop by
 * one signal sent to npm's pid alone — what `kill`, a process manager or a closed terminal's
 * shell does — and then watched: every process it had started (by pid and command, and any
 * session one of them led, which holds what those started in turn) must be gone, and every port
 * it listened on closed, within a bound. Linux only (the process table is read from /proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { describe as list, descendants, processTable, type ProcessInfo } from './processTree.js';

export interface RunningScript {
  npm: ChildProcess;
  output: () => string;
  /** Everything below npm (npm included) when the script said it was ready. */
  tree: ProcessInfo[];
}

/** Starts `npm <args>` in `cwd`; resolves once its output matches `ready`. */
export function startNpmScript(args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs: number }): Promise<RunningScript> {
  // detached: npm leads a group of its own, so the test's last resort (killing that group) hits nothing else.
  const npm = spawn('npm', args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const collect = (chunk: Buffer) => {
    out += chunk.toString();
  };
  npm.stdout!.on('data', collect);
  npm.stderr!.on('data', collect);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      forceEnd(npm);
      reject(new Error(`npm ${args.join(' ')} was not ready within ${opts.timeoutMs} ms:\n${out}`));
    }, opts.timeoutMs);
    const onData = () => {
      if (!opts.ready.test(out)) return;
      clearTimeout(timer);
      npm.stdout!.off('data', onData);
      npm.stderr!.off('data', onData);
      resolve({ npm, output: () => out, tree: [...processTable().filter((p) => p.pid === npm.pid), ...descendants(npm.pid!)] });
    };
    npm.stdout!.on('data', onData);
    npm.stderr!.on('data', onData);
    npm.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`npm ${args.join(' ')} ended before it was ready (${signal ?? code}):\n${out}`));
    });
  });
}

/** What of `tree` still runs: the same pid with the same command, or anything in a session one of them led. */
export function survivorsOf(tree: ProcessInfo[]): ProcessInfo[] {
  const byPid = new Map(tree.map((p) => [p.pid, p.command]));
  const sessions = new Set(tree.filter((p) => p.pid === p.sid).map((p) => p.sid));
  return processTable().filter((p) => p.state !== 'Z' && (byPid.get(p.pid) === p.command || sessions.has(p.sid)));
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Polls until nothing of `tree` runs and no port in `ports` accepts a connection; rejects at
 * `boundMs` naming what is left. Never a fixed sleep: it returns the moment all is gone.
 */
export async function waitUntilAllGone(tree: ProcessInfo[], ports: number[], boundMs: number): Promise<void> {
  const until = Date.now() + boundMs;
  for (;;) {
    const left = survivorsOf(tree);
    const open = (await Promise.all(ports.map(async (port) => ((await portOpen(port)) ? port : undefined)))).filter((p) => p !== undefined);
    if (left.length === 0 && open.length === 0) return;
    if (Date.now() > until) {
      throw new Error(`still there ${boundMs} ms after the signal:\n${list(left)}\nports still open: ${open.join(', ') || 'none'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The test's own last resort, after its assertions: SIGKILL what is left so one failure does not spoil the next test. */
export function forceEnd(npm: ChildProcess, tree: ProcessInfo[] = []): void {
  for (const p of survivorsOf(tree)) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  try {
    process.kill(-npm.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}
