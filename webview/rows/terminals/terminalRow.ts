/**
 * An agent-owned (v2) terminal that no tool call shows. When a tool call takes it over the row
 * is marked embedded and shows nothing: the output lives in the card then.
 */
import type { TerminalEntry } from '../../../src/thread/types.js';
import { h } from '../../dom.js';
import type { RowView } from '../rowView.js';
import { keepingStopFocus } from '../tools/stopControl.js';
import { renderTerminal, terminalSignature } from './terminalView.js';
import { t } from '../../l10n.js';

export class TerminalRow implements RowView<TerminalEntry> {
  readonly el = h('div', { class: 'row terminal', attrs: { role: 'group', 'aria-label': t('Terminal') } });
  private sig = '';

  render(entry: TerminalEntry): void {
    this.el.hidden = !!entry.embedded;
    const sig = entry.embedded ? 'embedded' : terminalSignature(entry.terminalId, entry.terminal);
    if (sig === this.sig) return;
    this.sig = sig;
    keepingStopFocus(this.el, () => this.el.replaceChildren(entry.embedded ? '' : renderTerminal(entry.terminalId, entry.terminal)));
  }
}
