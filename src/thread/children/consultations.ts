/**
 * A consultation of another agent (the editor's `ask_agent` tool) as a tool call card: the host
 * sends the whole card each time it changes, so the row is created on first sight and replaced
 * after. What the client attached to the card (the permission question, its answer) is kept.
 */
import type { SessionEvent } from '../../protocol/events.js';
import type { ApplyResult, ToolCallEntry } from '../types.js';
import { createToolCall, patchToolCall, storeToolCall } from '../tools/toolCalls.js';
import type { ThreadState } from '../state.js';

type ConsultationEvent = Extract<SessionEvent, { kind: 'consultation' }>;

export function applyConsultation(state: ThreadState, event: ConsultationEvent, out: ApplyResult): void {
  const patch = { title: event.title, kind: 'fetch' as const, status: event.status, content: event.content };
  const known = state.toolCalls.get(event.toolCallId);
  const index = known ?? createToolCall(state, out, event.toolCallId, patch, false);
  const row = state.entries[index] as ToolCallEntry;
  const next = known === undefined ? row : patchToolCall(row, patch);
  storeToolCall(state, out, index, { ...next, consultation: { ...event.consultation, from: [...event.consultation.from] } });
}
