/**
 * Agent-owned (v2) display terminals: `terminal_update` patches (command, cwd, exit status, a
 * full output snapshot) and `terminal_output_chunk` byte appends. A terminal is shown inside
 * every tool call that embeds it (the same view as a client-run terminal); one that no tool call
 * embeds gets a row of its own, which folds away once a tool call takes the terminal over.
 */
import type { SessionEvent } from '../../protocol/events.js';
import type { ApplyResult, TerminalEntry, TerminalView } from '../types.js';
import { insertRow, newEntryId, replaceRow, type AgentTerminal, type ThreadState } from '../state.js';
import { showTerminal } from './toolCalls.js';

type TerminalEvent = Extract<SessionEvent, { kind: 'agent_terminal' }>;
type TerminalChunkEvent = Extract<SessionEvent, { kind: 'agent_terminal_chunk' }>;

/**
 * Output kept per terminal. Every chunk rebuilds the rows that show it (copy-on-write), so the
 * text must stay bounded; the head goes first, as in a terminal's scrollback.
 */
export const MAX_TERMINAL_CHARS = 200_000;

export function applyAgentTerminal(state: ThreadState, event: TerminalEvent, out: ApplyResult): void {
  const terminal = agentTerminal(state, event.terminalId);
  const view: TerminalView = { ...currentView(state, event.terminalId) };
  if (event.command !== undefined) view.command = event.command ?? '';
  if (event.cwd === null) delete view.cwd;
  else if (event.cwd !== undefined) view.cwd = event.cwd;
  if (event.output !== undefined) {
    // A snapshot replaces the whole byte stream: bytes held from the last chunk belong to the old one.
    terminal.decoder = new TextDecoder();
    setOutput(view, event.output === null ? '' : terminal.decoder.decode(base64Bytes(event.output), { stream: true }), false);
  }
  if (event.cancellable === true) view.cancellable = true;
  else if (event.cancellable === false) delete view.cancellable;
  if (event.exitStatus === null) delete view.exitStatus;
  else if (event.exitStatus !== undefined) {
    view.exitStatus = { ...event.exitStatus };
    // The process ended: a Stop asked for is settled, whichever way it went.
    delete view.stop;
    // No more bytes will come: an incomplete character at the end is shown as U+FFFD, not lost.
    const rest = terminal.decoder.decode();
    if (rest) setOutput(view, view.output + rest, view.truncated);
  }
  publish(state, out, terminal, view);
}

export function applyAgentTerminalChunk(state: ThreadState, event: TerminalChunkEvent, out: ApplyResult): void {
  const terminal = agentTerminal(state, event.terminalId);
  const text = terminal.decoder.decode(base64Bytes(event.data), { stream: true });
  const view = currentView(state, event.terminalId);
  // A chunk holding only the start of a character shows nothing new yet.
  if (!text && state.terminalViews.has(event.terminalId)) return;
  const next: TerminalView = { ...view };
  setOutput(next, view.output + text, view.truncated);
  publish(state, out, terminal, next);
}

/**
 * Shows a changed view of an agent-owned terminal wherever it appears (its row, the tool calls
 * that embed it). False when the terminal is not agent-owned or has not reported yet.
 */
export function updateAgentTerminalView(state: ThreadState, out: ApplyResult, view: TerminalView): boolean {
  const terminal = state.agentTerminals.get(view.terminalId);
  if (terminal === undefined || !state.terminalViews.has(view.terminalId)) return false;
  publish(state, out, terminal, view);
  return true;
}

function agentTerminal(state: ThreadState, terminalId: string): AgentTerminal {
  let terminal = state.agentTerminals.get(terminalId);
  if (terminal === undefined) state.agentTerminals.set(terminalId, (terminal = { decoder: new TextDecoder() }));
  return terminal;
}

/** Fields a new terminal starts with are unknown: no command, no output yet. */
function currentView(state: ThreadState, terminalId: string): TerminalView {
  return state.terminalViews.get(terminalId) ?? { terminalId, command: '', output: '', truncated: false };
}

function setOutput(view: TerminalView, text: string, truncated: boolean): void {
  if (text.length <= MAX_TERMINAL_CHARS) {
    view.output = text;
    view.truncated = truncated;
    return;
  }
  let start = text.length - MAX_TERMINAL_CHARS;
  // Never start the kept tail on the second half of a surrogate pair.
  const code = text.charCodeAt(start);
  if (code >= 0xdc00 && code <= 0xdfff) start++;
  view.output = text.slice(start);
  view.truncated = true;
}

function publish(state: ThreadState, out: ApplyResult, terminal: AgentTerminal, view: TerminalView): void {
  const shownInToolCalls = showTerminal(state, out, view) > 0;
  if (terminal.row === undefined) {
    if (shownInToolCalls) return;
    const row: TerminalEntry = { type: 'terminal', id: newEntryId(state), terminalId: view.terminalId, terminal: view };
    terminal.row = insertRow(state, out, row);
    return;
  }
  const row = state.entries[terminal.row] as TerminalEntry;
  // A folded row shows nothing: no need to resend it with every chunk.
  if (row.embedded && shownInToolCalls) return;
  const next: TerminalEntry = { ...row, terminal: view };
  if (shownInToolCalls) next.embedded = true;
  replaceRow(state, out, terminal.row, next);
}

/** The normaliser checked the alphabet and padding; `atob` exists in Node and browsers alike. */
function base64Bytes(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
