/**
 * Permission requests are a status on the tool call they are about (not rows of their own):
 * the card shows the agent's options until the user answers or the turn is cancelled.
 */
import type { SessionEvent } from '../../protocol/events.js';
import type { ApplyResult, PendingPermission, ToolCallEntry } from '../types.js';
import { replaceRow, setSession, type ThreadState } from '../state.js';
import { createToolCall, patchToolCall, storeToolCall } from './toolCalls.js';

type RequestedEvent = Extract<SessionEvent, { kind: 'permission_requested' }>;
type ResolvedEvent = Extract<SessionEvent, { kind: 'permission_resolved' }>;
type AutoApprovedEvent = Extract<SessionEvent, { kind: 'permission_auto_approved' }>;

/** The card a request is about, created when the call was never announced, with the request's update applied. */
function cardFor(state: ThreadState, event: RequestedEvent | AutoApprovedEvent, out: ApplyResult): { index: number; row: ToolCallEntry } {
  const index = state.toolCalls.get(event.toolCallId);
  if (index === undefined) {
    // Asking about a call never announced is legal: the request's own update introduces it.
    const patch = { ...event.toolCall };
    if (patch.title === undefined || patch.title === null) patch.title = event.title ?? event.toolCallId;
    const created = createToolCall(state, out, event.toolCallId, patch, false);
    return { index: created, row: state.entries[created] as ToolCallEntry };
  }
  return { index, row: patchToolCall(state.entries[index] as ToolCallEntry, event.toolCall) };
}

export function applyPermissionRequested(state: ThreadState, event: RequestedEvent, out: ApplyResult): void {
  const { index, row } = cardFor(state, event, out);
  const permission: PendingPermission = { requestId: event.requestId, options: event.options };
  if (event.title !== undefined) permission.title = event.title;
  if (event.description !== undefined) permission.description = event.description;
  if (event.command !== undefined) permission.command = { ...event.command };
  if (event.ruleOffer !== undefined) permission.ruleOffer = event.ruleOffer;
  const asked: ToolCallEntry = { ...row, permission };
  // A later question on the same card is the user's again: an earlier rule's answer no longer describes it.
  delete asked.autoApproved;
  storeToolCall(state, out, index, asked);
  state.permissions.set(event.requestId, index);
  // While cancelling the session answers the request `cancelled` at once; the state stays.
  if (state.session.turnState !== 'cancelling' && state.session.turnState !== 'requires_action') {
    setSession(state, out, { turnState: 'requires_action' });
  }
}

/** Answered by a rule: the card records the option and the rule; the turn never waited. */
export function applyPermissionAutoApproved(state: ThreadState, event: AutoApprovedEvent, out: ApplyResult): void {
  const { index, row } = cardFor(state, event, out);
  const next: ToolCallEntry = { ...row, permissionOutcome: event.optionId, autoApproved: { ruleId: event.rule.id, title: event.rule.title } };
  delete next.permission;
  const label = event.options.find((o) => o.optionId === event.optionId)?.name;
  if (label) next.permissionLabel = label;
  else delete next.permissionLabel;
  storeToolCall(state, out, index, next);
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
