/**
 * Checkpoints and a turn's changes in the thread: the snapshot ids on the user message (so
 * "Restore to here" works after a reload), the changed-files row under the turn, and which
 * entries a restore marked undone.
 */
import type { SessionEvent } from '../../protocol/events.js';
import { insertRow, newEntryId, replaceRow, type ThreadState } from '../state.js';
import { changedPathKey } from '../children/subagents.js';
import type { ApplyResult, ChangesEntry, UserEntry } from '../types.js';

type Ev<K extends SessionEvent['kind']> = Extract<SessionEvent, { kind: K }>;

function userRowOf(state: ThreadState, turnId: string): number | undefined {
  const index = state.turnUserRows.get(turnId);
  if (index !== undefined) return index;
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const e = state.entries[i]!;
    if (e.type === 'user' && e.turnId === turnId) return i;
  }
  return undefined;
}

function changesRowOf(state: ThreadState, turnId: string): number | undefined {
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const e = state.entries[i]!;
    if (e.type === 'changes' && e.turnId === turnId) return i;
  }
  return undefined;
}

export function applyCheckpoint(state: ThreadState, event: Ev<'checkpoint'>, out: ApplyResult): void {
  const index = userRowOf(state, event.turnId);
  if (index === undefined) return;
  const entry = state.entries[index] as UserEntry;
  replaceRow(state, out, index, { ...entry, checkpoint: event.snapshots.map((s) => ({ ...s })) });
}

/** Only the running turn's writes are kept: a turn's changes are computed when it ends. */
export function applyFileWritten(state: ThreadState, event: Ev<'file_written'>): void {
  const turnId = state.session.currentTurnId;
  if (!turnId) return;
  for (const key of state.fileWrites.keys()) if (key !== turnId) state.fileWrites.delete(key);
  const list = state.fileWrites.get(turnId) ?? [];
  list.push({ path: event.path, oldText: event.oldText, newText: event.newText });
  state.fileWrites.set(turnId, list);
}

/** Marks the tool calls whose reported diff disagrees with the disk (the card says the review shows the disk). */
function markMismatches(state: ThreadState, event: Ev<'turn_changes'>, out: ApplyResult): void {
  const byCall = new Map<string, string[]>();
  for (const m of event.differs ?? []) byCall.set(m.toolCallId, [...(byCall.get(m.toolCallId) ?? []), m.path]);
  for (const [toolCallId, paths] of byCall) {
    const index = state.toolCalls.get(toolCallId);
    const entry = index === undefined ? undefined : state.entries[index];
    if (entry?.type !== 'tool_call') continue;
    replaceRow(state, out, index!, { ...entry, diskDiffers: paths });
  }
}

/**
 * `byChild`: which subagents reported changing each path (thread/children/subagents.ts
 * changesBySubagent); a file one of them names says so ("by …").
 */
export function applyTurnChanges(state: ThreadState, event: Ev<'turn_changes'>, out: ApplyResult, byChild?: ReadonlyMap<string, string[]>): void {
  markMismatches(state, event, out);
  const index = changesRowOf(state, event.turnId);
  const files = event.files.map((f) => {
    const by = byChild?.get(changedPathKey(f.source === 'outside' || f.root === '' ? f.path : `${f.root.replace(/[\\/]+$/, '')}/${f.path}`));
    return by ? { ...f, by: [...by] } : { ...f };
  });
  if (index === undefined) {
    if (files.length === 0) return;
    const entry: ChangesEntry = { type: 'changes', id: newEntryId(state), turnId: event.turnId, files };
    if (event.after) entry.after = event.after.map((s) => ({ ...s }));
    if (event.counting) entry.counting = true;
    insertRow(state, out, entry);
    return;
  }
  const old = state.entries[index] as ChangesEntry;
  // A file the user already settled keeps its state while it is still listed.
  const settled = new Map(old.files.map((f) => [f.root + '\0' + f.path, f.state]));
  const after = event.after ? { after: event.after.map((s) => ({ ...s })) } : {};
  const { counting: wasCounting, ...rest } = old;
  const counting = event.counting ?? wasCounting;
  replaceRow(state, out, index, { ...rest, ...after, ...(counting ? { counting: true as const } : {}), files: files.map((f) => ({ ...f, state: f.state ?? settled.get(f.root + '\0' + f.path) })) });
}

export function applyFileSettled(state: ThreadState, event: Ev<'turn_file_settled'>, out: ApplyResult): void {
  const index = changesRowOf(state, event.turnId);
  if (index === undefined) return;
  const old = state.entries[index] as ChangesEntry;
  // Files outside the workspace are named only: nothing to keep or undo.
  const files = old.files.map((f) => (f.source !== 'outside' && (event.path === undefined || f.path === event.path) ? { ...f, state: event.state } : f));
  replaceRow(state, out, index, { ...old, files });
}

/** Marks the restored message and everything after it undone (or, on redo, not any more). */
function markFrom(state: ThreadState, out: ApplyResult, from: number, undone: boolean): void {
  for (let i = from; i < state.entries.length; i++) {
    const e = state.entries[i]!;
    if ((e.type === 'user' || e.type === 'changes') && Boolean(e.undone) !== undone) {
      const next = { ...e };
      if (undone) next.undone = true;
      else delete next.undone;
      replaceRow(state, out, i, next);
    }
  }
}

export function applyCheckpointRestored(state: ThreadState, event: Ev<'checkpoint_restored'>, out: ApplyResult): void {
  const index = userRowOf(state, event.turnId);
  if (index === undefined) return;
  // Only one restore can be redone: the previous one's Redo would now skip this restore.
  for (let i = 0; i < state.entries.length; i++) {
    const e = state.entries[i]!;
    if (e.type === 'user' && e.redo) { const { redo: _, ...rest } = e; replaceRow(state, out, i, rest); }
  }
  markFrom(state, out, index, true);
  replaceRow(state, out, index, { ...(state.entries[index] as UserEntry), redo: event.redo.map((s) => ({ ...s })) });
}

export function applyCheckpointRedone(state: ThreadState, event: Ev<'checkpoint_redone'>, out: ApplyResult): void {
  const index = userRowOf(state, event.turnId);
  if (index === undefined) return;
  const { redo: _, ...rest } = state.entries[index] as UserEntry;
  replaceRow(state, out, index, rest);
  markFrom(state, out, index, false);
}

export function applyFileUpdated(state: ThreadState, event: Ev<'turn_file_updated'>, out: ApplyResult): void {
  const index = changesRowOf(state, event.turnId);
  if (index === undefined) return;
  const old = state.entries[index] as ChangesEntry;
  const files = old.files.map((f) => {
    if (f.root !== event.root || f.path !== event.path) return f;
    const next = { ...f, added: event.added, deleted: event.deleted, hunks: event.hunks.map((h) => ({ ...h, lines: h.lines.map((l) => [...l] as typeof l) })) };
    // Every hunk undone: the file is as it was before the turn.
    if (!event.hunks.length) next.state = 'undone';
    return next;
  });
  replaceRow(state, out, index, { ...old, files });
}
