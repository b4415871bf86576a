/**
 * Pending `session/request_permission` requests of one session. Each is answered exactly once:
 * by the user, by a cancel of the turn, by the agent withdrawing it (`$/cancel_request`), or by
 * the session ending. Later answers for the same id are ignored.
 */
import type { PermissionOption, PermissionOutcome } from '../../../protocol/events.js';

export type PermissionSettle = { kind: 'answered'; outcome: PermissionOutcome } | { kind: 'withdrawn' };

interface Pending {
  toolCallId: string;
  options: PermissionOption[];
  settle: (result: PermissionSettle) => void;
}

export class PendingPermissions {
  private readonly pending = new Map<string, Pending>();
  private next = 1;

  /** `idPrefix` keeps a child session's request ids apart from its parent's (`<child>:perm-1`). */
  constructor(private readonly idPrefix = '') {}

  get size(): number {
    return this.pending.size;
  }

  /** Registers a request; the promise settles once, however it ends. */
  open(toolCallId: string, options: PermissionOption[]): { requestId: string; settled: Promise<PermissionSettle> } {
    const requestId = `${this.idPrefix}perm-${this.next++}`;
    const settled = new Promise<PermissionSettle>((resolve) => {
      this.pending.set(requestId, { toolCallId, options, settle: resolve });
    });
    return { requestId, settled };
  }

  /** False when the id is unknown or already settled. Throws for an option the agent did not offer. */
  answer(requestId: string, outcome: PermissionOutcome): boolean {
    const p = this.pending.get(requestId);
    if (!p) return false;
    if (outcome.outcome === 'selected' && !p.options.some((o) => o.optionId === outcome.optionId)) {
      throw new Error(`Permission ${requestId} has no option "${outcome.optionId}".`);
    }
    this.pending.delete(requestId);
    p.settle({ kind: 'answered', outcome });
    return true;
  }

  withdraw(requestId: string): boolean {
    const p = this.pending.get(requestId);
    if (!p) return false;
    this.pending.delete(requestId);
    p.settle({ kind: 'withdrawn' });
    return true;
  }

  /** Answers every pending request `cancelled`; returns their ids. */
  cancelAll(): string[] {
    const ids = [...this.pending.keys()];
    for (const id of ids) this.answer(id, { outcome: 'cancelled' });
    return ids;
  }
}
