/**
 * Completion for the agent's slash commands: a listbox under the input, driven from the textarea
 * (focus never leaves it), wired with aria-activedescendant so screen readers follow the choice.
 */
import type { AvailableCommand } from '../../src/protocol/events.js';
import { h } from '../dom.js';
import { t } from '../l10n.js';

export class SlashPopup {
  readonly el = h('ul', { class: 'slash-popup', attrs: { role: 'listbox', id: 'slash-list', 'aria-label': t('Commands') } });
  private matches: AvailableCommand[] = [];
  private active = 0;
  private commands: readonly AvailableCommand[] = [];

  constructor(private readonly input: HTMLTextAreaElement, private readonly onAccept: (c: AvailableCommand) => void) {
    this.el.hidden = true;
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', 'slash-list');
    // No aria-expanded: a textarea is a textbox, which may not carry it (only a combobox may, and
    // a textarea may take no other role). The shown listbox and aria-activedescendant tell it.
    // mousedown, not click: keep focus in the textarea.
    this.el.addEventListener('mousedown', (e) => {
      const li = (e.target as Element).closest<HTMLElement>('li[data-index]');
      if (!li) return;
      e.preventDefault();
      this.active = Number(li.dataset.index);
      this.accept();
    });
  }

  setCommands(commands: readonly AvailableCommand[]): void {
    this.commands = commands;
    if (this.isOpen()) this.refresh();
  }

  isOpen(): boolean {
    return !this.el.hidden;
  }

  /** Re-evaluates against the input: open while the caret is in a leading `/word`. */
  refresh(): void {
    const token = this.token();
    if (token === null || this.commands.length === 0) return this.close();
    const q = token.toLowerCase();
    const starts = this.commands.filter((c) => c.name.toLowerCase().startsWith(q));
    const contains = this.commands.filter((c) => !c.name.toLowerCase().startsWith(q) && c.name.toLowerCase().includes(q));
    this.matches = [...starts, ...contains];
    if (this.matches.length === 0) return this.close();
    this.active = Math.min(this.active, this.matches.length - 1);
    this.draw();
  }

  move(by: number): void {
    if (!this.matches.length) return;
    this.active = (this.active + by + this.matches.length) % this.matches.length;
    this.draw();
  }

  accept(): void {
    const c = this.matches[this.active];
    this.close();
    if (c) this.onAccept(c);
  }

  close(): void {
    this.el.hidden = true;
    this.matches = [];
    this.active = 0;
    this.input.removeAttribute('aria-activedescendant');
  }

  /** The command word being typed, or null when the caret is not in a leading `/word`. */
  private token(): string | null {
    const v = this.input.value;
    const caret = this.input.selectionStart ?? v.length;
    const m = /^\/(\S*)/.exec(v);
    if (!m || caret > m[0].length) return null;
    return m[1]!;
  }

  private draw(): void {
    this.el.replaceChildren(...this.matches.map((c, i) => h('li', {
      class: `slash-item${i === this.active ? ' active' : ''}`,
      attrs: { role: 'option', id: `slash-opt-${i}`, 'aria-selected': String(i === this.active) },
      data: { index: String(i) },
    }, [
      h('span', { class: 'slash-name', text: `/${c.name}` }),
      c.inputHint ? h('span', { class: 'slash-hint', text: c.inputHint }) : '',
      h('span', { class: 'slash-desc', text: c.description }),
    ])));
    this.el.hidden = false;
    // The mention popup shares the input: point it back at this list.
    this.input.setAttribute('aria-controls', 'slash-list');
    this.input.setAttribute('aria-activedescendant', `slash-opt-${this.active}`);
    this.el.children[this.active]?.scrollIntoView({ block: 'nearest' });
  }
}
