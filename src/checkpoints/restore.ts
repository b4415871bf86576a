/**
 * Putting files back as they were at a snapshot: bytes exact (binary too, the executable bit,
 * symlinks), deleted files recreated, files created since removed. A snapshot of "now" is
 * taken first, so the restore itself can be undone ("Redo").
 *
 * A restore is whole or nothing. Every saved copy it needs is read before the first file is
 * touched (one missing: SnapshotIncomplete, nothing written); when a write fails partway, what
 * was already written is put back from the other side of the same comparison — the disk as it
 * was just before — and RestoreWriteFailed names the file.
 */
import { join } from 'node:path';
import { GitFailedError, readObjects } from './git.js';
import { gitIn, type ShadowRepo } from './shadowRepo.js';
import type { Snapshotter } from './snapshotter.js';
import type { FileChange, Snapshot } from './types.js';
import { CreatedDirs, eachUntilFailure, removeFile, unlinkWritten, writeExact } from './fileWrites.js';
import { lostFiles } from './snapshotGaps.js';
import { RestoreWriteFailed, SnapshotIncomplete } from './restoreErrors.js';

export { RestoreWriteFailed, SnapshotIncomplete } from './restoreErrors.js';

export interface RestoreResult {
  /** The state just before the restore; restoring it is "Redo". */
  redo: Snapshot;
  /** Paths written or removed. */
  changed: string[];
}

/** Reads many blobs with one `cat-file --batch`; blobs git reports missing are absent. */
export async function readBlobs(repo: ShadowRepo, ids: string[], gitPath?: string): Promise<Map<string, Buffer>> {
  const { pre, run } = gitIn(repo, gitPath);
  const blobs = new Map<string, Buffer>();
  for (const [id, o] of await readObjects(pre, ids, run)) if (o.type === 'blob') blobs.set(id, o.body);
  return blobs;
}

/**
 * Restores `root` to snapshot `to`, only the given paths when `only` is set (paths relative
 * to the root, as in FileChange.path). Throws SnapshotIncomplete or RestoreWriteFailed with
 * the files as they were.
 */
export async function restoreSnapshot(s: Snapshotter, root: string, to: string, only?: ReadonlySet<string>): Promise<RestoreResult> {
  const redo = await s.take(root, `before restoring ${to.slice(0, 10)}`);
  const repo = await s.repo(root);
  const changes = await s.between(root, to, redo.tree).catch(async (e: unknown) => {
    // Comparing reads the changed files' blobs and every folder's listing: a lost one stops git.
    if (!(e instanceof GitFailedError)) throw e;
    const lost = await lostFiles(repo, to, redo.tree, only);
    if (lost.length) throw new SnapshotIncomplete(lost);
    // What is lost is not among the files asked for: compare without reading unchanged ones.
    return s.between(root, to, redo.tree, { counts: false }).catch(async () => {
      const all = await lostFiles(repo, to, redo.tree);
      throw all.length ? new SnapshotIncomplete(all) : e;
    });
  });
  const files = changes.files.filter((f) => !only || only.has(f.path) || (f.oldPath !== undefined && only.has(f.oldPath)));
  const changed = await applyOld(repo, files);
  return { redo, changed };
}

/**
 * What a restore of `root` to `to` would miss, without writing anything or taking a snapshot:
 * paths as in SnapshotIncomplete; empty when the restore can be whole. When something is
 * missing, every lost file of the snapshot (in `only`) is named, also one the disk still has
 * unchanged. For checking every root before restoring any.
 */
export async function checkRestorable(s: Snapshotter, root: string, to: string, only?: ReadonlySet<string>): Promise<string[]> {
  try {
    // Comparing with the disk reads the saved copy of every file that differs.
    await s.changes(root, to);
    return [];
  } catch (e) {
    if (!(e instanceof GitFailedError)) throw e;
    const repo = await s.repo(root);
    const lost = await lostFiles(repo, to, undefined, only);
    if (lost.length) return lost;
    if (!only) throw e;
    // Only files outside the selection are lost: the selection is whole if git can compare.
    return s.changes(root, to, { counts: false }).then(() => [], async () => {
      const all = await lostFiles(repo, to, undefined);
      if (all.length) return all;
      throw e;
    });
  }
}

// A submodule's folder is a repository of its own: never written or removed by a restore.
const GITLINK = '160000';

type Step = { kind: 'remove' | 'write'; f: FileChange };

/**
 * Writes each change's old side back (or removes the file when it had none). Throws
 * SnapshotIncomplete before writing anything when a saved copy is missing, and
 * RestoreWriteFailed (after putting back what it wrote) when a write fails. The changes' new
 * side must be the disk as it is — a comparison with a snapshot just taken, as restoreSnapshot
 * makes — since that is what a failed restore puts back.
 */
export async function applyOld(repo: ShadowRepo, files: FileChange[], gitPath?: string): Promise<string[]> {
  const writes = files.filter((f) => f.status !== 'added' && f.oldMode !== GITLINK);
  const blobs = await readBlobs(repo, writes.map((f) => f.oldId), gitPath);
  const lost = writes.filter((f) => !blobs.has(f.oldId)).map((f) => f.oldPath ?? f.path);
  if (lost.length) throw new SnapshotIncomplete([...new Set(lost)].sort());

  // Removals first: a rename back may need the old path's directory free of the new file.
  const removals = files.filter((f) => (f.status === 'added' || f.status === 'renamed') && f.newMode !== GITLINK);
  const started: Step[] = [];
  const dirs = new CreatedDirs();
  let failure = await eachUntilFailure(removals, async (f) => {
    started.push({ kind: 'remove', f });
    await removeFile(repo.root, f.path);
  });
  const failedPath = failure ? failure.item.path : '';
  failure ??= await eachUntilFailure(writes, async (f) => {
    started.push({ kind: 'write', f });
    await writeExact(join(repo.root, f.oldPath ?? f.path), blobs.get(f.oldId)!, f.oldMode, dirs);
  });
  if (failure) {
    const path = failedPath || (failure.item.oldPath ?? failure.item.path);
    const notRolledBack = await rollBack(repo, started, dirs, gitPath);
    const reason = failure.error instanceof Error ? failure.error.message : String(failure.error);
    throw new RestoreWriteFailed(path, reason, notRolledBack, { cause: failure.error });
  }
  return [...removals.map((f) => f.path), ...writes.map((f) => f.oldPath ?? f.path)];
}

/**
 * Takes back every step started, newest first, from the change's new side (the disk as it
 * was when the comparison was made). Answers the paths that could not be put back.
 */
async function rollBack(repo: ShadowRepo, started: Step[], dirs: CreatedDirs, gitPath?: string): Promise<string[]> {
  // The new side of a path that existed before the restore, to write back; else the restore
  // created the path and taking it back means removing it.
  const before = (s: Step) => s.kind === 'remove' || (s.f.status !== 'renamed' && s.f.status !== 'deleted');
  const toWrite = started.filter((s) => before(s) && s.f.newMode !== GITLINK);
  const blobs = await readBlobs(repo, toWrite.map((s) => s.f.newId), gitPath).catch(() => new Map<string, Buffer>());
  const failed: string[] = [];
  for (const s of [...started].reverse()) {
    const path = s.kind === 'write' ? s.f.oldPath ?? s.f.path : s.f.path;
    try {
      if (!before(s)) await unlinkWritten(join(repo.root, path));
      else if (s.f.newMode === GITLINK) continue;
      else if (!blobs.has(s.f.newId)) failed.push(s.f.path);
      else await writeExact(join(repo.root, s.f.path), blobs.get(s.f.newId)!, s.f.newMode);
    } catch {
      failed.push(path);
    }
  }
  await dirs.removeEmpty();
  return [...new Set(failed)].sort();
}
