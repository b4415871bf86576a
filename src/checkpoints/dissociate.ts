/**
 * Making a root's private repository stand on its own objects.
 *
 * A new private repository borrows the user's objects through `objects/info/alternates` for
 * one step only: the seeded index (a copy of the user's) names the blobs of every tracked file,
 * and copying those already-compressed objects out of the user's packs is much cheaper than
 * hashing and compressing every file again. Right after, the borrowed objects are copied in and
 * the alternates file is removed — git's own way to stop borrowing (`git clone --dissociate`
 * runs `git repack -a -d`, then removes the file). From then on no snapshot can depend on the
 * user's object store: a `git gc --prune=now` there, a deleted branch or a re-cloned `.git`
 * cannot take a blob a checkpoint needs. Repositories made by earlier versions, which kept the
 * alternates for good, go through the same step when opened.
 */
import { existsSync } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { git, GitFailedError } from './git.js';
import type { GitRun } from './git.js';

/** What a dissociation did: 'complete' kept every object; 'partial' found some already gone. */
export type Dissociation = 'not-borrowing' | 'complete' | 'partial';

export interface DissociateTarget {
  root: string;
  gitDir: string;
  indexFile: string;
}

export function alternatesFile(gitDir: string): string {
  return join(gitDir, 'objects', 'info', 'alternates');
}

export function isBorrowing(gitDir: string): boolean {
  return existsSync(alternatesFile(gitDir));
}

/**
 * Copies every object reachable from the private refs and every object the private index names
 * into the private store, then stops borrowing.
 *
 * `repack -a` without `-l` packs borrowed objects too (`-l` would pass `--local` to
 * pack-objects, which leaves them out); with GIT_INDEX_FILE pointing at the private index its
 * `--indexed-objects` covers files staged but not in a snapshot yet. When a borrowed object is
 * already gone (the user's store was pruned while an earlier version still borrowed), repack
 * stops; then every object still there is copied (`--missing=allow-any`) and the private index,
 * which may name a lost blob, is dropped so the next staging hashes the files again. Snapshots
 * that lost a blob stay, and a restore of one names the files it cannot put back.
 */
export async function dissociate(repo: DissociateTarget, gitPath?: string): Promise<Dissociation> {
  const alternates = alternatesFile(repo.gitDir);
  if (!existsSync(alternates)) return 'not-borrowing';
  const pre = ['--git-dir', repo.gitDir, '--work-tree', repo.root];
  const run: GitRun = { env: { GIT_INDEX_FILE: repo.indexFile }, cwd: repo.root, gitPath };
  // Bitmaps only speed up serving fetches, which nobody does from this repository.
  const quiet = ['-c', 'repack.writeBitmaps=false', '-c', 'pack.writeBitmaps=false'];
  let result: Dissociation = 'complete';
  try {
    // --pack-kept-objects: objects in a pack the user marked .keep are copied like the rest.
    await git([...pre, ...quiet, 'repack', '-a', '-d', '-q', '--pack-kept-objects'], run);
  } catch (e) {
    if (!(e instanceof GitFailedError)) throw e;
    await removeTempPacks(repo.gitDir);
    await git([...pre, ...quiet, 'pack-objects', '--all', '--reflog', '--indexed-objects', '--missing=allow-any',
      '--delta-base-offset', '-q', join(repo.gitDir, 'objects', 'pack', 'pack')], { ...run, input: '' });
    await rm(repo.indexFile, { force: true });
    result = 'partial';
  }
  await keepPacks(repo.gitDir);
  await rm(alternates, { force: true });
  // Loose copies of what is now packed; repack -d did this already on the complete path.
  if (result === 'partial') await git([...pre, 'prune-packed', '-q'], run).catch(() => undefined);
  return result;
}

const KEEP_NOTE = 'agent-chat: the copy of the workspace\'s objects made when this repository stopped borrowing them\n';

/**
 * Marks the packs holding the copy as kept: collection (gc.ts) neither rewrites them, which
 * for a big workspace would cost as much as the copy, nor counts them against the store's cap,
 * which limits what the snapshots add (the copy is what the user's own repository holds too).
 */
async function keepPacks(gitDir: string): Promise<void> {
  const dir = join(gitDir, 'objects', 'pack');
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const keep = name.replace(/\.pack$/, '.keep');
    if (name.endsWith('.pack') && !names.includes(keep)) await writeFile(join(dir, keep), KEEP_NOTE);
  }
}

/** Bytes of the packs keepPacks marked. */
export async function keptPackBytes(gitDir: string): Promise<number> {
  const dir = join(gitDir, 'objects', 'pack');
  const names = await readdir(dir).catch(() => [] as string[]);
  let bytes = 0;
  for (const name of names) {
    if (!name.endsWith('.keep')) continue;
    const base = name.slice(0, -'.keep'.length);
    for (const ext of ['.pack', '.idx']) bytes += (await stat(join(dir, base + ext)).catch(() => undefined))?.size ?? 0;
  }
  return bytes;
}

// A pack-objects that died leaves its half-written temporary files behind.
async function removeTempPacks(gitDir: string): Promise<void> {
  const dir = join(gitDir, 'objects', 'pack');
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (name.startsWith('tmp_') || name.startsWith('.tmp-')) await rm(join(dir, name), { force: true });
  }
}
