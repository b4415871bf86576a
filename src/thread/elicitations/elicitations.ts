/**
 * Elicitations: each `elicitation/create` is a row of its own where it arrived (a form, or a
 * page to open), settled in place when answered or cancelled. While one is open the turn
 * needs the user (`requires_action`), as with a permission question.
 */
import type { SessionEvent } from '../../protocol/events.js';
import type { ApplyResult, ElicitationEntry } from '../types.js';
import { insertRow, newEntryId, replaceRow, setSession, type ThreadState } from '../state.js';

type RequestedEvent = Extract<SessionEvent, { kind: 'elicitation_requested' }>;
type ResolvedEvent = Extract<SessionEvent, { kind: 'elicitation_resolved' }>;
type CompletedEvent = Extract<SessionEvent, { kind: 'elicitation_completed' }>;

const STATUS = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' } as const;

export function applyElicitationRequested(state: ThreadState, event: RequestedEvent, out: ApplyResult): void {
  if (state.elicitations.has(event.requestId)) return;
  const row: ElicitationEntry = { type: 'elicitation', id: newEntryId(state), requestId: event.requestId, prompt: event.prompt, status: 'pending' };
  if (event.toolCallId !== undefined) row.toolCallId = event.toolCallId;
  const index = insertRow(state, out, row);
  state.elicitations.set(event.requestId, index);
  if (event.prompt.mode === 'url') state.urlElicitations.set(event.prompt.elicitationId, index);
  const turnState = state.session.turnState;
  if (turnState === 'running') setSession(state, out, { turnState: 'requires_action' });
}

export function applyElicitationResolved(state: ThreadState, event: ResolvedEvent, out: ApplyResult): void {
  const index = state.elicitations.get(event.requestId);
  if (index === undefined) return;
  state.elicitations.delete(event.requestId);
  const row = state.entries[index] as ElicitationEntry;
  const next: ElicitationEntry = { ...row, status: STATUS[event.action] };
  if (event.action === 'accept' && event.content !== undefined) next.answer = { ...event.content };
  if (row.prompt.mode === 'url' && event.action !== 'accept') state.urlElicitations.delete(row.prompt.elicitationId);
  replaceRow(state, out, index, next);
  if (state.elicitations.size === 0 && state.permissions.size === 0 && state.session.turnState === 'requires_action') {
    setSession(state, out, { turnState: 'running' });
  }
}

/** The agent says a page flow is done; one it never announced changes nothing. */
export function applyElicitationCompleted(state: ThreadState, event: CompletedEvent, out: ApplyResult): void {
  const index = state.urlElicitations.get(event.elicitationId);
  if (index === undefined) return;
  state.urlElicitations.delete(event.elicitationId);
  const row = state.entries[index] as ElicitationEntry;
  replaceRow(state, out, index, { ...row, completed: true });
}

/** The turn is being cancelled: open requests are shown cancelled at once (the session answers them so). */
export function cancelElicitations(state: ThreadState, out: ApplyResult): void {
  for (const requestId of [...state.elicitations.keys()]) applyElicitationResolved(state, { kind: 'elicitation_resolved', requestId, action: 'cancel' }, out);
}
