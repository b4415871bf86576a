/**
 * Downloads an archive to a file while hashing it, and refuses it when the registry's SHA-256
 * does not match: the file is removed before the error is thrown, so nothing unverified is left.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { httpGet, streamWithAbort } from './httpGet.js';

/** Agent binaries are tens of MB; this only stops a runaway download. */
const MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024;

export interface DownloadProgress {
  received: number;
  total?: number;
}

export class ChecksumMismatchError extends Error {
  constructor(readonly url: string, readonly expected: string, readonly actual: string) {
    super(
      `The download of ${url} does not match the registry's checksum: expected sha256 ${expected}, got ${actual}. ` +
        'Nothing was installed. The file may have been replaced or damaged on the way; try again later, and if it persists tell the agent\'s maintainers.',
    );
  }
}

/** Downloads `url` to `file`; returns the archive's SHA-256 (lower-case hex). */
export async function downloadVerified(
  url: string,
  file: string,
  opts: { sha256?: string; signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void },
): Promise<string> {
  const get = { signal: opts.signal, maxBytes: MAX_ARCHIVE_BYTES, what: 'The agent download' };
  try {
    const res = await httpGet(url, get);
    const hash = createHash('sha256');
    let received = 0;
    // pipeline: a write error, a stall or an abort ends both sides and rejects here.
    await pipeline(async function* () {
      for await (const chunk of streamWithAbort(res, get)) {
        received += chunk.length;
        if (received > MAX_ARCHIVE_BYTES) throw new Error(`The agent download at ${url} is larger than ${MAX_ARCHIVE_BYTES} bytes.`);
        hash.update(chunk);
        opts.onProgress?.({ received, total: res.total });
        yield chunk;
      }
    }, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    if (res.total !== undefined && received !== res.total) throw new Error(`The agent download at ${url} ended after ${received} of ${res.total} bytes; try again.`);
    const actual = hash.digest('hex');
    if (opts.sha256 && actual !== opts.sha256.toLowerCase()) throw new ChecksumMismatchError(url, opts.sha256.toLowerCase(), actual);
    return actual;
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}
