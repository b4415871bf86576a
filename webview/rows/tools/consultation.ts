/**
 * A consultation (the calling agent asked another agent through `ask_agent`) as a nested card,
 * the look of a subagent's: the head says who is consulted, where it stands, the latest words
 * and how many messages went each way, with a Stop button while it runs; the user's question
 * (may the agent consult?) sits under the head; opened, the exchange is drawn as a thread of its
 * own — the calling agent's messages, the consulted agent's replies and artifacts as they stream
 * (the thread's own sanitizing message views), and the editor's notes. Open unless the user
 * folded it. Names and states are text, never markup.
 */
import type { ThreadEntry, ToolCallEntry } from '../../../src/thread/types.js';
import { actionButton, h, icon } from '../../dom.js';
import { t } from '../../l10n.js';
import { pathsSaid } from '../../paths.js';
import type { RowSource } from '../../thread/childThreads.js';
import type { RowDelta, StoreListener } from '../../thread/store.js';
import { renderAutoApproved } from '../autoApproved.js';
import { NestedCard, type NestedCardHead, type NestedTone } from '../nested/nestedCard.js';
import { firstAllowButton, renderPermission } from '../permission.js';
import type { RowContext, RowView } from '../rowView.js';
import { keepingStopFocus } from './stopControl.js';

export class ConsultationCard implements RowView<ToolCallEntry> {
  readonly el: HTMLElement;
  private readonly card: NestedCard;
  private readonly rows = new ExchangeRows();
  private shownRequest: string | undefined;
  /** One Stop button for the card's life: the head is redrawn as the exchange streams, the button stays put. */
  private stop: HTMLElement | undefined;

  constructor(private readonly ctx: RowContext, entry: ToolCallEntry) {
    const openKey = `${entry.id}:open`;
    this.card = new NestedCard(ctx, openKey, () => this.rows, new Map(), 'consultation');
    this.el = this.card.el;
    this.el.dataset.consultAgent = entry.consultation?.agent ?? '';
    // The exchange is what the card is for: shown unless the user folded it (with its rows from the start).
    this.rows.update(exchangeRows(entry));
    if (ctx.viewState.isExpanded(openKey) === undefined) this.card.setOpen(true, false);
  }

  detach(): void {
    this.card.detach();
  }

  render(entry: ToolCallEntry, _delta: RowDelta): void {
    this.rows.update(exchangeRows(entry));
    const held = this.el.querySelector('.nested-note')?.contains(document.activeElement) ?? false;
    keepingStopFocus(this.el, () => this.card.setHead(this.head(entry)));
    const p = entry.permission;
    if (p && this.shownRequest !== p.requestId) {
      this.shownRequest = p.requestId;
      this.ctx.announcer.alertOnce(`permission:${entry.id}:${p.requestId}`, t('Permission needed: {0}. Options: {1}.', pathsSaid(p.title || entry.title), p.options.map((o) => o.name).join(', ')));
      const panel = this.el.querySelector<HTMLElement>('.nested-note');
      if (this.ctx.live() && panel) requestAnimationFrame(() => firstAllowButton(panel)?.focus());
    }
    // A keyboard user who just answered stays on this card.
    if (held && !this.el.querySelector('.nested-note')?.contains(document.activeElement)) this.el.querySelector<HTMLElement>('.nested-toggle')?.focus();
  }

  private head(entry: ToolCallEntry): NestedCardHead {
    const facts = entry.consultation;
    const agent = facts?.agent ?? '';
    const from = facts?.from ?? [];
    const asked = from.filter((f) => f === 'caller').length;
    const answered = from.filter((f) => f === 'agent').length;
    const running = entry.status === 'in_progress' || entry.status === 'pending';
    const lastWords = [...entry.content].reverse().find((c, i) => from[entry.content.length - 1 - i] !== 'note' && c.type === 'content' && c.content.type === 'text');
    const now = lastWords?.type === 'content' && lastWords.content.type === 'text' ? oneLine(lastWords.content.text) : undefined;
    return {
      title: entry.title || t('Consultation'),
      ...(agent && !entry.title.includes(agent) ? { meta: agent } : {}),
      status: { label: consultState(entry) || t('starting'), tone: toneOf(entry) },
      ...(now ? { now } : {}),
      counts: [asked === 1 ? t('1 message sent') : t('{0} messages sent', asked), answered === 1 ? t('1 reply') : t('{0} replies', answered)],
      actions: [running && !entry.permission ? (this.stop ??= stopButton(entry.toolCallId, entry.title)) : ''],
      note: this.question(entry),
    };
  }

  /** The user's say on the consultation: the question while it waits, else how it was answered. */
  private question(entry: ToolCallEntry): HTMLElement | '' {
    if (entry.permission) return h('div', { class: 'tool-permission' }, [renderPermission(entry.permission, entry.title)]);
    if (entry.autoApproved) return h('div', { class: 'tool-permission' }, [renderAutoApproved({ ...entry, autoApproved: entry.autoApproved })]);
    if (entry.permissionOutcome) {
      const label = entry.permissionLabel ?? (entry.permissionOutcome === 'cancelled' ? t('Cancelled') : entry.permissionOutcome);
      return h('div', { class: 'tool-permission' }, [h('div', { class: 'permission-outcome' }, [icon('shield'), h('span', { text: t('Answered: {0}', label) })])]);
    }
    return '';
  }
}

function stopButton(cardId: string, title: string): HTMLElement {
  const b = actionButton('stop-subagent', t('Stop {0}', title), { icon: 'debug-stop', class: 'stop-btn consult-stop', data: { childId: cardId, stopKey: `consult:${cardId}` } });
  b.querySelector('.btn-label')!.textContent = t('Stop');
  return b;
}

function toneOf(entry: ToolCallEntry): NestedTone {
  if (entry.permission || entry.consultation?.state === 'input-required') return 'waiting';
  switch (entry.status) {
    case 'pending':
    case 'in_progress':
      return 'running';
    case 'completed':
      return 'done';
    case 'cancelled':
      return 'stopped';
    case 'failed':
      return 'failed';
    default:
      return 'unknown';
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** The card's messages as thread rows: the calling agent's as sent messages, the consulted agent's as replies. */
function exchangeRows(entry: ToolCallEntry): ThreadEntry[] {
  const facts = entry.consultation;
  const rows: ThreadEntry[] = [];
  entry.content.forEach((item, i) => {
    if (item.type !== 'content') return;
    const id = `${entry.id}/m${i}`;
    const from = facts?.from[i] ?? 'note';
    if (from === 'caller') rows.push({ type: 'user', id, author: t('Your agent'), content: [item.content] });
    else if (from === 'agent') rows.push({ type: 'agent', id, author: facts?.agent ?? '', content: [item.content] });
    else rows.push({ type: 'notice', id, severity: 'info', title: item.content.type === 'text' ? item.content.text : `[${item.content.type}]` });
  });
  return rows;
}

/** The exchange's rows for the open card: each new message inserted, a streaming one changed. */
class ExchangeRows implements RowSource {
  private rows: ThreadEntry[] = [];
  private listener: StoreListener | undefined;

  entries(): readonly ThreadEntry[] {
    return this.rows;
  }

  listen(listener: StoreListener): () => void {
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
  }

  update(next: ThreadEntry[]): void {
    const before = this.rows;
    this.rows = next;
    const listener = this.listener;
    if (!listener) return;
    if (next.length < before.length || next.some((row, i) => i < before.length && row.id !== before[i]!.id)) {
      listener.reset(next);
      return;
    }
    next.forEach((row, i) => {
      if (i >= before.length) listener.inserted(i, row);
      else if (JSON.stringify(row) !== JSON.stringify(before[i])) listener.changed(row, { kind: 'full' });
    });
  }
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
