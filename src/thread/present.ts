/**
 * Pure presentation helpers shared by the status bar (host) and the webview, so both say the
 * same thing the same way.
 */
import type { StopReason, Usage } from '../protocol/events.js';
import { english, type Translate } from './translate.js';

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** Compact token counts: 950 → "950", 1500 → "1.5k", 53000 → "53k", 1_200_000 → "1.2M". */
export function formatTokens(n: number): string {
  if (!Number.isFinite(n)) return '?';
  if (n < 0) return `-${formatTokens(-n)}`;
  for (let i = 0; i < UNITS.length; i++) {
    const [size, suffix] = UNITS[i]!;
    if (n < size) continue;
    const text = scaled(n / size);
    // 999_999 would round to "1000k"; that is "1M".
    if (text === '1000' && i > 0) return `1${UNITS[i - 1]![1]}`;
    return `${text}${suffix}`;
  }
  const rounded = Math.round(n);
  return rounded === 1000 ? '1k' : String(rounded);
}

/** One decimal below 10 (1.2M), whole numbers above (53k): three significant digits at most. */
function scaled(value: number): string {
  if (value < 9.95) return String(Math.round(value * 10) / 10);
  return String(Math.round(value));
}

/** "53k / 200k (27%)", plus " · $0.05" when the agent reports a cost. */
export function formatUsage(usage: Usage): string {
  let text = `${formatTokens(usage.used)} / ${formatTokens(usage.size)}`;
  if (usage.size > 0) text += ` (${Math.round((usage.used * 100) / usage.size)}%)`;
  if (usage.cost) text += ` · ${formatCost(usage.cost.amount, usage.cost.currency)}`;
  return text;
}

const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const UNIT_AMOUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** USD as "$0.05"; other ISO 4217 codes as "0.05 EUR"; other units as "12 credits". */
export function formatCost(amount: number, currency: string): string {
  const iso = /^[A-Z]{3}$/.test(currency);
  if (!iso) return `${UNIT_AMOUNT.format(amount)} ${currency}`;
  // A tiny positive cost is not free: say "under a cent" rather than "0.00".
  const tiny = amount > 0 && amount < 0.005;
  const value = tiny ? '0.01' : MONEY.format(amount);
  const prefix = tiny ? '<' : '';
  return currency === 'USD' ? `${prefix}$${value}` : `${prefix}${value} ${currency}`;
}

export type StopTone = 'quiet' | 'info' | 'warning' | 'error';

export interface StopDescription {
  /** Short text for the turn boundary. */
  label: string;
  /** quiet: nothing to point out; error: the user should look. */
  tone: StopTone;
  /** One sentence for a tooltip or the expanded boundary. */
  detail: string;
  /** The reason as the agent sent it, when the label reworded it (for a tooltip). */
  raw?: string;
}

/** `_paused_for_review` / `_vendor.pausedForReview` → "paused for review". */
export function humaneReason(reason: string): string {
  const words = reason
    .replace(/^_+/, '')
    .replace(/^[\w-]+[./]/, '') // a vendor prefix
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-\s.]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  return words.length ? words.join(' ') : reason;
}

/** `t` says it in the user's language (the webview passes its bundle's lookup); English by default. */
export function describeStopReason(reason: StopReason, t: Translate = english): StopDescription {
  switch (reason) {
    case 'end_turn':
      return { label: t('Done'), tone: 'quiet', detail: t('The agent finished its turn.') };
    case 'max_tokens':
      return {
        label: t('Stopped: token limit'),
        tone: 'warning',
        detail: t('The model reached its token limit; the answer may be cut short.'),
      };
    case 'max_turn_requests':
      return {
        label: t('Stopped: request limit'),
        tone: 'warning',
        detail: t('The agent reached its limit of model requests for one turn.'),
      };
    case 'refusal':
      return {
        label: t('Refused'),
        tone: 'warning',
        detail: t('The agent refused to continue. The prompt is not part of the conversation any more.'),
      };
    case 'cancelled':
      return { label: t('Cancelled'), tone: 'info', detail: t('The turn was cancelled.') };
    case 'input_required':
      return { label: t('Waiting for your answer'), tone: 'warning', detail: t('The agent asked a question above; your next message answers it and the task goes on.') };
    case 'auth_required':
      return { label: t('Needs a login'), tone: 'warning', detail: t('The agent needs you to log in before it can go on.') };
    case 'error':
      return { label: t('Stopped by an error'), tone: 'error', detail: t('The agent ended the turn with an error.') };
    default:
      if (reason.startsWith('_')) {
        // An agent's own reason (`_paused_for_review`): readable words; the raw value is `raw`.
        return { label: t('Stopped: {0}', humaneReason(reason)), tone: 'info', detail: t('The agent stopped for a reason of its own.'), raw: reason };
      }
      // Reserved for future protocol versions: show a plain stop rather than guess.
      return { label: t('Stopped'), tone: 'info', detail: t('The agent stopped (reason: {0}).', reason) };
  }
}
