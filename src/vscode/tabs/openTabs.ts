/**
 * The open tabs as kept for the next window (no `vscode` import, unit-tested): per tab the
 * agent it talks to, the saved conversation its rows live in (a transcript, keyed by agent
 * and session id), its title, and whether its session can be picked up again; plus which
 * tab was shown. Only names and ids are kept: an agent's command is always read from user
 * settings again, and the rows stay in the transcript store.
 *
 * And how a restored tab gets a session again when the user sends there: the way the agent
 * allows (resume under the shown rows, load with replay), else a fresh session with a note
 * that the agent does not remember the conversation above.
 */
import type { SessionSupport } from '../../agents/api.js';
import { planReopen } from '../../history/reopen.js';
import { t } from '../translate.js';
import { parseWorktreeRef, type WorktreeRef } from '../../worktrees/types.js';

/** workspaceState key of the open tab set. */
export const OPEN_TABS_KEY = 'agentChat.openTabs.v1';
/** More tabs than this are not brought back (workspaceState is small; nobody reads 50 tabs). */
export const MAX_SAVED_TABS = 20;

/** The transcript a tab's rows are saved in. */
export interface TranscriptRef {
  agentName: string;
  sessionId: string;
  /**
   * The session's folder: a transcript of the same agent and session id saved from another
   * folder is another conversation (agents that number their sessions reuse ids).
   */
  cwd?: string;
}

/**
 * A budget set for one tab's session from the header (`agentChat.setSessionBudget`), in place of
 * `agentChat.budget` for its agent (vscode/budget/budgetModel.ts says what it means).
 */
export interface TabBudget {
  amount: number;
  /** Absent: the currency the agent reports. */
  currency?: string;
}

export interface SavedTab {
  agentName?: string;
  transcript?: TranscriptRef;
  title: string;
  /** The tab showed rows (so their absence in the next window is worth saying). */
  hasRows: boolean;
  /** The session was live when saved (or still waiting to be picked up): try it before a fresh one. */
  resumable: boolean;
  /** The tab's thread works in its own git worktree (kept across reloads; removed when the tab goes). */
  worktree?: WorktreeRef;
  /** The budget set for this tab's session from the header (else the settings' budget holds). */
  budget?: TabBudget;
}

export interface SavedTabSet {
  version: 1;
  tabs: SavedTab[];
  /** Index of the tab that was shown. */
  active: number;
}

/** The set to keep, capped around the shown tab (it always stays). */
export function savedTabSet(tabs: readonly SavedTab[], active: number): SavedTabSet {
  let from = 0;
  if (tabs.length > MAX_SAVED_TABS) from = Math.min(Math.max(0, active - MAX_SAVED_TABS + 1), tabs.length - MAX_SAVED_TABS);
  const kept = tabs.slice(from, from + MAX_SAVED_TABS);
  return { version: 1, tabs: kept, active: Math.min(Math.max(0, active - from), Math.max(0, kept.length - 1)) };
}

/** The saved set, or undefined when there is none or it is not ours (another build, hand edits). */
export function parseSavedTabs(value: unknown): SavedTabSet | undefined {
  const v = value as Partial<SavedTabSet> | undefined;
  if (!v || typeof v !== 'object' || v.version !== 1 || !Array.isArray(v.tabs)) return undefined;
  const tabs = v.tabs.slice(0, MAX_SAVED_TABS).map(parseTab).filter((t): t is SavedTab => t !== undefined);
  if (tabs.length === 0) return undefined;
  const active = Number.isInteger(v.active) ? Math.min(Math.max(0, v.active!), tabs.length - 1) : 0;
  return { version: 1, tabs, active };
}

function parseTab(value: unknown): SavedTab | undefined {
  const t = value as Record<string, unknown> | null;
  if (!t || typeof t !== 'object') return undefined;
  const agentName = typeof t.agentName === 'string' && t.agentName ? t.agentName : undefined;
  const ref = t.transcript as Record<string, unknown> | undefined;
  const worktree = parseWorktreeRef(t.worktree);
  const budget = parseBudget(t.budget);
  const transcript = ref && typeof ref.agentName === 'string' && typeof ref.sessionId === 'string' && ref.agentName && ref.sessionId
    ? { agentName: ref.agentName, sessionId: ref.sessionId, ...(typeof ref.cwd === 'string' && ref.cwd ? { cwd: ref.cwd } : {}) }
    : undefined;
  return {
    ...(agentName ? { agentName } : {}),
    ...(transcript ? { transcript } : {}),
    title: typeof t.title === 'string' && t.title ? t.title : 'New session',
    hasRows: t.hasRows === true,
    resumable: t.resumable === true && transcript !== undefined && transcript.agentName === agentName,
    ...(worktree ? { worktree } : {}),
    ...(budget ? { budget } : {}),
  };
}

/** A saved budget, or undefined when it is none or not a usable one (a hand edit is dropped, not guessed at). */
function parseBudget(value: unknown): TabBudget | undefined {
  const b = value as Record<string, unknown> | null | undefined;
  if (!b || typeof b !== 'object' || typeof b.amount !== 'number' || !(b.amount > 0) || !Number.isFinite(b.amount)) return undefined;
  if (b.currency === undefined) return { amount: b.amount };
  return typeof b.currency === 'string' && b.currency.trim() ? { amount: b.amount, currency: b.currency.trim() } : undefined;
}

/** How a restored tab gets its session when the user first sends there. */
export type Reattach =
  /** `session/resume`: the rows already shown continue. */
  | { kind: 'resume'; sessionId: string }
  /** `session/load`: the agent replays the conversation into an empty thread. */
  | { kind: 'load'; sessionId: string }
  /** A fresh session; `note` says the agent lost the conversation above (when there is one). */
  | { kind: 'new'; note?: { title: string; detail: string } };

/**
 * `sessionId` is the session the tab showed (undefined when it had none that can be picked
 * up); `shown` whether rows are on screen. Resume keeps what only the client saw (permission
 * answers, notices), so it wins over load, as when reopening from history.
 */
export function planReattach(agentName: string, support: SessionSupport | undefined, sessionId: string | undefined, shown: boolean): Reattach {
  const fresh = (why: string): Reattach => shown
    ? { kind: 'new', note: { title: t('New session with {0}', agentName), detail: t('{0}, so it does not remember the conversation above.', why) } }
    : { kind: 'new' };
  if (!sessionId) return fresh(t('The earlier session of this tab cannot be picked up again'));
  if (!support) return fresh(t('{0} did not say whether it can reopen sessions', agentName));
  const plan = planReopen(support, shown);
  switch (plan.kind) {
    case 'resume_with_transcript':
    case 'resume_blind':
      return { kind: 'resume', sessionId };
    case 'load':
      return { kind: 'load', sessionId };
    case 'read_only':
    case 'unavailable':
      return fresh(`${agentName} cannot reopen its earlier session`);
    default: {
      const unreachable: never = plan;
      return unreachable;
    }
  }
}
