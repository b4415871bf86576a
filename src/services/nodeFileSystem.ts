/**
 * FileSystemHost on plain disk (no editor buffers): the host for tests and headless use.
 * Confinement is not done here; the request handlers confine every path before calling a host.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { HostServiceError, type FileSystemHost } from './hostServices.js';
import { ErrorCode } from './errorCodes.js';
import { sliceLines } from './sliceLines.js';

export class NodeFileSystem implements FileSystemHost {
  async readTextFile(path: string, line?: number, limit?: number): Promise<string> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      throw fsError(err, path, 'read');
    }
    return sliceLines(text, line, limit);
  }

  async writeTextFile(path: string, content: string): Promise<void> {
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content, 'utf8');
    } catch (err) {
      throw fsError(err, path, 'write');
    }
  }
}

function fsError(err: unknown, path: string, verb: 'read' | 'write'): HostServiceError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new HostServiceError(ErrorCode.notFound, `File not found: ${path}`, { path });
  if (code === 'EISDIR') return new HostServiceError(ErrorCode.invalidParams, `Cannot ${verb} a directory: ${path}`, { path });
  return new HostServiceError(ErrorCode.internal, `Cannot ${verb} ${path}: ${(err as Error).message}`, { path });
}
