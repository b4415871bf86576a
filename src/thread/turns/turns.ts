/**
 * Turn boundaries. A turn the client started ends with the session's `turn_ended` (v1: the
 * prompt response; v2: the agent's idle, as the session judged it; or an error, or the bounded
 * wait after a cancel). v2 agents also report `state` on the wire, which drives running /
 * requires_action, and ends turns the agent started itself. v2 agents repeat idle snapshots
 * (resume, multi-client) and late ends can race, so a turn gets exactly one turn_end row.
 */
import type { SessionEvent, StopReason } from '../../protocol/events.js';
import type { ApplyResult, ToolCallEntry, TurnEndEntry, UserEntry } from '../types.js';
import { insertRow, newEntryId, replaceRow, setSession, type ThreadState } from '../state.js';
import { cancelPermission } from '../tools/permissions.js';
import { cancelElicitations } from '../elicitations/elicitations.js';

type StateEvent = Extract<SessionEvent, { kind: 'state' }>;
type CancelEvent = Extract<SessionEvent, { kind: 'cancel_requested' }>;
type TurnEndedEvent = Extract<SessionEvent, { kind: 'turn_ended' }>;

export function startTurn(state: ThreadState, turnId: string | undefined, placeholderRow?: number): void {
  state.turn = { open: true, id: turnId, placeholderRow, toolCallRows: [] };
}

/**
 * v2 `state`. running / requires_action keep a turn open (opening one if the agent started
 * work on its own). For an idle there are two owners:
 * - a turn the client started (it has a turn id) is ended by the session's `turn_ended`, which
 *   follows the wire idle at once and knows more: it ignores a stale idle snapshot from before
 *   the prompt was accepted, and reports an error after a cancel as `cancelled`. So here the
 *   wire idle changes nothing for such a turn;
 * - a turn the agent started has no other end: its idle with a stop reason adds the turn_end
 *   row. Either way a turn ends once, so repeated idle snapshots add nothing.
 */
export function applyTurnState(state: ThreadState, event: StateEvent, out: ApplyResult): void {
  const turn = state.turn;
  if (event.state === 'idle') {
    if (turn.open && turn.id !== undefined) return;
    if (turn.open && event.stopReason !== undefined) {
      endTurn(state, out, agentTurnId(state), event.stopReason, event.error ?? undefined, undefined);
      return;
    }
    // Idle without a reason closes an agent-started turn quietly; a snapshot leaves things be.
    if (turn.open) state.turn = { open: false, toolCallRows: [] };
    setTurnState(state, out, 'idle');
    return;
  }
  if (!turn.open) startTurn(state, undefined);
  // While cancelling, only the end of the turn changes the state: the agent may still report work.
  if (state.session.turnState === 'cancelling') return;
  setTurnState(state, out, event.state);
}

/**
 * The user cancelled: unfinished tool calls of the turn are shown cancelled at once, and every
 * pending permission and elicitation is withdrawn (the session answers them `cancelled`). Updates that arrive
 * afterwards still apply normally.
 */
export function applyCancelRequested(state: ThreadState, event: CancelEvent, out: ApplyResult): void {
  const turn = state.turn;
  // A cancel for a turn that already ended (or an older one) must not touch the current state.
  if (state.endedTurns.has(event.turnId) || (turn.id !== undefined && turn.id !== event.turnId)) return;
  for (const index of turn.toolCallRows) {
    const row = state.entries[index] as ToolCallEntry;
    if (row.status === 'pending' || row.status === 'in_progress' || row.status === 'paused') {
      // A Stop asked for on this call alone is overtaken by the cancel of the whole turn.
      const { stop: _overtaken, ...rest } = row;
      replaceRow(state, out, index, { ...rest, status: 'cancelled' });
    }
  }
  for (const requestId of [...state.permissions.keys()]) cancelPermission(state, out, requestId);
  cancelElicitations(state, out);
  if (turn.open || state.session.turnState !== 'idle') setTurnState(state, out, 'cancelling');
}

export function applyTurnEnded(state: ThreadState, event: TurnEndedEvent, out: ApplyResult): void {
  const error = event.error === undefined ? undefined : stripErrorData(event.error);
  endTurn(state, out, event.turnId, event.stopReason, error, event.timedOut);
}

function endTurn(
  state: ThreadState,
  out: ApplyResult,
  turnId: string,
  stopReason: StopReason,
  error: { code?: number; message: string } | undefined,
  timedOut: boolean | undefined,
): void {
  const isCurrent = state.turn.open && (state.turn.id === undefined || state.turn.id === turnId);
  if (!state.endedTurns.has(turnId)) {
    state.endedTurns.add(turnId);
    if (stopReason === 'refusal') markNotKept(state, out, turnId);
    const entry: TurnEndEntry = { type: 'turn_end', id: newEntryId(state), turnId, stopReason };
    if (error !== undefined) entry.error = error;
    if (timedOut) entry.timedOut = true;
    insertRow(state, out, entry);
  }
  if (!isCurrent) return;
  state.turn = { open: false, toolCallRows: [] };
  // Drop the key rather than set it undefined: the facts stay equal to their JSON round trip.
  const { currentTurnId: _ended, ...rest } = state.session;
  state.session = { ...rest, turnState: 'idle' };
  out.session = true;
}

/** A refused prompt is not in the agent's context: say so on the prompt itself. */
function markNotKept(state: ThreadState, out: ApplyResult, turnId: string): void {
  let index = state.turnUserRows.get(turnId);
  if (index === undefined) {
    // An agent-started turn has no client turn id: the refused prompt is the latest user row
    // of this turn, i.e. one after the previous turn's end.
    for (let i = state.entries.length - 1; i >= 0 && index === undefined; i--) {
      const type = state.entries[i]!.type;
      if (type === 'turn_end') break;
      if (type === 'user') index = i;
    }
  }
  if (index === undefined) return;
  const row = state.entries[index] as UserEntry;
  if (!row.notKept) replaceRow(state, out, index, { ...row, notKept: true });
}

function setTurnState(state: ThreadState, out: ApplyResult, turnState: ThreadState['session']['turnState']): void {
  if (state.session.turnState !== turnState) setSession(state, out, { turnState });
}

function agentTurnId(state: ThreadState): string {
  return `agent-turn-${++state.agentTurns}`;
}

function stripErrorData(error: { code?: number; message: string }): { code?: number; message: string } {
  // `data` can be anything the agent sent; the row keeps what the user is shown.
  return error.code === undefined ? { message: error.message } : { code: error.code, message: error.message };
}
