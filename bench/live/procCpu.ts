/** CPU time of processes from /proc (Linux), for the idle bench; which processes: test/support/processTree.ts. */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux builds in practice). */
const TICKS_PER_SECOND = 100;

/** User + system CPU ms each process has used so far (gone processes are left out). */
export function cpuMs(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After "pid (comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // gone
    }
  }
  return out;
}
