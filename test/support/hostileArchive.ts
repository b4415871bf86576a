/**
 * A workshop for archives no honest agent ships: members laid out on disk with the system's own
 * `ln`, `mkfifo`, `mknod` and `chmod`, then packed by the system's `tar` and `zip` — appended in
 * several passes when an archive needs the same name twice, or a file "through" a link. Every
 * tool runs with an argument vector, never a shell. Besides the archives it keeps a `victim`
 * folder next to them: what a hostile archive aims at, to prove nothing reached it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export class ArchiveWorkshop {
  readonly dir = mkdtempSync(join(tmpdir(), 'hostile-archive-'));
  /** Outside every agent folder: links and hard links aim here, and it must end as it began. */
  readonly victim = join(this.dir, 'victim');
  private layouts = 0;

  constructor() {
    mkdirSync(this.victim);
    writeFileSync(join(this.victim, 'precious.txt'), 'the user\'s\n');
  }

  /** A fresh folder to lay members out in; paths in the archive are relative to it. */
  layout(): Layout {
    const root = join(this.dir, `layout-${++this.layouts}`);
    mkdirSync(root);
    return new Layout(root);
  }

  /** Where an archive of this name goes (beside the layouts, outside any of them). */
  out(name: string): string {
    return join(this.dir, name);
  }

  /** Every file and folder under the victim folder, to compare before and after. */
  victimListing(): string[] {
    return readdirSync(this.victim, { recursive: true }).map(String).sort();
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export class Layout {
  constructor(readonly root: string) {}

  file(name: string, content = `${name}\n`, mode?: number): this {
    const full = join(this.root, name);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    if (mode !== undefined) tool('chmod', [mode.toString(8), full]);
    return this;
  }

  dir(name: string): this {
    mkdirSync(join(this.root, name), { recursive: true });
    return this;
  }

  /** `ln -s target name`: the target is stored as written (absolute, or relative to the link). */
  symlink(name: string, target: string): this {
    mkdirSync(dirname(join(this.root, name)), { recursive: true });
    tool('ln', ['-s', target, name], this.root);
    return this;
  }

  /** `ln existing name`: a hard link; `existing` may be any path, also outside the layout. */
  hardlink(name: string, existing: string): this {
    tool('ln', [existing, name], this.root);
    return this;
  }

  fifo(name: string): this {
    tool('mkfifo', [name], this.root);
    return this;
  }

  /** A character device (1,3 — what /dev/null is); undefined, with the tool's words, where the system refuses. */
  device(name: string): string | undefined {
    const made = spawnSync('mknod', [name, 'c', '1', '3'], { cwd: this.root, encoding: 'utf8' });
    return made.status === 0 ? undefined : (made.stderr || made.error?.message || `mknod exited ${made.status}`).trim();
  }

  /** A sparse file of `bytes` (holes only): a few bytes in a `--sparse` tar, that many once unpacked. */
  sparse(name: string, bytes: number): this {
    tool('truncate', ['-s', String(bytes), name], this.root);
    return this;
  }

  chmod(name: string, mode: number): this {
    chmodSync(join(this.root, name), mode);
    return this;
  }
}

export type TarCompression = 'gz' | 'bz2' | 'none';

/**
 * `tar` from `cwd` with `members` in that order; `append` adds to an existing (uncompressed) tar
 * with `-r`, so a name can come twice. `-P` keeps names as given (absolute, `..`).
 */
export function tar(out: string, cwd: string, members: string[], opts: { append?: boolean; sparse?: boolean; transform?: string[] } = {}): string {
  const args = [opts.append ? '-rPf' : '-cPf', out, ...(opts.sparse ? ['--sparse'] : []), ...(opts.transform ?? []).flatMap((t) => ['--transform', t]), ...members];
  tool('tar', args, cwd);
  return out;
}

/** Drops members from a tar by name (`--delete`), e.g. the file a hard link was made from. */
export function tarDelete(archive: string, members: string[]): void {
  tool('tar', ['--delete', '-P', '-f', archive, ...members]);
}

/** A finished tar compressed with the system's gzip (`.tar` → `.tar.gz`); returns the new path. */
export function gzip(archive: string): string {
  tool('gzip', ['-n', archive]);
  return `${archive}.gz`;
}

/** `zip` from `cwd`, links stored as links (`-y`), adding to `out` if it exists — so "l" then "l/x" can both be in it. */
export function zip(out: string, cwd: string, members: string[]): string {
  tool('zip', ['-q', '-y', '-X', out, ...members], cwd);
  return out;
}

function tool(file: string, args: string[], cwd?: string): void {
  try {
    execFileSync(file, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`${file} ${args.join(' ')} failed: ${stderr || (error as Error).message}`);
  }
}

/**
 * Renames a member of a zip in place, in its local header and in the central directory — how a
 * name `zip` itself would never store ("/abs", a second "x") gets into a zip. Same length only,
 * so no offset moves.
 */
export function renameZipMember(archive: string, from: string, to: string): void {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('renameZipMember keeps the length: no offset may move');
  const bytes = readFileSync(archive);
  const name = Buffer.from(from);
  let renamed = 0;
  // Local file header: signature, name length at +26, name at +30. Central directory: at +28 and +46.
  for (const [signature, lengthAt, nameAt] of [[0x04034b50, 26, 30], [0x02014b50, 28, 46]] as const) {
    for (let at = 0; at + nameAt <= bytes.length; at++) {
      if (bytes.readUInt32LE(at) !== signature || bytes.readUInt16LE(at + lengthAt) !== name.length) continue;
      if (!bytes.subarray(at + nameAt, at + nameAt + name.length).equals(name)) continue;
      Buffer.from(to).copy(bytes, at + nameAt);
      renamed++;
    }
  }
  if (renamed !== 2) throw new Error(`"${from}" was found ${renamed} times in ${archive}, not twice (local header and central directory)`);
  writeFileSync(archive, bytes);
}

/** Makes a zip's headers claim `claimed` bytes for `member` (its real size stays): a zip bomb's lie. */
export function understateZipSize(archive: string, member: string, claimed: number): void {
  const bytes = readFileSync(archive);
  const name = Buffer.from(member);
  let patched = 0;
  // Uncompressed size: local header +22 (name at +30), central directory +24 (name at +46).
  for (const [signature, sizeAt, nameAt] of [[0x04034b50, 22, 30], [0x02014b50, 24, 46]] as const) {
    for (let at = 0; at + nameAt <= bytes.length; at++) {
      if (bytes.readUInt32LE(at) !== signature || !bytes.subarray(at + nameAt, at + nameAt + name.length).equals(name)) continue;
      bytes.writeUInt32LE(claimed, at + sizeAt);
      patched++;
    }
  }
  if (patched !== 2) throw new Error(`"${member}" was patched ${patched} times in ${archive}, not twice`);
  writeFileSync(archive, bytes);
}
