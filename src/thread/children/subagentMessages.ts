/**
 * In a subagent's own thread: the task it was given (a user-like message marked `delegated`)
 * and its report (an agent message marked `report`), from `subagent_message` events that the
 * session resolved out of `session_message` / `session_message_chunk` (see
 * agents/acp/session/sessionMessages.ts). Upserts and chunks follow the message rules of
 * messages.ts, under keys of their own so they never merge with the child's own messages.
 *
 * A report that ends with the child's last message (Claude Code sends the result of the Task
 * call as the report, its transcript already ends with that message, and the result may start
 * with a note of the tools used) marks that message as the report instead of showing it twice.
 */
import type { ContentBlock, SessionEvent } from '../../protocol/events.js';
import { applyMessageChunk, applyMessageUpsert } from '../turns/messages.js';
import { flushStreaming, replaceRow, type ThreadState } from '../state.js';
import type { AgentMessageEntry, ApplyResult, UserEntry } from '../types.js';

type SubagentMessage = Extract<SessionEvent, { kind: 'subagent_message' }>;

export function applySubagentMessage(state: ThreadState, event: SubagentMessage, out: ApplyResult): void {
  const role = event.role === 'task' ? 'user' : 'agent';
  const key = `${event.role}:${event.messageId}`;
  // The child's own last message already says it: that message is the report, as the child wrote it.
  const repeated = event.role === 'report' && !state.messages.agent.has(key) && event.content ? bindRepeatedAnswer(state, key, event.content) : false;
  if (event.content !== undefined && !repeated) applyMessageUpsert(state, { kind: 'message_upsert', role, messageId: key, content: event.content }, out);
  if (event.chunk !== undefined) applyMessageChunk(state, { kind: 'message_chunk', role, messageId: key, content: event.chunk }, out);
  const index = state.messages[role].get(key);
  if (index === undefined) return;
  const marked = state.entries[index] as UserEntry | AgentMessageEntry;
  if (marked.type === 'user' ? marked.delegated : marked.report) return;
  // The row may be streaming: its text is whole only once the buffer is folded in.
  flushStreaming(state);
  const row = state.entries[index] as UserEntry | AgentMessageEntry;
  replaceRow(state, out, index, row.type === 'user' ? { ...row, delegated: true } : { ...row, report: true });
}

/**
 * The child's latest message says what the report says (the report may put a note of its own
 * before it: Claude Code's starts with the tools the helper used): the report is that message.
 */
function bindRepeatedAnswer(state: ThreadState, key: string, content: readonly ContentBlock[]): boolean {
  flushStreaming(state);
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const row = state.entries[i]!;
    if (row.type !== 'agent') continue;
    const last = textOf(row.content);
    if (row.report || last === '' || !textOf(content).endsWith(last)) return false;
    state.messages.agent.set(key, i);
    return true;
  }
  return false;
}

function textOf(blocks: readonly ContentBlock[]): string {
  return blocks.map((b) => (b.type === 'text' ? b.text : '')).join('').trim();
}
