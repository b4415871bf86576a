/** Notices and errors the host or agent put in the thread. */
import type { NoticeEntry } from '../../src/thread/types.js';
import { h, icon } from '../dom.js';
import type { RowView } from './rowView.js';

const ICONS: Record<string, string> = { info: 'info', warning: 'warning', error: 'error' };

export class NoticeRow implements RowView<NoticeEntry> {
  readonly el = h('div', { class: 'row notice' });

  render(entry: NoticeEntry): void {
    const severity = entry.severity in ICONS ? entry.severity : 'info';
    this.el.className = `row notice severity-${severity}`;
    this.el.setAttribute('role', severity === 'error' ? 'alert' : 'note');
    this.el.replaceChildren(
      h('div', { class: 'row-head' }, [icon(ICONS[severity]!), h('span', { class: 'notice-title', text: entry.title })]),
      entry.detail ? h('div', { class: 'notice-detail', text: entry.detail }) : '',
    );
  }
}
