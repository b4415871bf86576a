/** Helpers for checkpoint tests against the real `git` binary and real files. */
import { execFileSync } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readFile, readdir, readlink, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const IDENTITY = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };

function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  return { ...env, ...IDENTITY };
}

/** Runs git in `cwd` and answers its stdout, trimmed. */
export function sh(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: cleanEnv() }).trim();
}

/** Whether `id` can be read from the repository at `cwd` (or a bare git dir). */
export function hasObject(gitDir: string, id: string): boolean {
  try {
    execFileSync('git', ['--git-dir', gitDir, 'cat-file', '-e', id], { env: cleanEnv(), stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The blob id git gives these bytes. */
export function blobId(cwd: string, bytes: string | Buffer): string {
  return execFileSync('git', ['hash-object', '--stdin'], { cwd, input: bytes, encoding: 'utf8', env: cleanEnv() }).trim();
}

const made: string[] = [];

/** A new folder under the system's temporary one, removed by removeTempDirs. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((d) => rm(d, { recursive: true, force: true })));
}

/**
 * Writes the files. `dated` sets their time an hour back: git re-reads a file whose time is not
 * older than the index ("racily clean"), and a test of what the user's index alone says must
 * not get that re-read.
 */
export async function writeFiles(root: string, files: Record<string, string | Buffer>, dated?: 'an hour ago'): Promise<void> {
  const past = new Date(Date.now() - 3600_000);
  for (const [path, body] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), body);
    if (dated) await utimes(join(root, path), past, past);
  }
}

/**
 * Everything under `root` (ignored files and empty folders too; `.git` left out): each file's
 * bytes and permission bits, each symlink's target, each folder — what "nothing changed" means.
 */
export async function wholeTree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (dir: string, rel: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      if (e.name === '.git') continue;
      const p = join(dir, e.name);
      const st = await lstat(p);
      if (st.isSymbolicLink()) out[rel + e.name] = 'link:' + await readlink(p);
      else if (st.isDirectory()) { out[rel + e.name + '/'] = 'dir'; await walk(p, rel + e.name + '/'); }
      else out[rel + e.name] = `${(st.mode & 0o777).toString(8)}:${(await readFile(p)).toString('base64')}`;
    }
  };
  await walk(root, '');
  return out;
}
