/**
 * Restart storms: an agent that dies at once on every start (a bad flag, a missing key, a
 * crash at load) must not be restarted in a hot loop by whatever asks for it next. Each start
 * after a quick death waits longer (base, ×2, … up to a cap); after `giveUpAfter` quick deaths
 * in a row the agent is not started again until it has been left alone for `coolOffMs`.
 *
 * A quick death is a failed start, or an exit within `stableMs` of being ready. A start that
 * stayed up that long clears the count. One instance per agent (name and command line), kept
 * across starts by whoever launches agents.
 */

export interface StartBackoffOptions {
  baseMs?: number;
  maxMs?: number;
  giveUpAfter?: number;
  stableMs?: number;
  coolOffMs?: number;
  now?: () => number;
}

export type StartVerdict = { go: true; waitMs: number } | { go: false; attempts: number; retryAfterMs: number };

export class StartBackoff {
  private readonly baseMs: number;
  private readonly maxMs: number;
  private readonly giveUpAfter: number;
  private readonly stableMs: number;
  private readonly coolOffMs: number;
  private readonly now: () => number;
  private quickDeaths = 0;
  private lastDeathAt = 0;
  private readyAt: number | undefined;

  constructor(opts: StartBackoffOptions = {}) {
    this.baseMs = opts.baseMs ?? 500;
    this.maxMs = opts.maxMs ?? 8_000;
    this.giveUpAfter = opts.giveUpAfter ?? 5;
    this.stableMs = opts.stableMs ?? 10_000;
    this.coolOffMs = opts.coolOffMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** Called before each start: go (after `waitMs`), or not at all for now. */
  beforeStart(): StartVerdict {
    const now = this.now();
    if (this.readyAt !== undefined && now - this.readyAt >= this.stableMs) this.quickDeaths = 0;
    this.readyAt = undefined;
    if (this.quickDeaths > 0 && now - this.lastDeathAt >= this.coolOffMs) this.quickDeaths = 0;
    if (this.quickDeaths >= this.giveUpAfter) {
      return { go: false, attempts: this.quickDeaths, retryAfterMs: Math.max(0, this.coolOffMs - (now - this.lastDeathAt)) };
    }
    const waitMs = this.quickDeaths === 0 ? 0 : Math.min(this.maxMs, this.baseMs * 2 ** (this.quickDeaths - 1));
    return { go: true, waitMs };
  }

  /** The start ended: ready, or failed (a quick death). */
  started(ready: boolean): void {
    if (ready) this.readyAt = this.now();
    else this.died();
  }

  /** The agent exited on its own after it was ready. */
  exited(): void {
    if (this.readyAt === undefined) return;
    const quick = this.now() - this.readyAt < this.stableMs;
    this.readyAt = undefined;
    if (quick) this.died();
    else this.quickDeaths = 0;
  }

  private died(): void {
    this.quickDeaths++;
    this.lastDeathAt = this.now();
  }
}
