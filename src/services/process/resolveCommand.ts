/**
 * Finds a command on a PATH before spawning, so "not installed" is a typed failure with the
 * PATH we searched, instead of an opaque ENOENT from spawn.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

export async function resolveCommand(command: string, pathValue: string, cwd: string): Promise<string | undefined> {
  if (!command) return undefined;
  const exts = process.platform === 'win32' ? ['', ...(process.env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';')] : [''];
  // A command with a separator is a path (absolute, or relative to cwd); PATH is not searched.
  if (command.includes('/') || (process.platform === 'win32' && command.includes('\\'))) {
    const full = isAbsolute(command) ? command : resolve(cwd, command);
    return firstExecutable(exts.map((ext) => full + ext));
  }
  const candidates: string[] = [];
  for (const dir of pathValue.split(delimiter)) {
    if (dir) for (const ext of exts) candidates.push(join(dir, command + ext));
  }
  return firstExecutable(candidates);
}

async function firstExecutable(candidates: string[]): Promise<string | undefined> {
  for (const candidate of candidates) {
    try {
      if (!(await stat(candidate)).isFile()) continue;
      await access(candidate, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
      return candidate;
    } catch {
      // try the next one
    }
  }
  return undefined;
}
