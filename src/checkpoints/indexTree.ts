/**
 * `git write-tree` without the process: reads the private index (version 2 or 3, SHA-1) and
 * writes the tree objects it describes as loose objects. A git process costs tens of
 * milliseconds to start and read the index on a busy machine; hashing ~100 trees in-process
 * costs a few. Anything this reader does not fully understand (version 4, split or sparse
 * index, unmerged or intent-to-add entries, a bad checksum) answers `undefined`, and the
 * caller runs `git write-tree` instead, so an unusual index is never turned into a wrong tree.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

interface IndexEntry {
  path: Buffer;
  mode: number;
  oid: Buffer;
}

const HASH = 20;
// Extensions that only cache or describe (safe to ignore); any other one means "ask git".
const HARMLESS = new Set(['TREE', 'REUC', 'UNTR', 'FSMN', 'EOIE', 'IEOT']);

/** The index's stage-0 entries, or undefined when the index is of a kind git must handle. */
export function parseIndex(buf: Buffer): IndexEntry[] | undefined {
  if (buf.length < 12 + HASH || buf.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = buf.readUInt32BE(4);
  if (version !== 2 && version !== 3) return undefined;
  const body = buf.subarray(0, buf.length - HASH);
  if (!createHash('sha1').update(body).digest().equals(buf.subarray(buf.length - HASH))) return undefined;
  const count = buf.readUInt32BE(8);
  const entries: IndexEntry[] = [];
  let at = 12;
  for (let i = 0; i < count; i++) {
    if (at + 62 > body.length) return undefined;
    const mode = buf.readUInt32BE(at + 24);
    const oid = buf.subarray(at + 40, at + 40 + HASH);
    const flags = buf.readUInt16BE(at + 60);
    let nameAt = at + 62;
    if (flags & 0x4000) {
      if (version < 3) return undefined;
      // skip-worktree or intent-to-add: write-tree treats these specially.
      if (buf.readUInt16BE(nameAt) !== 0) return undefined;
      nameAt += 2;
    }
    if ((flags >> 12) & 0x3) return undefined; // unmerged
    const end = buf.indexOf(0, nameAt);
    if (end < 0 || end >= body.length) return undefined;
    entries.push({ path: buf.subarray(nameAt, end), mode, oid });
    // Entries are padded with 1–8 NULs to a multiple of 8 bytes from the entry's start.
    at += Math.floor((end - at + 8) / 8) * 8;
  }
  while (at + 8 <= body.length) {
    const sig = buf.toString('latin1', at, at + 4);
    if (!HARMLESS.has(sig)) return undefined;
    at += 8 + buf.readUInt32BE(at + 4);
  }
  return at === body.length ? entries : undefined;
}

interface Dir {
  files: Map<string, { mode: number; oid: Buffer }>;
  dirs: Map<string, Dir>;
}

const newDir = (): Dir => ({ files: new Map(), dirs: new Map() });

function modeText(mode: number): string | undefined {
  switch (mode & 0o170000) {
    case 0o100000: return mode & 0o111 ? '100755' : '100644';
    case 0o120000: return '120000';
    case 0o160000: return '160000';
    default: return undefined;
  }
}

/**
 * Writes the index's trees into `gitDir` (those not already there as loose objects; a packed
 * copy is not looked for, a second copy is harmless) and returns the root tree id, or undefined when git has to do it (see parseIndex).
 */
export async function writeTreeFromIndex(indexFile: string, gitDir: string): Promise<string | undefined> {
  const buf = await readFile(indexFile).catch(() => undefined);
  if (!buf) return undefined;
  const entries = parseIndex(buf);
  if (!entries) return undefined;
  const root = newDir();
  for (const e of entries) {
    const mode = modeText(e.mode);
    if (!mode) return undefined;
    const parts = e.path.toString('latin1').split('/');
    let dir = root;
    for (let i = 0; i < parts.length - 1; i++) {
      let next = dir.dirs.get(parts[i]!);
      if (!next) { next = newDir(); dir.dirs.set(parts[i]!, next); }
      dir = next;
    }
    dir.files.set(parts[parts.length - 1]!, { mode: Number.parseInt(mode, 8), oid: e.oid });
  }
  const pending: Array<{ id: string; object: Buffer }> = [];
  const build = (dir: Dir): Buffer => {
    // Tree order: names compared bytewise, a directory's name as if it ended with '/'.
    const items: Array<{ key: string; name: string; mode: string; oid: Buffer }> = [];
    for (const [name, f] of dir.files) items.push({ key: name, name, mode: modeText(f.mode)!, oid: f.oid });
    for (const [name, d] of dir.dirs) items.push({ key: name + '/', name, mode: '40000', oid: build(d) });
    items.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const body = Buffer.concat(items.flatMap((it) => [Buffer.from(`${it.mode} ${it.name}\0`, 'latin1'), it.oid]));
    const object = Buffer.concat([Buffer.from(`tree ${body.length}\0`), body]);
    const oid = createHash('sha1').update(object).digest();
    const id = oid.toString('hex');
    pending.push({ id, object });
    return oid;
  };
  const rootId = build(root).toString('hex');
  await Promise.all(pending.map((p) => writeLooseObject(gitDir, p.id, p.object)));
  return rootId;
}

/** Writes one object (already framed: "type size\0body") unless it exists. */
export async function writeLooseObject(gitDir: string, id: string, object: Buffer): Promise<void> {
  const dir = join(gitDir, 'objects', id.slice(0, 2));
  const file = join(dir, id.slice(2));
  if (existsSync(file)) return;
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `tmp_obj_${process.pid}_${id.slice(2, 12)}`);
  await writeFile(tmp, deflateSync(object, { level: 1 }));
  await rename(tmp, file);
}
