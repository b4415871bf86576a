/**
 * Words for usage and stop reasons. The wording comes from the shared presentation helpers, so
 * the panel and the status bar say the same thing; this adds what only the panel shows (icons,
 * the error text, a cancel that timed out).
 */
import type { Usage } from '../src/protocol/events.js';
import type { TurnEndEntry } from '../src/thread/types.js';
import { describeStopReason, formatUsage as formatUsageShared, type StopTone } from '../src/thread/present.js';
import { t } from './l10n.js';

export function formatUsage(u: Usage): string {
  return formatUsageShared(u).replace(' (', ' tokens (');
}

export interface StopDescription {
  tone: StopTone;
  icon: string;
  label: string;
  detail?: string;
  /** The agent's own stop reason, verbatim (tooltip). */
  raw?: string;
}

const ICONS: Record<string, string> = {
  max_tokens: 'warning', max_turn_requests: 'warning', refusal: 'circle-slash', cancelled: 'debug-stop', error: 'error',
  input_required: 'comment-discussion', auth_required: 'key',
};

/** Each stop reason reads differently, so the user knows whether to retry, rephrase or wait. */
export function describeStop(entry: Pick<TurnEndEntry, 'stopReason' | 'error' | 'timedOut'>): StopDescription {
  const base = describeStopReason(entry.stopReason, t);
  const err = entry.error ? (entry.error.code !== undefined ? t('{0} (code {1})', entry.error.message, entry.error.code) : entry.error.message) : undefined;
  if (entry.stopReason === 'end_turn') {
    return err ? { tone: 'error', icon: 'error', label: t('Turn ended with an error'), detail: err } : { tone: 'quiet', icon: '', label: base.label };
  }
  if (entry.stopReason === 'cancelled' && entry.timedOut) {
    return { tone: 'info', icon: 'debug-stop', label: base.label, detail: t('The agent did not confirm in time; control was taken back.') };
  }
  const icon = ICONS[entry.stopReason] ?? (entry.stopReason.startsWith('_') ? 'info' : 'question');
  return { tone: base.tone, icon, label: base.label, detail: err ?? base.detail, ...(base.raw ? { raw: base.raw } : {}) };
}

/**
 * Shortens `text` to `max` characters by cutting the middle, not the end: session titles
 * often share a beginning ("Fix the failing test in …") and differ at the end, where a plain
 * ellipsis would hide the part that tells them apart. The full text goes in a tooltip.
 */
export function middleTruncate(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max || max < 5) return text;
  const tail = Math.floor((max - 1) * 0.4);
  const head = max - 1 - tail;
  return `${chars.slice(0, head).join('').trimEnd()}…${chars.slice(chars.length - tail).join('').trimStart()}`;
}
