/**
 * Write-then-rename, so a crash or a second window never leaves a half-written transcript:
 * readers see the old file or the new one. The temp file sits in the same directory because
 * rename is only atomic within one filesystem.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Pieces are gathered up to this size per write: few system calls, little held at once. */
const WRITE_CHUNK_CHARS = 256 * 1024;

/** `data` may come in pieces (a long transcript, one entry at a time): it is never joined whole. */
export async function writeFileAtomic(path: string, data: string | Iterable<string>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    if (typeof data === 'string') await writeFile(tmp, data, { encoding: 'utf8', flush: true });
    else await writePieces(tmp, data);
    await renameWithRetry(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * On Windows, rename fails with EPERM/EBUSY/EACCES while another process (a second window, a
 * virus scanner) briefly holds the target open; a few short retries get past that.
 */
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await rename(from, to);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (attempt >= 5 || (code !== 'EPERM' && code !== 'EBUSY' && code !== 'EACCES')) throw e;
      await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
    }
  }
}

async function writePieces(path: string, pieces: Iterable<string>): Promise<void> {
  const file = await open(path, 'w');
  try {
    let batch = '';
    for (const piece of pieces) {
      batch += piece;
      if (batch.length >= WRITE_CHUNK_CHARS) {
        await file.write(batch, null, 'utf8');
        batch = '';
      }
    }
    if (batch) await file.write(batch, null, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
}
