/**
 * What an unpacked archive left in its folder, checked before anything of it is trusted:
 * - every symbolic link leads, through any chain of links, to a place inside the folder;
 * - no regular file shares its data with a file outside the folder (a hard link out: its link
 *   count is higher than the names it has inside);
 * - nothing but files, folders and links (no FIFO, socket or device);
 * - no setuid, setgid or sticky bit survives: an agent never needs them, and a setuid program
 *   in the user's storage is a way up for anyone who can run it. They are cleared rather than
 *   refused, as tar and unzip do for an ordinary user (a folder from a setgid build directory is
 *   not an attack), so the agent installs the same whether or not the editor runs as root.
 */
import { chmod, lstat, readdir, readlink, realpath } from 'node:fs/promises';
import * as path from 'node:path';

export class UnsafeArchiveError extends Error {}

const SPECIAL_BITS = 0o7000;

function outside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}

/** `full` is a symbolic link under `root`: refuse it unless it ends inside `root`. */
async function checkLink(root: string, realRoot: string, full: string): Promise<void> {
  const target = await readlink(full);
  const name = path.relative(root, full);
  const refuse = (why: string) => new UnsafeArchiveError(`The archive has a link that ${why} ("${name}" → "${target}"); it was not installed.`);
  let resolved: string;
  try {
    // The whole chain, as the system will follow it: "a → b → /etc" or "s → d/.." with "d → ." both end outside.
    resolved = await realpath(full);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw refuse('loops back on itself');
    if (code !== 'ENOENT') throw error;
    // A link to nothing can only be judged by its text: with no "..", and relative, it can only
    // descend into the folder (every link on its way is checked on its own).
    if (path.isAbsolute(target) || target.split(/[\\/]/).includes('..') || outside(root, path.resolve(path.dirname(full), target))) {
      throw refuse('leads outside the agent\'s folder');
    }
    return;
  }
  if (outside(realRoot, resolved)) throw refuse('leads outside the agent\'s folder');
}

/** Refuses the folder's content as described above, clearing special mode bits on the way. */
export async function checkUnpacked(root: string): Promise<void> {
  const realRoot = await realpath(root);
  // inode → [link count, names seen under root, first name]
  const multiplyLinked = new Map<string, { nlink: number; seen: number; name: string }>();
  // Cleared only once everything passed: a hard link out must not let us change a file outside.
  const toClear: Array<{ full: string; mode: number }> = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir)) {
      const full = path.join(dir, entry);
      const info = await lstat(full);
      const name = path.relative(root, full);
      if (info.isSymbolicLink()) {
        await checkLink(root, realRoot, full);
        continue;
      }
      if (!info.isFile() && !info.isDirectory()) {
        throw new UnsafeArchiveError(`The archive has a special file ("${name}", mode ${info.mode.toString(8)}) — not a file, folder or link; it was not installed.`);
      }
      if (info.mode & SPECIAL_BITS) toClear.push({ full, mode: info.mode & 0o777 });
      if (info.isDirectory()) {
        await walk(full);
      } else if (info.nlink > 1) {
        const key = `${info.dev}:${info.ino}`;
        const known = multiplyLinked.get(key) ?? { nlink: info.nlink, seen: 0, name };
        known.seen += 1;
        multiplyLinked.set(key, known);
      }
    }
  };
  await walk(root);
  for (const { nlink, seen, name } of multiplyLinked.values()) {
    if (seen < nlink) throw new UnsafeArchiveError(`The archive has a hard link to a file outside the agent's folder ("${name}"); it was not installed.`);
  }
  for (const { full, mode } of toClear) await chmod(full, mode);
}
