/**
 * Which files of a snapshot lost their saved copy: what a restore names when git cannot even
 * compare the snapshot with the disk (the comparison reads the blobs of changed files, and the
 * listing of every folder).
 */
import { git, readObjects } from './git.js';
import { gitIn, type ShadowRepo } from './shadowRepo.js';

interface Entry { path: string; id: string; mode: string }

/**
 * Paths of `to` (a snapshot) whose blob is missing and differs from `against` (the disk as
 * just snapshotted; without it every file counts), and folders (`dir/`; `./` for the snapshot's top folder) whose tree is
 * missing; only those `only` selects. Empty when nothing is missing (or the snapshot's commit
 * itself is gone: that is "no snapshot", see Snapshotter.exists).
 */
export async function lostFiles(repo: ShadowRepo, to: string, against: string | undefined, only?: ReadonlySet<string>, gitPath?: string): Promise<string[]> {
  const { pre, run } = gitIn(repo, gitPath);
  const top = await readObjects(pre, [to, `${to}^{tree}`], run);
  const root = top.get(`${to}^{tree}`);
  if (root?.type !== 'tree') return top.get(to)?.type === 'commit' ? ['./'] : [];
  const hashLen = /^[0-9a-f]{64}$/.test(to) ? 32 : 20;
  const blobs: Entry[] = [];
  const lostDirs: string[] = [];
  // One `cat-file --batch` per level of folders, not one process per folder.
  let level: Entry[] = parseTree(root.body, '', hashLen);
  while (level.length) {
    const dirs = level.filter((e) => e.mode === '40000');
    blobs.push(...level.filter((e) => e.mode !== '40000' && e.mode !== '160000'));
    const trees = await readObjects(pre, dirs.map((d) => d.id), run);
    level = [];
    for (const d of dirs) {
      const t = trees.get(d.id);
      if (t?.type === 'tree') level.push(...parseTree(t.body, d.path + '/', hashLen));
      else lostDirs.push(d.path + '/');
    }
  }
  const now = new Map<string, string>();
  const listing = against ? await git([...pre, 'ls-tree', '-r', '-z', '--full-tree', against], run) : Buffer.alloc(0);
  for (const rec of listing.toString('utf8').split('\0')) {
    const tab = rec.indexOf('\t');
    if (tab > 0) now.set(rec.slice(tab + 1), rec.slice(0, tab).split(' ')[2]!);
  }
  const changed = blobs.filter((b) => now.get(b.path) !== b.id);
  const present = await presentIds(pre, changed.map((b) => b.id), run);
  const wanted = (p: string) => !only || p === './' || [...only].some((o) => o === p || (p.endsWith('/') && o.startsWith(p)));
  return [...changed.filter((b) => !present.has(b.id)).map((b) => b.path), ...lostDirs].filter(wanted).sort();
}

// Tree entries: "<mode> <name>\0<raw id>"; the id's length follows the repository's hash.
function parseTree(body: Buffer, prefix: string, hashLen: number): Entry[] {
  const out: Entry[] = [];
  let at = 0;
  while (at < body.length) {
    const sp = body.indexOf(32, at);
    const nul = body.indexOf(0, sp);
    if (sp < 0 || nul < 0) break;
    const mode = body.toString('latin1', at, sp);
    const name = body.toString('utf8', sp + 1, nul);
    out.push({ path: prefix + name, mode, id: body.toString('hex', nul + 1, nul + 1 + hashLen) });
    at = nul + 1 + hashLen;
  }
  return out;
}

async function presentIds(pre: readonly string[], ids: string[], run: ReturnType<typeof gitIn>['run']): Promise<Set<string>> {
  const present = new Set<string>();
  const unique = [...new Set(ids)];
  if (!unique.length) return present;
  const out = await git([...pre, 'cat-file', '--batch-check'], { ...run, input: unique.join('\n') + '\n' });
  for (const line of out.toString('latin1').split('\n')) {
    const [id, type] = line.split(' ');
    if (id && type && type !== 'missing') present.add(id);
  }
  return present;
}
