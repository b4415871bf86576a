/**
 * The overview of every thread, as plain data (no `vscode` import, unit-tested): each tab's
 * state in the words a person scans for — working, waiting for you, done, failed, cancelled —
 * with its agent, branch, how long it has been at it, the files it changed and what it cost.
 */
import type { SessionTabInfo } from '../../shared/webviewProtocol.js';
import type { StopReason, Usage } from '../../protocol/events.js';
import type { ThreadEntry } from '../../thread/types.js';
import { english, type Translate } from '../../thread/translate.js';
import { spendText, standing, type BudgetStanding } from '../budget/budgetModel.js';

export type ThreadState = 'working' | 'waiting' | 'done' | 'failed' | 'cancelled' | 'new';

export interface ThreadFacts {
  tab: SessionTabInfo;
  /** The stop reason of the thread's latest turn (none before its first). */
  lastStop: StopReason | undefined;
  /** Files its turns changed (each file once), or its branch changed for a worktree thread. */
  filesChanged: number;
  cost: Usage['cost'];
  /** The thread's spend against its budget (budget/budgets.ts); absent: the cost alone. */
  budget?: BudgetStanding;
  /** When the running turn started (working), or how long the latest turn took (otherwise). */
  turnStartedAt: number | undefined;
  lastTurnMs: number | undefined;
  /** A question of the agent's waits in the thread (a permission, a form). */
  asking: boolean;
}

export function threadState(f: Pick<ThreadFacts, 'tab' | 'lastStop' | 'asking'>): ThreadState {
  if (f.tab.state === 'waiting' || f.tab.state === 'answer' || f.asking) return 'waiting';
  if (f.tab.state === 'running') return 'working';
  switch (f.lastStop) {
    case undefined: return 'new';
    case 'end_turn': return 'done';
    case 'cancelled': return 'cancelled';
    case 'input_required': case 'auth_required': return 'waiting';
    default: return 'failed';
  }
}

/** The latest turn's stop reason, and the files the thread's turns changed (each once). */
export function threadFacts(entries: readonly ThreadEntry[]): { lastStop: StopReason | undefined; filesChanged: number } {
  let lastStop: StopReason | undefined;
  const files = new Set<string>();
  for (const e of entries) {
    if (e.type === 'turn_end') lastStop = e.stopReason;
    else if (e.type === 'changes') for (const f of e.files) if (f.source !== 'outside') files.add(`${f.root}\0${f.path}`);
  }
  return { lastStop, filesChanged: files.size };
}

export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

export function stateWord(state: ThreadState, t: Translate = english): string {
  switch (state) {
    case 'working': return t('working');
    case 'waiting': return t('waiting for you');
    case 'done': return t('done');
    case 'failed': return t('failed');
    case 'cancelled': return t('cancelled');
    case 'new': return t('new');
  }
}

export interface OverviewRow {
  tabId: string;
  state: ThreadState;
  label: string;
  /** agent · branch · state · elapsed · files · cost, each only when known. */
  description: string;
  tooltip: string;
}

export function overviewRow(f: ThreadFacts, now: number, t: Translate = english): OverviewRow {
  const state = threadState(f);
  const elapsed = (state === 'working' || state === 'waiting') && f.turnStartedAt !== undefined ? formatElapsed(now - f.turnStartedAt)
    : f.lastTurnMs !== undefined ? formatElapsed(f.lastTurnMs) : undefined;
  const parts = [
    f.tab.agentName,
    f.tab.branch,
    stateWord(state, t),
    elapsed,
    f.filesChanged ? (f.filesChanged === 1 ? t('1 file changed') : t('{0} files changed', f.filesChanged)) : undefined,
    // "$0.42 of $1.00", "no cost reported" where a budget needs a cost, else the cost when known.
    spendText(f.budget ?? standing(f.cost ?? undefined, undefined), t),
  ].filter((p): p is string => !!p);
  return { tabId: f.tab.id, state, label: f.tab.title, description: parts.join(' · '), tooltip: [f.tab.title, ...parts].join('\n') };
}

/**
 * When each tab's turn started and how long its latest turn took, from the states seen. A turn
 * waiting on the user's answer goes on: its clock runs from the turn's start, not from the answer.
 */
/** A turn is on while the agent works and while it waits for the user's answer. */
export function inTurn(state: SessionTabInfo['state']): boolean {
  return state === 'running' || state === 'waiting';
}

export class TurnClocks {
  private readonly started = new Map<string, number>();
  private readonly lastTurn = new Map<string, number>();

  see(tabId: string, state: SessionTabInfo['state'], now: number): void {
    const on = inTurn(state);
    const start = this.started.get(tabId);
    if (on && start === undefined) this.started.set(tabId, now);
    if (!on && start !== undefined) {
      this.lastTurn.set(tabId, now - start);
      this.started.delete(tabId);
    }
  }

  of(tabId: string): Pick<ThreadFacts, 'turnStartedAt' | 'lastTurnMs'> {
    return { turnStartedAt: this.started.get(tabId), lastTurnMs: this.lastTurn.get(tabId) };
  }

  /** Forgets the tabs that are gone. */
  keepOnly(tabIds: ReadonlySet<string>): void {
    for (const map of [this.started, this.lastTurn]) for (const id of [...map.keys()]) if (!tabIds.has(id)) map.delete(id);
  }
}

/** Threads whose agent waits for the user: the badge on the activity bar. */
export function waitingCount(facts: readonly Pick<ThreadFacts, 'tab' | 'lastStop' | 'asking'>[]): number {
  return facts.filter((f) => threadState(f) === 'waiting').length;
}
