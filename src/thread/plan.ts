/**
 * Plans: one row per planId (v1's single plan is "main"), replaced wholesale on every update.
 * A v2 plan is a checklist, a file, Markdown, or a type shown generically; an update may switch
 * a plan from one variant to another.
 */
import type { SessionEvent } from '../protocol/events.js';
import type { ApplyResult, PlanThreadEntry } from './types.js';
import { insertRow, newEntryId, replaceRow, type ThreadState } from './state.js';

type PlanEvent = Extract<SessionEvent, { kind: 'plan' }>;
type PlanRemovedEvent = Extract<SessionEvent, { kind: 'plan_removed' }>;

export function applyPlan(state: ThreadState, event: PlanEvent, out: ApplyResult): void {
  const entries = event.entries.map((e) => ({ ...e }));
  const index = state.plans.get(event.planId);
  const row: PlanThreadEntry = index === undefined
    ? { type: 'plan', id: newEntryId(state), planId: event.planId, entries }
    : { ...(state.entries[index] as PlanThreadEntry), entries };
  if (event.body) row.body = { ...event.body };
  else delete row.body;
  if (index === undefined) state.plans.set(event.planId, insertRow(state, out, row));
  else replaceRow(state, out, index, row);
}

/**
 * Rows are never removed (indexes stay stable for views and indexes), so a removed plan is
 * emptied and marked removed. Its id is forgotten: a plan with the same id later is a new row
 * at the end of the thread, where the user is looking, not an update to a row far above.
 */
export function applyPlanRemoved(state: ThreadState, event: PlanRemovedEvent, out: ApplyResult): void {
  const index = state.plans.get(event.planId);
  if (index === undefined) return;
  state.plans.delete(event.planId);
  const { body: _dropped, ...row } = state.entries[index] as PlanThreadEntry;
  replaceRow(state, out, index, { ...row, entries: [], removed: true });
}
