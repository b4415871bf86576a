/**
 * The user's Stop on one tool call or agent-owned terminal (v2 `tool_call/cancel`,
 * `terminal/cancel`): the card or row shows "stopping" until the agent reports how the work
 * ended (a final tool call status, a terminal exit status), or the agent's refusal. Work that
 * has already ended is left alone: a late refusal must not paint over its outcome.
 */
import type { SessionEvent, StopTarget } from '../../protocol/events.js';
import type { ApplyResult, StopState, ToolCallEntry } from '../types.js';
import { updateAgentTerminalView } from './agentTerminals.js';
import type { ThreadState } from '../state.js';
import { isFinalStatus, storeToolCall } from './toolCalls.js';

type StopRequested = Extract<SessionEvent, { kind: 'stop_requested' }>;
type StopRefused = Extract<SessionEvent, { kind: 'stop_refused' }>;

export function applyStopRequested(state: ThreadState, event: StopRequested, out: ApplyResult): void {
  setStop(state, out, event.target, { state: 'stopping' });
}

export function applyStopRefused(state: ThreadState, event: StopRefused, out: ApplyResult): void {
  setStop(state, out, event.target, { state: 'refused', message: event.message });
}

function setStop(state: ThreadState, out: ApplyResult, target: StopTarget, stop: StopState): void {
  if (target.type === 'tool_call') {
    const index = state.toolCalls.get(target.toolCallId);
    if (index === undefined) return;
    const row = state.entries[index] as ToolCallEntry;
    if (isFinalStatus(row.status)) return;
    storeToolCall(state, out, index, { ...row, stop });
    return;
  }
  const view = state.terminalViews.get(target.terminalId);
  if (view === undefined || view.exitStatus) return;
  updateAgentTerminalView(state, out, { ...view, stop });
}
