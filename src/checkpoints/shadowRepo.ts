/**
 * The private repository that holds one root's snapshots, in the extension's storage.
 *
 * Every root gets its own git dir there (work tree = the root), so snapshots never write the
 * user's index, HEAD, refs, stash or config. When the root is inside a git repository our git
 * dir takes its ignore rules, and starts from a copy of its index: the first snapshot then
 * hashes only files changed since. The blobs that index names are copied in from the user's
 * store once, at creation (dissociate.ts), so every object a snapshot needs is ours and
 * nothing the user does to their repository can take it away. A folder that is not a
 * repository simply gets a fresh one.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { git, GitFailedError, type GitRun } from './git.js';
import { alternatesFile, dissociate, isBorrowing } from './dissociate.js';

export interface ShadowRepo {
  root: string;
  gitDir: string;
  indexFile: string;
  /** The user's repository the root lives in, when there is one. */
  userGitDir?: string;
}

// `info/attributes` wins over every .gitattributes: no filters and no end-of-line conversion,
// so a snapshot holds the file's bytes exactly and a restore writes them back exactly.
const ATTRIBUTES = '* -text -filter -ident -working-tree-encoding\n';
const DEFAULT_EXCLUDES = ['node_modules/', '.DS_Store'];

export function repoDirFor(storageDir: string, root: string): string {
  const key = createHash('sha1').update(resolve(root)).digest('hex').slice(0, 16);
  return join(storageDir, key);
}

/** Environment + argument prefix for running git against this root's private repository. */
export function gitIn(repo: ShadowRepo, gitPath?: string): { pre: string[]; run: GitRun } {
  return {
    pre: ['--git-dir', repo.gitDir, '--work-tree', repo.root],
    run: { env: { GIT_INDEX_FILE: repo.indexFile }, cwd: repo.root, gitPath },
  };
}

async function userRepo(root: string, gitPath?: string): Promise<{ top: string; commonDir: string } | undefined> {
  try {
    const out = (await git(['-C', root, 'rev-parse', '--show-toplevel', '--git-common-dir'], { gitPath }))
      .toString('utf8').split('\n');
    const top = out[0]?.trim();
    const common = out[1]?.trim();
    if (!top || !common) return undefined;
    return { top, commonDir: resolve(root, common) };
  } catch (e) {
    if (e instanceof GitFailedError) return undefined; // not a repository
    throw e;
  }
}

/**
 * Creates (once) and returns the private repository for `root`. A repository that still
 * borrows the user's objects (just created, or made by an earlier version) copies them in
 * first, so no snapshot is ever taken, or restored, while it depends on the user's store.
 */
export async function openShadowRepo(storageDir: string, root: string, gitPath?: string): Promise<ShadowRepo> {
  const dir = repoDirFor(storageDir, root);
  const repo: ShadowRepo = { root, gitDir: join(dir, 'repo.git'), indexFile: join(dir, 'index') };
  const user = await userRepo(root, gitPath);
  if (user) repo.userGitDir = user.commonDir;
  if (!existsSync(join(repo.gitDir, 'HEAD'))) await create(repo, dir, user, gitPath);
  if (isBorrowing(repo.gitDir)) await dissociate(repo, gitPath);
  return repo;
}

async function create(repo: ShadowRepo, dir: string, user: { top: string; commonDir: string } | undefined, gitPath?: string): Promise<void> {
  const root = repo.root;
  await mkdir(dir, { recursive: true });
  await git(['init', '-q', '--bare', repo.gitDir], { gitPath });
  const info = join(repo.gitDir, 'info');
  await mkdir(info, { recursive: true });
  await writeFile(join(info, 'attributes'), ATTRIBUTES);
  let excludes = DEFAULT_EXCLUDES.join('\n') + '\n';
  if (user) {
    excludes += await readFile(join(user.commonDir, 'info', 'exclude'), 'utf8').catch(() => '');
    if (await canSeedIndex(root, user.top)) {
      // The user's index knows every tracked file's stat data: the first snapshot then hashes
      // only what changed since, instead of every file. Its blobs are in the user's store: we
      // borrow it just until openShadowRepo has copied them (dissociate.ts).
      const seeded = await copyFile(join(user.commonDir, 'index'), repo.indexFile).then(() => true, () => false);
      if (seeded) await writeFile(alternatesFile(repo.gitDir), join(user.commonDir, 'objects') + '\n');
    }
  }
  await writeFile(join(info, 'exclude'), excludes);
}

// Seeding is only exact when the index's blobs are the files' bytes: no clean filters or
// end-of-line rules, and the root is the repository's top (index paths are relative to it).
async function canSeedIndex(root: string, top: string): Promise<boolean> {
  if (resolve(root) !== resolve(top)) return false;
  if (existsSync(join(root, '.gitattributes'))) return false;
  try {
    const autocrlf = (await git(['-C', root, 'config', '--get', 'core.autocrlf'], { plain: true }).catch(() => Buffer.from('')))
      .toString('utf8').trim();
    if (autocrlf === 'true' || autocrlf === 'input') return false;
    return (await stat(root)).isDirectory();
  } catch {
    return false;
  }
}
