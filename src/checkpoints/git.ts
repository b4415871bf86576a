/**
 * Running the `git` binary for snapshots: argument vectors only (never a shell string), a
 * scrubbed environment (a GIT_DIR or GIT_INDEX_FILE inherited from a hook must never point
 * our commands at the user's repository), and a typed error when git is not installed.
 */
import { spawn } from 'node:child_process';

export class GitMissingError extends Error {
  constructor() {
    super('git is not installed or not on PATH');
  }
}

export class GitFailedError extends Error {
  constructor(readonly args: readonly string[], readonly exitCode: number | null, readonly stderr: string) {
    super(`git ${args.slice(0, 3).join(' ')} failed (${exitCode}): ${stderr.trim().slice(0, 300)}`);
  }
}

export interface GitRun {
  /** Extra environment (GIT_INDEX_FILE…) on top of the scrubbed one. */
  env?: Record<string, string>;
  cwd?: string;
  input?: Buffer | string;
  /** Program to run; tests point it at a missing binary. */
  gitPath?: string;
  /** Leave out the inert settings (to read the user's own configuration). */
  plain?: boolean;
}

// Settings that would make a snapshot run user code or rewrite bytes; a snapshot must be inert.
const INERT = ['-c', 'core.fsmonitor=false', '-c', 'core.autocrlf=false', '-c', 'core.safecrlf=false',
  '-c', 'core.quotepath=false', '-c', 'gc.auto=0', '-c', 'maintenance.auto=false', '-c', 'core.hooksPath=/dev/null'];

function scrubbedEnv(extra: Record<string, string> | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_OPTIONAL_LOCKS = '0';
  env.LC_ALL = 'C';
  return { ...env, ...extra };
}

/** Runs git and resolves with its stdout bytes; rejects with GitMissingError / GitFailedError. */
export function git(args: readonly string[], run: GitRun = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(run.gitPath ?? 'git', run.plain ? [...args] : [...INERT, ...args], {
      cwd: run.cwd, env: scrubbedEnv(run.env), stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? new GitMissingError() : e));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new GitFailedError(args, code, Buffer.concat(err).toString('utf8')));
    });
    child.stdin.on('error', () => { /* git exited before reading all input; close reports it */ });
    child.stdin.end(run.input);
  });
}

/**
 * Counts NUL-separated records on git's stdout, stopping git as soon as `cap` is exceeded, so
 * checking a huge tree costs no more than reading `cap` names.
 */
export function countRecords(args: readonly string[], cap: number, run: GitRun = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(run.gitPath ?? 'git', [...INERT, ...args], {
      cwd: run.cwd, env: scrubbedEnv(run.env), stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true,
    });
    let count = 0;
    let over = false;
    child.stdout.on('data', (b: Buffer) => {
      for (let i = b.indexOf(0); i !== -1; i = b.indexOf(0, i + 1)) count++;
      if (count > cap && !over) { over = true; child.kill(); }
    });
    child.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? new GitMissingError() : e));
    child.on('close', (code) => {
      if (over || code === 0) resolve(count);
      else reject(new GitFailedError(args, code, ''));
    });
  });
}

export interface GitObject {
  type: string;
  body: Buffer;
}

/**
 * Reads many objects with one `cat-file --batch` (`pre` selects the repository); objects git
 * reports missing are absent from the answer, keyed by the names asked for.
 */
export async function readObjects(pre: readonly string[], names: readonly string[], run: GitRun = {}): Promise<Map<string, GitObject>> {
  const found = new Map<string, GitObject>();
  const unique = [...new Set(names)];
  if (!unique.length) return found;
  const out = await git([...pre, 'cat-file', '--batch'], { ...run, input: unique.join('\n') + '\n' });
  let at = 0;
  for (const name of unique) {
    const nl = out.indexOf(10, at);
    if (nl < 0) break;
    // "<oid> <type> <size>\n<body>\n", or "<name> missing\n" (also "ambiguous").
    const [, type, size] = out.subarray(at, nl).toString('latin1').split(' ');
    if (!type || size === undefined) { at = nl + 1; continue; }
    const n = Number(size);
    found.set(name, { type, body: out.subarray(nl + 1, nl + 1 + n) });
    at = nl + 1 + n + 1;
  }
  return found;
}
