/**
 * Reopening a past session: one list built from our saved transcripts and the agent's own
 * `session/list`, and the way to reopen each entry given what the agent supports.
 */
import type { AgentSessionInfo, SessionSupport } from '../agents/api.js';
import type { TranscriptMeta } from './types.js';

export interface HistoryItem {
  agentName: string;
  sessionId: string;
  title: string;
  cwd: string;
  updatedAt?: string;
  /** Set when we have a saved transcript for it. */
  transcriptId?: string;
  /** The agent listed it (so it can still be loaded or resumed there). */
  onAgent: boolean;
}

/**
 * Newest first; one row per session even when both sides know it. A session is its id in its
 * folder: agents that number their sessions reuse ids, so two folders' `sess_1` are two rows.
 */
export function mergeHistory(agentName: string, local: readonly TranscriptMeta[], remote: readonly AgentSessionInfo[]): HistoryItem[] {
  const items = new Map<string, HistoryItem>();
  const key = (sessionId: string, cwd: string) => `${sessionId}\0${cwd}`;
  /** Saved sessions by id alone: their keys. */
  const saved = new Map<string, string[]>();
  for (const t of local) {
    if (t.agentName !== agentName) continue;
    const at = key(t.sessionId, t.cwd);
    items.set(at, { agentName, sessionId: t.sessionId, title: t.title, cwd: t.cwd, updatedAt: t.updatedAt, transcriptId: t.id, onAgent: false });
    saved.set(t.sessionId, [...(saved.get(t.sessionId) ?? []), at]);
  }
  for (const s of remote) {
    // The agent may spell the folder otherwise (a symlink resolved): the one saved namesake will do.
    const namesakes = saved.get(s.sessionId) ?? [];
    const exact = key(s.sessionId, s.cwd);
    const at = items.has(exact) || namesakes.length !== 1 ? exact : namesakes[0]!;
    const known = items.get(at);
    const updatedAt = [known?.updatedAt, s.updatedAt].filter((x): x is string => !!x).sort().at(-1);
    items.set(at, {
      agentName,
      sessionId: s.sessionId,
      // The agent may have renamed the session since we saved it.
      title: s.title ?? known?.title ?? 'Untitled session',
      cwd: s.cwd,
      ...(updatedAt ? { updatedAt } : {}),
      ...(known?.transcriptId ? { transcriptId: known.transcriptId } : {}),
      onAgent: true,
    });
  }
  return [...items.values()].sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''));
}

export type ReopenPlan =
  /** Show the saved transcript, reconnect with `session/resume` (no replay, no duplicates). */
  | { kind: 'resume_with_transcript' }
  /** Start from an empty thread and let `session/load` replay the conversation into it. */
  | { kind: 'load' }
  /** Reconnect without history to show: the agent remembers, we have nothing to display. */
  | { kind: 'resume_blind'; note: string }
  /** Show the saved transcript only; sending a message starts a new session. */
  | { kind: 'read_only'; reason: string }
  | { kind: 'unavailable'; reason: string };

/**
 * Prefers our transcript + resume: it keeps what only the client saw (permission answers,
 * notices, turn ends) and avoids replaying a long conversation over the wire. `onAgent` false
 * means the agent's list did not include the session (deleted there, or list unsupported:
 * pass `undefined` when unknown).
 */
export function planReopen(support: SessionSupport, hasTranscript: boolean, onAgent?: boolean): ReopenPlan {
  const gone = onAgent === false;
  if (hasTranscript) {
    if (gone) return { kind: 'read_only', reason: 'the agent no longer has this session' };
    if (support.resume) return { kind: 'resume_with_transcript' };
    if (support.load) return { kind: 'load' };
    return { kind: 'read_only', reason: 'the agent cannot reopen sessions' };
  }
  if (gone) return { kind: 'unavailable', reason: 'the agent no longer has this session and nothing was saved' };
  if (support.load) return { kind: 'load' };
  if (support.resume) return { kind: 'resume_blind', note: 'the agent continues the conversation, but its earlier messages cannot be shown' };
  return { kind: 'unavailable', reason: 'the agent cannot reopen sessions and nothing was saved' };
}
