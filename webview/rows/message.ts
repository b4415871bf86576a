/** User and agent message rows. */
import type { AgentMessageEntry, UserEntry } from '../../src/thread/types.js';
import { actionButton, h, icon } from '../dom.js';
import { t } from '../l10n.js';
import type { RowDelta } from '../thread/store.js';
import { MessageBody } from './messageBody.js';
import { MessageToolbar } from './messageToolbar.js';
import type { RowContext, RowView } from './rowView.js';

export class UserRow implements RowView<UserEntry> {
  readonly el = h('div', { class: 'row user', attrs: { role: 'article', 'aria-label': t('You') } });
  private readonly body = new MessageBody();
  private readonly badge = h('div', { class: 'not-kept', attrs: { role: 'note' } }, [
    icon('circle-slash'),
    h('span', { text: t('Not kept in context: the agent refused this request.') }),
  ]);
  private readonly toolbar = new MessageToolbar();
  private readonly restoredNote = h('div', { class: 'undone-label', text: t('Restored to before this message') });
  private readonly who = h('span', { class: 'who', text: t('You') });
  private readonly whoIcon = icon('account');
  private delegated = false;

  constructor(private readonly ctx?: RowContext) {
    this.el.append(h('div', { class: 'row-head' }, [this.whoIcon, this.who, this.toolbar.el]), this.body.el);
  }

  private readonly deliveryNote = h('div', { class: 'delivery-note', attrs: { role: 'note' } });

  render(entry: UserEntry, delta: RowDelta): void {
    if (!!entry.delegated !== this.delegated) this.markDelegated(!!entry.delegated);
    if (entry.author !== undefined && this.who.textContent !== entry.author) {
      this.who.textContent = entry.author;
      this.el.setAttribute('aria-label', entry.author);
    }
    this.body.render(entry.content, delta);
    this.renderActions(entry);
    this.renderDelivery(entry);
    this.el.classList.toggle('refused', !!entry.notKept);
    if (entry.notKept && !this.badge.isConnected) this.el.append(this.badge);
    else if (!entry.notKept) this.badge.remove();
  }

  /** A subagent's task was written by the session that started it, not by the user. */
  private markDelegated(delegated: boolean): void {
    this.delegated = delegated;
    this.el.classList.toggle('delegated', delegated);
    this.who.textContent = delegated ? t('Task') : t('You');
    this.el.setAttribute('aria-label', delegated ? t('Task given to this subagent') : t('You'));
    this.whoIcon.className = `codicon codicon-${delegated ? 'tasklist' : 'account'}`;
  }

  /** A message sent while a turn ran says how it got to the agent (Steer, Stop and send). */
  private renderDelivery(entry: UserEntry): void {
    const delivery = entry.delivery;
    if (!delivery) {
      this.deliveryNote.remove();
      return;
    }
    const [glyph, text] = delivery === 'steered' ? ['compass', t('Steered: the agent took this message while it worked')]
      : delivery === 'stopped_first' ? ['compass', t('Steered: the agent stopped its turn first (it cannot take a message while it works), then got this one')]
      : ['debug-stop', t('Stopped and sent: the turn was stopped, then this message was sent')];
    this.deliveryNote.className = `delivery-note delivery-${delivery}`;
    this.deliveryNote.replaceChildren(icon(glyph), h('span', { text }));
    if (!this.deliveryNote.isConnected) this.el.querySelector('.row-head')?.after(this.deliveryNote);
  }

  // "Restore to here" once the message has a snapshot; "Redo" on the message restored to.
  private renderActions(entry: UserEntry): void {
    this.el.classList.toggle('undone', !!entry.undone);
    this.el.classList.toggle('restored-to', !!entry.redo);
    const buttons: HTMLButtonElement[] = [];
    const turnId = entry.turnId ?? '';
    const control = (action: string, label: string, iconName: string, cls: string, data: Record<string, string>): void => {
      buttons.push(actionButton(action, label, { icon: iconName, text: false, class: `icon-btn ${cls}`, data: { turnId, ...data } }));
    };
    if (entry.redo) {
      control('checkpoint', t('Redo'), 'redo', 'checkpoint-redo', { checkpointAction: 'redo', messageControl: 'restore' });
    } else if (entry.checkpoint?.length && turnId) {
      // Not while a turn runs on the tab: its button says why.
      control('checkpoint', t('Restore to here'), 'discard', 'checkpoint-restore', { checkpointAction: 'restore', messageControl: 'restore' });
    }
    // Any sent message can be edited and sent again (restoring its checkpoint when it has one),
    // except where the agent cannot go back (a remote agent: the button says why).
    if (turnId) control('checkpoint', t('Edit and resend'), 'edit', 'checkpoint-edit', { checkpointAction: 'edit', messageControl: 'resend' });
    // Only the latest turn can be forked exactly; its button says when it cannot be.
    if (turnId) control('fork-here', t('Fork from here'), 'repo-forked', 'fork-here', { messageControl: 'fork' });
    for (const b of buttons) this.ctx?.messageActions?.decorate(b);
    this.toolbar.set(turnId, buttons);
    this.ctx?.messageActions?.mark(this.toolbar.el);
    if (entry.redo && !this.restoredNote.isConnected) this.body.el.after(this.restoredNote);
    else if (!entry.redo) this.restoredNote.remove();
  }
}

export class AgentRow implements RowView<AgentMessageEntry> {
  readonly el = h('div', { class: 'row agent', attrs: { role: 'article', 'aria-label': t('Agent') } });
  readonly body = new MessageBody();
  private reportHead: HTMLElement | undefined;

  constructor() {
    this.el.append(this.body.el);
  }

  render(entry: AgentMessageEntry, delta: RowDelta): void {
    if (entry.author !== undefined && !this.el.querySelector(':scope > .row-head')) {
      this.el.prepend(h('div', { class: 'row-head' }, [icon('hubot'), h('span', { class: 'who', text: entry.author })]));
      this.el.setAttribute('aria-label', entry.author);
    }
    // A subagent's report to the session that started it: said above its text.
    if (entry.report && !this.reportHead) {
      this.reportHead = h('div', { class: 'row-head report-head' }, [icon('output'), h('span', { class: 'who', text: t('Report') })]);
      this.el.prepend(this.reportHead);
      this.el.classList.add('report');
      this.el.setAttribute('aria-label', t('Report of this subagent'));
    }
    this.body.render(entry.content, delta);
  }
}
