/**
 * The line a fold of tool calls shows instead of its cards ("Read 12 files · searched 3 times"):
 * one button, in the tab order, that opens the cards under it (click, Enter or Space) and says
 * whether they are shown (`aria-expanded`).
 */
import { h, icon } from '../../dom.js';
import { t } from '../../l10n.js';
import type { FoldKind, FoldRun } from '../../thread/toolFolds.js';

export class FoldLine {
  readonly el = h('button', { class: 'tool-fold', attrs: { type: 'button', 'aria-expanded': 'false' } });
  private readonly chevron = icon('chevron-right');
  private readonly words = h('span', { class: 'tool-fold-words' });

  constructor(onToggle: () => void) {
    this.el.append(this.chevron, this.words);
    this.el.addEventListener('click', onToggle);
  }

  show(run: FoldRun, open: boolean): void {
    this.el.setAttribute('aria-expanded', String(open));
    this.chevron.className = `codicon codicon-${open ? 'chevron-down' : 'chevron-right'}`;
    this.words.textContent = foldWords(run.counts);
  }
}

/** "Read 12 files · searched 3 times · fetched 1 page": each kind once, its count in words. */
export function foldWords(counts: Readonly<Record<FoldKind, number>>): string {
  const parts: string[] = [];
  if (counts.read) parts.push(counts.read === 1 ? t('read 1 file') : t('read {0} files', counts.read));
  if (counts.search) parts.push(counts.search === 1 ? t('searched once') : t('searched {0} times', counts.search));
  if (counts.fetch) parts.push(counts.fetch === 1 ? t('fetched 1 page') : t('fetched {0} pages', counts.fetch));
  const line = parts.join(' · ');
  // The first word of the line starts it, in any language whose words start lower case mid-line.
  return line.charAt(0).toLocaleUpperCase() + line.slice(1);
}
