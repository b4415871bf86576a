/** The end of a turn: silent when it simply finished, explicit about every other way to stop. */
import type { TurnEndEntry } from '../../src/thread/types.js';
import { actionButton, h, icon } from '../dom.js';
import { describeStop } from '../format.js';
import { t } from '../l10n.js';
import type { RowView } from './rowView.js';

export class TurnEndRow implements RowView<TurnEndEntry> {
  readonly el = h('div', { class: 'row turn-end' });

  render(entry: TurnEndEntry): void {
    const d = describeStop(entry);
    this.el.className = `row turn-end tone-${d.tone}`;
    this.el.dataset.stopReason = entry.stopReason;
    if (d.tone === 'quiet') {
      this.el.setAttribute('aria-hidden', 'true');
      this.el.replaceChildren(h('hr', { class: 'hairline' }));
      return;
    }
    this.el.removeAttribute('aria-hidden');
    this.el.setAttribute('role', d.tone === 'error' ? 'alert' : 'note');
    this.el.replaceChildren(
      h('div', { class: 'row-head' }, [icon(d.icon), h('span', { class: 'stop-label', text: d.label, ...(d.raw ? { title: t('Stop reason: {0}', d.raw) } : {}) })]),
      d.detail ? h('div', { class: 'stop-detail', text: d.detail }) : '',
      // An agent that refused the prompt for want of a login (it says why in `error`); a remote
      // agent's own auth question is answered in the composer instead.
      entry.stopReason === 'auth_required' && entry.error
        ? h('div', { class: 'stop-actions' }, [actionButton('log-in', t('Log in'), { icon: 'key', class: 'btn-secondary' })])
        : '',
    );
  }
}
