/**
 * Permission requests are a status on the tool call they are about (not rows of their own):
 * the card shows the agent's options until the user answers or the turn is cancelled.
 */
import type { SessionEvent } from '../protocol/events.js';
import type { ApplyResult, PendingPermission, ToolCallEntry } from './types.js';
import { replaceRow, setSession, type ThreadState } from './state.js';
import { createToolCall, patchToolCall, storeToolCall } from './toolCalls.js';

type RequestedEvent = Extract<SessionEvent, { kind: 'permission_requested' }>;
type ResolvedEvent = Extract<SessionEvent, { kind: 'permission_resolved' }>;

export function applyPermissionRequested(state: ThreadState, event: RequestedEvent, out: ApplyResult): void {
  let index = state.toolCalls.get(event.toolCallId);
  let row: ToolCallEntry;
  if (index === undefined) {
    // Asking about a call never announced is legal: the request's own update introduces it.
    const patch = { ...event.toolCall };
    if (patch.title === undefined || patch.title === null) patch.title = event.title ?? event.toolCallId;
    index = createToolCall(state, out, event.toolCallId, patch, false);
    row = state.entries[index] as ToolCallEntry;
  } else {
    row = patchToolCall(state.entries[index] as ToolCallEntry, event.toolCall);
  }
  const permission: PendingPermission = { requestId: event.requestId, options: event.options };
  if (event.title !== undefined) permission.title = event.title;
  storeToolCall(state, out, index, { ...row, permission });
  state.permissions.set(event.requestId, index);
  // While cancelling the session answers the request `cancelled` at once; the state stays.
  if (state.session.turnState !== 'cancelling' && state.session.turnState !== 'requires_action') {
    setSession(state, out, { turnState: 'requires_action' });
  }
}

export function applyPermissionResolved(state: ThreadState, event: ResolvedEvent, out: ApplyResult): void {
  const index = state.permissions.get(event.requestId);
  if (index === undefined) return; // already withdrawn by a cancel
  state.permissions.delete(event.requestId);
  const outcome = event.outcome.outcome === 'selected' ? event.outcome.optionId : 'cancelled';
  clearPermission(state, out, index, event.requestId, outcome);
  if (state.permissions.size === 0 && state.elicitations.size === 0 && state.session.turnState === 'requires_action') {
    setSession(state, out, { turnState: 'running' });
  }
}

/** Withdraws a pending request as cancelled (the turn is being cancelled). */
export function cancelPermission(state: ThreadState, out: ApplyResult, requestId: string): void {
  const index = state.permissions.get(requestId);
  if (index === undefined) return;
  state.permissions.delete(requestId);
  clearPermission(state, out, index, requestId, 'cancelled');
}

function clearPermission(state: ThreadState, out: ApplyResult, index: number, requestId: string, outcome: string): void {
  const row = state.entries[index] as ToolCallEntry;
  if (row.permission?.requestId !== requestId) return; // a newer request replaced it on the card
  const next: ToolCallEntry = { ...row, permissionOutcome: outcome };
  // The option's own words ("Allow once"), not its id: the id is for the agent.
  const label = row.permission.options.find((o) => o.optionId === outcome)?.name;
  if (label) next.permissionLabel = label;
  else delete next.permissionLabel;
  delete next.permission;
  replaceRow(state, out, index, next);
}
