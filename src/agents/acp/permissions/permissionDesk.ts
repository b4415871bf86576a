/**
 * Serving `session/request_permission` for one session: parse and bind to a tool call card,
 * wait for the user, a cancel, or the agent withdrawing it, and tell the thread each step.
 * The session supplies only what depends on its turn (see PermissionHooks).
 */
import { ResponseError, type CancellationToken } from 'vscode-jsonrpc/node';
import type { PermissionOutcome, SessionEvent } from '../../../protocol/events.js';
import { permissionResult } from '../../../protocol/outgoing.js';
import { ErrorCode } from '../../../services/errorCodes.js';
import { readPermissionParams } from './permissionParams.js';
import { PendingPermissions } from './permissions.js';

export interface PermissionHooks {
  /** Id for a v2 request with no tool call to attach to. */
  fallbackToolCallId: string;
  /** After a cancel (or the end of the session) every request is answered cancelled, late ones too. */
  answerCancelled: () => boolean;
  opened: () => void;
  settled: () => void;
}

export class PermissionDesk {
  private readonly pending = new PendingPermissions();

  constructor(private readonly emit: (event: SessionEvent) => void) {}

  get size(): number {
    return this.pending.size;
  }

  answer(requestId: string, outcome: PermissionOutcome): void {
    if (this.pending.answer(requestId, outcome)) this.emit({ kind: 'permission_resolved', requestId, outcome });
  }

  cancelAll(): void {
    for (const requestId of this.pending.cancelAll()) {
      this.emit({ kind: 'permission_resolved', requestId, outcome: { outcome: 'cancelled' } });
    }
  }

  async serve(params: unknown, token: CancellationToken, hooks: PermissionHooks): Promise<unknown> {
    const parsed = readPermissionParams(params, hooks.fallbackToolCallId);
    if (!parsed.ok) {
      this.emit({ kind: 'notice_local', severity: 'warning', title: 'Malformed permission request', detail: parsed.message });
      throw new ResponseError(ErrorCode.invalidParams, parsed.message);
    }
    if (hooks.answerCancelled()) return { outcome: { outcome: 'cancelled' } };
    const { toolCallId, toolCall, options, title } = parsed.value;
    const { requestId, settled } = this.pending.open(toolCallId, options);
    this.emit({ kind: 'permission_requested', requestId, toolCallId, toolCall, options, ...(title ? { title } : {}) });
    hooks.opened();
    const withdraw = () => {
      if (this.pending.withdraw(requestId)) this.emit({ kind: 'permission_resolved', requestId, outcome: { outcome: 'cancelled' } });
    };
    const sub = token.onCancellationRequested(withdraw);
    if (token.isCancellationRequested) withdraw();
    try {
      const result = await settled;
      if (result.kind === 'withdrawn') throw new ResponseError(ErrorCode.requestCancelled, 'Permission request cancelled.');
      return permissionResult(result.outcome);
    } finally {
      sub.dispose();
      hooks.settled();
    }
  }
}
