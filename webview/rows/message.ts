/** User and agent message rows. */
import type { AgentMessageEntry, UserEntry } from '../../src/thread/types.js';
import { actionButton, h, icon } from '../dom.js';
import { t } from '../l10n.js';
import type { RowDelta } from '../thread/store.js';
import { MessageBody } from './messageBody.js';
import type { RowContext, RowView } from './rowView.js';

export class UserRow implements RowView<UserEntry> {
  readonly el = h('div', { class: 'row user', attrs: { role: 'article', 'aria-label': t('You') } });
  private readonly body = new MessageBody();
  private readonly badge = h('div', { class: 'not-kept', attrs: { role: 'note' } }, [
    icon('circle-slash'),
    h('span', { text: t('Not kept in context: the agent refused this request.') }),
  ]);

  constructor(private readonly ctx?: RowContext) {
    this.el.append(h('div', { class: 'row-head' }, [icon('account'), h('span', { class: 'who', text: t('You') })]), this.body.el);
  }

  private readonly checkpoint = h('div', { class: 'checkpoint-actions' });

  render(entry: UserEntry, delta: RowDelta): void {
    this.body.render(entry.content, delta);
    this.renderCheckpoint(entry);
    this.el.classList.toggle('refused', !!entry.notKept);
    if (entry.notKept && !this.badge.isConnected) this.el.append(this.badge);
    else if (!entry.notKept) this.badge.remove();
  }

  // "Restore to here" once the message has a snapshot; "Redo" on the message restored to.
  private renderCheckpoint(entry: UserEntry): void {
    this.el.classList.toggle('undone', !!entry.undone);
    const buttons: HTMLElement[] = [];
    const turnId = entry.turnId ?? '';
    if (entry.redo) {
      buttons.push(h('span', { class: 'undone-label', text: t('Restored to before this message') }));
      buttons.push(this.control(actionButton('checkpoint', t('Redo'), { icon: 'redo', class: 'checkpoint-redo', data: { checkpointAction: 'redo', turnId, messageControl: 'restore' } })));
    } else if (entry.checkpoint?.length && turnId) {
      // Not while a turn runs on the tab: its button says why.
      buttons.push(this.control(actionButton('checkpoint', t('Restore to here'), { icon: 'discard', class: 'checkpoint-restore', data: { checkpointAction: 'restore', turnId, messageControl: 'restore' } })));
    }
    // Any sent message can be edited and sent again (restoring its checkpoint when it has one),
    // except where the agent cannot go back (a remote agent: the button says why).
    if (turnId) buttons.push(this.control(actionButton('checkpoint', t('Edit and resend'), { icon: 'edit', class: 'checkpoint-edit', data: { checkpointAction: 'edit', turnId, messageControl: 'resend' } })));
    // Only the latest turn can be forked exactly; its button says when it cannot be.
    if (turnId) buttons.push(this.control(actionButton('fork-here', t('Fork from here'), { icon: 'repo-forked', class: 'fork-here', data: { turnId, messageControl: 'fork' } })));
    this.checkpoint.replaceChildren(...buttons);
    if (buttons.length && !this.checkpoint.isConnected) this.el.append(this.checkpoint);
    else if (!buttons.length) this.checkpoint.remove();
  }

  private control(button: HTMLButtonElement): HTMLButtonElement {
    this.ctx?.messageActions?.decorate(button);
    return button;
  }
}

export class AgentRow implements RowView<AgentMessageEntry> {
  readonly el = h('div', { class: 'row agent', attrs: { role: 'article', 'aria-label': t('Agent') } });
  readonly body = new MessageBody();

  constructor() {
    this.el.append(this.body.el);
  }

  render(entry: AgentMessageEntry, delta: RowDelta): void {
    this.body.render(entry.content, delta);
  }
}
