/**
 * A context compaction: a spinner while the agent compacts, then what it kept as a collapsible
 * Markdown summary; a failure says why. Folded by default (a summary is long and rarely read),
 * remembered when the user opens it.
 */
import type { CompactionEntry } from '../../src/thread/types.js';
import { h, icon } from '../dom.js';
import type { RowDelta } from '../thread/store.js';
import { MessageBody } from './messageBody.js';
import type { RowContext, RowView } from './rowView.js';
import { t } from '../l10n.js';

/** A function so the words are looked up when drawn, in the panel's language. */
const STATUS = (): Record<string, { icon: string; label: string }> => ({
  in_progress: { icon: 'loading codicon-modifier-spin', label: t('Compacting the conversation…') },
  completed: { icon: 'fold', label: t('Conversation compacted') },
  failed: { icon: 'error', label: t('Compaction failed') },
  cancelled: { icon: 'circle-slash', label: t('Compaction cancelled') },
});

export class CompactionRow implements RowView<CompactionEntry> {
  readonly el = h('div', { class: 'row compaction', attrs: { role: 'group' } });
  private readonly head = h('div', { class: 'row-head' });
  private readonly error = h('div', { class: 'compaction-error' });
  private readonly body = new MessageBody();
  private readonly details: HTMLDetailsElement;
  private readonly summaryLabel = h('span', { text: t('Summary') });
  private headSig = '';
  private key: string;

  constructor(ctx: RowContext, entry: CompactionEntry) {
    this.key = `${entry.id}:summary`;
    const summary = h('summary', { class: 'compaction-toggle' }, [this.summaryLabel]);
    this.details = h('details', { class: 'compaction-summary' }, [summary, this.body.el]);
    this.details.open = ctx.viewState.isExpanded(this.key) ?? false;
    summary.addEventListener('click', () => ctx.viewState.setExpanded(this.key, !this.details.open));
    this.el.append(this.head, this.error, this.details);
  }

  render(entry: CompactionEntry, _delta: RowDelta): void {
    const known = STATUS()[entry.status];
    const st = known ?? { icon: 'fold', label: t('Compaction: {0}', entry.status) };
    const headSig = `${entry.status}`;
    if (headSig !== this.headSig) {
      this.headSig = headSig;
      this.el.className = `row compaction status-${known ? entry.status : 'other'}`;
      this.el.setAttribute('aria-label', st.label);
      this.el.setAttribute('aria-busy', String(entry.status === 'in_progress'));
      this.head.replaceChildren(icon(st.icon, 'compaction-icon'), h('span', { class: 'compaction-label', text: st.label }));
    }
    this.error.hidden = !entry.error;
    this.error.textContent = entry.error ?? '';
    this.error.setAttribute('role', entry.status === 'failed' ? 'alert' : 'note');
    const hasSummary = entry.summary.length > 0;
    this.details.hidden = !hasSummary;
    if (hasSummary) this.body.render(entry.summary, { kind: 'full' });
    this.summaryLabel.textContent = entry.status === 'in_progress' ? t('Summary so far') : t('Summary');
  }
}
