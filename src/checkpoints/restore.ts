/**
 * Putting files back as they were at a snapshot: bytes exact (binary too, the executable bit,
 * symlinks), deleted files recreated, files created since removed. A snapshot of "now" is
 * taken first, so the restore itself can be undone ("Redo").
 */
import { chmod, mkdir, rm, rmdir, symlink, writeFile, lstat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { git } from './git.js';
import { gitIn, type ShadowRepo } from './shadowRepo.js';
import type { Snapshotter } from './snapshotter.js';
import type { FileChange, Snapshot } from './types.js';

export interface RestoreResult {
  /** The state just before the restore; restoring it is "Redo". */
  redo: Snapshot;
  /** Paths written or removed. */
  changed: string[];
}

/** Reads many blobs with one `cat-file --batch`. */
export async function readBlobs(repo: ShadowRepo, ids: string[], gitPath?: string): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  const unique = [...new Set(ids)];
  if (!unique.length) return blobs;
  const { pre, run } = gitIn(repo, gitPath);
  const out = await git([...pre, 'cat-file', '--batch'], { ...run, input: unique.join('\n') + '\n' });
  let at = 0;
  for (const id of unique) {
    const nl = out.indexOf(10, at);
    const [oid, type, size] = out.subarray(at, nl).toString('latin1').split(' ');
    if (type === 'missing' || !size) { at = nl + 1; continue; }
    const n = Number(size);
    blobs.set(oid === id ? id : oid!, out.subarray(nl + 1, nl + 1 + n));
    at = nl + 1 + n + 1;
  }
  return blobs;
}

/**
 * Restores `root` to snapshot `to`, only the given paths when `only` is set (paths relative
 * to the root, as in FileChange.path).
 */
export async function restoreSnapshot(s: Snapshotter, root: string, to: string, only?: ReadonlySet<string>): Promise<RestoreResult> {
  const redo = await s.take(root, `before restoring ${to.slice(0, 10)}`);
  const changes = await s.between(root, to, redo.tree);
  const files = changes.files.filter((f) => !only || only.has(f.path) || (f.oldPath !== undefined && only.has(f.oldPath)));
  const repo = await s.repo(root);
  const changed = await applyOld(repo, files);
  return { redo, changed };
}

/** Writes each change's old side back (or removes the file when it had none). */
export async function applyOld(repo: ShadowRepo, files: FileChange[], gitPath?: string): Promise<string[]> {
  const blobs = await readBlobs(repo, files.filter((f) => f.oldId && f.oldMode !== '160000').map((f) => f.oldId), gitPath);
  const changed: string[] = [];
  // Removals first: a rename back may need the old path's directory free of the new file.
  const removals = files.filter((f) => f.status === 'added' || f.status === 'renamed');
  await eachLimited(removals, (f) => removeFile(repo.root, f.path));
  changed.push(...removals.map((f) => f.path));
  const writes = files.filter((f) => f.status !== 'added' && f.oldMode !== '160000' && blobs.has(f.oldId));
  await eachLimited(writes, (f) => writeExact(join(repo.root, f.oldPath ?? f.path), blobs.get(f.oldId)!, f.oldMode));
  changed.push(...writes.map((f) => f.oldPath ?? f.path));
  return changed;
}

// Files are independent: a few writes in flight at once instead of one after the other.
const IN_FLIGHT = 16;

async function eachLimited<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, items.length) }, worker));
}

async function writeExact(abs: string, bytes: Buffer, mode: string): Promise<void> {
  await mkdir(dirname(abs), { recursive: true });
  const st = await lstat(abs).catch(() => undefined);
  if (st && (mode === '120000' || st.isSymbolicLink() || st.isDirectory())) await rm(abs, { recursive: true, force: true });
  if (mode === '120000') {
    await symlink(bytes.toString('utf8'), abs);
    return;
  }
  await writeFile(abs, bytes);
  // git knows only "executable or not": flip that bit, keep the rest of the file's mode.
  const now = (await lstat(abs)).mode & 0o777;
  const want = mode === '100755' ? now | 0o111 : now & ~0o111;
  if (want !== now) await chmod(abs, want);
}

async function removeFile(root: string, rel: string): Promise<void> {
  await rm(join(root, rel), { force: true });
  // Remove directories the file's creation made, up to (never including) the root.
  for (let dir = dirname(join(root, rel)); relative(root, dir) && !relative(root, dir).startsWith('..' + sep); dir = dirname(dir)) {
    try { await rmdir(dir); } catch { break; }
  }
}
