/**
 * One prompt turn's bookkeeping: what the session needs to know to end it exactly once.
 */
import type { StopReason } from '../../../protocol/events.js';

export interface Turn {
  id: string;
  cancelRequested: boolean;
  /** v2: the prompt answer arrived (the agent inserted the user message). */
  accepted: boolean;
  /** v2: a running/requires_action state was seen since the prompt was sent. */
  sawRunning: boolean;
  ended: boolean;
  /** Resolves when the turn has ended (what `prompt()` and `cancel()` wait for). */
  done: Promise<void>;
  finish: () => void;
  /** The agent refused the prompt for want of a login and a login is running for it. */
  loggingIn?: boolean;
  /** The bounded wait after a cancel. */
  timer?: NodeJS.Timeout;
}

export function createTurn(id: string): Turn {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { id, cancelRequested: false, accepted: false, sawRunning: false, ended: false, done, finish };
}

const KNOWN_STOP_REASONS = new Set(['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled', 'error', 'auth_required']);

/** Neither a known reason nor an extension (`_…`): reserved for a future ACP, shown as "stopped". */
export function isUnknownStopReason(reason: StopReason): boolean {
  return !KNOWN_STOP_REASONS.has(reason) && !reason.startsWith('_');
}
