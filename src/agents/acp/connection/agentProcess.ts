/**
 * One running agent process: spawned from an argument vector (no shell) in its own process
 * group, with the login-shell PATH and the configured env merged over ours, its stderr kept
 * in a bounded tail for the log and for failure reports.
 */
import type { ChildProcess } from 'node:child_process';
import type { AcpAgentConfig, LaunchFailure } from '../../api.js';
import { TailBuffer } from '../../../services/tailBuffer.js';
import { killProcessTree, spawnInGroup } from '../../../services/process/processTree.js';
import { resolveCommand } from '../../../services/process/resolveCommand.js';
import { redactArgs } from '../../../services/redact.js';

export const DEFAULT_STDERR_LIMIT = 64 * 1024;

export interface ExitInfo {
  exitCode: number | null;
  signal: string | null;
  /** Set when the process could not be started or the OS reported an error. */
  error?: string;
}

export interface SpawnAgentOptions {
  cwd: string;
  /** The PATH to search and to give the agent (login-shell PATH merged with ours). */
  pathValue: string;
  baseEnv?: NodeJS.ProcessEnv;
  stderrLimit?: number;
  /** Raw stderr text as it arrives (for the log). */
  onStderr?: (text: string) => void;
}

export class AgentProcess {
  readonly exited: Promise<ExitInfo>;
  private exitInfo: ExitInfo | undefined;

  constructor(
    readonly child: ChildProcess,
    readonly stderr: TailBuffer,
    readonly commandLine: string,
  ) {
    this.exited = new Promise<ExitInfo>((resolve) => {
      const done = (info: ExitInfo) => {
        if (this.exitInfo) return;
        this.exitInfo = info;
        resolve(info);
      };
      child.on('error', (err) => {
        // 'error' without a pid means it never started; otherwise 'exit' follows.
        if (child.pid === undefined) done({ exitCode: null, signal: null, error: err.message });
      });
      child.on('exit', (exitCode, signal) => {
        // Let the last stderr bytes in before we report (a crash message is usually the last line),
        // but do not wait on a grandchild that still holds the pipe.
        const report = () => done({ exitCode, signal });
        if (!child.stderr || child.stderr.readableEnded) report();
        else {
          const timer = setTimeout(report, 200);
          child.stderr.once('end', () => {
            clearTimeout(timer);
            report();
          });
        }
      });
    });
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  stderrTail(): string {
    return this.stderr.text(true);
  }

  /** Closes stdin (ACP's polite "shut down"), then kills the whole process group. */
  async kill(graceMs?: number): Promise<void> {
    this.child.stdin?.end();
    await killProcessTree(this.child, graceMs);
  }
}

export async function spawnAgent(
  config: AcpAgentConfig,
  opts: SpawnAgentOptions,
): Promise<{ ok: true; process: AgentProcess } | { ok: false; failure: LaunchFailure }> {
  const env: NodeJS.ProcessEnv = { ...(opts.baseEnv ?? process.env), PATH: opts.pathValue, ...config.env };
  // Shown in errors and the log: a `--token …` argument reads «redacted».
  const commandLine = [config.command, ...redactArgs(config.args)].map(quoteForDisplay).join(' ');
  const file = await resolveCommand(config.command, env.PATH ?? opts.pathValue, opts.cwd);
  if (!file) {
    return {
      ok: false,
      failure: {
        reason: 'not_found',
        command: config.command,
        message: `"${config.command}" was not found. Searched PATH: ${env.PATH ?? ''}`,
        searchedPath: env.PATH ?? '',
      },
    };
  }
  const child = spawnInGroup(file, config.args, { cwd: opts.cwd, env });
  const stderr = new TailBuffer(opts.stderrLimit ?? DEFAULT_STDERR_LIMIT);
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk);
    opts.onStderr?.(chunk.toString('utf8'));
  });
  // A dead agent makes writes fail with EPIPE; the exit report is what the user needs, not a crash.
  child.stdin?.on('error', () => {});
  return { ok: true, process: new AgentProcess(child, stderr, commandLine) };
}

function quoteForDisplay(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
