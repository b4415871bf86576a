/**
 * How to start a resolved program on this platform without a shell.
 *
 * On Windows the usual agent command, `npx`, is a batch file (`npx.cmd`), and since Node
 * 20.12 `spawn` refuses `.cmd`/`.bat` without `shell: true` (EINVAL, the BatBadBut fix). A
 * shell string built from the arguments would let them be read as commands; instead batch
 * files are run as `cmd.exe /d /s /c "<escaped command line>"` with every argument quoted and
 * every cmd.exe metacharacter caret-escaped, and `windowsVerbatimArguments` so Node passes the
 * line untouched. This is cross-spawn's method (MIT, github.com/moxystudio/node-cross-spawn,
 * lib/parse.js and lib/util/escape.js), kept here so the platform can be injected and the
 * Windows logic tested anywhere.
 *
 * Two differences. The program's path is quoted rather than caret-escaped: `C:\Program Files`
 * and `(x86)` need no escaping inside quotes, and a quoted program is the form cmd.exe
 * documents. And cross-spawn escapes metacharacters twice only for npm's `node_modules/.bin`
 * shims. A batch file reads its arguments through `%*` / `%1`, and cmd.exe parses that line a
 * second time, so every batch file needs the second level (npx.cmd, in Node's own folder,
 * forwards `%*` to node just as the shims do).
 */
import { posix, win32 } from 'node:path';

export interface HostPlatform {
  platform: NodeJS.Platform;
  /** `%ComSpec%` on Windows (default `cmd.exe`). */
  comspec?: string;
  /** `%PATHEXT%` on Windows (default `.COM;.EXE;.BAT;.CMD`). */
  pathExt?: string;
}

export function currentPlatform(): HostPlatform {
  return { platform: process.platform, comspec: process.env.ComSpec ?? process.env.comspec, pathExt: process.env.PATHEXT };
}

export interface LaunchPlan {
  file: string;
  args: string[];
  /** Windows only: the args are one already-escaped command line (cmd.exe's `/c`). */
  windowsVerbatimArguments: boolean;
}

const BATCH = /\.(?:cmd|bat)$/i;
/** cmd.exe's metacharacters (cross-spawn's list, after robvanderwoude.com/escapechars.php). */
const META = /([()\][%!^"`<>&|;, *?])/g;

export function planLaunch(file: string, args: readonly string[], host: HostPlatform = currentPlatform()): LaunchPlan {
  if (host.platform !== 'win32' || !BATCH.test(file)) return { file, args: [...args], windowsVerbatimArguments: false };
  // Windows paths cannot contain `"`, so quoting the program is enough.
  const command = `"${win32.normalize(file)}"`;
  const line = [command, ...args.map((arg) => escapeArgument(arg, true))].join(' ');
  return { file: host.comspec || 'cmd.exe', args: ['/d', '/s', '/c', `"${line}"`], windowsVerbatimArguments: true };
}

/**
 * Quotes one argument the way the C runtime splits a command line (qntm.org/cmd), then
 * caret-escapes cmd.exe's metacharacters, once per parse the line will go through.
 */
export function escapeArgument(arg: string, twice: boolean): string {
  let out = `"${quoteForCrt(arg)}"`;
  out = out.replace(META, '^$1');
  if (twice) out = out.replace(META, '^$1');
  return out;
}

/**
 * The inside of a C-runtime quoted argument: n backslashes before a quote become 2n+1 and the
 * quote, n before the closing quote become 2n, others stay. A loop, not cross-spawn's regular
 * expressions: those double only the last backslash of a run before a quote, and the plain
 * `(\\*)"` form is quadratic on long runs of backslashes.
 */
function quoteForCrt(arg: string): string {
  let out = '';
  let backslashes = 0;
  for (const c of arg) {
    if (c === '\\') {
      backslashes++;
      continue;
    }
    out += c === '"' ? `${'\\'.repeat(2 * backslashes + 1)}"` : `${'\\'.repeat(backslashes)}${c}`;
    backslashes = 0;
  }
  return out + '\\'.repeat(2 * backslashes);
}

/** The path module for the host (PATH search, separators). */
export function pathFor(host: HostPlatform): typeof posix {
  return host.platform === 'win32' ? win32 : posix;
}
