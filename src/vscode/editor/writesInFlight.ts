/**
 * The host's file writes for agents (`fs/write_text_file`, the editor tools' write_file) that
 * have started and not finished. A turn's changes are read from a snapshot of its end; an agent
 * that does not wait for the answer to its write (OpenCode sends the request and goes on) can
 * end its turn while the host is still writing, and a snapshot taken then records the file
 * missing or half-written — a new file as "+0 −0". So the turn's end waits for the writes it
 * asked for (bounded: a write that hangs must not hold the review back forever).
 * Free of `vscode`, so it is unit-tested with real writes.
 */
export class WritesInFlight {
  private readonly pending = new Set<Promise<unknown>>();

  /** Counts `write` as in flight until it settles; returns it unchanged. */
  track<T>(write: Promise<T>): Promise<T> {
    const settled = write.then(() => undefined, () => undefined);
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
    return write;
  }

  /** How many writes are in flight now. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * Resolves once every write in flight now has settled ('settled'), or after `ms` ('timeout').
   * Writes started after the call are not waited for.
   */
  async settled(ms: number): Promise<'settled' | 'timeout'> {
    if (!this.pending.size) return 'settled';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<'timeout'>((r) => { timer = setTimeout(() => r('timeout'), ms); });
    try {
      return await Promise.race([Promise.all([...this.pending]).then(() => 'settled' as const), bound]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The extension host's one account: the file system host adds to it, the turn's end waits on it. */
export const hostWrites = new WritesInFlight();
