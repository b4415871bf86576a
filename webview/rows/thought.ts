/**
 * The agent's thinking, as a disclosure. Open while it streams so the user sees progress, folded
 * once the next row starts — unless the user opened or closed it themselves (remembered).
 */
import type { ThoughtEntry } from '../../src/thread/types.js';
import { h, icon } from '../dom.js';
import type { RowDelta } from '../thread/store.js';
import { MessageBody } from './messageBody.js';
import type { RowContext, RowView } from './rowView.js';
import { t } from '../l10n.js';

export class ThoughtRow implements RowView<ThoughtEntry> {
  readonly el: HTMLDetailsElement;
  private readonly body = new MessageBody();
  private readonly label = h('span', { class: 'thought-label', text: t('Thinking…') });
  private key = '';

  constructor(private readonly ctx: RowContext, entry: ThoughtEntry) {
    this.key = `${entry.id}:open`;
    const summary = h('summary', { class: 'row-head' }, [icon('lightbulb'), this.label]);
    this.el = h('details', { class: 'row thought' }, [summary, this.body.el]);
    const chosen = ctx.viewState.isExpanded(this.key);
    this.el.open = chosen ?? ctx.live();
    // Only a click on the summary (mouse, Enter or Space) is the user's choice; our own folding is not.
    summary.addEventListener('click', () => ctx.viewState.setExpanded(this.key, !this.el.open));
  }

  render(entry: ThoughtEntry, delta: RowDelta): void {
    this.body.render(entry.content, delta);
  }

  followed(): void {
    this.label.textContent = t('Thought');
    if (this.ctx.viewState.isExpanded(this.key) === undefined) this.el.open = false;
  }
}
