/**
 * Garbage collection of a root's private repository: keep the newest `keep` snapshots, drop
 * older ones while what they added to the object store is over its size cap, and let git prune
 * what no snapshot needs any more. Runs after each snapshot, off the critical path.
 */
import { git } from './git.js';
import { keptPackBytes } from './dissociate.js';
import { gitIn, type ShadowRepo } from './shadowRepo.js';
import type { SnapshotLimits } from './types.js';

/**
 * Bytes the snapshots added to the store: loose objects and packs, not counting the copy of the
 * workspace's objects made once when the repository stopped borrowing them (dissociate.ts),
 * which no collection can shrink.
 */
export async function storeBytes(repo: ShadowRepo, gitPath?: string): Promise<number> {
  const { pre, run } = gitIn(repo, gitPath);
  const out = (await git([...pre, 'count-objects', '-v'], run)).toString('utf8');
  const kib = (key: string) => Number(new RegExp(`^${key}: (\\d+)`, 'm').exec(out)?.[1] ?? 0);
  return Math.max(0, (kib('size') + kib('size-pack')) * 1024 - await keptPackBytes(repo.gitDir));
}

export async function collectGarbage(repo: ShadowRepo, limits: SnapshotLimits, prefix: string, gitPath?: string): Promise<number> {
  const { pre, run } = gitIn(repo, gitPath);
  const refs = (await git([...pre, 'for-each-ref', '--sort=-creatordate', '--format=%(refname)', prefix], run))
    .toString('utf8').split('\n').filter(Boolean);
  let keep = Math.max(1, limits.keep);
  let dropped = 0;
  const drop = async (names: string[]) => {
    if (!names.length) return;
    await git([...pre, 'update-ref', '--stdin'], { ...run, input: names.map((r) => `delete ${r}\n`).join('') });
    dropped += names.length;
  };
  await drop(refs.slice(keep));
  let size = await storeBytes(repo, gitPath);
  // Over the cap: halve what is kept (never the newest) and prune until it fits.
  while (size > limits.maxStoreBytes && keep > 1) {
    const next = Math.max(1, Math.floor(keep / 2));
    await drop(refs.slice(next, keep));
    keep = next;
    await git([...pre, 'gc', '--prune=now', '--quiet'], run);
    size = await storeBytes(repo, gitPath);
  }
  if (dropped >= 20) await git([...pre, 'gc', '--prune=now', '--quiet'], run);
  return dropped;
}
