/**
 * The protocol log's memory: the last messages on the wire, kept as they arrive — nothing is
 * serialised until someone reads the log. At VS Code's default log level the extension writes
 * no message to the output channel (thousands a second while an agent streams, each crossing to
 * the log service); what the user opens, or attaches to a bug report, is this ring written out.
 *
 * Secrets are redacted before a message is kept (redact.ts), so the ring never holds a token.
 * Streamed text chunks of one message are joined into one entry: a reply is one line in the log,
 * and the ring's budget holds turns, not a few hundred words' worth of chunks. The text kept per
 * entry is capped at what the log shows of a message anyway.
 */
import { knownSecrets, redactKnown, redactSecrets } from './redact.js';

export type WireDirection = 'in' | 'out';

/** Longest message shown in full; anything longer is cut with a note (a pasted image is MBs). */
export const MAX_LOGGED_CHARS = 64 * 1024;
/** Default number of messages kept: a few turns of a busy agent, enough for a bug report. */
export const DEFAULT_KEEP = 5_000;
/** Default budget of the ring (characters, about bytes): a few pasted images never hold more. */
export const DEFAULT_MAX_CHARS = 8 * 1024 * 1024;
/** What an entry costs beyond its strings (the envelope, the entry itself). */
const ENTRY_OVERHEAD = 160;

export interface ProtocolRingOptions {
  /** Entries kept (joined chunks count once). */
  keep?: number;
  /** Characters kept, about: the oldest entries go first once the ring holds more. */
  maxChars?: number;
  now?: () => number;
}

interface TextChunkUpdate {
  sessionUpdate: string;
  content: { type: 'text'; text: string };
  messageId?: unknown;
}

interface Entry {
  /** Number of the first message this entry holds (messages are numbered from 1 as they come). */
  first: number;
  /** Number of the last one (for the open entry: brought up to date when it is read or closed). */
  seq: number;
  /** When the entry's first message came (ms since the epoch). */
  time: number;
  agent: string;
  direction: WireDirection;
  /** The message as kept (redacted); for joined chunks, the first chunk's message. */
  message: unknown;
  /** Joined chunks (as many as the entry holds messages): the text kept, up to MAX_LOGGED_CHARS. */
  joined?: Joined;
  chars: number;
}

interface Joined {
  /** The first chunk's update as kept (redacted): what the joined line shows around the text. */
  update: TextChunkUpdate;
  sessionId: unknown;
  kind: ChunkKind;
  messageId: unknown;
  /**
   * The text kept, `length` characters in all, as the pieces came. An array rather than `+=`:
   * a link per chunk made every chunk's text reach the old generation through a chain the GC
   * walks (in the shipped wire row the tap cost ~0.35 µs per message that way, ~0.2 so); a
   * fold into one string now and then costs a copy of every byte on the hot path.
   */
  pieces: string[];
  length: number;
}

function joinedText(joined: Joined): string {
  return joined.pieces.join('');
}

export class ProtocolRing {
  private keep: number;
  private readonly maxChars: number;
  private readonly now: () => number;
  /** Oldest first; `head` is the index of the oldest still kept (dropped slots are cleared). */
  private entries: Entry[] = [];
  private head = 0;
  private chars = 0;
  private seq = 0;
  /** The newest entry while the next chunk may join it (undefined after seal() or another message). */
  private open: Entry | undefined;

  constructor(opts: ProtocolRingOptions = {}) {
    this.keep = Math.max(1, Math.floor(opts.keep ?? DEFAULT_KEEP));
    this.maxChars = opts.maxChars ?? DEFAULT_MAX_CHARS;
    this.now = opts.now ?? Date.now;
  }

  /** Number of the last message kept (0 before the first). */
  get lastSeq(): number {
    return this.seq;
  }

  /** Entries kept now. */
  get size(): number {
    return this.entries.length - this.head;
  }

  /** Keeps at most `keep` entries from now on (a changed setting). */
  setKeep(keep: number): void {
    this.keep = Math.max(1, Math.floor(keep));
    this.trim();
  }

  /** The next chunk starts a new entry even if it continues the last one's message. */
  seal(): void {
    this.close(this.seq);
  }

  /**
   * Keeps a message, redacted; `count` is how many messages on the wire it stands for (a run of
   * streamed chunks the transport joined). Never throws: a message that cannot be redacted is
   * kept as a note that says so.
   */
  add(agent: string, direction: WireDirection, message: unknown, count = 1): void {
    const first = this.seq + 1;
    this.seq += count;
    const open = this.open;
    if (open !== undefined && open.agent === agent && open.direction === direction && this.continueOpen(open, message)) return;
    const kind = textChunkKind(message);
    if (kind !== undefined && this.addChunk(agent, direction, message, kind, first)) return;
    this.close(first - 1);
    let kept: unknown;
    try {
      kept = redactSecrets(message);
    } catch (error) {
      kept = `(message not kept: it could not be redacted: ${String(error)})`;
    }
    this.push({ first, seq: this.seq, time: this.now(), agent, direction, message: kept, chars: ENTRY_OVERHEAD + approxChars(kept) });
  }

  /** The entries holding messages after `seq`, oldest first, as log lines. */
  linesAfter(seq: number): string[] {
    if (this.open) this.open.seq = this.seq;
    const lines: string[] = [];
    for (let i = this.head; i < this.entries.length; i++) {
      const entry = this.entries[i]!;
      if (entry.seq > seq) lines.push(entryLine(entry));
    }
    return lines;
  }

  /** How many messages the entries after `seq` hold (joined chunks count each). */
  messagesAfter(seq: number): number {
    if (this.open) this.open.seq = this.seq;
    let n = 0;
    for (let i = this.head; i < this.entries.length; i++) {
      const entry = this.entries[i]!;
      if (entry.seq > seq) n += entry.seq - entry.first + 1;
    }
    return n;
  }

  /**
   * The hot path: the next chunk of the reply being streamed, joined to the open entry (true),
   * checked as textChunkKind and addChunk would, with each property read once. Compares,
   * nothing else (its number is implied: every message since the entry's first is one of its
   * chunks).
   */
  private continueOpen(open: Entry, message: unknown): boolean {
    const m = message as { method?: unknown; params?: { sessionId?: unknown; update?: Record<string, unknown>; _meta?: unknown } };
    if (m.method !== 'session/update') return false;
    const params = m.params;
    const update = params?.update;
    if (!update || typeof update !== 'object') return false;
    const joined = open.joined!;
    if (update.sessionUpdate !== joined.kind || params.sessionId !== joined.sessionId || update.messageId !== joined.messageId) return false;
    const content = update.content as Record<string, unknown> | undefined;
    if (!content || content.type !== 'text') return false;
    if (content._meta !== undefined || content.annotations !== undefined || update._meta !== undefined || params._meta !== undefined) return false;
    // The log shows MAX_LOGGED_CHARS of a message: keep no more (a 10 MB reply stays 64 KB here).
    if (joined.length >= MAX_LOGGED_CHARS) return true;
    const text = content.text;
    if (typeof text !== 'string') return false;
    this.extend(open, joined, text);
    return true;
  }

  /**
   * A chunk that starts an entry (continueOpen took those that continue one). False when it is
   * not a chunk after all (its text is not a string): it is kept whole then.
   */
  private addChunk(agent: string, direction: WireDirection, message: unknown, kind: ChunkKind, first: number): boolean {
    const params = (message as { params: { sessionId?: unknown; update: TextChunkUpdate } }).params;
    const sessionId = params.sessionId;
    const update = params.update;
    const text = update.content.text;
    if (typeof text !== 'string') return false;
    this.close(first - 1);
    const piece = text.length <= MAX_LOGGED_CHARS ? text : text.slice(0, MAX_LOGGED_CHARS);
    let kept: { params: { update: TextChunkUpdate } };
    try {
      // Once per entry, not per chunk: a field beside the text could hold anything.
      kept = redactSecrets(message) as typeof kept;
    } catch {
      kept = { params: { update: { sessionUpdate: update.sessionUpdate, content: { type: 'text', text: '' } } } };
    }
    const entry: Entry = {
      first, seq: this.seq, time: this.now(), agent, direction, message: kept,
      joined: { update: kept.params.update, sessionId, kind, messageId: update.messageId, pieces: [piece], length: piece.length },
      chars: ENTRY_OVERHEAD + piece.length,
    };
    this.push(entry);
    this.open = entry;
    return true;
  }

  private extend(entry: Entry, joined: Joined, text: string): void {
    const room = MAX_LOGGED_CHARS - joined.length;
    const piece = text.length <= room ? text : text.slice(0, room);
    joined.pieces.push(piece);
    joined.length += piece.length;
    entry.chars += piece.length;
    // Only the characters grew: the entries kept are as many as before.
    if ((this.chars += piece.length) > this.maxChars) this.trim();
  }

  /** The open entry ends with message `last`; the next chunk starts an entry of its own. */
  private close(last: number): void {
    if (this.open === undefined) return;
    this.open.seq = last;
    this.open = undefined;
  }

  private push(entry: Entry): void {
    this.entries.push(entry);
    this.chars += entry.chars;
    this.trim();
  }

  /** Drops the oldest entries beyond the budget; the newest entry always stays. */
  private trim(): void {
    while (this.size > 1 && (this.size > this.keep || this.chars > this.maxChars)) {
      const dropped = this.entries[this.head]!;
      this.chars -= dropped.chars;
      if (dropped === this.open) this.open = undefined;
      this.entries[this.head] = undefined as unknown as Entry;
      this.head++;
    }
    // Compact now and then rather than shift per message (shift copies the whole array).
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }
}

const AGENT_CHUNK = 'agent_message_chunk';
const THOUGHT_CHUNK = 'agent_thought_chunk';
const USER_CHUNK = 'user_message_chunk';
type ChunkKind = typeof AGENT_CHUNK | typeof THOUGHT_CHUNK | typeof USER_CHUNK;

/**
 * The kind of a text chunk that can be joined with its neighbours, else undefined. Returned as
 * this module's own constant, so the next chunk's kind compares by reference rather than by
 * characters (JSON.parse makes a fresh string of each). Property reads only, no walk over the
 * keys: this runs for every message on the wire. A chunk with `_meta` or `annotations` is kept
 * whole (joining would lose them); any other field of a later chunk is left out of the joined
 * line, whose first chunk is kept as it came (redacted).
 */
function textChunkKind(message: unknown): ChunkKind | undefined {
  const m = message as { method?: unknown; params?: { update?: Record<string, unknown>; _meta?: unknown } };
  if (m.method !== 'session/update') return undefined;
  const params = m.params;
  const update = params?.update;
  if (!update || typeof update !== 'object') return undefined;
  const wire = update.sessionUpdate;
  const kind = wire === AGENT_CHUNK ? AGENT_CHUNK : wire === THOUGHT_CHUNK ? THOUGHT_CHUNK : wire === USER_CHUNK ? USER_CHUNK : undefined;
  if (kind === undefined) return undefined;
  const content = update.content as Record<string, unknown> | undefined;
  // The text itself is looked at only when it is kept: most chunks of a long reply are counted, not read.
  if (!content || content.type !== 'text') return undefined;
  if (content._meta !== undefined || content.annotations !== undefined || update._meta !== undefined || params._meta !== undefined) return undefined;
  return kind;
}

/** One message as a log line: direction, agent, the JSON (cut at MAX_LOGGED_CHARS). */
export function messageLine(agent: string, direction: WireDirection, message: unknown): string {
  // Keys were redacted when kept; a secret echoed by value (an agent printing its config) is caught here.
  return redactKnown(`[${agent}] ${direction === 'in' ? '←' : '→'} ${cut(json(message))}`, knownSecrets());
}

function entryLine(entry: Entry): string {
  const at = new Date(entry.time).toISOString();
  const j = entry.joined;
  const chunks = entry.seq - entry.first + 1;
  // A run the transport joined whose first chunk the ring keeps whole (it has `_meta`).
  if (!j) return `${at} ${messageLine(entry.agent, entry.direction, entry.message)}${chunks > 1 ? ` (${chunks} streamed chunks joined)` : ''}`;
  if (chunks === 1 && j.length < MAX_LOGGED_CHARS) return `${at} ${messageLine(entry.agent, entry.direction, entry.message)}`;
  const m = entry.message as { params: Record<string, unknown> };
  const whole = { ...m, params: { ...m.params, update: { ...j.update, content: { type: 'text', text: joinedText(j) } } } };
  const cut = j.length >= MAX_LOGGED_CHARS ? `; text after the first ${MAX_LOGGED_CHARS} characters not kept` : '';
  const note = ` (${chunks} streamed chunks joined${cut})`;
  return `${at} ${messageLine(entry.agent, entry.direction, whole)}${note}`;
}

function json(message: unknown): string {
  try {
    return JSON.stringify(message) ?? String(message);
  } catch {
    return String(message);
  }
}

function cut(text: string): string {
  return text.length > MAX_LOGGED_CHARS ? `${text.slice(0, MAX_LOGGED_CHARS)}… (${text.length - MAX_LOGGED_CHARS} more characters)` : text;
}

/** About the characters a value's JSON takes, without making it (strings and keys, a few per value). */
function approxChars(value: unknown, depth = 0): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value !== 'object' || value === null) return 8;
  if (depth > 32) return 8;
  let n = 2;
  if (Array.isArray(value)) {
    for (const item of value) n += approxChars(item, depth + 1) + 1;
    return n;
  }
  for (const key in value as Record<string, unknown>) n += key.length + 4 + approxChars((value as Record<string, unknown>)[key], depth + 1);
  return n;
}
