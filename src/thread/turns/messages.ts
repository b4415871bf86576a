/**
 * User, agent and thought messages: streamed chunks, v2 whole-message upserts, and the user's
 * own prompt as the client sent it.
 *
 * Ordering rules (ACP message ids): updates and chunks apply in arrival order per messageId; a
 * chunk appends to whatever content is current (from an upsert or earlier chunks); an upsert
 * with content replaces everything accumulated, `null`/`[]` clears, omitted leaves it.
 */
import type { ContentBlock, MessageRole, SessionEvent } from '../../protocol/events.js';
import type { AgentMessageEntry, ApplyResult, ThoughtEntry, UserEntry } from '../types.js';
import { flushStreaming, insertRow, newEntryId, replaceRow, setSession, type ThreadState } from '../state.js';
import { startTurn } from './turns.js';

type MessageEntry = UserEntry | AgentMessageEntry | ThoughtEntry;
type ChunkEvent = Extract<SessionEvent, { kind: 'message_chunk' }>;
type UpsertEvent = Extract<SessionEvent, { kind: 'message_upsert' }>;
type PromptSentEvent = Extract<SessionEvent, { kind: 'prompt_sent' }>;
type PromptAcceptedEvent = Extract<SessionEvent, { kind: 'prompt_accepted' }>;
type PromptSteeredEvent = Extract<SessionEvent, { kind: 'prompt_steered' }>;
type PromptDeliveryEvent = Extract<SessionEvent, { kind: 'prompt_delivery' }>;

/** Blocks are copied on the way in: rows own their blocks, events stay untouched. */
function ownBlock(block: ContentBlock): ContentBlock {
  return { ...block };
}

/**
 * The hot path, tried before anything else is set up for the event: a text chunk that continues
 * the row streaming now. Its result is built whole (one change in a one-slot array) rather than
 * grown by push; undefined for every other chunk, which `applyMessageChunk` then handles.
 * Changes nothing unless it answers.
 */
export function appendToStream(state: ThreadState, event: ChunkEvent): ApplyResult | undefined {
  const index = state.streamRow;
  const { content } = event;
  if (index < 0 || content.type !== 'text') return undefined;
  // The streaming row's own id and role need no lookup (see ThreadState.streamKey); otherwise
  // the same lookup as applyMessageChunk's, minus claiming the prompt row: a chunk that would
  // claim it is not one for the streaming row.
  const key = state.streamKey;
  const continues =
    (key !== undefined && event.messageId === key.messageId && event.role === key.role) ||
    (event.messageId !== undefined ? state.messages[event.role].get(event.messageId) : lastRowOf(state, event.role)) === index;
  if (!continues) return undefined;
  if (content.text === '') return { rows: [], session: false };
  state.streamText.append(content.text);
  return { rows: [{ op: 'append', index, id: state.streamRowId, text: content.text }], session: false };
}

/** Without ids the only signal is the kind of update: the same role continues the last row. */
function lastRowOf(state: ThreadState, role: MessageRole): number | undefined {
  const last = state.entries.length - 1;
  return last >= 0 && state.entries[last]!.type === role ? last : undefined;
}

export function applyMessageChunk(state: ThreadState, event: ChunkEvent, out: ApplyResult): void {
  const { role, messageId, content } = event;
  const index = messageId !== undefined ? state.messages[role].get(messageId) ?? claimPromptRow(state, role, messageId) : lastRowOf(state, role);
  if (index === state.streamRow && content.type === 'text') {
    // The row is already streaming, so its last block is text (appendToStream usually got here first).
    if (content.text === '') return;
    state.streamText.append(content.text);
    out.rows.push({ op: 'append', index, id: state.entries[index]!.id, text: content.text });
    return;
  }
  flushStreaming(state);
  if (index === undefined) {
    const inserted = insertRow(state, out, newMessage(state, role, messageId, [ownBlock(content)]));
    if (messageId !== undefined) state.messages[role].set(messageId, inserted);
    return;
  }
  const row = state.entries[index] as MessageEntry;
  if (state.turn.placeholderRow === index) {
    // The agent's first word on the prompt row replaces the client's local copy of it.
    state.turn.placeholderRow = undefined;
    replaceRow(state, out, index, withMessageId({ ...row, content: [ownBlock(content)] }, messageId));
    return;
  }
  const blocks = row.content;
  const lastBlock = blocks[blocks.length - 1];
  if (content.type === 'text' && lastBlock !== undefined && lastBlock.type === 'text') {
    // Text continues the last text block: start streaming into the buffer (see ThreadState).
    if (content.text === '') return;
    state.streamRow = index;
    state.streamRowId = row.id;
    if (messageId !== undefined) state.streamKey = { messageId, role };
    state.streamText.append(content.text);
    out.rows.push({ op: 'append', index, id: row.id, text: content.text });
    return;
  }
  replaceRow(state, out, index, { ...row, content: [...blocks, ownBlock(content)] });
}

export function applyMessageUpsert(state: ThreadState, event: UpsertEvent, out: ApplyResult): void {
  const { role, messageId, content } = event;
  const index = state.messages[role].get(messageId) ?? claimPromptRow(state, role, messageId);
  const replacement = content === undefined ? undefined : (content ?? []).map(ownBlock);
  if (index === undefined) {
    const created = insertRow(state, out, newMessage(state, role, messageId, replacement ?? []));
    state.messages[role].set(messageId, created);
    return;
  }
  const row = state.entries[index] as MessageEntry;
  if (replacement === undefined) {
    // Nothing to change in the content; only a fresh binding of the prompt row is news.
    if (row.messageId !== messageId) replaceRow(state, out, index, withMessageId({ ...row }, messageId));
    return;
  }
  if (state.turn.placeholderRow === index) state.turn.placeholderRow = undefined;
  replaceRow(state, out, index, withMessageId({ ...row, content: replacement }, messageId));
}

export function applyPromptSent(state: ThreadState, event: PromptSentEvent, out: ApplyResult): void {
  const entry: UserEntry = {
    type: 'user',
    id: newEntryId(state),
    turnId: event.turnId,
    content: event.content.map(ownBlock),
  };
  const index = insertRow(state, out, entry);
  state.turnUserRows.set(event.turnId, index);
  startTurn(state, event.turnId, index);
  setSession(state, out, { turnState: 'running', currentTurnId: event.turnId });
}

/** v2: the agent named the accepted prompt; its `user_message` echo will upsert into our row. */
export function applyPromptAccepted(state: ThreadState, event: PromptAcceptedEvent, out: ApplyResult): void {
  const index = state.turnUserRows.get(event.turnId);
  if (index === undefined) return;
  const row = state.entries[index] as UserEntry;
  const bound = state.messages.user.get(event.messageId);
  if (bound !== undefined) return; // already bound (the echo came first) or owned by another row
  state.messages.user.set(event.messageId, index);
  if (row.messageId === undefined) replaceRow(state, out, index, { ...row, messageId: event.messageId });
}

/**
 * v2: a message the user sent while the turn ran, taken by the agent into that turn. It is a user
 * row of its own (no turn id: the running turn's checkpoint and actions stay on its first
 * message), bound to the agent's id so the agent's echo fills this row instead of adding one;
 * an echo that came first already made the row, which is then only marked.
 */
export function applyPromptSteered(state: ThreadState, event: PromptSteeredEvent, out: ApplyResult): void {
  flushStreaming(state);
  const { messageId } = event;
  const bound = messageId !== undefined ? state.messages.user.get(messageId) : undefined;
  if (bound !== undefined) {
    const row = state.entries[bound] as UserEntry;
    replaceRow(state, out, bound, { ...row, delivery: 'steered' });
    return;
  }
  const entry: UserEntry = { type: 'user', id: newEntryId(state), content: event.content.map(ownBlock), delivery: 'steered' };
  if (messageId !== undefined) entry.messageId = messageId;
  const index = insertRow(state, out, entry);
  if (messageId !== undefined) state.messages.user.set(messageId, index);
}

/** The message of `turnId` went out after the running turn was stopped: said on its row. */
export function applyPromptDelivery(state: ThreadState, event: PromptDeliveryEvent, out: ApplyResult): void {
  const index = state.turnUserRows.get(event.turnId);
  if (index === undefined) return;
  flushStreaming(state);
  const row = state.entries[index] as UserEntry;
  replaceRow(state, out, index, { ...row, delivery: event.delivery });
}

/**
 * A user message with an id we have never seen, while our prompt row still waits for its id:
 * the agent echoed the prompt before its `session/prompt` answer (which carries the id) was
 * processed. Bind the id to the prompt row instead of showing the prompt twice.
 */
function claimPromptRow(state: ThreadState, role: MessageRole, messageId: string): number | undefined {
  const index = state.turn.placeholderRow;
  if (role !== 'user' || index === undefined) return undefined;
  if ((state.entries[index] as UserEntry).messageId !== undefined) return undefined;
  state.messages.user.set(messageId, index);
  return index;
}

function newMessage(
  state: ThreadState,
  role: MessageRole,
  messageId: string | undefined,
  content: ContentBlock[],
): MessageEntry {
  const entry: MessageEntry = { type: role, id: newEntryId(state), content };
  if (messageId !== undefined) entry.messageId = messageId;
  return entry;
}

function withMessageId<T extends MessageEntry>(row: T, messageId: string | undefined): T {
  if (messageId !== undefined && row.messageId === undefined) row.messageId = messageId;
  return row;
}
