/**
 * How a session's turns start and end, once each.
 *
 * v1: the `session/prompt` request is the turn; its answer (or error) ends it.
 * v2: the answer means "accepted" (`prompt_accepted`); `state` updates drive running /
 *     requires_action / idle, and idle ends the turn.
 * An error answer after a cancel counts as cancelled (seed 001: agents should answer
 * `cancelled`, but an abort often surfaces as an error).
 */
import { ErrorCodes, ResponseError } from 'vscode-jsonrpc/node';
import type { SessionEvent, StopReason } from '../../../protocol/events.js';
import { parsePromptResult } from '../../../protocol/acp/parseAgentResults.js';
import { createTurn, isUnknownStopReason, type Turn } from './turn.js';

export type SessionTurnState = 'idle' | 'running' | 'requires_action' | 'cancelling';

export type TurnEnd = Omit<Extract<SessionEvent, { kind: 'turn_ended' }>, 'kind' | 'turnId'>;

/** A transport failure (not an agent answer) waits this long for the exit report to explain it. */
const EXIT_REPORT_GRACE_MS = 2_000;
/** vscode-jsonrpc's own codes for "the connection went away" (not an answer from the agent). */
const TRANSPORT_FAILURES = new Set([-32097, -32096]);

export interface TurnHost {
  readonly protocolVersion: 1 | 2;
  emit(event: SessionEvent): void;
  log(line: string): void;
}

export class TurnLifecycle {
  /** The running turn, if any. */
  current: Turn | undefined;
  state: SessionTurnState = 'idle';
  /** Turns started so far (numbers the turn ids). */
  started = 0;

  constructor(private readonly host: TurnHost) {}

  start(): Turn {
    const turn = createTurn(`turn-${++this.started}`);
    this.current = turn;
    this.state = 'running';
    return turn;
  }

  end(turn: Turn, end: TurnEnd): void {
    if (turn.ended) return;
    turn.ended = true;
    clearTimeout(turn.timer);
    if (this.current === turn) {
      this.current = undefined;
      this.state = 'idle';
    }
    const stop = end.stopReason;
    if (isUnknownStopReason(stop)) this.host.log(`unknown stop reason "${stop}" (shown as stopped)`);
    this.host.emit({ kind: 'turn_ended', turnId: turn.id, ...end });
    turn.finish();
  }

  onPromptResult(turn: Turn, result: unknown): void {
    const version = this.host.protocolVersion;
    const parsed = parsePromptResult(result, version);
    if (version === 2) {
      turn.accepted = true;
      if (parsed.ok && parsed.value.protocolVersion === 2 && parsed.value.messageId) {
        this.host.emit({ kind: 'prompt_accepted', turnId: turn.id, messageId: parsed.value.messageId });
      }
      return;
    }
    if (turn.ended) {
      this.host.log(`late session/prompt answer for ${turn.id} ignored (the turn already ended)`);
      return;
    }
    if (parsed.ok && parsed.value.protocolVersion === 1) this.end(turn, { stopReason: parsed.value.stopReason });
    else this.end(turn, { stopReason: 'error', error: { message: `The agent's session/prompt answer is malformed: ${parsed.ok ? 'no stopReason' : parsed.error}`, data: result } });
  }

  onPromptError(turn: Turn, err: unknown): void {
    if (turn.ended) {
      this.host.log(`late session/prompt error for ${turn.id} ignored: ${(err as Error)?.message}`);
      return;
    }
    const unsent = err instanceof ResponseError && err.code === ErrorCodes.MessageWriteError;
    if (err instanceof ResponseError && !TRANSPORT_FAILURES.has(err.code) && !unsent) {
      if (turn.cancelRequested) this.end(turn, { stopReason: 'cancelled' });
      else this.end(turn, { stopReason: 'error', error: { code: err.code, message: err.message, data: err.data } });
      return;
    }
    // The connection failed rather than the agent answering: the exit report (agentGone) says
    // why much better, so give it a moment to arrive first.
    const reason = (err as Error)?.message ?? String(err);
    // EPIPE and the like: the agent lives on but no longer reads what we send.
    const message = unsent ? `The prompt could not be sent: the agent stopped reading its input (${reason}). Restart the agent.` : reason;
    setTimeout(() => this.end(turn, turn.cancelRequested ? { stopReason: 'cancelled' } : { stopReason: 'error', error: { message } }), EXIT_REPORT_GRACE_MS).unref();
  }

  /** v2 `state` updates: running / requires_action follow the agent; idle ends the turn. */
  applyState(event: Extract<SessionEvent, { kind: 'state' }>): void {
    const turn = this.current;
    if (event.state === 'running' || event.state === 'requires_action') {
      if (turn) turn.sawRunning = true;
      if (!turn?.cancelRequested) this.state = event.state;
      return;
    }
    if (!turn) {
      this.state = 'idle';
      return;
    }
    // An idle from before this turn started (a stale snapshot) must not end it.
    if (!turn.accepted && !turn.sawRunning) return;
    let stopReason: StopReason = event.stopReason ?? 'end_turn';
    if (stopReason === 'error' && turn.cancelRequested) stopReason = 'cancelled';
    const error = stopReason === 'error' && event.error ? { code: event.error.code, message: event.error.message } : undefined;
    this.end(turn, { stopReason, ...(error ? { error } : {}) });
  }
}
