/**
 * Updates for a session id nobody has told us of yet, kept a while instead of dropped: a session
 * whose `session/new` answer is still on its way (an agent may announce commands first), or a
 * subagent whose announcing `subagent_update` has not arrived (an agent's child may speak before
 * its parent names it). Whoever turns out to own the id takes them, in order.
 *
 * Bounded: this many ids, this many updates each, this long. An id that waits too long, or is the
 * oldest when room is needed, is given up (the caller logs and counts it as an unknown session).
 */

/** Ids waited for at once; the oldest is given up for a new one. */
export const MAX_EARLY_IDS = 64;
/** Updates kept per id; later ones are dropped (and counted when the id is taken or given up). */
export const MAX_EARLY_UPDATES = 1_000;
/** How long an id may wait for its session or announcement. */
export const EARLY_WAIT_MS = 60_000;

interface Waiting {
  since: number;
  updates: unknown[];
  /** Updates past MAX_EARLY_UPDATES, not kept. */
  lost: number;
}

/** An id given up: its updates are dropped. */
export interface GivenUp {
  id: string;
  updates: number;
}

export class EarlyUpdates {
  private readonly byId = new Map<string, Waiting>();

  constructor(private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Keeps `update` for `id`. Returns the ids given up to make room or for waiting too long. */
  hold(id: string, update: unknown): GivenUp[] {
    const waiting = this.byId.get(id);
    if (waiting) {
      if (waiting.updates.length < MAX_EARLY_UPDATES) waiting.updates.push(update);
      else waiting.lost++;
      return [];
    }
    const given = this.expire();
    if (this.byId.size >= MAX_EARLY_IDS) {
      const [oldest] = this.byId.keys();
      given.push(this.giveUp(oldest!));
    }
    this.byId.set(id, { since: this.now(), updates: [update], lost: 0 });
    return given;
  }

  /** Everything kept for `id`, in arrival order, and how many were not kept; it waits no more. */
  take(id: string): { updates: unknown[]; lost: number } | undefined {
    const waiting = this.byId.get(id);
    if (!waiting) return undefined;
    this.byId.delete(id);
    return { updates: waiting.updates, lost: waiting.lost };
  }

  /** Gives up every id (the connection is closing). */
  clear(): GivenUp[] {
    return [...this.byId.keys()].map((id) => this.giveUp(id));
  }

  private expire(): GivenUp[] {
    const given: GivenUp[] = [];
    const limit = this.now() - EARLY_WAIT_MS;
    // Insertion order is arrival order: the first id still in time ends the sweep.
    for (const [id, waiting] of this.byId) {
      if (waiting.since > limit) break;
      given.push(this.giveUp(id));
    }
    return given;
  }

  private giveUp(id: string): GivenUp {
    const waiting = this.byId.get(id)!;
    this.byId.delete(id);
    return { id, updates: waiting.updates.length + waiting.lost };
  }
}
