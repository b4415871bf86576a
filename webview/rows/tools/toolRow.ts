/**
 * A tool call's row: its card, and — when it starts a fold of uneventful calls (thread/toolFolds.ts)
 * — the fold's line above it. A row inside a closed fold draws nothing at all (no card in the
 * DOM, no height), so forty folded reads cost forty empty elements and one line; opening the
 * fold draws the cards again from their entries.
 */
import type { ToolCallEntry } from '../../../src/thread/types.js';
import { h } from '../../dom.js';
import type { RowContext, RowView } from '../rowView.js';
import { FoldLine } from './foldLine.js';
import { ToolCard } from './toolCard.js';

export class ToolRow implements RowView<ToolCallEntry> {
  readonly el = h('div', { class: 'tool-slot' });
  private card: ToolCard | undefined;
  private line: FoldLine | undefined;

  constructor(private readonly ctx: RowContext, private readonly entryId: string) {}

  render(entry: ToolCallEntry): void {
    const folds = this.ctx.folds;
    const run = folds?.run(entry.id);
    const open = !run || folds!.isOpen(run);
    if (run && run.head === entry.id) {
      if (!this.line) {
        this.line = new FoldLine(() => {
          const now = folds!.run(this.entryId);
          if (now) folds!.setOpen(now, !folds!.isOpen(now));
        });
        this.el.prepend(this.line.el);
      }
      this.line.show(run, open);
    } else if (this.line) {
      this.line.el.remove();
      this.line = undefined;
    }
    this.el.classList.toggle('folded', !open);
    this.el.classList.toggle('in-fold', !!run);
    if (!open) {
      this.card?.el.remove();
      this.card = undefined;
      return;
    }
    if (!this.card) {
      this.card = new ToolCard(this.ctx, this.entryId);
      this.el.append(this.card.el);
    }
    this.card.render(entry);
  }
}
