/**
 * Tool calls: full creates (v1 `tool_call`), three-state patches (`tool_call_update`, and v2's
 * only way to create one), streamed content items, and live output of embedded terminals.
 */
import type { SessionEvent, ToolCallContent, ToolCallPatch } from '../../protocol/events.js';
import type { ApplyResult, TerminalEntry, TerminalView, ToolCallEntry } from '../types.js';
import { insertRow, newEntryId, replaceRow, type ThreadState } from '../state.js';

type ToolCallEvent = Extract<SessionEvent, { kind: 'tool_call' }>;
type ContentChunkEvent = Extract<SessionEvent, { kind: 'tool_call_content_chunk' }>;
type TerminalOutputEvent = Extract<SessionEvent, { kind: 'terminal_output' }>;

export function applyToolCall(state: ThreadState, event: ToolCallEvent, out: ApplyResult): void {
  const index = state.toolCalls.get(event.toolCallId);
  if (index === undefined) {
    createToolCall(state, out, event.toolCallId, event.patch, !event.replace);
    return;
  }
  const row = state.entries[index] as ToolCallEntry;
  if (event.replace) {
    // A full announcement: fields start from the defaults. What the client attached to the row
    // (a pending permission, its outcome, terminal output) is not the agent's to replace.
    const fresh = patchToolCall(defaults(row.id, row.toolCallId), event.patch);
    const next: ToolCallEntry = { ...fresh };
    if (row.permission !== undefined) next.permission = row.permission;
    if (row.permissionOutcome !== undefined) next.permissionOutcome = row.permissionOutcome;
    if (row.permissionLabel !== undefined) next.permissionLabel = row.permissionLabel;
    if (row.autoApproved !== undefined) next.autoApproved = row.autoApproved;
    if (row.terminals !== undefined) next.terminals = row.terminals;
    storeToolCall(state, out, index, next);
    return;
  }
  storeToolCall(state, out, index, patchToolCall(row, event.patch));
}

export function applyToolCallContentChunk(state: ThreadState, event: ContentChunkEvent, out: ApplyResult): void {
  const index = state.toolCalls.get(event.toolCallId);
  if (index === undefined) {
    createToolCall(state, out, event.toolCallId, { content: [event.content] }, true);
    return;
  }
  const row = state.entries[index] as ToolCallEntry;
  storeToolCall(state, out, index, { ...row, content: [...row.content, { ...event.content }] });
}

/**
 * Creates the row for a tool call id seen for the first time. `unannounced` is true when it
 * came from a patch: in v2 a patch carrying a title is the normal way to announce a call, so
 * only a titleless one is an orphan (an update for a call the agent never introduced).
 */
export function createToolCall(
  state: ThreadState,
  out: ApplyResult,
  toolCallId: string,
  patch: ToolCallPatch,
  unannounced: boolean,
): number {
  const entry = patchToolCall(defaults(newEntryId(state), toolCallId), patch);
  if (unannounced && (patch.title === undefined || patch.title === null)) entry.orphan = true;
  attachKnownTerminals(state, entry);
  const index = insertRow(state, out, entry);
  state.toolCalls.set(toolCallId, index);
  if (state.turn.open) state.turn.toolCallRows.push(index);
  indexTerminals(state, index, entry.content);
  hideOwnTerminalRows(state, out, entry.content);
  return index;
}

/**
 * A call the user cancelled stays shown as cancelled when the agent then reports it `failed`:
 * v1 has no cancelled status, so agents report the abort they were asked for as a failure.
 * A call that really completed after the cancel still shows completed.
 */
function keepCancelled(current: ToolCallEntry['status'], reported: ToolCallEntry['status']): ToolCallEntry['status'] {
  return current === 'cancelled' && reported === 'failed' ? 'cancelled' : reported;
}

/** Applies the patch convention: undefined keeps, null clears, a value replaces. */
export function patchToolCall(row: ToolCallEntry, patch: ToolCallPatch): ToolCallEntry {
  const next: ToolCallEntry = { ...row };
  // A cleared title falls back to the id so the card always has a label.
  if (patch.title !== undefined) next.title = patch.title ?? row.toolCallId;
  if (patch.name !== undefined) next.name = patch.name;
  if (patch.kind !== undefined) next.kind = patch.kind ?? 'other';
  if (patch.status !== undefined) next.status = keepCancelled(row.status, patch.status ?? 'pending');
  if (patch.content !== undefined) next.content = patch.content === null ? [] : patch.content.map(copyItem);
  if (patch.locations !== undefined) {
    next.locations = patch.locations === null ? [] : patch.locations.map((l) => ({ ...l }));
  }
  if (patch.rawInput !== undefined) {
    if (patch.rawInput === null) delete next.rawInput;
    else next.rawInput = patch.rawInput;
  }
  if (patch.rawOutput !== undefined) {
    if (patch.rawOutput === null) delete next.rawOutput;
    else next.rawOutput = patch.rawOutput;
  }
  if (patch.cancellable === true) next.cancellable = true;
  else if (patch.cancellable === false) delete next.cancellable;
  // The agent reported how the call ended: a Stop asked for is settled, whichever way it went.
  if (next.stop !== undefined && isFinalStatus(next.status)) delete next.stop;
  return next;
}

/** Statuses after which a tool call does no more work (a stop can no longer apply). */
export function isFinalStatus(status: ToolCallEntry['status']): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** Live terminal output: every tool call that embeds the terminal shows it. */
export function applyTerminalOutput(state: ThreadState, event: TerminalOutputEvent, out: ApplyResult): void {
  const view: TerminalView = {
    terminalId: event.terminalId,
    command: event.command,
    output: event.output,
    truncated: event.truncated,
  };
  if (event.exitStatus !== undefined) view.exitStatus = event.exitStatus;
  showTerminal(state, out, view);
}

/**
 * Records a terminal's latest view and puts it in every tool call that embeds it; returns how
 * many do (agent-owned terminals get a row of their own when none does).
 */
export function showTerminal(state: ThreadState, out: ApplyResult, view: TerminalView): number {
  state.terminalViews.set(view.terminalId, view);
  const rows = state.terminalRows.get(view.terminalId);
  if (rows === undefined) return 0;
  for (const index of rows) {
    const row = state.entries[index] as ToolCallEntry;
    if (!embedsTerminal(row.content, view.terminalId)) {
      rows.delete(index); // its content was replaced since: the terminal is no longer shown there
      continue;
    }
    replaceRow(state, out, index, { ...row, terminals: { ...row.terminals, [view.terminalId]: view } });
  }
  return rows.size;
}

/** Records which terminals a row's content embeds; called whenever that content changes. */
export function indexTerminals(state: ThreadState, index: number, content: ToolCallContent[]): void {
  for (const item of content) {
    if (item.type !== 'terminal') continue;
    let rows = state.terminalRows.get(item.terminalId);
    if (rows === undefined) state.terminalRows.set(item.terminalId, (rows = new Set()));
    rows.add(index);
  }
}

/** Stores a new version of a tool call row, keeping the terminal index in step with its content. */
export function storeToolCall(state: ThreadState, out: ApplyResult, index: number, next: ToolCallEntry): void {
  const previous = state.entries[index] as ToolCallEntry;
  if (next.content !== previous.content) {
    attachKnownTerminals(state, next);
    indexTerminals(state, index, next.content);
  }
  replaceRow(state, out, index, next);
  if (next.content !== previous.content) hideOwnTerminalRows(state, out, next.content);
}

/** An agent-owned terminal that got its own row before a tool call embedded it is shown once: in the call. */
function hideOwnTerminalRows(state: ThreadState, out: ApplyResult, content: ToolCallContent[]): void {
  for (const item of content) {
    if (item.type !== 'terminal') continue;
    const row = state.agentTerminals.get(item.terminalId)?.row;
    if (row === undefined) continue;
    const entry = state.entries[row] as TerminalEntry;
    if (!entry.embedded) replaceRow(state, out, row, { ...entry, embedded: true });
  }
}

/** A terminal may have produced output before a tool call embedded it. */
function attachKnownTerminals(state: ThreadState, entry: ToolCallEntry): void {
  for (const item of entry.content) {
    if (item.type !== 'terminal' || entry.terminals?.[item.terminalId] !== undefined) continue;
    const view = state.terminalViews.get(item.terminalId);
    if (view !== undefined) entry.terminals = { ...entry.terminals, [item.terminalId]: view };
  }
}

function embedsTerminal(content: ToolCallContent[], terminalId: string): boolean {
  return content.some((item) => item.type === 'terminal' && item.terminalId === terminalId);
}

function defaults(id: string, toolCallId: string): ToolCallEntry {
  return {
    type: 'tool_call',
    id,
    toolCallId,
    title: toolCallId,
    name: null,
    kind: 'other',
    status: 'pending',
    content: [],
    locations: [],
  };
}

function copyItem(item: ToolCallContent): ToolCallContent {
  return { ...item };
}
