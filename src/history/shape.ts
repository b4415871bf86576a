/**
 * Pure transforms between a live thread and its stored form: ids, titles, the size cap.
 */
import { createHash } from 'node:crypto';
import type { NoticeEntry, SessionFacts, TerminalView, ThreadEntry } from '../thread/types.js';
import { TRANSCRIPT_VERSION, type Transcript, type TranscriptInput } from './types.js';

/**
 * Which conversation a transcript holds. The folder is part of it: agents that number their
 * sessions (`sess_1` in every process) give two windows' conversations the same session id.
 */
export interface TranscriptKey {
  agentName: string;
  sessionId: string;
  cwd: string;
}

/** Same agent, session and folder always map to the same file, whatever characters they contain. */
export function transcriptId(key: TranscriptKey): string {
  // A live thread schedules its save once per read of the agent's output, always with the same
  // key object: remembered by it (checked, in case its fields changed) rather than hashed again.
  const known = lastIds.get(key);
  if (known !== undefined && known.agentName === key.agentName && known.sessionId === key.sessionId && known.cwd === key.cwd) return known.id;
  const id = digest([key.agentName, key.sessionId, key.cwd]);
  lastIds.set(key, { agentName: key.agentName, sessionId: key.sessionId, cwd: key.cwd, id });
  return id;
}

const lastIds = new WeakMap<TranscriptKey, TranscriptKey & { id: string }>();

/** The id transcripts were saved under before the folder was part of it (they move on load). */
export function legacyTranscriptId(agentName: string, sessionId: string): string {
  return digest([agentName, sessionId]);
}

function digest(parts: readonly string[]): string {
  const hash = createHash('sha256');
  parts.forEach((part, i) => hash.update(i ? '\0' : '').update(part));
  return hash.digest('hex').slice(0, 24);
}

const TITLE_CHARS = 80;

/** The session's title, else the first line of the first prompt, else a placeholder. */
export function deriveTitle(entries: readonly ThreadEntry[], session: SessionFacts): string {
  if (session.title) return session.title;
  for (const e of entries) {
    if (e.type !== 'user') continue;
    for (const b of e.content) {
      if (b.type === 'text' && b.text.trim()) {
        const line = b.text.trim().split('\n')[0]!;
        return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
      }
      if (b.type === 'resource_link') return b.name;
    }
  }
  return 'Untitled session';
}

/**
 * What a reopened thread cannot continue: a pending permission or form has no agent waiting for it,
 * no turn is running after a restart, and work that could be stopped then (a tool call's or
 * terminal's cancel capability, a stop under way) is not the reopened session's to stop. An
 * agent's notices are live events, never part of the session's history (agents do not replay
 * them), so they are not kept either.
 */
function settle(entries: readonly ThreadEntry[], session: SessionFacts): { entries: ThreadEntry[]; session: SessionFacts } {
  const settled: ThreadEntry[] = [];
  for (const e of entries) {
    if (e.type === 'notice' && e.live) continue;
    settled.push(settleEntry(e));
  }
  const { currentTurnId: _turn, ...facts } = session;
  return { entries: settled, session: { ...facts, turnState: 'idle' } };
}

function settleEntry(e: ThreadEntry): ThreadEntry {
  // Nobody is waiting for the answer any more (the session that asked is gone with the window).
  if (e.type === 'elicitation') return e.status === 'pending' ? { ...e, status: 'expired' } : e;
  // Nothing counts a closed window's turn any more: its list is what it is.
  if (e.type === 'changes' && e.counting) {
    const { counting: _counting, ...rest } = e;
    return rest;
  }
  if (e.type === 'terminal') return e.terminal.cancellable || e.terminal.stop ? { ...e, terminal: settleTerminal(e.terminal) } : e;
  if (e.type !== 'tool_call') return e;
  if (!e.permission && !e.cancellable && !e.stop && !Object.values(e.terminals ?? {}).some((t) => t.cancellable || t.stop)) return e;
  const { permission: _permission, cancellable: _cancellable, stop: _stop, ...rest } = e;
  if (rest.terminals) rest.terminals = Object.fromEntries(Object.entries(rest.terminals).map(([id, t]) => [id, settleTerminal(t)]));
  return rest;
}

function settleTerminal(t: TerminalView): TerminalView {
  const { cancellable: _cancellable, stop: _stop, ...rest } = t;
  return rest;
}

export function toTranscript(input: TranscriptInput, previous: Pick<Transcript, 'createdAt' | 'droppedEntries'> | undefined, now: string): Transcript {
  const { entries, session } = settle(input.entries, input.session);
  return {
    version: TRANSCRIPT_VERSION,
    id: transcriptId(input),
    agentName: input.agentName,
    sessionId: input.sessionId,
    title: input.title ?? deriveTitle(entries, session),
    cwd: input.cwd,
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
    entryCount: entries.length,
    droppedEntries: previous?.droppedEntries ?? 0,
    entries,
    session,
    ...(input.children && Object.keys(input.children).length > 0 ? { children: input.children } : {}),
  };
}

export const TRUNCATION_MARKER_ID = 'history:truncated';

function marker(dropped: number): NoticeEntry {
  return {
    type: 'notice',
    id: TRUNCATION_MARKER_ID,
    severity: 'info',
    title: 'Earlier messages were not kept',
    detail: `${dropped} older ${dropped === 1 ? 'entry was' : 'entries were'} removed to keep this saved conversation small.`,
  };
}

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v), 'utf8');

/** Serialises an entry; one save passes the same one to the cap and the writer. */
export type EntryJson = (entry: ThreadEntry) => string;

/**
 * Each entry's JSON made once per save: the cap sizes every entry and the writer writes the same
 * text, and the newest entry of a streaming turn can be megabytes. Entries are never changed in
 * place (the thread replaces a row it updates), so the object is the key.
 */
export function entryJsonOnce(): EntryJson {
  const made = new WeakMap<ThreadEntry, string>();
  return (entry) => {
    let json = made.get(entry);
    if (json === undefined) made.set(entry, (json = JSON.stringify(entry)));
    return json;
  };
}

const plainJson: EntryJson = (entry) => JSON.stringify(entry);

/**
 * Each entry's size in the saved JSON (UTF-8 bytes), kept across saves: a thread over the cap
 * is saved every few seconds while it streams, and sizing it anew each time serialised every
 * entry it ever had, those the cap drops included. Entries are never changed in place, so the
 * object is the key; a number per entry, gone with the entry.
 */
const entryBytes = new WeakMap<ThreadEntry, number>();

function sizeOf(entry: ThreadEntry, json: EntryJson): number {
  let size = entryBytes.get(entry);
  if (size === undefined) entryBytes.set(entry, (size = Buffer.byteLength(json(entry), 'utf8')));
  return size;
}

/**
 * Drops the oldest entries until the serialized transcript fits `maxBytes`, and puts one
 * marker row first saying how many are gone. The newest entry is always kept, even alone
 * over the cap: an empty transcript would be worse than a big one.
 */
export function capTranscript(full: Transcript, maxBytes: number, json: EntryJson = plainJson): Transcript {
  const t = capChildren(full, Math.floor(maxBytes / 2));
  // Sized entry by entry: serializing a long thread whole would hold a copy many times the cap.
  const all = t.entries.map((e) => sizeOf(e, json) + 1);
  if (bytes({ ...t, entries: [] }) + all.reduce((a, b) => a + b, 0) - 1 <= maxBytes) return t;
  const marked = t.entries[0]?.id === TRUNCATION_MARKER_ID;
  const live = marked ? t.entries.slice(1) : t.entries;
  const alreadyDropped = t.droppedEntries;
  const sizes = marked ? all.slice(1) : all;
  // Fixed cost: everything but the entries, a marker with a generous count, and slack for the
  // digits of entryCount/droppedEntries, which change after the cut.
  const fixed = bytes({ ...t, entries: [] }) + bytes(marker(Number.MAX_SAFE_INTEGER)) + 1 + 32;
  let total = fixed + sizes.reduce((a, b) => a + b, 0);
  let cut = 0;
  while (total > maxBytes && cut < live.length - 1) total -= sizes[cut++]!;
  const droppedEntries = alreadyDropped + cut;
  const entries = droppedEntries > 0 ? [marker(droppedEntries), ...live.slice(cut)] : live.slice(cut);
  return { ...t, entries, entryCount: entries.length, droppedEntries };
}

/**
 * The subagents' threads get at most `budget` bytes, the newest cards' first; a card whose
 * thread does not fit keeps its head (title, counts, state) and opens empty.
 */
function capChildren(t: Transcript, budget: number): Transcript {
  if (!t.children) return t;
  const kept: NonNullable<Transcript['children']> = {};
  let left = budget;
  for (let i = t.entries.length - 1; i >= 0; i--) {
    const card = t.entries[i]!;
    if (card.type !== 'subagent' || !Object.hasOwn(t.children, card.childId)) continue;
    const child = t.children[card.childId]!;
    const size = bytes(child);
    if (size > left) continue;
    kept[card.childId] = child;
    left -= size;
  }
  const { children: _all, ...rest } = t;
  return Object.keys(kept).length > 0 ? { ...rest, children: kept } : rest;
}

/**
 * A transcript's JSON in pieces, one entry at a time (entries last), for writing to disk
 * without building the whole text: the same value as JSON.stringify(t) when parsed.
 */
export function* transcriptJson(t: Transcript, json: EntryJson = plainJson): Generator<string> {
  const { entries, ...rest } = t;
  const head = JSON.stringify(rest);
  yield `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"entries":[`;
  for (let i = 0; i < entries.length; i++) yield (i ? ',' : '') + json(entries[i]!);
  yield ']}';
}
