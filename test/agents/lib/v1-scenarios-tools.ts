/**
 * v1 scripted scenarios that call the client: files (read/write behind a permission
 * question) and terminals.
 */
import type { StopReason, TerminalExitStatus } from '@agentclientprotocol/sdk';
import { whenAborted } from './timing.js';
import { describeError, text_ } from './v1-turn.js';
import type { V1Turn } from './v1-turn.js';
import type { V1Scenario } from './v1-scenarios-content.js';
import { after, fenced } from './words.js';

/** `\n` and `\t` written in a prompt become real newlines/tabs in the written file. */
function unescape(text: string): string {
  return text.replace(/\\n/g, '\n').replace(/\\t/g, '\t');
}

export const write: V1Scenario = async (turn, prompt) => {
  const rel = prompt.args[0];
  if (!rel) {
    await turn.say(['Usage: write <relative-path> <text…>']);
    return 'end_turn';
  }
  return writeFile(turn, rel, unescape(after(prompt.rest, 1)));
};

/** Shared by `write` and `all`: diff tool call → permission → fs/write_text_file. */
export async function writeFile(turn: V1Turn, rel: string, content: string): Promise<StopReason> {
  const path = turn.abs(rel);
  const toolCallId = turn.nextToolId();
  const title = `Write ${rel}`;
  await turn.send({
    sessionUpdate: 'tool_call',
    toolCallId,
    title,
    kind: 'edit',
    status: 'pending',
    locations: [{ path }],
    content: [{ type: 'diff', path, oldText: null, newText: content }],
    rawInput: { path, content },
  });
  const answer = await turn.ask({ toolCallId, title, kind: 'edit', status: 'pending' }, 'write');
  switch (answer.kind) {
    case 'cancelled':
    case 'unanswered':
      return 'cancelled';
    case 'error':
      await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
      await turn.say([`Permission request failed: ${answer.message}`]);
      return 'end_turn';
    case 'rejected':
      await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
      await turn.say([`Rejected: ${answer.optionId}`]);
      return 'end_turn';
    case 'allowed':
      break;
  }
  if (!turn.caps.fs?.writeTextFile) {
    await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
    await turn.say(['The client cannot write files (fs.writeTextFile not advertised).']);
    return 'end_turn';
  }
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' });
  try {
    await turn.client.request('fs/write_text_file', { sessionId: turn.sessionId, path, content });
  } catch (err) {
    await turn.send({
      sessionUpdate: 'tool_call_update',
      toolCallId,
      status: 'failed',
      content: [{ type: 'content', content: text_(describeError(err)) }],
    });
    await turn.say([`Write failed: ${describeError(err)}`]);
    return turn.cancelled ? 'cancelled' : 'end_turn';
  }
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' });
  await turn.say([`Wrote ${rel}`]);
  return 'end_turn';
}

function positive(word: string | undefined): number | undefined {
  const n = Number(word);
  return word !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
}

export const read: V1Scenario = async (turn, prompt) => {
  const rel = prompt.args[0];
  if (!rel) {
    await turn.say(['Usage: read <relative-path> [line] [limit]']);
    return 'end_turn';
  }
  const path = turn.abs(rel);
  const line = positive(prompt.args[1]);
  const limit = positive(prompt.args[2]);
  const toolCallId = turn.nextToolId();
  await turn.send({
    sessionUpdate: 'tool_call',
    toolCallId,
    title: `Read ${rel}`,
    kind: 'read',
    status: 'in_progress',
    locations: [{ path, ...(line ? { line } : {}) }],
    rawInput: { path, line, limit },
  });
  if (!turn.caps.fs?.readTextFile) {
    await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
    await turn.say(['The client cannot read files (fs.readTextFile not advertised).']);
    return 'end_turn';
  }
  let content: string;
  try {
    ({ content } = await turn.client.request('fs/read_text_file', {
      sessionId: turn.sessionId,
      path,
      ...(line ? { line } : {}),
      ...(limit ? { limit } : {}),
    }));
  } catch (err) {
    await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
    await turn.say([`READ-ERROR:${describeError(err)}`]);
    return turn.cancelled ? 'cancelled' : 'end_turn';
  }
  await turn.send({
    sessionUpdate: 'tool_call_update',
    toolCallId,
    status: 'completed',
    content: [{ type: 'content', content: text_(content) }],
    rawOutput: { content },
  });
  await turn.say([fenced(`READ:${content}`, 'text')]);
  return 'end_turn';
};

export const terminal: V1Scenario = async (turn, prompt) => runTerminal(turn, prompt.args, undefined);

export const terminalLimit: V1Scenario = async (turn, prompt) => {
  const limit = Number(prompt.args[0]);
  if (!Number.isInteger(limit) || limit < 0) {
    await turn.say(['Usage: terminal-limit <bytes> <command> [args…]']);
    return 'end_turn';
  }
  return runTerminal(turn, prompt.args.slice(1), limit);
};

export interface TerminalReport {
  exit: TerminalExitStatus | null;
  output: string;
  truncated: boolean;
}

/** Formats what a terminal produced so a test can compare it exactly. */
export function terminalMessage(report: TerminalReport): string {
  const code = report.exit?.exitCode ?? null;
  const signal = report.exit?.signal ?? null;
  return `EXIT:${code} SIGNAL:${signal} TRUNCATED:${report.truncated}\n\n${fenced(`OUTPUT:${report.output}`, 'text')}`;
}

export async function runTerminal(turn: V1Turn, words: string[], outputByteLimit: number | undefined): Promise<StopReason> {
  const [command, ...args] = words;
  if (!command) {
    await turn.say(['Usage: terminal <command> [args…]']);
    return 'end_turn';
  }
  const toolCallId = turn.nextToolId();
  const title = `Run ${words.join(' ')}`;
  await turn.send({ sessionUpdate: 'tool_call', toolCallId, title, kind: 'execute', status: 'pending', rawInput: { command, args } });
  if (!turn.caps.terminal) {
    await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
    await turn.say(['The client cannot run commands (terminal not advertised).']);
    return 'end_turn';
  }
  let report: TerminalReport;
  try {
    const term = await turn.client.createTerminal({
      sessionId: turn.sessionId,
      command,
      args,
      cwd: turn.session.cwd,
      ...(outputByteLimit !== undefined ? { outputByteLimit } : {}),
    });
    await turn.send({
      sessionUpdate: 'tool_call_update',
      toolCallId,
      status: 'in_progress',
      content: [{ type: 'terminal', terminalId: term.id }],
    });
    try {
      const exited = await Promise.race([term.waitForExit(), whenAborted(turn.signal).then(() => null)]);
      if (exited === null) await term.kill();
      const out = await term.currentOutput();
      report = { exit: exited ?? out.exitStatus ?? null, output: out.output, truncated: out.truncated };
    } finally {
      await term.release();
    }
  } catch (err) {
    await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
    await turn.say([`TERMINAL-ERROR:${describeError(err)}`]);
    return turn.cancelled ? 'cancelled' : 'end_turn';
  }
  const ok = report.exit?.exitCode === 0;
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: ok ? 'completed' : 'failed', rawOutput: { ...report } });
  if (turn.cancelled) return 'cancelled';
  await turn.say([terminalMessage(report)]);
  return 'end_turn';
}
