// Ends a long-running script (`npm start`, `npm run example:a2a`) when whoever started it is
// gone, as if it had been sent SIGHUP. npm runs a script as `npm → sh -c "…" → node`: npm
// forwards SIGINT and SIGTERM to the `sh` only, which dies without passing them on, and npm does
// not forward SIGHUP at all — so a signal sent to npm alone (`kill`, a process manager) left the
// node script and everything it started running, orphaned. Watched: the parent and, through
// any shell in between, the first ancestor that is not a shell (npm). Linux reads the chain from
// /proc; elsewhere only the parent is watched.
import { readFileSync } from 'node:fs';

const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ksh', 'ash', 'busybox']);

/** [command name, parent pid] of a process, from /proc; undefined when it cannot be read. */
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(stat.slice(close + 2).split(' ')[1]) };
  } catch {
    return undefined;
  }
}

/** The parent, then each ancestor above a shell, up to and including the first that is not a shell. */
export function watchedAncestors(pid = process.pid, ppid = process.ppid) {
  const chain = [ppid];
  let current = procStat(ppid);
  while (current && SHELLS.has(current.comm) && current.ppid > 1 && chain.length < 8) {
    chain.push(current.ppid);
    current = procStat(current.ppid);
  }
  return chain;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Calls `onGone` once, the first time a watched ancestor has ended (checked every `intervalMs`). */
export function endWithParent(onGone, { intervalMs = 500 } = {}) {
  const watched = watchedAncestors();
  const timer = setInterval(() => {
    const gone = watched.find((pid) => !alive(pid));
    if (gone === undefined) return;
    clearInterval(timer);
    onGone(gone);
  }, intervalMs);
  // The watch alone never keeps the process running.
  timer.unref();
  return { watched, stop: () => clearInterval(timer) };
}
