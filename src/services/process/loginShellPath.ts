/**
 * The user's login-shell PATH.
 *
 * VS Code started from the Dock/a desktop launcher inherits a minimal PATH, so `npx` from
 * nvm or Homebrew is not found. We ask the user's own shell once (interactive + login, so
 * .zshrc/.bashrc/.profile all run), read PATH between two sentinels (rc files may print
 * banners), and merge it in front of ours. Any failure falls back to process.env.PATH.
 */
import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';

const SENTINEL = '__AGENT_CHAT_PATH_7f3a__';
const DEFAULT_TIMEOUT_MS = 5_000;

let cached: Promise<string> | undefined;

export interface LoginPathOptions {
  shell?: string;
  timeoutMs?: number;
  /** Base environment (defaults to process.env). */
  env?: NodeJS.ProcessEnv;
}

/** Merged PATH (login shell first, then ours), resolved once per process and cached. */
export function loginShellPath(opts: LoginPathOptions = {}): Promise<string> {
  cached ??= resolveLoginShellPath(opts);
  return cached;
}

export async function resolveLoginShellPath(opts: LoginPathOptions = {}): Promise<string> {
  const env = opts.env ?? process.env;
  const base = env.PATH ?? '';
  if (process.platform === 'win32') return base;
  const shell = opts.shell ?? env.SHELL;
  if (!shell) return base;
  const fromShell = await askShell(shell, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, env);
  return fromShell ? mergePath(fromShell, base) : base;
}

/** Entries of `first`, then entries of `second` not already present; empty entries dropped. */
export function mergePath(first: string, second: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of [...first.split(delimiter), ...second.split(delimiter)]) {
    if (entry && !seen.has(entry)) {
      seen.add(entry);
      out.push(entry);
    }
  }
  return out.join(delimiter);
}

/** Extracts the text between the first pair of sentinels, or undefined. */
export function parseSentinelOutput(stdout: string): string | undefined {
  const start = stdout.indexOf(SENTINEL);
  if (start < 0) return undefined;
  const end = stdout.indexOf(SENTINEL, start + SENTINEL.length);
  if (end < 0) return undefined;
  const value = stdout.slice(start + SENTINEL.length, end).trim();
  return value || undefined;
}

function askShell(shell: string, timeoutMs: number, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolvePromise) => {
    let stdout = '';
    let settled = false;
    const done = (value: string | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolvePromise(value);
    };
    const script = `printf '%s' '${SENTINEL}'; printf '%s' "$PATH"; printf '%s' '${SENTINEL}'`;
    let child;
    try {
      // detached: an rc file that starts background jobs must not keep us waiting; we kill the group.
      child = spawn(shell, ['-ilc', script], { env, stdio: ['ignore', 'pipe', 'ignore'], detached: true, shell: false });
    } catch {
      done(undefined);
      return;
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      done(parseSentinelOutput(stdout));
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      const value = parseSentinelOutput(stdout);
      if (value) done(value);
    });
    child.on('error', () => done(undefined));
    child.on('close', () => done(parseSentinelOutput(stdout)));
  });
}
