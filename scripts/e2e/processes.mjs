// Owns every process the rig starts so that a failure, Ctrl-C or a plain exit never leaves
// code-server (or the agents it spawned) running. code-server runs detached in its own process
// group; stopping it means signalling the whole group.
const groups = new Set();
const cleanups = [];
let hooked = false;

export function trackGroup(pid) {
  groups.add(pid);
  hook();
}

export function untrackGroup(pid) {
  groups.delete(pid);
}

export function onCleanup(fn) {
  cleanups.push(fn);
  hook();
}

export function killGroup(pid, signal = 'SIGTERM') {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // already gone
  }
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM the group, give it `graceMs`, then SIGKILL whatever is left. */
export async function stopGroup(pid, graceMs = 4000) {
  killGroup(pid, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (groupAlive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
  untrackGroup(pid);
}

function killAllNow() {
  for (const pid of groups) {
    killGroup(pid, 'SIGKILL');
  }
  groups.clear();
  for (const fn of cleanups.splice(0)) {
    try {
      fn();
    } catch {
      // best effort on the way out
    }
  }
}

function hook() {
  if (hooked) return;
  hooked = true;
  process.on('exit', killAllNow);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      console.error(`\n${sig}: stopping code-server and cleaning up`);
      killAllNow();
      process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1));
    });
  }
}
