/**
 * A short summary of a tool call's arguments on the card itself. Early-draft agents send
 * `{id, name, arguments}` and nothing else, so without this the only way to see what a call
 * does is to unfold its raw input. Shown only while the call has no content of its own; the
 * raw input stays below for the whole story.
 */
import { h } from '../../dom.js';
import { t } from '../../l10n.js';

const MAX_ARGS = 4;
const MAX_VALUE_CHARS = 120;

export function toolArgsSummary(rawInput: unknown, hasContent: boolean): HTMLElement | '' {
  if (hasContent || rawInput === null || typeof rawInput !== 'object' || Array.isArray(rawInput)) return '';
  const entries = Object.entries(rawInput as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null && v !== '');
  if (entries.length === 0) return '';
  const shown = entries.slice(0, MAX_ARGS);
  const rows = shown.map(([key, value]) => {
    const full = valueText(value);
    const text = full.length > MAX_VALUE_CHARS ? `${full.slice(0, MAX_VALUE_CHARS - 1)}…` : full;
    return h('div', { class: 'tool-arg' }, [h('span', { class: 'tool-arg-key', text: key }), h('code', { class: 'tool-arg-value', text, title: full })]);
  });
  if (entries.length > MAX_ARGS) rows.push(h('div', { class: 'tool-arg more', text: t('+{0} more in the raw input', entries.length - MAX_ARGS) }));
  return h('div', { class: 'tool-args', attrs: { 'aria-label': t('Arguments') } }, rows);
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
