/**
 * Snapshots of a folder's files with git plumbing, in a private repository per root
 * (see shadowRepo.ts): `add -A` into a private index (respects .gitignore), `write-tree`,
 * `commit-tree`, and a ref under refs/agent-chat/ so the snapshot survives reloads and gc.
 * Pure node: the editor layer wires it to turns and messages.
 */
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { countRecords, git, GitMissingError, readObjects } from './git.js';
import { SnapshotIncomplete } from './restoreErrors.js';
import { gitIn, openShadowRepo, type ShadowRepo } from './shadowRepo.js';
import { parseDiffTree } from './diffParse.js';
import { writeLooseObject, writeTreeFromIndex } from './indexTree.js';
import { collectGarbage } from './gc.js';
import { DEFAULT_LIMITS, type ChangeSet, type Snapshot, type SnapshotLimits, type SnapshotRefusal, type SnapshotResult } from './types.js';

export const REF_PREFIX = 'refs/agent-chat/snapshots/';
const IDENTITY = { GIT_AUTHOR_NAME: 'Agent Chat', GIT_AUTHOR_EMAIL: 'agent-chat@localhost', GIT_COMMITTER_NAME: 'Agent Chat', GIT_COMMITTER_EMAIL: 'agent-chat@localhost' };

export class SnapshotRefused extends Error {
  constructor(readonly refusal: SnapshotRefusal) {
    super(refusal.message);
  }
}

export interface SnapshotterOptions {
  storageDir: string;
  limits?: Partial<SnapshotLimits>;
  gitPath?: string;
}

export class Snapshotter {
  readonly limits: SnapshotLimits;
  private readonly repos = new Map<string, Promise<ShadowRepo>>();
  /** One git operation at a time per root: they share the private index. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly sizeChecked = new Set<string>();
  private readonly taken = new Map<string, number>();

  constructor(private readonly opts: SnapshotterOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
  }

  setLimits(limits: Partial<SnapshotLimits>): void {
    Object.assign(this.limits, limits);
  }

  /** Takes a snapshot of `root`; a refusal (home directory, huge tree, no git) is a value. */
  async snapshot(root: string, label: string): Promise<SnapshotResult> {
    try {
      return { ok: true, snapshot: await this.take(root, label) };
    } catch (e) {
      return { ok: false, refusal: refusalOf(e) };
    }
  }

  /** Like snapshot() but throws SnapshotRefused. */
  take(root: string, label: string): Promise<Snapshot> {
    return this.serial(root, async (repo) => {
      const tree = await this.writeTree(repo);
      const id = await this.commit(repo, tree, label || 'snapshot');
      // Our own repository: a loose ref file is what update-ref would write, minus a process.
      const refDir = join(repo.gitDir, ...REF_PREFIX.split('/').filter(Boolean));
      await mkdir(refDir, { recursive: true });
      await writeFile(join(refDir, id), id + '\n');
      return { root: repo.root, id, tree, createdAt: Date.now(), label };
    }).then((snap) => {
      // Queued behind the snapshot (never beside another operation: pruning must not race a
      // snapshot whose objects are written but not yet referenced); nobody waits for it. Only
      // when there are more snapshots than kept, or now and then for the size cap.
      const n = (this.taken.get(snap.root) ?? 0) + 1;
      this.taken.set(snap.root, n);
      void this.serial(root, async (repo) => {
        const refs = await readdir(join(repo.gitDir, ...REF_PREFIX.split('/').filter(Boolean))).catch(() => []);
        if (refs.length > this.limits.keep || n % 20 === 1) await collectGarbage(repo, this.limits, REF_PREFIX, this.opts.gitPath);
      }).catch(() => undefined);
      return snap;
    });
  }

  /** Opens the root's private repository and brings its index up to date (no snapshot kept). */
  warm(root: string): Promise<void> {
    return this.serial(root, (repo) => this.stage(repo));
  }

  /**
   * Files changed from `from` (a snapshot id) to the disk now: the private index brought up to
   * date, then compared with the snapshot's tree as it is (no tree written, one process less).
   */
  changes(root: string, from: string, opts: DiffOptions = {}): Promise<ChangeSet> {
    return this.serial(root, async (repo) => {
      await this.stage(repo);
      const { pre, run } = gitIn(repo, this.opts.gitPath);
      const out = await git([...pre, 'diff-index', '--cached', '-z', '-M', '--raw', ...counts(opts), from, '--'], run);
      return changeSet(repo.root, from, '', out);
    });
  }

  /** Files changed between two snapshots (or trees). */
  between(root: string, from: string, to: string, opts: DiffOptions = {}): Promise<ChangeSet> {
    return this.serial(root, (repo) => this.diff(repo, from, to, opts));
  }

  /**
   * A file's bytes at a snapshot, or undefined when it did not exist there. Throws
   * SnapshotIncomplete when it did but its saved copy is gone: "not there" would let a caller
   * delete a file the user had.
   */
  async readFile(root: string, snapshotId: string, path: string): Promise<Buffer | undefined> {
    const repo = await this.repo(root);
    const { pre, run } = gitIn(repo, this.opts.gitPath);
    const spec = `${snapshotId}:${path}`;
    const found = (await readObjects(pre, [spec], run)).get(spec);
    if (found) return found.type === 'blob' ? found.body : undefined;
    // Not readable: either not in the snapshot, or listed there with its bytes (or a folder's
    // listing on the way) lost. ls-tree reads only the folders on the path, never the blob.
    const listed = await git(['--literal-pathspecs', ...pre, 'ls-tree', '-z', snapshotId, '--', path], run).catch(() => undefined);
    if (listed && !/^\d+ blob /.test(listed.toString('utf8'))) return undefined;
    throw new SnapshotIncomplete([path]);
  }

  /**
   * Whether a snapshot recorded earlier (maybe before a reload) still exists: its commit and
   * its top folder's listing, without which nothing of it can be read.
   */
  async exists(root: string, snapshotId: string): Promise<boolean> {
    try {
      const repo = await this.repo(root);
      const { pre, run } = gitIn(repo, this.opts.gitPath);
      await git([...pre, 'cat-file', '-e', `${snapshotId}^{tree}`], run);
      return true;
    } catch {
      return false;
    }
  }

  /** The private repository of `root` (restore and tests use it). */
  repo(root: string): Promise<ShadowRepo> {
    const key = resolve(root);
    let p = this.repos.get(key);
    if (!p) {
      p = this.open(key);
      this.repos.set(key, p);
      p.catch(() => this.repos.delete(key));
    }
    return p;
  }

  /** Runs `fn` after every earlier operation on the same root. */
  serial<T>(root: string, fn: (repo: ShadowRepo) => Promise<T>): Promise<T> {
    const key = resolve(root);
    const prev = this.queues.get(key) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(async () => fn(await this.repo(key)));
    this.queues.set(key, next.catch(() => undefined));
    return next;
  }

  /** Stages the disk and writes its tree: one git process (`add -A`), the trees in-process. */
  async writeTree(repo: ShadowRepo): Promise<string> {
    await this.stage(repo);
    const fast = await writeTreeFromIndex(repo.indexFile, repo.gitDir).catch(() => undefined);
    if (fast) return fast;
    const { pre, run } = gitIn(repo, this.opts.gitPath);
    return (await git([...pre, 'write-tree'], run)).toString('utf8').trim();
  }

  /**
   * The private index brought up to date with the disk. The index persists per root between
   * snapshots, so a warm `add -A` only stats files (and, with the untracked cache, re-reads
   * only folders whose mtime changed); it hashes just the files that changed.
   */
  private async stage(repo: ShadowRepo): Promise<void> {
    const { pre, run } = gitIn(repo, this.opts.gitPath);
    await this.checkSize(repo);
    // The untracked cache lets a warm `add -A` skip reading directories whose mtime is unchanged.
    const add = [...pre, '-c', 'core.untrackedCache=true', 'add', '-A', '--ignore-errors', '--', '.'];
    try {
      await git(add, run);
    } catch (e) {
      // A seeded index git cannot read (split index, newer format): start from empty once.
      if (e instanceof GitMissingError) throw e;
      const { rm } = await import('node:fs/promises');
      await rm(repo.indexFile, { force: true });
      await git(add, run);
    }
  }

  private async diff(repo: ShadowRepo, from: string, to: string, opts: DiffOptions): Promise<ChangeSet> {
    const { pre, run } = gitIn(repo, this.opts.gitPath);
    const out = await git([...pre, 'diff-tree', '-r', '-z', '-M', '--raw', ...counts(opts), from, to], run);
    return changeSet(repo.root, from, to, out);
  }

  /**
   * The snapshot's commit object, written as a loose object by hand (what `commit-tree` would
   * write, minus a process); `commit-tree` only for a repository that does not use SHA-1.
   */
  private async commit(repo: ShadowRepo, tree: string, label: string): Promise<string> {
    const { pre, run } = gitIn(repo, this.opts.gitPath);
    if (!/^[0-9a-f]{40}$/.test(tree)) {
      return (await git([...pre, 'commit-tree', tree, '-m', label], { ...run, env: { ...run.env, ...IDENTITY } })).toString('utf8').trim();
    }
    const who = `${IDENTITY.GIT_COMMITTER_NAME} <${IDENTITY.GIT_COMMITTER_EMAIL}> ${Math.floor(Date.now() / 1000)} +0000`;
    const body = Buffer.from(`tree ${tree}\nauthor ${who}\ncommitter ${who}\n\n${label.endsWith('\n') ? label : label + '\n'}`, 'utf8');
    const object = Buffer.concat([Buffer.from(`commit ${body.length}\0`), body]);
    const id = createHash('sha1').update(object).digest('hex');
    await writeLooseObject(repo.gitDir, id, object);
    return id;
  }

  private async open(root: string): Promise<ShadowRepo> {
    const home = resolve(homedir());
    if (root === home || home.startsWith(root.endsWith('/') ? root : root + '/') || dirname(root) === root) {
      throw new SnapshotRefused({ reason: 'home-directory', message: `Not taking snapshots of ${root}: it is your home directory or contains it.` });
    }
    const st = await stat(root).catch(() => undefined);
    if (!st?.isDirectory()) throw new SnapshotRefused({ reason: 'not-a-folder', message: `Not taking snapshots of ${root}: not a folder.` });
    return openShadowRepo(this.opts.storageDir, root, this.opts.gitPath);
  }

  // Counting is bounded (git is stopped past the cap) and done once per root per session.
  private async checkSize(repo: ShadowRepo): Promise<void> {
    if (this.sizeChecked.has(repo.root)) return;
    const { pre, run } = gitIn(repo, this.opts.gitPath);
    const n = await countRecords([...pre, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], this.limits.maxFiles, run);
    if (n > this.limits.maxFiles) {
      throw new SnapshotRefused({ reason: 'too-many-files', message: `Not taking snapshots of ${repo.root}: more than ${this.limits.maxFiles.toLocaleString('en-US')} files (not counting ignored ones).` });
    }
    this.sizeChecked.add(repo.root);
  }
}

export interface DiffOptions {
  /**
   * false: no line counts (every `added`/`deleted` 0). Counting reads both sides of every
   * changed file; without it only renamed candidates are read, so a comparison still works
   * when a file it does not need lost its saved copy.
   */
  counts?: boolean;
}

const counts = (opts: DiffOptions) => (opts.counts === false ? [] : ['--numstat']);

function changeSet(root: string, from: string, toTree: string, out: Buffer): ChangeSet {
  const files = parseDiffTree(out.toString('utf8'));
  let added = 0;
  let deleted = 0;
  for (const f of files) { added += f.added; deleted += f.deleted; }
  return { root, from, toTree, files, added, deleted };
}

function refusalOf(e: unknown): SnapshotRefusal {
  if (e instanceof SnapshotRefused) return e.refusal;
  if (e instanceof GitMissingError) return { reason: 'git-missing', message: 'No snapshot: git is not installed (or not on PATH), so changes are only known from what the agent reports.' };
  return { reason: 'failed', message: `No snapshot: ${e instanceof Error ? e.message : String(e)}` };
}
