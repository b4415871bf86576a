/**
 * Pure transforms between a live thread and its stored form: ids, titles, the size cap.
 */
import { createHash } from 'node:crypto';
import type { NoticeEntry, SessionFacts, ThreadEntry } from '../thread/types.js';
import { TRANSCRIPT_VERSION, type Transcript, type TranscriptInput } from './types.js';

/** Same agent + session always maps to the same file, whatever characters the ids contain. */
export function transcriptId(agentName: string, sessionId: string): string {
  return createHash('sha256').update(agentName).update('\0').update(sessionId).digest('hex').slice(0, 24);
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
 * What a reopened thread cannot continue: a pending permission has no agent waiting for it,
 * and no turn is running after a restart. An agent's notices are live events, never part of
 * the session's history (agents do not replay them), so they are not kept either.
 */
function settle(entries: readonly ThreadEntry[], session: SessionFacts): { entries: ThreadEntry[]; session: SessionFacts } {
  const settled: ThreadEntry[] = [];
  for (const e of entries) {
    if (e.type === 'notice' && e.live) continue;
    if (e.type !== 'tool_call' || !e.permission) {
      settled.push(e);
      continue;
    }
    const { permission: _dropped, ...rest } = e;
    settled.push(rest);
  }
  const { currentTurnId: _turn, ...facts } = session;
  return { entries: settled, session: { ...facts, turnState: 'idle' } };
}

export function toTranscript(input: TranscriptInput, previous: Pick<Transcript, 'createdAt' | 'droppedEntries'> | undefined, now: string): Transcript {
  const { entries, session } = settle(input.entries, input.session);
  return {
    version: TRANSCRIPT_VERSION,
    id: transcriptId(input.agentName, input.sessionId),
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

/**
 * Drops the oldest entries until the serialized transcript fits `maxBytes`, and puts one
 * marker row first saying how many are gone. The newest entry is always kept, even alone
 * over the cap: an empty transcript would be worse than a big one.
 */
export function capTranscript(t: Transcript, maxBytes: number): Transcript {
  if (bytes(t) <= maxBytes) return t;
  const live = t.entries[0]?.id === TRUNCATION_MARKER_ID ? t.entries.slice(1) : t.entries;
  const alreadyDropped = t.droppedEntries;
  const sizes = live.map((e) => bytes(e) + 1);
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
