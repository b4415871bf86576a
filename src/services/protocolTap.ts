/**
 * What the protocol log does with each message on the wire, without VS Code: keep it in the ring
 * (protocolRing.ts) and write it out only while it is `live` (someone looks at the log, or its
 * level asks for every message). `writeKept()` writes what the log has not shown yet, oldest
 * first. The VS Code side (vscode/protocolLog.ts) decides when the log is live and owns the
 * output channel; this is the part every message pays, so the wire bench runs this very code.
 */
import { messageLine, ProtocolRing } from './protocolRing.js';
import { redactSecrets } from './redact.js';
import type { ProtocolRingOptions, WireDirection } from './protocolRing.js';

/** Where lines go: the output channel at Info. */
export interface ProtocolLines {
  info(line: string): void;
}

export class ProtocolTap {
  private readonly ring: ProtocolRing;
  /** How the notes name the ring's size (the setting that sets it). */
  private readonly keepSetting: string;
  private live = false;
  /** The last message (ring number) the lines have. */
  private written = 0;

  constructor(
    private readonly out: ProtocolLines,
    opts: ProtocolRingOptions & { keepSetting?: string } = {},
  ) {
    this.ring = new ProtocolRing(opts);
    this.keepSetting = opts.keepSetting ?? 'the kept number';
  }

  /**
   * A message on the wire; `in` is agent → client. Kept (redacted); written only while live.
   * `count` > 1: streamed chunks the transport joined into this one message (the line says so).
   */
  message(agentName: string, direction: WireDirection, message: unknown, count = 1): void {
    this.ring.add(agentName, direction, message, count);
    if (!this.live) return;
    let shown: unknown;
    try {
      shown = redactSecrets(message);
    } catch (error) {
      shown = `(message not shown: it could not be redacted: ${String(error)})`;
    }
    const line = messageLine(agentName, direction, shown);
    this.out.info(count > 1 ? `${line} (${count} streamed chunks joined)` : line);
    this.written = this.ring.lastSeq;
  }

  setKeep(keep: number): void {
    this.ring.setKeep(keep);
  }

  get isLive(): boolean {
    return this.live;
  }

  /** Messages are written as they come from now on (`true`), or only kept. */
  setLive(live: boolean): void {
    if (live === this.live) return;
    // Going live: what came meanwhile first, so the lines stay in order.
    if (live) this.writeKept();
    // Going quiet: a reply half written out must not have its later chunks joined onto it.
    else this.ring.seal();
    this.live = live;
  }

  /** Writes the messages kept since the lines last got one, oldest first, between two notes. */
  writeKept(): void {
    const after = this.written;
    const lines = this.ring.linesAfter(after);
    if (lines.length === 0) return;
    const messages = this.ring.messagesAfter(after);
    this.written = this.ring.lastSeq;
    this.out.info(
      `--- ${messages} protocol message(s) kept in memory while the log was not shown (at most ${this.keepSetting}; ` +
        'times are when each came; streamed text chunks of one message are joined into one line; secrets read «redacted») ---',
    );
    for (const line of lines) this.out.info(line);
    this.out.info('--- end of the kept messages ---');
    // Chunks that come next start a line of their own: the reply written out is not written again.
    this.ring.seal();
  }
}
