/**
 * Client-run terminals for ACP `terminal/*`: a command with arguments (never a shell string),
 * its stdout+stderr captured into a byte-limited tail, its whole process group killed on
 * kill/release. Live output is pushed (throttled) so a tool card can show it as it runs.
 */
import type { ChildProcess } from 'node:child_process';
import { resolveCommand } from './process/resolveCommand.js';
import { killProcessTree, spawnInGroup } from './process/processTree.js';
import { HostServiceError } from './hostServices.js';
import { ErrorCode } from './errorCodes.js';
import { TailBuffer } from './tailBuffer.js';

export interface TerminalCreateParams {
  command: string;
  args?: string[] | null;
  env?: { name: string; value: string }[] | null;
  /** Absolute and already confined to the session roots by the caller. */
  cwd: string;
  outputByteLimit?: number | null;
}

export interface ExitStatus {
  exitCode: number | null;
  signal: string | null;
}

export interface TerminalOutput {
  output: string;
  truncated: boolean;
  exitStatus?: ExitStatus;
}

export interface TerminalSnapshot extends TerminalOutput {
  terminalId: string;
  owner: string;
  command: string;
}

export interface TerminalHostOptions {
  /** PATH used to find commands and given to them (the login-shell PATH). */
  pathValue: () => Promise<string>;
  baseEnv?: NodeJS.ProcessEnv;
  /** Called with the current output at most once per `throttleMs`, and once on exit. */
  onOutput?: (snapshot: TerminalSnapshot) => void;
  throttleMs?: number;
  /** Cap when the agent gives no outputByteLimit, so a runaway command cannot eat memory. */
  defaultByteLimit?: number;
  killGraceMs?: number;
}

interface Running {
  id: string;
  owner: string;
  commandLine: string;
  child: ChildProcess;
  buffer: TailBuffer;
  exit?: ExitStatus;
  exited: Promise<ExitStatus>;
  timer?: NodeJS.Timeout;
}

const DEFAULT_BYTE_LIMIT = 4 * 1024 * 1024;

export class NodeTerminals {
  private readonly terminals = new Map<string, Running>();
  private next = 1;

  constructor(private readonly opts: TerminalHostOptions) {}

  /** Starts the command and returns its id at once; `owner` scopes the id to one session. */
  async create(owner: string, params: TerminalCreateParams): Promise<string> {
    if (typeof params.command !== 'string' || !params.command) {
      throw new HostServiceError(ErrorCode.invalidParams, 'terminal/create needs a command.');
    }
    const pathValue = await this.opts.pathValue();
    const env: NodeJS.ProcessEnv = { ...(this.opts.baseEnv ?? process.env), PATH: pathValue };
    for (const { name, value } of params.env ?? []) env[name] = value;
    const file = await resolveCommand(params.command, env.PATH ?? pathValue, params.cwd);
    if (!file) {
      throw new HostServiceError(ErrorCode.notFound, `Command not found: ${params.command} (searched PATH and ${params.cwd}).`, {
        command: params.command,
      });
    }
    const limit = params.outputByteLimit ?? this.opts.defaultByteLimit ?? DEFAULT_BYTE_LIMIT;
    const child = spawnInGroup(file, params.args ?? [], { cwd: params.cwd, env });
    child.stdin?.end();
    const id = `term_${this.next++}`;
    const buffer = new TailBuffer(limit);
    const exited = new Promise<ExitStatus>((resolveExit) => {
      child.on('error', (err) => {
        buffer.push(`\n[could not run ${params.command}: ${err.message}]\n`);
        // Never started (no pid): no 'close' is guaranteed, so report the exit here.
        if (child.pid === undefined) resolveExit({ exitCode: null, signal: null });
      });
      // 'close' (not 'exit') so every byte of output is in before we report the exit.
      child.on('close', (code, signal) => resolveExit({ exitCode: code, signal }));
    });
    const term: Running = {
      id,
      owner,
      commandLine: [params.command, ...(params.args ?? [])].join(' '),
      child,
      buffer,
      exited,
    };
    void exited.then((status) => {
      term.exit = status;
      this.flush(term);
    });
    const onData = (chunk: Buffer) => {
      buffer.push(chunk);
      this.schedule(term);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.terminals.set(id, term);
    return id;
  }

  output(owner: string, id: string): TerminalOutput {
    const term = this.get(owner, id);
    return {
      output: term.buffer.text(term.exit !== undefined),
      truncated: term.buffer.truncated,
      ...(term.exit ? { exitStatus: term.exit } : {}),
    };
  }

  async waitForExit(owner: string, id: string): Promise<ExitStatus> {
    return this.get(owner, id).exited;
  }

  /**
   * Stops the command and whatever it started in its process group; the id stays valid for
   * output/wait. A command that already exited may have left a background job behind
   * (`server &`): that is killed too.
   */
  async kill(owner: string, id: string): Promise<void> {
    const term = this.get(owner, id);
    await killProcessTree(term.child, this.opts.killGraceMs ?? 1_000);
  }

  /** Kills what still runs of it (see kill) and forgets the id. */
  async release(owner: string, id: string): Promise<void> {
    const term = this.get(owner, id);
    this.terminals.delete(id);
    clearTimeout(term.timer);
    await killProcessTree(term.child, this.opts.killGraceMs ?? 1_000);
  }

  /** Kills every terminal of one owner (a session closing), or all of them. */
  async releaseAll(owner?: string): Promise<void> {
    const doomed = [...this.terminals.values()].filter((t) => owner === undefined || t.owner === owner);
    await Promise.all(doomed.map((t) => this.release(t.owner, t.id)));
  }

  private get(owner: string, id: string): Running {
    const term = typeof id === 'string' ? this.terminals.get(id) : undefined;
    // Another session's terminal is reported exactly like a missing one.
    if (!term || term.owner !== owner) {
      throw new HostServiceError(ErrorCode.notFound, `Unknown terminal: ${String(id)}`, { terminalId: id });
    }
    return term;
  }

  private schedule(term: Running): void {
    if (term.timer || !this.opts.onOutput) return;
    term.timer = setTimeout(() => {
      term.timer = undefined;
      this.flush(term);
    }, this.opts.throttleMs ?? 50);
  }

  private flush(term: Running): void {
    clearTimeout(term.timer);
    term.timer = undefined;
    if (!this.opts.onOutput || !this.terminals.has(term.id)) return;
    this.opts.onOutput({ terminalId: term.id, owner: term.owner, command: term.commandLine, ...this.output(term.owner, term.id) });
  }
}
