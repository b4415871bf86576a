/**
 * The machine's process table read from /proc (Linux), to prove that what the client started is
 * gone. Everything the client starts (the agent, each terminal command) leads a session of its
 * own (`detached` spawns call setsid), and whatever those start stays in that session even after
 * its parent died and init adopted it — so a session id is how an orphan is recognised.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  state: string;
  command: string;
}

export const canInspectProcesses = process.platform === 'linux';

function readStat(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid pgrp session …": comm may hold spaces and parentheses.
    const close = stat.lastIndexOf(')');
    const [state, ppid, pgid, sid] = stat.slice(close + 2).split(' ');
    let command = stat.slice(stat.indexOf('(') + 1, close);
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') || command;
    } catch {
      // gone while we looked
    }
    return { pid, ppid: Number(ppid), pgid: Number(pgid), sid: Number(sid), state: state ?? '?', command };
  } catch {
    return undefined;
  }
}

export function processTable(): ProcessInfo[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => readStat(Number(d)) ?? []);
}

/** Every process below `root` (children, their children…), from one reading of the table. */
export function descendants(root = process.pid, table = processTable()): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const p of table) {
      if (p.ppid === parent) {
        out.push(p);
        queue.push(p.pid);
      }
    }
  }
  return out;
}

/** The sessions this process's descendants started with setsid (the agent's, each terminal's). */
export function startedSessions(root = process.pid): Set<number> {
  const own = readStat(root)?.sid;
  return new Set(descendants(root).map((p) => p.sid).filter((sid) => sid !== own));
}

/**
 * The sessions led by a process working in `dir`: an agent and the terminal commands it runs
 * start in the workspace folder, each leading a session of its own (the editor's own processes
 * lead none there).
 */
export function sessionsWorkingIn(dir: string): Set<number> {
  const sessions = new Set<number>();
  for (const p of processTable()) {
    if (p.pid !== p.sid) continue;
    try {
      if (readlinkSync(`/proc/${p.pid}/cwd`) === dir) sessions.add(p.sid);
    } catch {
      // gone, or not ours to look at
    }
  }
  return sessions;
}

/** Processes still in any of `sessions` (zombies excluded: they have ended, only their exit status waits to be read). */
export function survivors(sessions: Iterable<number>): ProcessInfo[] {
  const wanted = new Set(sessions);
  return processTable().filter((p) => wanted.has(p.sid) && p.state !== 'Z');
}

export function describe(processes: ProcessInfo[]): string {
  return processes.map((p) => `${p.pid} (session ${p.sid}, parent ${p.ppid}): ${p.command}`).join('\n') || 'none';
}
