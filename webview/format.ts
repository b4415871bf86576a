/**
 * Words for numbers and stop reasons. Kept here (pure, tiny) so the webview does not depend on
 * host-side presentation code.
 */
import type { StopReason, Usage } from '../src/protocol/events.js';
import type { TurnEndEntry } from '../src/thread/types.js';

export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

export function formatUsage(u: Usage): string {
  const pct = u.size > 0 ? ` (${Math.round((u.used / u.size) * 100)}%)` : '';
  const cost = u.cost ? ` · ${formatCost(u.cost.amount, u.cost.currency)}` : '';
  return `${formatTokens(u.used)} / ${formatTokens(u.size)} tokens${pct}${cost}`;
}

function formatCost(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export type StopTone = 'quiet' | 'info' | 'warning' | 'error';

export interface StopDescription {
  tone: StopTone;
  icon: string;
  label: string;
  detail?: string;
}

/** Each stop reason reads differently, so the user knows whether to retry, rephrase or wait. */
export function describeStop(entry: Pick<TurnEndEntry, 'stopReason' | 'error' | 'timedOut'>): StopDescription {
  const reason: StopReason = entry.stopReason;
  const err = entry.error ? `${entry.error.message}${entry.error.code !== undefined ? ` (code ${entry.error.code})` : ''}` : undefined;
  switch (reason) {
    case 'end_turn':
      return err ? { tone: 'error', icon: 'error', label: 'Turn ended with an error', detail: err } : { tone: 'quiet', icon: '', label: 'Turn complete' };
    case 'max_tokens':
      return { tone: 'warning', icon: 'warning', label: 'Stopped: the agent reached its output token limit', detail: err ?? 'Ask it to continue, or split the task.' };
    case 'max_turn_requests':
      return { tone: 'warning', icon: 'warning', label: 'Stopped: too many model requests in one turn', detail: err ?? 'Send a message to let it continue.' };
    case 'refusal':
      return { tone: 'warning', icon: 'circle-slash', label: 'The agent refused this request', detail: err ?? 'That prompt is not kept in the conversation.' };
    case 'cancelled':
      return entry.timedOut
        ? { tone: 'info', icon: 'debug-stop', label: 'Cancelled', detail: 'The agent did not confirm in time; control was taken back.' }
        : { tone: 'info', icon: 'debug-stop', label: 'Cancelled', detail: err };
    case 'error':
      return { tone: 'error', icon: 'error', label: 'The turn failed', detail: err };
    default:
      if (reason.startsWith('_')) return { tone: 'info', icon: 'info', label: `Stopped (${reason.slice(1) || 'custom'})`, detail: err };
      return { tone: 'info', icon: 'question', label: `Stopped: ${reason}`, detail: err };
  }
}
