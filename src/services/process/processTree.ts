/**
 * Spawning in a fresh process group and killing the whole group.
 *
 * Agents are often wrappers (`npx` → node → the agent → its tools); killing only the direct
 * child leaves the rest running. With `detached: true` the child leads a new process group,
 * so one signal to `-pid` reaches every descendant that did not deliberately leave it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { groupReaper } from './groupReaper.js';
import { planLaunch } from './launchPlan.js';

export interface SpawnGroupOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/**
 * `file` is resolved (resolveCommand). Never a shell: a Windows batch file (`npx.cmd`) runs
 * through cmd.exe with every argument escaped (launchPlan.ts).
 */
export function spawnInGroup(file: string, args: readonly string[], opts: SpawnGroupOptions): ChildProcess {
  const plan = planLaunch(file, args);
  const child = spawn(plan.file, plan.args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    shell: false,
    detached: process.platform !== 'win32',
    windowsHide: true,
    windowsVerbatimArguments: plan.windowsVerbatimArguments,
  });
  // Should our own process end without killing the group, the watchdog does (groupReaper.ts).
  const reaper = groupReaper();
  if (reaper && child.pid !== undefined) {
    reaper.watch(child.pid);
    // A group that ended by itself is forgotten; one that outlives its leader (a background
    // job) stays watched until killProcessTree ends it.
    child.once('exit', () => {
      if (!groupAlive(child.pid!)) reaper.forget(child.pid);
    });
  }
  return child;
}

export const DEFAULT_KILL_GRACE_MS = 2_000;

/**
 * SIGTERM to the group, then SIGKILL to whatever of the group is still alive after the grace
 * period (a descendant may ignore SIGTERM even after the leader exited). Resolves when the
 * group is gone or SIGKILL was sent.
 *
 * Also after the leader exited (a crash, or a terminal command that left a background job
 * behind): what it started is still in its group. Then only the group is signalled, never the
 * leader's pid alone, which the system may have given to an unrelated process by now.
 */
export async function killProcessTree(child: ChildProcess, graceMs = DEFAULT_KILL_GRACE_MS): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const leaderGone = child.exitCode !== null || child.signalCode !== null;
  if (process.platform === 'win32') {
    // No process groups: taskkill walks the tree (from a leader that still runs).
    if (!leaderGone) spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    return;
  }
  if (leaderGone && !groupAlive(pid)) {
    groupReaper()?.forget(pid);
    return;
  }
  signalGroup(pid, 'SIGTERM', !leaderGone);
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!groupAlive(pid)) {
      groupReaper()?.forget(pid);
      return;
    }
    await delay(25);
  }
  signalGroup(pid, 'SIGKILL', !leaderGone);
  // Reap promptly so callers observe the exit; bounded so a stuck (D-state) process cannot hang us.
  const until = Date.now() + 1_000;
  while (groupAlive(pid) && Date.now() < until) await delay(10);
  groupReaper()?.forget(pid);
}

function signalGroup(pid: number, signal: NodeJS.Signals, leaderFallback: boolean): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone. Fall back to the leader alone in case it left the group.
    if (!leaderFallback) return;
    try {
      process.kill(pid, signal);
    } catch {
      // gone
    }
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
