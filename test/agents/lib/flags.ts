/**
 * Launch-behaviour flags shared by the test agents. Read from argv, then from the
 * `ACP_TEST_AGENT_FLAGS` environment variable (whitespace-separated), so a test can choose
 * either way of configuring the command.
 */

export interface AgentFlags {
  /** Write to stderr and exit with this code before reading anything. */
  exitOnStart: number | null;
  /** Read stdin but never answer (not even `initialize`). */
  silent: boolean;
  /** Answer `initialize` with this protocol version instead of the real one. */
  answerVersion: number | null;
  /** Delay between streamed chunks, in ms. */
  delayMs: number;
  /** Write a few log lines to stderr at start-up. */
  stderrNoise: boolean;
  /** Advertise an agent-handled auth method; session/new fails with -32000 until it is used. */
  requireAuth: boolean;
  /** Return modes and config options from session/new. */
  modes: boolean;
  /** Send available_commands_update right after session/new. */
  commandsOnNew: boolean;
  /** v2 agent: no v1 fallback behind the protocol router. */
  v2Only: boolean;
  /** v2 agent: a prompt sent while a turn runs is taken into that turn instead of refused. */
  acceptWhileWorking: boolean;
}

export function readFlags(argv: readonly string[] = process.argv.slice(2)): AgentFlags {
  const words = [...argv, ...(process.env.ACP_TEST_AGENT_FLAGS ?? '').split(/\s+/).filter(Boolean)];
  const flags: AgentFlags = {
    exitOnStart: null,
    silent: false,
    answerVersion: null,
    delayMs: 20,
    stderrNoise: false,
    requireAuth: false,
    modes: false,
    commandsOnNew: false,
    v2Only: false,
    acceptWhileWorking: false,
  };
  const number = (i: number, name: string): number => {
    const value = Number(words[i + 1]);
    if (!Number.isInteger(value)) throw new Error(`${name} needs an integer`);
    return value;
  };
  for (let i = 0; i < words.length; i++) {
    switch (words[i]) {
      case '--exit-on-start':
        flags.exitOnStart = number(i++, '--exit-on-start');
        break;
      case '--silent':
        flags.silent = true;
        break;
      case '--answer-version':
        flags.answerVersion = number(i++, '--answer-version');
        break;
      case '--delay':
        flags.delayMs = Math.min(50, Math.max(0, number(i++, '--delay')));
        break;
      case '--stderr-noise':
        flags.stderrNoise = true;
        break;
      case '--require-auth':
        flags.requireAuth = true;
        break;
      case '--modes':
        flags.modes = true;
        break;
      case '--commands-on-new':
        flags.commandsOnNew = true;
        break;
      case '--v2-only':
        flags.v2Only = true;
        break;
      case '--accept-while-working':
        flags.acceptWhileWorking = true;
        break;
      default:
        break;
    }
  }
  return flags;
}

/**
 * Applies the flags that act before any protocol traffic. Returns `true` when the caller
 * must not start its ACP connection.
 */
export function applyStartFlags(name: string, flags: AgentFlags): boolean {
  if (flags.stderrNoise) {
    process.stderr.write(`${name}: starting (pid ${process.pid})\n${name}: this line is log noise on stderr\n`);
  }
  if (flags.exitOnStart !== null) {
    process.stderr.write(`${name}: refusing to start (--exit-on-start ${flags.exitOnStart})\n`);
    process.exit(flags.exitOnStart);
  }
  if (flags.silent) {
    // Swallow input and never reply, even after stdin ends, like a hung program. A safety
    // timer ends the process if nobody kills it.
    process.stdin.resume();
    process.stdin.on('data', () => undefined);
    setTimeout(() => process.exit(0), 120_000);
    return true;
  }
  return false;
}
