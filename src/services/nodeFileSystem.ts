/**
 * FileSystemHost on plain disk (no editor buffers): the host for tests and headless use.
 * Confinement is not decided here; the request handlers confine every path and hand over the
 * real path that was checked. This host opens it without following a link at the last step
 * and, once open, checks that no folder on the way became a link since (confine.ts), so a
 * swap after the check cannot redirect the read or write.
 */
import { constants } from 'node:fs';
import { mkdir, open, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { HostServiceError, type FileSystemHost } from './hostServices.js';
import { ErrorCode } from './errorCodes.js';
import { assertStillReal } from './confine.js';
import { sliceLines } from './sliceLines.js';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;

export class NodeFileSystem implements FileSystemHost {
  async readTextFile(path: string, line?: number, limit?: number): Promise<string> {
    let text: string;
    try {
      const fh = await open(path, O_RDONLY | O_NOFOLLOW);
      try {
        await assertStillReal(path);
        text = await fh.readFile('utf8');
      } finally {
        await fh.close();
      }
    } catch (err) {
      throw fsError(err, path, 'read');
    }
    return sliceLines(text, line, limit);
  }

  async writeTextFile(path: string, content: string): Promise<void> {
    try {
      await mkdir(dirname(path), { recursive: true });
      const { fh, created } = await openForWrite(path);
      try {
        try {
          await assertStillReal(path);
        } catch (err) {
          // Whatever we created is not where we meant to create it: leave nothing behind.
          if (created) await unlink(path).catch(() => {});
          throw err;
        }
        await fh.truncate(0);
        await fh.writeFile(content, 'utf8');
      } finally {
        await fh.close();
      }
    } catch (err) {
      throw fsError(err, path, 'write');
    }
  }
}

/** Opens an existing file or creates it; never through a link at the last step. */
async function openForWrite(path: string): Promise<{ fh: FileHandle; created: boolean }> {
  try {
    return { fh: await open(path, O_WRONLY | O_NOFOLLOW), created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  return { fh: await open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o666), created: true };
}

function fsError(err: unknown, path: string, verb: 'read' | 'write'): HostServiceError {
  if (err instanceof HostServiceError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new HostServiceError(ErrorCode.notFound, `File not found: ${path}`, { path });
  if (code === 'EISDIR') return new HostServiceError(ErrorCode.invalidParams, `Cannot ${verb} a directory: ${path}`, { path });
  if (code === 'ELOOP') {
    // O_NOFOLLOW met a link where the checked path had a file: it was swapped after the check.
    return new HostServiceError(ErrorCode.outsideWorkspace, `Refused: ${path} became a symbolic link after it was checked.`, { path });
  }
  return new HostServiceError(ErrorCode.internal, `Cannot ${verb} ${path}: ${(err as Error).message}`, { path });
}
