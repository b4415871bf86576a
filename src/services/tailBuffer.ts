/**
 * Keeps the last N bytes of a byte stream (terminal output, agent stderr) and renders them as
 * text that starts on a UTF-8 character boundary.
 *
 * Why bytes and not characters: ACP's `outputByteLimit` counts bytes, and a stream can split a
 * multi-byte character across chunks; dropping from the front must never leave half a
 * character, and a character still being written must not show as U+FFFD.
 */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropped = false;

  constructor(readonly limit: number) {
    if (!Number.isFinite(limit) || limit < 0) throw new RangeError(`byte limit must be >= 0, got ${limit}`);
  }

  push(chunk: Buffer | string): void {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (buf.length === 0) return;
    this.chunks.push(buf);
    this.size += buf.length;
    // Compact lazily so a chatty process costs O(bytes), not O(chunks * limit).
    // Keep a few spare bytes beyond the limit so the boundary scan can still see a char's lead byte.
    if (this.size > this.limit * 2 + 8 || this.chunks.length > 1024) this.compact();
  }

  /** True once any byte has been dropped from the front. */
  get truncated(): boolean {
    return this.dropped || this.size > this.limit;
  }

  /**
   * The kept text. With `complete: false` (the default while the stream is live), an
   * unfinished trailing character is held back rather than rendered as a replacement char.
   */
  text(complete = false): string {
    let buf = Buffer.concat(this.chunks, this.size);
    if (buf.length > this.limit) buf = buf.subarray(buf.length - this.limit);
    let start = 0;
    if (this.truncated) while (start < buf.length && isContinuation(buf[start]!)) start++;
    let end = buf.length;
    if (!complete) end -= incompleteTail(buf.subarray(start));
    return buf.subarray(start, end).toString('utf8');
  }

  private compact(): void {
    const all = Buffer.concat(this.chunks, this.size);
    const keep = all.subarray(Math.max(0, all.length - this.limit - 4));
    if (keep.length < all.length) this.dropped = true;
    this.chunks = [Buffer.from(keep)];
    this.size = keep.length;
  }
}

function isContinuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

/** Bytes at the end that begin a multi-byte character whose continuation bytes have not arrived yet. */
function incompleteTail(buf: Buffer): number {
  for (let back = 1; back <= Math.min(3, buf.length); back++) {
    const byte = buf[buf.length - back]!;
    if (isContinuation(byte)) continue;
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}
