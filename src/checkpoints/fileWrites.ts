/**
 * The file operations of a restore: bytes exact (binary too, the executable bit, symlinks),
 * folders made as needed and remembered, so a restore that fails partway can take back
 * exactly what it did.
 */
import { chmod, lstat, mkdir, readdir, rm, rmdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/** Folders a restore created, to remove again when it is rolled back. */
export class CreatedDirs {
  private readonly dirs = new Set<string>();

  async mkdirFor(abs: string): Promise<void> {
    const first = await mkdir(dirname(abs), { recursive: true });
    if (!first) return;
    for (let dir = dirname(abs); dir.length >= first.length; dir = dirname(dir)) {
      this.dirs.add(dir);
      if (dir === first) break;
    }
  }

  /** Removes the folders made (deepest first) that are empty again. */
  async removeEmpty(): Promise<void> {
    for (const dir of [...this.dirs].sort((a, b) => b.length - a.length)) await rmdir(dir).catch(() => undefined);
  }
}

/**
 * Writes `bytes` at `abs` as a file of git mode `mode`. A folder in the way is replaced only
 * when it holds no file (empty folders at most): one holding files (ignored ones, or a
 * repository of its own) makes the write fail rather than take the user's files with it.
 */
export async function writeExact(abs: string, bytes: Buffer, mode: string, dirs?: CreatedDirs): Promise<void> {
  if (dirs) await dirs.mkdirFor(abs);
  else await mkdir(dirname(abs), { recursive: true });
  const st = await lstat(abs).catch(() => undefined);
  if (st?.isDirectory()) await removeFolderWithoutFiles(abs);
  else if (st && (mode === '120000' || st.isSymbolicLink())) await rm(abs, { force: true });
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

/** Removes a folder holding nothing but (empty) folders; any file inside fails it, untouched. */
async function removeFolderWithoutFiles(abs: string): Promise<void> {
  const holdsFile = async (dir: string): Promise<string | undefined> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      const inner = e.isDirectory() ? await holdsFile(p) : p;
      if (inner) return inner;
    }
    return undefined;
  };
  const file = await holdsFile(abs);
  if (file) throw new Error(`a folder is in the way, holding ${relative(abs, file)}`);
  await rm(abs, { recursive: true });
}

/** Removes a file, then the folders its creation made (now empty), up to (never) the root. */
export async function removeFile(root: string, rel: string): Promise<void> {
  await rm(join(root, rel), { force: true });
  for (let dir = dirname(join(root, rel)); relative(root, dir) && !relative(root, dir).startsWith('..' + sep); dir = dirname(dir)) {
    try { await rmdir(dir); } catch { break; }
  }
}

/** Removes a file or symlink a restore wrote; never a folder (that was not ours). */
export async function unlinkWritten(abs: string): Promise<void> {
  const st = await lstat(abs).catch(() => undefined);
  if (st && !st.isDirectory()) await rm(abs, { force: true });
}

// Files are independent: a few operations in flight at once instead of one after the other.
const IN_FLIGHT = 16;

/**
 * Runs `fn` on each item, a few at once. After the first failure no new item starts, and the
 * answer waits for those in flight, so a rollback never races a write still running.
 */
export async function eachUntilFailure<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<{ item: T; error: unknown } | undefined> {
  let next = 0;
  let failure: { item: T; error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (error) {
        failure ??= { item, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, items.length) }, worker));
  return failure;
}
