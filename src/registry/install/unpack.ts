/**
 * Unpacks a verified archive into an empty folder with the system's own tools (`tar`, and
 * `unzip` for zip on Linux, where GNU tar cannot read zip), run with argument vectors — never a
 * shell. Member names are checked before anything is written (no absolute paths, no `..`), and
 * the result is walked afterwards: a link that leads outside the folder fails the whole unpack.
 */
import { execFile } from 'node:child_process';
import { lstat, readdir, readlink } from 'node:fs/promises';
import * as path from 'node:path';
import type { ArchiveFormat } from '../archiveFormat.js';
import { CancelledError } from './httpGet.js';

export class UnsafeArchiveError extends Error {}

interface Tool {
  file: string;
  list: string[];
  extract: (into: string) => string[];
}

/** Windows ships bsdtar as System32\tar.exe; named in full so a GNU tar from Git (which reads "C:" as a host) is not picked. */
function tarProgram(): string {
  return process.platform === 'win32' ? path.join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'tar.exe') : 'tar';
}

function toolFor(format: Exclude<ArchiveFormat, 'raw'>, archive: string): Tool {
  if (format === 'zip' && process.platform === 'linux') {
    return { file: 'unzip', list: ['-Z1', archive], extract: (into) => ['-q', '-o', archive, '-d', into] };
  }
  // bsdtar (macOS, Windows) reads zip with the same flags; `-z` / `-j` for the compressed tars.
  const flag = format === 'tar.gz' ? 'z' : format === 'tar.bz2' ? 'j' : '';
  return { file: tarProgram(), list: [`-t${flag}f`, archive], extract: (into) => [`-x${flag}f`, archive, '-C', into, '--no-same-owner'] };
}

function run(file: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { signal, maxBuffer: 64 * 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      if (signal?.aborted) return reject(new CancelledError());
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') {
        return reject(new Error(`Unpacking needs "${file}", which was not found on PATH; install it (e.g. the ${file} package) and try again.`));
      }
      if (error) return reject(new Error(`"${file}" could not unpack the archive: ${(stderr || error.message).trim().split('\n').slice(-3).join(' ')}`));
      resolve(stdout);
    });
  });
}

/** A member name that would land outside the folder (or anywhere but a relative path). */
export function unsafeMemberName(name: string): boolean {
  const n = name.replace(/\\/g, '/');
  if (n.startsWith('/') || /^[A-Za-z]:/.test(n)) return true;
  return n.split('/').some((part) => part === '..');
}

export async function unpack(format: Exclude<ArchiveFormat, 'raw'>, archive: string, into: string, signal?: AbortSignal): Promise<void> {
  const tool = toolFor(format, archive);
  const names = (await run(tool.file, tool.list, signal)).split(/\r?\n/).filter((line) => line !== '');
  if (names.length === 0) throw new UnsafeArchiveError('The archive is empty.');
  const bad = names.find(unsafeMemberName);
  if (bad !== undefined) throw new UnsafeArchiveError(`The archive has a file that would be written outside the agent's folder ("${bad}"); it was not unpacked.`);
  await run(tool.file, tool.extract(into), signal);
  await checkInside(into);
}

/** Every link under `root` must lead to a place under `root`. */
export async function checkInside(root: string): Promise<void> {
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        const target = path.resolve(dir, await readlink(full));
        const relative = path.relative(root, target);
        if (relative.startsWith('..') || path.isAbsolute(relative)) {
          throw new UnsafeArchiveError(`The archive has a link that leads outside the agent's folder ("${path.relative(root, full)}" → "${await readlink(full)}"); it was not installed.`);
        }
      } else if (entry.isDirectory()) {
        await walk(full);
      } else if (!entry.isFile()) {
        const stat = await lstat(full);
        throw new UnsafeArchiveError(`The archive has a special file ("${path.relative(root, full)}", mode ${stat.mode.toString(8)}); it was not installed.`);
      }
    }
  };
  await walk(root);
}
