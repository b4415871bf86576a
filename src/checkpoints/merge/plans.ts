/**
 * The three-way plans of the panel's operations on the user's files — undo a file, undo a
 * hunk, restore to a message, redo — built from snapshots and what the user has now. Pure of
 * the editor: `Sources` reads snapshots and the user's current bytes (the editor supplies the
 * unsaved text of open editors; the model-based test a folder).
 */
import { planFile, type FileSides } from './filePlan.js';
import { splitLines } from '../hunks.js';
import { withHunksKept, hasHunk, type HunkKey } from './hunkTarget.js';
import type { PathPlan } from './resolve.js';

export interface Sources {
  /** A file's bytes at a snapshot; undefined when the snapshot has no such file. */
  snapshotFile(root: string, snapshotId: string, path: string): Promise<Uint8Array | undefined>;
  /** The file as the user has it now (an unsaved editor's text, else the disk); undefined when absent. */
  mine(root: string, path: string): Promise<Uint8Array | undefined>;
  /** Paths (old and new names of renames alike) that differ between a snapshot and now. */
  changedSince(root: string, snapshotId: string): Promise<string[]>;
  /** The same between two snapshots. */
  changedBetween(root: string, from: string, to: string): Promise<string[]>;
}

async function plan(src: Sources, root: string, path: string, sides: Omit<FileSides, 'mine'>): Promise<PathPlan> {
  const full: FileSides = { ...sides, mine: await src.mine(root, path) };
  return { root, path, sides: full, plan: planFile(full) };
}

/**
 * The lines the agent brought in during a turn, whichever file they are in: lines at its end
 * that no changed file held at its start (a file the agent renamed brings in nothing).
 */
export async function agentLinesOf(src: Sources, root: string, turn: { before: string; after: string }): Promise<Set<string>> {
  const had = new Set<string>();
  const now: string[] = [];
  for (const p of await src.changedBetween(root, turn.before, turn.after)) {
    for (const l of linesOf(await src.snapshotFile(root, turn.before, p))) had.add(l);
    now.push(...linesOf(await src.snapshotFile(root, turn.after, p)));
  }
  return new Set(now.filter((l) => !had.has(l)));
}

/**
 * What an undo or restore takes away must be the agent's: a line it would drop from a file,
 * that the agent did not bring in and that no file keeps when the user keeps their changes,
 * is the user's (or the file's own, moved by an agent's rename the review did not pair) — the
 * files dropping it become questions too.
 */
export function guardDroppedLines(plans: PathPlan[], agentLines: ReadonlySet<string>): void {
  const kept = new Set<string>();
  const results = plans.map((p) => {
    const result = p.plan.kind === 'write' ? p.plan.bytes : p.plan.kind === 'remove' ? undefined : p.sides.mine;
    for (const l of linesOf(result)) kept.add(l);
    return result;
  });
  plans.forEach((p, i) => {
    if (p.plan.kind !== 'write' && p.plan.kind !== 'remove') return;
    const after = new Set(linesOf(results[i]));
    if (linesOf(p.sides.mine).some((l) => !after.has(l) && !kept.has(l) && !agentLines.has(l))) p.plan = { kind: 'conflict', reason: 'moved-content' };
  });
}

/** A file a turn changed, as the review knows it. */
export interface TurnFile {
  root: string;
  path: string;
  oldPath?: string;
  /** Snapshot from before the turn (the target of an undo). */
  before: string;
  /** Snapshot from the turn's end (the anchor); without it nothing can tell the user's edits apart. */
  after?: string;
}

/** Undo whole files: each path a change touched goes back to the snapshot before the turn. */
export async function planUndoFiles(src: Sources, files: readonly TurnFile[]): Promise<PathPlan[]> {
  const out: PathPlan[] = [];
  const agentLines = new Set<string>();
  const seen = new Set<string>();
  for (const f of files) {
    const turn = `${f.root}\0${f.before}\0${f.after}`;
    if (f.after !== undefined && !seen.has(turn)) {
      seen.add(turn);
      for (const l of await agentLinesOf(src, f.root, { before: f.before, after: f.after })) agentLines.add(l);
    }
    const pair: PathPlan[] = [];
    for (const path of new Set([f.path, ...(f.oldPath ? [f.oldPath] : [])])) {
      const target = await src.snapshotFile(f.root, f.before, path);
      const anchor = f.after === undefined ? 'unknown' as const : await src.snapshotFile(f.root, f.after, path);
      pair.push(await plan(src, f.root, path, { target, anchor }));
    }
    // A rename is undone whole or asked about whole: half of it would leave its content nowhere.
    const conflict = pair.find((p) => p.plan.kind === 'conflict');
    if (conflict) for (const p of pair) p.plan = conflict.plan;
    out.push(...pair);
  }
  guardDroppedLines(out, agentLines);
  return out;
}

export type HunkPlan =
  | { ok: true; plan: PathPlan; remaining: HunkKey[]; base: string; target: string }
  | { ok: false; reason: 'no-snapshot' | 'gone' };

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));

/**
 * Undo one hunk of the review's list (`listed`: the hunks not undone yet). The anchor is the
 * agent's text with the already undone hunks put back; the target puts this one back too.
 */
export async function planUndoHunk(src: Sources, f: TurnFile & { after: string }, listed: readonly HunkKey[], key: HunkKey): Promise<HunkPlan> {
  const base = text(await src.snapshotFile(f.root, f.before, f.oldPath ?? f.path));
  const agentEnd = text(await src.snapshotFile(f.root, f.after, f.path));
  if (base === undefined || agentEnd === undefined) return { ok: false, reason: 'no-snapshot' };
  if (!listed.some((k) => sameKey(k, key)) || !hasHunk(base, agentEnd, key)) return { ok: false, reason: 'gone' };
  const remaining = listed.filter((k) => !sameKey(k, key));
  const anchorText = withHunksKept(base, agentEnd, listed);
  const target = withHunksKept(base, agentEnd, remaining);
  const enc = new TextEncoder();
  const p = await plan(src, f.root, f.path, { anchor: enc.encode(anchorText), target: enc.encode(target) });
  return { ok: true, plan: p, remaining, base, target };
}

const sameKey = (a: HunkKey, b: HunkKey) => a.oldStart === b.oldStart && a.oldCount === b.oldCount && a.newCount === b.newCount;

/** A turn's snapshots: before its prompt and at its end. */
export interface TurnSnapshots { before: string; after: string }

/**
 * Restore (or redo) one root to snapshot `target`. `anchor` is the state the panel last left
 * the files in — the latest turn's end, or what the latest restore wrote — from which the
 * user's edits since are told apart; undefined when there is none. `turns` are the turns whose
 * changes are on disk since the target, oldest first: a file that changed between one turn's
 * end and the next one's start was changed by someone else than the agent (the user, most
 * likely), and restoring it would lose that too — so it is a question, never a silent write.
 */
export async function planRestore(src: Sources, root: string, target: string, anchor: string | undefined, turns: readonly TurnSnapshots[] = []): Promise<PathPlan[]> {
  const between = new Set<string>();
  const theirLines = new Set<string>();
  const boundary = async (from: string, to: string) => {
    for (const p of await src.changedBetween(root, from, to)) {
      between.add(p);
      // Lines that appeared between turns, whichever file they are in now: an agent's rename or copy may have moved them.
      const had = new Set(linesOf(await src.snapshotFile(root, from, p)));
      for (const line of linesOf(await src.snapshotFile(root, to, p))) if (!had.has(line)) theirLines.add(line);
    }
  };
  let prev = target;
  const agentLines = new Set<string>();
  for (const t of turns) {
    if (t.before !== prev) await boundary(prev, t.before);
    for (const l of await agentLinesOf(src, root, t)) agentLines.add(l);
    prev = t.after;
  }
  // The anchor may be newer than the last turn (a restore wrote it): what changed in between was not the agent's either.
  if (anchor !== undefined && anchor !== prev) await boundary(prev, anchor);
  const out: PathPlan[] = [];
  for (const path of await src.changedSince(root, target)) {
    const t = await src.snapshotFile(root, target, path);
    const a = anchor === undefined ? 'unknown' as const : await src.snapshotFile(root, anchor, path);
    const p = await plan(src, root, path, { target: t, anchor: a });
    if ((p.plan.kind === 'write' || p.plan.kind === 'remove') && (between.has(path) || drops(p.sides.mine, p.plan.kind === 'write' ? p.plan.bytes : undefined, theirLines))) {
      p.plan = { kind: 'conflict', reason: 'edited-between-turns' };
    }
    out.push(p);
  }
  if (turns.length) guardDroppedLines(out, agentLines);
  return out;
}

function linesOf(bytes: Uint8Array | undefined): string[] {
  return bytes === undefined ? [] : splitLines(new TextDecoder().decode(bytes)).map((l) => l.replace(/\r?\n$/, ''));
}

/** Whether writing `result` over `mine` takes away one of `lines`. */
function drops(mine: Uint8Array | undefined, result: Uint8Array | undefined, lines: ReadonlySet<string>): boolean {
  if (!lines.size) return false;
  const kept = new Set(linesOf(result));
  return linesOf(mine).some((l) => lines.has(l) && !kept.has(l));
}
