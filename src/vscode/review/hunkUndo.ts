/**
 * Undo per hunk: the review lists each changed text file's hunks between the snapshot before
 * the turn and the one at its end, and "Undo this hunk" puts that hunk back through the
 * three-way step (carryBack.ts): the user's own edits elsewhere in the file stay, and a hunk
 * whose lines the user changed since is only put back when they say so.
 */
import type { ChangedFile, ChangedHunk } from '../../protocol/events.js';
import type { Snapshotter } from '../../checkpoints/snapshotter.js';
import { countLines, computeHunks, hunkViews } from '../../checkpoints/hunks.js';
import { planUndoHunk } from '../../checkpoints/merge/plans.js';
import { sameHunk, type HunkKey } from '../../checkpoints/merge/hunkTarget.js';
import { editorSources } from './editorSources.js';
import { carryBack, type ConflictAsker } from './carryBack.js';

/** Files larger than this get no hunk list (undo per file still works). */
const MAX_HUNK_BYTES = 256 * 1024;
/** At most this many files of a turn get hunk lists. */
const MAX_FILES = 50;

function text(bytes: Buffer | undefined): string | undefined {
  if (!bytes || bytes.length > MAX_HUNK_BYTES || bytes.includes(0)) return undefined;
  return bytes.toString('utf8');
}

/** Hunks of each eligible file between the snapshot before the turn and the one after it. */
export async function attachHunks(snapshots: Snapshotter, files: ChangedFile[], before: string, after: string): Promise<void> {
  let n = 0;
  for (const f of files) {
    if (f.binary || (f.status !== 'modified' && f.status !== 'renamed') || n >= MAX_FILES) continue;
    const old = text(await snapshots.readFile(f.root, before, f.oldPath ?? f.path));
    const now = text(await snapshots.readFile(f.root, after, f.path));
    if (old === undefined || now === undefined) continue;
    f.hunks = hunkViews(old, now);
    n++;
  }
}

export type HunkTarget = HunkKey;

export type HunkUndoResult =
  | { ok: true; added: number; deleted: number; hunks: ChangedHunk[] }
  | { ok: false; reason: 'gone' | 'cancelled' | 'compared' | 'kept' | 'failed' | 'no-snapshot' };

/**
 * Puts one hunk of `file` back as it was in snapshot `before` (`after`: the turn's end). The
 * row's hunks after it are the turn's hunks not undone yet, and its counts theirs.
 */
export async function undoHunkOf(snapshots: Snapshotter, file: ChangedFile, before: string, after: string, target: HunkTarget, what: string, ask?: ConflictAsker): Promise<HunkUndoResult> {
  const listed = (file.hunks ?? []).map((h) => ({ oldStart: h.oldStart, oldCount: h.oldCount, newCount: h.newCount }));
  const planned = await planUndoHunk(editorSources(snapshots), { root: file.root, path: file.path, ...(file.oldPath ? { oldPath: file.oldPath } : {}), before, after }, listed, target);
  if (!planned.ok) return planned;
  const r = await carryBack([planned.plan], what, ask);
  if (r.status !== 'done') return { ok: false, reason: r.status };
  if (r.kept.length || r.moved.length) return { ok: false, reason: 'kept' };
  const agentEnd = (await snapshots.readFile(file.root, after, file.path))?.toString('utf8') ?? '';
  const all = computeHunks(planned.base, agentEnd);
  const views = hunkViews(planned.base, agentEnd).filter((_, i) => planned.remaining.some((k) => sameHunk(all[i]!, k)));
  const { added, deleted } = countLines(computeHunks(planned.base, planned.target));
  return { ok: true, added, deleted, hunks: views };
}
