/**
 * Stopping one tool call or agent-owned terminal while the turn goes on (v2 `tool_call/cancel`,
 * `terminal/cancel`).
 *
 * The agent says per item, in its updates, whether it may be cancelled now; the request is sent
 * only then (the schema forbids it otherwise). Its answer means "accepted", not "stopped": the
 * thread shows the item as stopping until the agent reports the final status or exit, and an
 * error answer as a refusal on the item. v1 has no such capability, so in a v1 session it is
 * dropped from the events and nothing can be stopped.
 */
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { SessionEvent, StopTarget } from '../../../protocol/events.js';
import { cancelTerminalParams, cancelToolCallParams } from '../../../protocol/acp/outgoing.js';

export interface WorkStopsHost {
  readonly connection: MessageConnection;
  readonly sessionId: string;
  readonly protocolVersion: 1 | 2;
  emit(event: SessionEvent): void;
  log(line: string): void;
  isClosed(): boolean;
}

const FINAL_STATUSES = new Set(['completed', 'failed', 'cancelled']);

export class WorkStops {
  /** Ids the agent currently lets the client cancel. */
  private readonly toolCalls = new Set<string>();
  private readonly terminals = new Set<string>();

  constructor(private readonly host: WorkStopsHost) {}

  /** Every event passes here before anyone sees it; returns it as the session shows it. */
  follow(event: SessionEvent): SessionEvent {
    switch (event.kind) {
      case 'tool_call':
      case 'permission_requested':
      case 'permission_auto_approved': {
        const patch = event.kind === 'tool_call' ? event.patch : event.toolCall;
        if (patch.cancellable !== undefined && this.host.protocolVersion !== 2) {
          const { cancellable: _dropped, ...rest } = patch;
          return event.kind === 'tool_call' ? { ...event, patch: rest } : { ...event, toolCall: rest };
        }
        if (patch.cancellable === true) this.toolCalls.add(event.toolCallId);
        if (patch.cancellable === false || (patch.status != null && FINAL_STATUSES.has(patch.status))) this.toolCalls.delete(event.toolCallId);
        return event;
      }
      case 'agent_terminal': {
        if (event.cancellable !== undefined && this.host.protocolVersion !== 2) {
          const { cancellable: _dropped, ...rest } = event;
          return rest;
        }
        if (event.cancellable === true) this.terminals.add(event.terminalId);
        if (event.cancellable === false || event.exitStatus) this.terminals.delete(event.terminalId);
        return event;
      }
      default:
        return event;
    }
  }

  /** Resolves once the agent answered (or the request failed); never rejects. */
  async stop(target: StopTarget): Promise<void> {
    const { method, params, offered } = target.type === 'tool_call'
      ? { method: 'tool_call/cancel', params: cancelToolCallParams(this.host.sessionId, target.toolCallId), offered: this.toolCalls.has(target.toolCallId) }
      : { method: 'terminal/cancel', params: cancelTerminalParams(this.host.sessionId, target.terminalId), offered: this.terminals.has(target.terminalId) };
    if (this.host.isClosed()) {
      this.host.emit({ kind: 'stop_refused', target, message: 'This session has ended.' });
      return;
    }
    if (!offered) {
      this.host.emit({ kind: 'stop_refused', target, message: 'The agent does not offer to stop this now.' });
      return;
    }
    this.host.emit({ kind: 'stop_requested', target });
    try {
      await this.host.connection.sendRequest(method, params);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.host.log(`${method} refused: ${message}`);
      this.host.emit({ kind: 'stop_refused', target, message });
    }
  }
}
