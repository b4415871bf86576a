/** Small builders for thread events, so tables of cases read like the protocol. */
import type { ContentBlock, MessageRole, SessionEvent, ToolCallPatch } from '../../../src/protocol/events.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import type { ApplyResult, ThreadEntry } from '../../../src/thread/types.js';

export const text = (t: string): ContentBlock => ({ type: 'text', text: t });

export const chunk = (role: MessageRole, t: string, messageId?: string): SessionEvent =>
  messageId === undefined
    ? { kind: 'message_chunk', role, content: text(t) }
    : { kind: 'message_chunk', role, messageId, content: text(t) };

export const blockChunk = (role: MessageRole, content: ContentBlock, messageId?: string): SessionEvent =>
  messageId === undefined ? { kind: 'message_chunk', role, content } : { kind: 'message_chunk', role, messageId, content };

export const upsert = (role: MessageRole, messageId: string, content?: ContentBlock[] | null): SessionEvent =>
  content === undefined ? { kind: 'message_upsert', role, messageId } : { kind: 'message_upsert', role, messageId, content };

export const toolCall = (toolCallId: string, patch: ToolCallPatch): SessionEvent => ({
  kind: 'tool_call',
  toolCallId,
  replace: true,
  patch,
});

export const toolUpdate = (toolCallId: string, patch: ToolCallPatch): SessionEvent => ({
  kind: 'tool_call',
  toolCallId,
  replace: false,
  patch,
});

export const prompt = (turnId: string, t = 'hello'): SessionEvent => ({
  kind: 'prompt_sent',
  turnId,
  content: [text(t)],
});

/** Applies events in order; returns the model and the result of every event. */
export function run(events: SessionEvent[], model = new ThreadModel()): { model: ThreadModel; results: ApplyResult[] } {
  const results = events.map((e) => model.apply(e));
  return { model, results };
}

/** Concatenated text of a message row (what the user reads). */
export function textOf(entry: ThreadEntry | undefined): string {
  if (entry === undefined || !('content' in entry) || entry.type === 'tool_call') return '';
  return entry.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('|');
}

/** Rows without their ids, to compare threads built from different streams. */
export function withoutIds(entries: readonly ThreadEntry[]): unknown[] {
  return entries.map(({ id: _id, ...rest }) => rest);
}
