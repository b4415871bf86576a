/**
 * The faults of the fault agent, one function per prompt word. Each decides itself whether
 * (and how) the prompt is answered: some never answer, some exit instead.
 */

import { closeSync } from 'node:fs';

export interface FaultIo {
  sessionId: string;
  /** The prompt's words after the fault's name. */
  args: string[];
  /** Writes exactly what is given (no newline added). */
  write(data: string | Uint8Array): Promise<void>;
  /** Writes one JSON-RPC message as a line (`jsonrpc` added). */
  send(message: Record<string, unknown>): Promise<void>;
  /** Sends a request; resolves with the whole answer (`result` or `error`). */
  ask(method: string, params: unknown): Promise<Record<string, unknown>>;
  /** One agent message chunk. */
  say(text: string): Promise<void>;
  /** Answers the prompt. */
  answer(result: Record<string, unknown>): Promise<void>;
  /** Answers the prompt with an error. */
  fail(code: number, message: string): Promise<void>;
  /** Resolves when the client sends `session/cancel`. */
  cancelled(): Promise<void>;
  sleep(ms: number): Promise<void>;
}

export const SILENT_TEXT = 'Thinking hard…';
export const FLOOD_DONE = 'FLOOD-DONE';
export const DRIP_TEXT = 'drip, drip — one byte at a time ✓';
export const STDIN_CLOSED = 'STDIN-CLOSED';
export const PENDING_EXIT_CODE = 9;
export const PENDING_STDERR = 'faults-agent: exiting with requests in flight';
export const PERMISSION_ANSWER_PREFIX = 'PERMISSION-ANSWER ';

const permissionParams = (sessionId: string, toolCallId: string) => ({
  sessionId,
  toolCall: { toolCallId, title: 'Delete everything', kind: 'delete' },
  options: [
    { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
    { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
  ],
});

/** Writes `total` bytes to stderr in 64 KiB pieces, waiting for the pipe to drain. */
async function flood(total: number, withNewlines: boolean): Promise<void> {
  const line = `${'e'.repeat(1023)}${withNewlines ? '\n' : 'e'}`;
  const piece = line.repeat(64);
  for (let written = 0; written < total; written += piece.length) {
    if (!process.stderr.write(piece)) await new Promise((r) => process.stderr.once('drain', r));
  }
}

export const FAULT_STEPS: Record<string, (io: FaultIo) => Promise<void>> = {
  /** One chunk, then nothing: no answer to the prompt, none to `session/cancel`. */
  silent: async (io) => {
    await io.say(SILENT_TEXT);
  },

  /** `stderr-flood <MiB> [lines]`: that much on stderr (one endless line unless `lines`), then a normal end. */
  'stderr-flood': async (io) => {
    const mib = Number(io.args[0] ?? 100);
    await flood(mib * 1024 * 1024, io.args[1] === 'lines');
    await io.say(FLOOD_DONE);
    await io.answer({ stopReason: 'end_turn' });
  },

  /** The message chunk and the prompt's answer written one byte at a time, 1 ms apart. */
  drip: async (io) => {
    const chunk = { jsonrpc: '2.0', method: 'session/update', params: { sessionId: io.sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: DRIP_TEXT } } } };
    const bytes = Buffer.from(`${JSON.stringify(chunk)}\n`, 'utf8');
    for (let i = 0; i < bytes.length; i++) {
      await io.write(bytes.subarray(i, i + 1));
      await io.sleep(1);
    }
    await io.answer({ stopReason: 'end_turn' });
  },

  /** Closes its stdin (our next write gets EPIPE), answers this prompt, and stays alive. */
  'close-stdin': async (io) => {
    process.stdin.destroy();
    // destroy() leaves fd 0 open (Node keeps the stdio fds); closing it is what makes the client's writes fail with EPIPE.
    try {
      closeSync(0);
    } catch {
      // Already closed.
    }
    // Stdin held the event loop open; stay alive like a program that is busy elsewhere.
    setInterval(() => undefined, 1_000);
    await io.say(STDIN_CLOSED);
    await io.answer({ stopReason: 'end_turn' });
  },

  /**
   * Starts a terminal (a command that prints its pid and sleeps), waits for it to exit, asks
   * for a permission, then exits with code 9 while the client still owes both answers.
   */
  'exit-pending': async (io) => {
    const created = await io.ask('terminal/create', {
      sessionId: io.sessionId,
      command: process.execPath,
      args: ['-e', 'console.log("PID " + process.pid); setTimeout(() => {}, 60000)'],
    });
    const terminalId = (created.result as { terminalId?: string } | undefined)?.terminalId;
    let pid = '';
    for (let i = 0; i < 500 && !pid; i++) {
      const out = await io.ask('terminal/output', { sessionId: io.sessionId, terminalId });
      pid = /PID (\d+)/.exec(String((out.result as { output?: string } | undefined)?.output))?.[1] ?? '';
      if (!pid) await io.sleep(20);
    }
    void io.ask('terminal/wait_for_exit', { sessionId: io.sessionId, terminalId });
    void io.ask('session/request_permission', permissionParams(io.sessionId, 'doomed_1'));
    await io.say(`TERMINAL-PID ${pid}`);
    await io.sleep(300);
    process.stderr.write(`${PENDING_STDERR}\n`, () => process.exit(PENDING_EXIT_CODE));
  },

  /**
   * Waits for `session/cancel`, then asks for a permission (ACP: the client must answer
   * `cancelled`), says what it got, and ends the turn cancelled.
   */
  'permission-after-cancel': async (io) => {
    await io.say('Waiting for a cancel…');
    await io.cancelled();
    const answer = await io.ask('session/request_permission', permissionParams(io.sessionId, 'late_1'));
    await io.say(`${PERMISSION_ANSWER_PREFIX}${JSON.stringify(answer.result ?? answer.error)}`);
    await io.answer({ stopReason: 'cancelled' });
  },
};
