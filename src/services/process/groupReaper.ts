/**
 * A watchdog for the process groups we start, for when the extension host ends without
 * deactivating.
 *
 * Deactivation kills every group (agents, terminal commands and their background jobs). But an
 * extension host can also just end: code-server ends it with SIGTERM once a closed window's
 * reconnection grace time is over, and a crash or SIGKILL ends it at once. An agent then sees its
 * stdin close and usually exits; a terminal command and what it started in the background do not,
 * and would run on with nobody to stop them.
 *
 * So one small process per extension host (started on the first group) holds a pipe from us and
 * the list of our live groups. When the pipe closes — for whatever reason our process ended — it
 * ends those groups (SIGTERM, SIGKILL after a grace period) and exits. It leads a session of its
 * own, so a signal aimed at the extension host's group does not take it down first; its stdin is
 * the only thing holding it, and Node opens pipes close-on-exec, so no process we start can keep
 * that pipe open by inheriting it. Windows has no process groups (and kills trees differently):
 * no watchdog there.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The watchdog's program (run with `node -e`): "+<pgid>" watches a group, "-<pgid>" forgets it;
 * end of input ends what is still watched. A group is signalled only if it still leads its own
 * session, as ours do (spawned detached): a group id the system gave to someone else since
 * then is left alone.
 */
const WATCHDOG_SOURCE = String.raw`
const fs = require('fs');
const groups = new Set();
let rest = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (rest + chunk).split('\n');
  rest = lines.pop();
  for (const line of lines) {
    const id = Number(line.slice(1));
    if (!Number.isInteger(id) || id <= 1) continue;
    if (line[0] === '+') groups.add(id); else if (line[0] === '-') groups.delete(id);
  }
});
const ours = (id) => {
  try {
    const stat = fs.readFileSync('/proc/' + id + '/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[3]) === id;
  } catch {
    return process.platform !== 'linux';
  }
};
const signal = (name) => {
  for (const id of groups) {
    try { process.kill(-id, name); } catch { groups.delete(id); }
  }
};
const end = () => {
  for (const id of groups) if (!ours(id)) groups.delete(id);
  signal('SIGTERM');
  setTimeout(() => { signal('SIGKILL'); process.exit(0); }, 1500);
};
process.stdin.on('end', end);
process.stdin.on('error', end);
for (const s of ['SIGHUP', 'SIGINT']) process.on(s, () => {});
`;

export class GroupReaper {
  private child: ChildProcess | undefined;
  private broken = false;

  /** Ends `pgid` if our process ends before `forget(pgid)`. */
  watch(pgid: number | undefined): void {
    if (pgid === undefined || process.platform === 'win32') return;
    this.send(`+${pgid}`);
  }

  /** The group is gone (or was killed by us): nothing to do for it any more. */
  forget(pgid: number | undefined): void {
    if (pgid === undefined || !this.child) return;
    this.send(`-${pgid}`);
  }

  /** The watchdog's pid (tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Deactivation: we killed our groups ourselves; whatever is still listed (a kill cut short as
   * the host went) the watchdog ends as it goes.
   */
  dispose(): void {
    const child = this.child;
    this.child = undefined;
    if (!child) return;
    child.stdin?.end();
  }

  private send(line: string): void {
    const child = this.start();
    if (!child?.stdin || child.stdin.destroyed) return;
    child.stdin.write(`${line}\n`);
  }

  private start(): ChildProcess | undefined {
    if (this.child || this.broken) return this.child;
    try {
      const child = spawn(process.execPath, ['-e', WATCHDOG_SOURCE], {
        // Inside VS Code desktop our execPath is Electron: this makes it plain Node.
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
        stdio: ['pipe', 'ignore', 'ignore'],
        detached: true,
        windowsHide: true,
      });
      child.on('error', () => {
        this.broken = true;
        this.child = undefined;
      });
      child.stdin?.on('error', () => undefined);
      // Never what keeps our process alive.
      child.unref();
      (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
      this.child = child;
      return child;
    } catch {
      this.broken = true;
      return undefined;
    }
  }
}

let installed: GroupReaper | undefined;

/** The extension host's watchdog (none until installed: tests and tools start none). */
export function installGroupReaper(): GroupReaper {
  installed ??= new GroupReaper();
  return installed;
}

export function groupReaper(): GroupReaper | undefined {
  return installed;
}

export function uninstallGroupReaper(): void {
  installed?.dispose();
  installed = undefined;
}
