/**
 * A persisted thread: the thread model's snapshot (entries + session facts) plus what the
 * history list needs to show and reopen it. Plain JSON, versioned for future migrations.
 */
import type { SessionFacts, ThreadEntry } from '../thread/types.js';
import type { ThreadSnapshot } from '../thread/restore.js';

export const TRANSCRIPT_VERSION = 1;

export interface TranscriptMeta {
  /** File-safe id derived from agent name, session id and folder (see `transcriptId`). */
  id: string;
  agentName: string;
  sessionId: string;
  title: string;
  cwd: string;
  createdAt: string;
  updatedAt: string;
  entryCount: number;
  /** How many of the oldest entries were dropped by the size cap, over the transcript's life. */
  droppedEntries: number;
}

export interface Transcript extends TranscriptMeta {
  version: typeof TRANSCRIPT_VERSION;
  entries: ThreadEntry[];
  session: SessionFacts;
  /** The subagents' threads (its subagent cards' insides), by child session id; absent: none. */
  children?: Record<string, ThreadSnapshot>;
}

/** What the caller hands in; the store fills ids, timestamps, counts and the title fallback. */
export interface TranscriptInput {
  agentName: string;
  sessionId: string;
  cwd: string;
  entries: readonly ThreadEntry[];
  session: SessionFacts;
  children?: Record<string, ThreadSnapshot>;
  /** Overrides the session's title and the first-prompt fallback. */
  title?: string;
}
