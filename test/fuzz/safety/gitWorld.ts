/**
 * The model-based test in a real folder: a git repository the user owns, the product's
 * snapshot store (a private repository per root, `src/checkpoints`), its restore engine for a
 * restore's exact files, and real housekeeping in the user's repository between steps — what
 * they staged dropped again, reflogs expired, `git gc --prune=now` — which must change nothing
 * a checkpoint needs.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Snapshotter } from '../../../src/checkpoints/snapshotter.js';
import { restoreSnapshot } from '../../../src/checkpoints/restore.js';
import type { ThreadEntry } from '../../../src/thread/types.js';
import { worldSources, type World } from './world.js';

const run = promisify(execFile);
const paths = (files: { path: string; oldPath?: string }[]) => [...new Set(files.flatMap((f) => (f.oldPath ? [f.path, f.oldPath] : [f.path])))].sort();

export class GitWorld implements World {
  readonly buffers = new Map<string, string>();
  readonly entries: ThreadEntry[] = [];
  private readonly snapshots: Snapshotter;
  readonly sources;

  private constructor(readonly root: string, private readonly base: string) {
    this.snapshots = new Snapshotter({ storageDir: join(base, 'store') });
    this.sources = worldSources(this, (id, path) => this.snapshots.readFile(this.root, id, path),
      async (from, to) => paths((to === undefined ? await this.snapshots.changes(this.root, from) : await this.snapshots.between(this.root, from, to)).files));
  }

  /** A repository whose first commit holds `files`, and whose index names blobs no commit has. */
  static async create(files: ReadonlyMap<string, string>): Promise<GitWorld> {
    const base = await mkdtemp(join(tmpdir(), 'safety-fuzz-'));
    const root = join(base, 'repo');
    await mkdir(root);
    const w = new GitWorld(root, base);
    await w.git('init', '-q', '-b', 'main');
    for (const [path, text] of files) await w.writeDisk(path, text);
    await w.git('add', '-A');
    await w.git('-c', 'user.name=u', '-c', 'user.email=u@localhost', 'commit', '-q', '-m', 'start');
    await writeFile(join(root, 'staged-only.txt'), `staged ${base}\n`);
    await w.git('add', 'staged-only.txt');
    return w;
  }

  private git(...args: string[]) {
    return run('git', ['-C', this.root, ...args], { env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
  }

  async readDisk(path: string) {
    return readFile(join(this.root, path), 'utf8').catch(() => undefined);
  }

  async writeDisk(path: string, text: string | undefined) {
    const abs = join(this.root, path);
    if (text !== undefined) {
      await mkdir(dirname(abs), { recursive: true });
      await writeFile(abs, text);
      return;
    }
    await rm(abs, { force: true });
    if (dirname(abs) !== this.root) await rmdir(dirname(abs)).catch(() => undefined);
  }

  async take() {
    return (await this.snapshots.take(this.root, 'fuzz')).id;
  }

  async snapshotText(id: string, path: string) {
    return (await this.snapshots.readFile(this.root, id, path))?.toString('utf8');
  }

  async restoreExact(target: string, only: ReadonlySet<string>) {
    return (await restoreSnapshot(this.snapshots, this.root, target, only)).redo.id;
  }

  async renamesSince(target: string): Promise<{ root: string; path: string; oldPath: string }[]> {
    return (await this.snapshots.changes(this.root, target)).files.flatMap((f) => (f.oldPath ? [{ root: this.root, path: f.path, oldPath: f.oldPath }] : []));
  }

  async housekeeping() {
    await this.git('add', '-A');
    await this.git('reset', '-q');
    await this.git('reflog', 'expire', '--expire=now', '--all');
    await this.git('gc', '--prune=now', '--quiet');
  }

  async dispose() {
    await rm(this.base, { recursive: true, force: true });
  }
}
