/**
 * Questions from subagents, at the top of the thread: a child's permission request (its tool
 * call card, with the agent's options) or its elicitation (the form or page), each under a line
 * that names the child, answered right there. The same row views as in the child's card, so an
 * answer here is the answer (the host takes the first one). A question leaves once answered.
 */
import type { ThreadEntry } from '../../src/thread/types.js';
import { h, icon } from '../dom.js';
import { t } from '../l10n.js';
import { createRowView } from '../rows/createRow.js';
import type { RowContext, RowView } from '../rows/rowView.js';

interface Item {
  el: HTMLElement;
  view: RowView;
}

export class ChildQuestions {
  readonly el = h('div', { class: 'child-questions', attrs: { role: 'region', 'aria-label': t('Questions from subagents') } });
  private readonly items = new Map<string, Item>();

  constructor(
    private readonly ctx: () => RowContext,
    /** The child's name as its card shows it. */
    private readonly nameOf: (childId: string) => string,
  ) {
    this.el.hidden = true;
  }

  /** A row of child `childId` was added or changed. */
  note(childId: string, entry: ThreadEntry): void {
    const asking = (entry.type === 'tool_call' && entry.permission !== undefined) || (entry.type === 'elicitation' && entry.status === 'pending');
    const item = this.items.get(entry.id);
    if (!asking) {
      if (item) {
        item.view.detach?.();
        item.el.remove();
        this.items.delete(entry.id);
        this.el.hidden = this.items.size === 0;
      }
      return;
    }
    if (item) {
      item.view.render(entry as never, { kind: 'full' });
      return;
    }
    const view = createRowView(entry, this.ctx());
    const el = h('div', { class: 'child-question', data: { childId } }, [
      h('div', { class: 'child-question-who' }, [icon('hubot'), h('span', { text: t('Subagent “{0}” asks', this.nameOf(childId)) })]),
      view.el,
    ]);
    view.render(entry as never, { kind: 'full' });
    this.items.set(entry.id, { el, view });
    this.el.append(el);
    this.el.hidden = false;
  }

  /** A fresh snapshot: the questions are found again from the children's rows. */
  reset(): void {
    for (const item of this.items.values()) item.view.detach?.();
    this.items.clear();
    this.el.replaceChildren();
    this.el.hidden = true;
  }
}
