/**
 * Prompts waiting for the running turn to end, drawn as pending user messages above the input.
 * The host keeps the queue (per tab); this list only shows it and offers Edit, Remove and — for
 * a prompt held after a turn that did not end normally — Send now.
 */
import '../styles/queue.css';
import type { PanelSnapshot, QueuedPrompt } from '../../src/shared/webviewProtocol.js';
import { h, icon } from '../dom.js';
import { t } from '../l10n.js';

export interface QueueActions {
  edit(item: QueuedPrompt): void;
  remove(item: QueuedPrompt): void;
  sendNow(item: QueuedPrompt): void;
}

/**
 * Whether the shown tab may have prompts waiting in the host, so a fresh snapshot should ask
 * for them: a turn runs (prompts wait for it), the last turn did not end cleanly (prompts are
 * held), the tab's session is gone, or this page already saw a queue there. Otherwise the host
 * has none to tell, and tells of any new one by itself.
 */
export function mayHaveQueue(s: PanelSnapshot, seenQueueIn: ReadonlySet<string>): boolean {
  if (s.session.turnState !== 'idle') return true;
  const tabId = s.tabs?.activeId;
  if (tabId !== undefined && (seenQueueIn.has(tabId) || s.tabs?.tabs.find((t) => t.id === tabId)?.state === 'closed')) return true;
  for (let i = s.entries.length - 1; i >= 0; i--) {
    const e = s.entries[i]!;
    if (e.type === 'turn_end') return e.stopReason !== 'end_turn' || !!e.error;
  }
  return false;
}

/** The first line, short enough for one row; the full text is in the tooltip. */
function preview(item: QueuedPrompt): string {
  const line = item.text.trim().split('\n')[0] ?? '';
  if (line) return line;
  const n = item.attachments.length + item.images.length;
  return n === 1 ? '1 attachment' : `${n} attachments`;
}

export class QueueList {
  readonly el = h('section', { class: 'queue', attrs: { 'aria-label': t('Queued messages') } });
  private readonly list = h('ul', { class: 'queue-list' });
  private items: QueuedPrompt[] = [];

  constructor(private readonly actions: QueueActions) {
    this.el.append(this.list);
    this.el.hidden = true;
    this.list.addEventListener('click', (e) => {
      const button = (e.target as Element).closest<HTMLButtonElement>('button[data-queue-action]');
      const item = this.items.find((i) => i.id === button?.closest<HTMLElement>('[data-queue-id]')?.dataset.queueId);
      if (!button || !item) return;
      switch (button.dataset.queueAction) {
        case 'edit':
          return this.actions.edit(item);
        case 'remove':
          return this.actions.remove(item);
        case 'send':
          return this.actions.sendNow(item);
      }
    });
  }

  get length(): number {
    return this.items.length;
  }

  get all(): readonly QueuedPrompt[] {
    return this.items;
  }

  set(items: readonly QueuedPrompt[]): void {
    // Keep keyboard focus on the same control of the same item across redraws.
    const active = document.activeElement as HTMLElement | null;
    const focusedId = this.list.contains(active) ? active?.closest<HTMLElement>('[data-queue-id]')?.dataset.queueId : undefined;
    const focusedAction = focusedId ? active?.dataset.queueAction : undefined;
    this.items = items.slice();
    this.list.replaceChildren(...this.items.map((item, i) => this.row(item, i)));
    this.el.hidden = this.items.length === 0;
    if (focusedId) {
      const row = this.list.querySelector<HTMLElement>(`[data-queue-id="${CSS.escape(focusedId)}"]`);
      const target = row?.querySelector<HTMLElement>(`[data-queue-action="${focusedAction}"]`) ?? row?.querySelector<HTMLElement>('button');
      target?.focus();
    }
  }

  private row(item: QueuedPrompt, index: number): HTMLElement {
    const held = item.state === 'held';
    const status = held ? t('Not sent: {0}', item.heldReason ?? t('waiting for you')) : t('Queued: sent when the agent finishes');
    const n = item.attachments.length + item.images.length;
    const name = t('Queued message {0}', index + 1);
    const button = (action: string, label: string, glyph: string, extra = '') =>
      h('button', {
        class: `btn icon-btn ${extra}`.trim(),
        title: label,
        attrs: { type: 'button', 'aria-label': `${label}: ${preview(item)}` },
        data: { queueAction: action },
      }, [icon(glyph)]);
    return h('li', {
      class: `queued-item state-${item.state}`,
      attrs: { 'aria-label': `${name}, ${held ? t('held') : t('queued')}: ${preview(item)}` },
      data: { queueId: item.id, state: item.state },
    }, [
      h('div', { class: 'queued-head' }, [
        icon(held ? 'debug-pause' : 'clock'),
        h('span', { class: 'queued-badge', text: held ? t('Held') : t('Queued') }),
        h('span', { class: 'queued-status', text: held ? (item.heldReason ?? '') : t('sent when the agent finishes') }),
        h('span', { class: 'spacer' }),
        held ? button('send', t('Send now'), 'send') : null,
        button('edit', t('Edit'), 'edit'),
        button('remove', t('Remove'), 'close'),
      ]),
      h('div', { class: 'queued-text', title: item.text, text: preview(item) }),
      n > 0 ? h('div', { class: 'queued-meta', text: n === 1 ? t('1 attachment') : t('{0} attachments', n) }) : null,
      h('span', { class: 'sr-only', text: status }),
    ]);
  }
}
