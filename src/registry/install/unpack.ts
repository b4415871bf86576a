/**
 * Unpacks a verified archive into an empty folder with the system's own tools (`tar`, and
 * `unzip` for zip on Linux, where GNU tar cannot read zip), run with argument vectors — never a
 * shell. Before anything is written: member names are checked (no absolute paths, no `..`, no
 * name twice — a later member must not replace an earlier one, e.g. a file by a link), and the
 * content is measured by really decompressing it to a counter, because a zip's declared sizes
 * can lie and a sparse tar member is small in the archive but not on disk. After: the result is
 * checked (checkUnpacked.ts). Any refusal or failure empties the folder again.
 */
import { execFile, spawn } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import * as path from 'node:path';
import type { ArchiveFormat } from '../archiveFormat.js';
import { CancelledError } from './httpGet.js';
import { checkUnpacked, UnsafeArchiveError } from './checkUnpacked.js';

export { UnsafeArchiveError } from './checkUnpacked.js';

/** Agents unpack to tens or hundreds of MB; this only stops an archive that would fill the disk. */
export const MAX_UNPACKED_BYTES = 4 * 1024 * 1024 * 1024;

export interface UnpackOptions {
  signal?: AbortSignal;
  /** The most the members' content may add up to once unpacked. */
  maxBytes?: number;
}

interface Tool {
  file: string;
  list: string[];
  /** Writes every member's content to stdout, nothing to disk. */
  measure: string[];
  extract: (into: string) => string[];
}

/** Windows ships bsdtar as System32\tar.exe; named in full so a GNU tar from Git (which reads "C:" as a host) is not picked. */
function tarProgram(): string {
  return process.platform === 'win32' ? path.join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'tar.exe') : 'tar';
}

function toolFor(format: Exclude<ArchiveFormat, 'raw'>, archive: string): Tool {
  if (format === 'zip' && process.platform === 'linux') {
    // `-qq -p`: contents only, no "inflating" lines; unzip never restores setuid bits without -K.
    return { file: 'unzip', list: ['-Z1', archive], measure: ['-qq', '-p', archive], extract: (into) => ['-q', '-o', archive, '-d', into] };
  }
  // bsdtar (macOS, Windows) reads zip with the same flags; `-z` / `-j` for the compressed tars.
  const flag = format === 'tar.gz' ? 'z' : format === 'tar.bz2' ? 'j' : '';
  return {
    file: tarProgram(),
    list: [`-t${flag}f`, archive],
    measure: [`-x${flag}Of`, archive],
    extract: (into) => [`-x${flag}f`, archive, '-C', into, '--no-same-owner'],
  };
}

function notFound(file: string): Error {
  return new Error(`Unpacking needs "${file}", which was not found on PATH; install it (e.g. the ${file} package) and try again.`);
}

function run(file: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { signal, maxBuffer: 64 * 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      if (signal?.aborted) return reject(new CancelledError());
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return reject(notFound(file));
      if (error) return reject(new Error(`"${file}" could not unpack the archive: ${(stderr || error.message).trim().split('\n').slice(-3).join(' ')}`));
      resolve(stdout);
    });
  });
}

/** Decompresses every member to a counter; refuses as soon as the count passes `maxBytes` (the tool is killed there). */
function measure(tool: Tool, maxBytes: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.file, tool.measure, { signal, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let total = 0;
    let tooBig = false;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes && !tooBig) {
        tooBig = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (signal?.aborted) reject(new CancelledError());
      else reject(error.code === 'ENOENT' ? notFound(tool.file) : error);
    });
    child.once('close', (code) => {
      if (signal?.aborted) return reject(new CancelledError());
      if (tooBig) return reject(new UnsafeArchiveError(`The archive unpacks to more than ${maxBytes} bytes; it was not unpacked.`));
      if (code !== 0) return reject(new Error(`"${tool.file}" could not read the archive: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
      resolve();
    });
  });
}

/** A member name that would land outside the folder (or anywhere but a relative path). */
export function unsafeMemberName(name: string): boolean {
  const n = name.replace(/\\/g, '/');
  if (n.startsWith('/') || /^[A-Za-z]:/.test(n)) return true;
  return n.split('/').some((part) => part === '..');
}

/** The same place in the folder whatever way the archive spelled it ("./a/b/", "a//b"). */
function placeOf(name: string): string {
  return name.replace(/\\/g, '/').split('/').filter((part) => part !== '' && part !== '.').join('/');
}

function checkNames(names: string[]): void {
  if (names.length === 0) throw new UnsafeArchiveError('The archive is empty.');
  const bad = names.find(unsafeMemberName);
  if (bad !== undefined) throw new UnsafeArchiveError(`The archive has a file that would be written outside the agent's folder ("${bad}"); it was not unpacked.`);
  const seen = new Set<string>();
  for (const name of names) {
    const place = placeOf(name);
    if (seen.has(place)) throw new UnsafeArchiveError(`The archive has "${place}" more than once, a later copy replacing the earlier one; it was not unpacked.`);
    seen.add(place);
  }
}

/** Unpacks `archive` into the empty folder `into`; on any refusal or failure `into` is left empty. */
export async function unpack(format: Exclude<ArchiveFormat, 'raw'>, archive: string, into: string, opts: UnpackOptions = {}): Promise<void> {
  const tool = toolFor(format, archive);
  checkNames((await run(tool.file, tool.list, opts.signal)).split(/\r?\n/).filter((line) => line !== ''));
  await measure(tool, opts.maxBytes ?? MAX_UNPACKED_BYTES, opts.signal);
  try {
    await run(tool.file, tool.extract(into), opts.signal);
    await checkUnpacked(into);
  } catch (error) {
    await Promise.all((await readdir(into)).map((entry) => rm(path.join(into, entry), { recursive: true, force: true })));
    throw error;
  }
}
