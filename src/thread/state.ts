/**
 * The reducer's private working state: the rows plus the indexes that keep every event O(1)
 * (or O(rows touched)), and the small helpers every concern uses to change rows.
 *
 * Rows are copy-on-write: a row object handed out (in a RowChange, `entries` or a snapshot) is
 * never mutated afterwards; a change builds a new row object and stores it at the same index.
 * That matters for views that batch changes per frame: an `insert` followed by `append`s must
 * replay to the right text, which it would not if the inserted object kept growing in place.
 * Rows are never removed either, so an index stays valid for the life of the thread.
 */
import type { ContentBlock, MessageRole } from '../protocol/events.js';
import type {
  AgentMessageEntry,
  ApplyResult,
  EntryId,
  SessionFacts,
  TerminalView,
  ThoughtEntry,
  ThreadEntry,
  UserEntry,
} from './types.js';
import type { ChildThread } from './children/subagents.js';

export interface TurnTracking {
  /** A turn is open from its start until its turn_end row; repeated idle snapshots see it closed. */
  open: boolean;
  /** Client turn id (from `prompt_sent`); undefined for a turn the agent started on its own (v2). */
  id?: string;
  /**
   * The user row `prompt_sent` created from the client's own copy of the prompt. The agent's
   * first echo of that message (v2 `user_message`, or chunks) replaces this local copy instead
   * of adding a second user row: the agent is the source of truth for the accepted message.
   */
  placeholderRow?: number;
  /** Tool call rows created while this turn was open: what a cancel marks cancelled. */
  toolCallRows: number[];
}

export interface AgentTerminal {
  /**
   * Output arrives as base64 byte chunks that may end inside a UTF-8 character; a streaming
   * decoder per terminal carries the partial bytes over to the next chunk.
   */
  decoder: InstanceType<typeof TextDecoder>;
  /** The terminal's own row (while no tool call showed it when it first reported). */
  row?: number;
}

export interface ThreadState {
  entries: ThreadEntry[];
  session: SessionFacts;
  nextId: number;
  /** messageId → row, one map per role: agents may reuse one id for a thought and its answer. */
  messages: Record<MessageRole, Map<string, number>>;
  toolCalls: Map<string, number>;
  plans: Map<string, number>;
  /** compactionId → its row. */
  compactions: Map<string, number>;
  /** Agent-owned (v2) terminals: the streaming decoder of each, and its own row when it has one. */
  agentTerminals: Map<string, AgentTerminal>;
  /** terminalId → tool call rows whose content embeds it (terminal output fans out to all). */
  terminalRows: Map<string, Set<number>>;
  /** Latest output per terminal, so a tool call that embeds a terminal late still shows it. */
  terminalViews: Map<string, TerminalView>;
  /** Pending permission requestId → tool call row. */
  permissions: Map<string, number>;
  /** Pending elicitation requestId → its row. */
  elicitations: Map<string, number>;
  /** URL elicitationId → its row, until the agent says the flow is complete. */
  urlElicitations: Map<string, number>;
  /** turnId → the user row of that turn (refusal marks it, prompt_accepted binds its id). */
  turnUserRows: Map<string, number>;
  endedTurns: Set<string>;
  /** Counter for turn ids of agent-started turns, which have no client turn id. */
  agentTurns: number;
  turn: TurnTracking;
  /**
   * Streaming buffer: text appended to the last text block of row `streamRow` that is not yet
   * in that row object. Building a new row per chunk is what copy-on-write would cost; instead
   * chunks only go into this buffer and the row is rebuilt once, when anything else looks at it
   * (`flushStreaming`). -1 when empty.
   */
  streamRow: number;
  /** The entry id of row `streamRow` (read once, not per chunk: rows are of many shapes). */
  streamRowId: EntryId;
  /**
   * The messageId and role that led to the streaming row (undefined when it streams without an
   * id). A chunk with both needs no map lookup: an id's row is never rebound, and every event
   * other than a chunk ends streaming first.
   */
  streamKey: StreamKey | undefined;
  streamText: StreamedText;
  /**
   * The host's `fs/write_text_file` writes per turn id (the turn running when each was made):
   * the review's fallback when a root had no snapshot. Not rows, not restored: the turn's
   * changes row is computed from them when it ends.
   */
  fileWrites: Map<string, FileWrite[]>;
  /** Child sessions announced in this thread: each card's row and the child's own thread. */
  children: Map<string, ChildThread>;
}

export interface StreamKey {
  messageId: string;
  role: MessageRole;
}

export interface FileWrite {
  path: string;
  oldText: string | null;
  newText: string;
}

/**
 * The text of a streaming row not yet in the row object. Chunks are kept as a short list and
 * folded into one flat string every `FOLD_EVERY` chunks, instead of `text += chunk` per chunk:
 * that would keep every chunk alive in a rope (a string object plus a rope node each) until
 * someone reads the row, and the young-generation GC copies all of it, twice, on its way to the
 * old generation. Folded this way most chunks die young and what survives is one flat string
 * per fold (about 1 MB less to copy per 10,000 chunks of the wire benchmark).
 */
export class StreamedText {
  private folded = '';
  private readonly recent: string[] = [];

  append(text: string): void {
    const recent = this.recent;
    recent.push(text);
    if (recent.length === FOLD_EVERY) {
      this.folded += recent.join('');
      recent.length = 0;
    }
  }

  /** All the text appended since the last take, in order; empties the buffer. */
  take(): string {
    const recent = this.recent;
    // One piece (a run of chunks the transport joined, most often) is the text itself: no copy,
    // and the protocol log, which keeps that very string, holds nothing more.
    const text = recent.length === 0 ? this.folded : this.folded === '' && recent.length === 1 ? recent[0]! : this.folded + recent.join('');
    this.folded = '';
    recent.length = 0;
    return text;
  }
}

/** Chunks per fold: small enough that a fold is cheap, large enough that few folds survive. */
const FOLD_EVERY = 64;

export function emptyState(session: SessionFacts): ThreadState {
  return {
    entries: [],
    session,
    nextId: 1,
    messages: { user: new Map(), agent: new Map(), thought: new Map() },
    toolCalls: new Map(),
    plans: new Map(),
    compactions: new Map(),
    agentTerminals: new Map(),
    terminalRows: new Map(),
    terminalViews: new Map(),
    permissions: new Map(),
    elicitations: new Map(),
    urlElicitations: new Map(),
    turnUserRows: new Map(),
    endedTurns: new Set(),
    agentTurns: 0,
    turn: { open: false, toolCallRows: [] },
    streamRow: -1,
    streamRowId: '',
    streamKey: undefined,
    streamText: new StreamedText(),
    fileWrites: new Map(),
    children: new Map(),
  };
}

export function newEntryId(state: ThreadState): EntryId {
  return `e${state.nextId++}`;
}

/** Appends a row and records the insert; returns its index. */
export function insertRow(state: ThreadState, out: ApplyResult, entry: ThreadEntry): number {
  const index = state.entries.length;
  state.entries.push(entry);
  out.rows.push({ op: 'insert', index, entry });
  return index;
}

/**
 * Stores a new version of a row and records the update. Several changes to one row within one
 * event collapse into one update (or stay an insert when the row was inserted by this event).
 */
export function replaceRow(state: ThreadState, out: ApplyResult, index: number, entry: ThreadEntry): void {
  state.entries[index] = entry;
  const rows = out.rows;
  for (let i = rows.length - 1; i >= 0; i--) {
    const change = rows[i]!;
    if (change.index !== index) continue;
    if (change.op === 'insert' || change.op === 'update') {
      rows[i] = { op: change.op, index, entry };
      return;
    }
    break;
  }
  rows.push({ op: 'update', index, entry });
}

export function setSession(state: ThreadState, out: ApplyResult, patch: Partial<SessionFacts>): void {
  state.session = { ...state.session, ...patch };
  out.session = true;
}

/** Folds the streaming buffer into its row. Must run before any code reads a message row. */
export function flushStreaming(state: ThreadState): void {
  const index = state.streamRow;
  if (index < 0) return;
  state.streamRow = -1;
  state.streamKey = undefined;
  // Only message rows stream, and only while their last block is text.
  const row = state.entries[index] as UserEntry | AgentMessageEntry | ThoughtEntry;
  const blocks = row.content.slice();
  const last = blocks[blocks.length - 1] as Extract<ContentBlock, { type: 'text' }>;
  blocks[blocks.length - 1] = { ...last, text: last.text + state.streamText.take() };
  state.entries[index] = { ...row, content: blocks };
}
