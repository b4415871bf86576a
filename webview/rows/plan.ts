/**
 * The agent's plans, one row per planId: a checklist patched item by item as the agent replaces
 * it, a file the plan lives in (with an Open button), Markdown, or a plan type this panel does
 * not know (said so). A removed plan stays as one quiet line.
 */
import type { PlanEntry } from '../../src/protocol/events.js';
import type { PlanThreadEntry } from '../../src/thread/types.js';
import { h, icon } from '../dom.js';
import { renderMarkdown } from '../markdown/render.js';
import { planFileView } from './planFile.js';
import type { RowView } from './rowView.js';
import { t } from '../l10n.js';

/** A function so the words are looked up when drawn, in the panel's language. */
const STATUS = (): Record<PlanEntry['status'], { icon: string; label: string }> => ({
  pending: { icon: 'circle-large-outline', label: t('Pending') },
  in_progress: { icon: 'loading codicon-modifier-spin', label: t('In progress') },
  completed: { icon: 'pass', label: t('Done') },
  cancelled: { icon: 'circle-slash', label: t('Cancelled') },
});

export class PlanRow implements RowView<PlanThreadEntry> {
  readonly el = h('div', { class: 'row plan', attrs: { role: 'region', 'aria-label': t('Plan') } });
  private readonly progress = h('span', { class: 'plan-progress' });
  private readonly list = h('ul', { class: 'plan-list' });
  private readonly other = h('div', { class: 'plan-body' });
  private items: HTMLLIElement[] = [];
  private bodySig = '';

  constructor() {
    this.el.append(h('div', { class: 'row-head' }, [icon('tasklist'), h('span', { class: 'who', text: t('Plan') }), this.progress]), this.list, this.other);
  }

  render(entry: PlanThreadEntry): void {
    // The plan id is the agent's bookkeeping ("plan-1"), not something to read: several plans
    // tell apart by their items or body. Kept as data for tests and tools.
    this.el.dataset.planId = entry.planId;
    this.el.classList.toggle('removed', !!entry.removed);
    const checklist = !entry.removed && !entry.body;
    this.list.hidden = !checklist;
    this.progress.hidden = !checklist;
    this.renderItems(checklist ? entry.entries : []);
    this.renderBody(entry);
  }

  private renderItems(entries: PlanEntry[]): void {
    const done = entries.filter((e) => e.status === 'completed').length;
    this.progress.textContent = t('{0}/{1} done', done, entries.length);
    entries.forEach((item, i) => {
      let li = this.items[i];
      if (!li) {
        li = h('li', { class: 'plan-item' });
        this.items.push(li);
        this.list.append(li);
      }
      patchItem(li, item);
    });
    for (const extra of this.items.splice(entries.length)) extra.remove();
  }

  private renderBody(entry: PlanThreadEntry): void {
    const body = entry.body;
    const sig = entry.removed ? 'removed' : body ? JSON.stringify(body) : '';
    if (sig === this.bodySig) return;
    this.bodySig = sig;
    if (entry.removed) {
      this.other.replaceChildren(h('span', { class: 'content-note', text: t('The agent removed this plan.') }));
      return;
    }
    if (!body) {
      this.other.replaceChildren();
      return;
    }
    switch (body.type) {
      case 'file':
        this.other.replaceChildren(planFileView(body.uri));
        return;
      case 'markdown': {
        const md = h('div', { class: 'plan-markdown md' });
        md.append(renderMarkdown(body.content));
        this.other.replaceChildren(md);
        return;
      }
      case 'other':
        this.other.replaceChildren(h('span', { class: 'content-note', text: t('This plan is of a kind the panel cannot show ({0}).', body.planType) }));
        return;
      default: {
        const unknown: never = body;
        void unknown;
      }
    }
  }
}

function patchItem(li: HTMLLIElement, item: PlanEntry): void {
  const statuses = STATUS();
  const status = statuses[item.status] ?? statuses.pending;
  const sig = `${item.status}\u0000${item.priority}\u0000${item.content}`;
  if (li.dataset.sig === sig) return;
  li.dataset.sig = sig;
  li.className = `plan-item status-${item.status} priority-${item.priority}`;
  li.setAttribute('aria-label', t('{0}, {1} priority: {2}', status.label, priorityWord(item.priority), item.content));
  li.replaceChildren(
    h('span', { class: `codicon codicon-${status.icon} plan-status`, title: status.label, attrs: { 'aria-hidden': 'true' } }),
    h('span', { class: 'plan-text', text: item.content }),
    h('span', { class: `plan-priority`, text: priorityWord(item.priority) }),
  );
}

/** The protocol's priority levels in words; a level this panel does not know shows as sent. */
function priorityWord(priority: string): string {
  switch (priority) {
    case 'high': return t('high');
    case 'medium': return t('medium');
    case 'low': return t('low');
    default: return priority;
  }
}
