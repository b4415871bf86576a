/**
 * `fs/read_text_file`'s `line` (1-based first line) and `limit` (line count), applied to text.
 * Shared by every FileSystemHost so the disk and the unsaved-buffer paths agree exactly.
 */
import { HostServiceError } from './hostServices.js';
import { ErrorCode } from './errorCodes.js';

export function sliceLines(text: string, line?: number | null, limit?: number | null): string {
  if (line == null && limit == null) return text;
  if (line != null && (!Number.isInteger(line) || line < 1)) {
    throw new HostServiceError(ErrorCode.invalidParams, `line must be a positive integer (1-based), got ${line}.`);
  }
  if (limit != null && (!Number.isInteger(limit) || limit < 0)) {
    throw new HostServiceError(ErrorCode.invalidParams, `limit must be a non-negative integer, got ${limit}.`);
  }
  // Split keeping the line endings so the slice round-trips byte for byte (CRLF files included).
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const start = (line ?? 1) - 1;
  const end = limit == null ? lines.length : start + limit;
  return lines.slice(start, end).join('');
}
