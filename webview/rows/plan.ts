/** The agent's plan as a checklist, patched item by item as the agent replaces it. */
import type { PlanEntry } from '../../src/protocol/events.js';
import type { PlanThreadEntry } from '../../src/thread/types.js';
import { h, icon } from '../dom.js';
import type { RowView } from './rowView.js';

const STATUS: Record<PlanEntry['status'], { icon: string; label: string }> = {
  pending: { icon: 'circle-large-outline', label: 'Pending' },
  in_progress: { icon: 'loading codicon-modifier-spin', label: 'In progress' },
  completed: { icon: 'pass', label: 'Done' },
  cancelled: { icon: 'circle-slash', label: 'Cancelled' },
};

export class PlanRow implements RowView<PlanThreadEntry> {
  readonly el = h('div', { class: 'row plan', attrs: { role: 'region', 'aria-label': 'Plan' } });
  private readonly progress = h('span', { class: 'plan-progress' });
  private readonly list = h('ul', { class: 'plan-list' });
  private items: HTMLLIElement[] = [];

  constructor() {
    this.el.append(h('div', { class: 'row-head' }, [icon('tasklist'), h('span', { class: 'who', text: 'Plan' }), this.progress]), this.list);
  }

  render(entry: PlanThreadEntry): void {
    const done = entry.entries.filter((e) => e.status === 'completed').length;
    this.progress.textContent = `${done}/${entry.entries.length} done`;
    entry.entries.forEach((item, i) => {
      let li = this.items[i];
      if (!li) {
        li = h('li', { class: 'plan-item' });
        this.items.push(li);
        this.list.append(li);
      }
      patchItem(li, item);
    });
    for (const extra of this.items.splice(entry.entries.length)) extra.remove();
  }
}

function patchItem(li: HTMLLIElement, item: PlanEntry): void {
  const status = STATUS[item.status] ?? STATUS.pending;
  const sig = `${item.status}\u0000${item.priority}\u0000${item.content}`;
  if (li.dataset.sig === sig) return;
  li.dataset.sig = sig;
  li.className = `plan-item status-${item.status} priority-${item.priority}`;
  li.setAttribute('aria-label', `${status.label}, ${item.priority} priority: ${item.content}`);
  li.replaceChildren(
    h('span', { class: `codicon codicon-${status.icon} plan-status`, title: status.label, attrs: { 'aria-hidden': 'true' } }),
    h('span', { class: 'plan-text', text: item.content }),
    h('span', { class: `plan-priority`, text: item.priority }),
  );
}
