/**
 * Finds a command on a PATH before spawning, so "not installed" is a typed failure with the
 * PATH we searched, instead of an opaque ENOENT from spawn.
 *
 * On Windows, as `where` and cross-spawn's `which` do, a bare name is tried with each PATHEXT
 * extension only: `npx` must find `npx.cmd`, not the extension-less `npx` shell script that
 * Node installs beside it for Git Bash (Windows cannot run that). A name that already has an
 * extension is also tried as given. The platform is injectable so tests can run this logic
 * anywhere; the files are always looked up on the real disk.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { currentPlatform, pathFor, type HostPlatform } from './launchPlan.js';

const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

export async function resolveCommand(
  command: string,
  pathValue: string,
  cwd: string,
  host: HostPlatform = currentPlatform(),
): Promise<string | undefined> {
  if (!command) return undefined;
  const win = host.platform === 'win32';
  const exts = win ? windowsExtensions(command, host.pathExt) : [''];
  // A command with a separator is a path (absolute, or relative to cwd); PATH is not searched.
  if (command.includes('/') || (win && command.includes('\\'))) {
    const full = pathFor(host).isAbsolute(command) ? command : resolve(cwd, command);
    return firstExecutable(exts.map((ext) => full + ext), win);
  }
  const candidates: string[] = [];
  for (const dir of pathValue.split(pathFor(host).delimiter)) {
    if (dir) for (const ext of exts) candidates.push(join(dir, command + ext));
  }
  return firstExecutable(candidates, win);
}

function windowsExtensions(command: string, pathExt: string | undefined): string[] {
  const exts = (pathExt || DEFAULT_PATHEXT).split(';').filter(Boolean);
  const base = command.slice(Math.max(command.lastIndexOf('/'), command.lastIndexOf('\\')) + 1);
  return base.includes('.') ? ['', ...exts] : exts;
}

async function firstExecutable(candidates: string[], win: boolean): Promise<string | undefined> {
  for (const candidate of candidates) {
    try {
      if (!(await stat(candidate)).isFile()) continue;
      await access(candidate, win ? constants.F_OK : constants.X_OK);
      return candidate;
    } catch {
      // try the next one
    }
  }
  return undefined;
}
