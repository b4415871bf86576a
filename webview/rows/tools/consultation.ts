/**
 * A consultation card (the calling agent asked another agent through `ask_agent`): each content
 * item says who wrote it — the calling agent, the consulted agent, or a note of the editor's —
 * and the head says where the consultation stands. Names and states are text, never markup.
 */
import type { ToolCallEntry } from '../../../src/thread/types.js';
import { h, icon } from '../../dom.js';
import { t } from '../../l10n.js';

type From = NonNullable<ToolCallEntry['consultation']>['from'][number];

/** The item wrapped with who wrote it; the item itself as drawn for any tool call. */
export function consultItem(entry: ToolCallEntry, index: number, item: HTMLElement): HTMLElement {
  const from: From = entry.consultation?.from[index] ?? 'note';
  const who = from === 'caller' ? t('Your agent') : from === 'agent' ? entry.consultation!.agent : t('Note');
  const mark = from === 'caller' ? 'arrow-right' : from === 'agent' ? 'arrow-left' : 'info';
  return h('div', { class: `consult-msg from-${from}` }, [h('div', { class: 'consult-who' }, [icon(mark), h('span', { text: who })]), item]);
}

/** Where the consultation stands, in words ("waiting for your agent's answer"). */
export function consultState(entry: ToolCallEntry): string {
  switch (entry.consultation?.state) {
    case undefined:
      return '';
    case 'input-required':
      return t("asks a question; waiting for your agent's answer");
    case 'working':
      return t('working');
    case 'completed':
      return t('completed');
    case 'denied':
      return t('not allowed');
    case 'cancelled':
      return t('cancelled');
    case 'timed out':
      return t('timed out');
    case 'failed':
      return t('failed');
    case 'rejected':
      return t('declined');
    case 'auth-required':
      return t('needs credentials');
    default:
      return entry.consultation?.state ?? '';
  }
}
