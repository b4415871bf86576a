/**
 * Completion for @-mentions: typing `@` (at the start or after a space) asks the host for
 * matches of what follows (debounced; the host cancels the older query) and lists them under
 * the input. Same keyboard model as the slash popup: arrows move, Enter/Tab accept, Escape
 * closes (and stays closed for this `@` until it is typed again); focus never leaves the input.
 */
import type { Attachment } from '../../src/shared/webviewProtocol.js';
import { h, icon } from '../dom.js';
import { t } from '../l10n.js';
import type { Host } from '../vscodeApi.js';
import { mentionIcon, mentionKindWord } from './mentionKinds.js';

export const MENTION_DEBOUNCE_MS = 60;
const LIST_ID = 'mention-list';

/** The `@word` being typed: where its `@` is and the text after it up to the caret. */
export interface MentionToken {
  start: number;
  end: number;
  query: string;
}

/** The mention being typed before the caret, or null (an `@` inside a word, such as an e-mail address, is not one). */
export function mentionTokenAt(value: string, caret: number): MentionToken | null {
  const m = /(^|\s)@([^\s@]*)$/.exec(value.slice(0, caret));
  if (!m) return null;
  const start = caret - m[2]!.length - 1;
  return { start, end: caret, query: m[2]! };
}

export class MentionPopup {
  readonly el = h('ul', { class: 'slash-popup mention-popup', attrs: { role: 'listbox', id: LIST_ID, 'aria-label': t('Mention a file, symbol or more') } });
  private items: Attachment[] = [];
  private active = 0;
  private seq = 0;
  private asked: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The `@` position the user closed with Escape: not reopened until another `@`. */
  private dismissed: number | undefined;
  private token: MentionToken | null = null;

  constructor(
    private readonly input: HTMLTextAreaElement,
    private readonly host: Host,
    private readonly onAccept: (item: Attachment, token: MentionToken) => void,
  ) {
    this.el.hidden = true;
    this.el.addEventListener('mousedown', (e) => {
      const li = (e.target as Element).closest<HTMLElement>('li[data-index]');
      if (!li) return;
      e.preventDefault();
      this.active = Number(li.dataset.index);
      this.accept();
    });
  }

  isOpen(): boolean {
    return !this.el.hidden;
  }

  /** Re-reads the input: asks for matches while the caret is in an `@word`, else closes. */
  refresh(): void {
    const token = mentionTokenAt(this.input.value, this.input.selectionStart ?? this.input.value.length);
    this.token = token;
    if (!token || token.start === this.dismissed) {
      if (!token) this.dismissed = undefined;
      this.close();
      return;
    }
    if (token.query === this.asked && this.items.length) {
      this.draw();
      return;
    }
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.asked = token.query;
      this.host.post({ type: 'mentionQuery', id: ++this.seq, text: token.query });
    }, MENTION_DEBOUNCE_MS);
  }

  /** The host's matches; answers to an older query are ignored. */
  results(id: number, items: readonly Attachment[]): void {
    if (id !== this.seq || !this.token) return;
    const keep = this.items[this.active];
    this.items = items.slice();
    // A second answer for the same query (symbols arrived) keeps the row the user is on.
    const again = keep ? this.items.findIndex((i) => i.uri === keep.uri && i.kind === keep.kind && i.range?.startLine === keep.range?.startLine) : -1;
    this.active = again >= 0 ? again : 0;
    if (this.items.length === 0) {
      this.el.replaceChildren(h('li', { class: 'slash-item mention-empty', attrs: { role: 'option', 'aria-disabled': 'true' } }, [h('span', { text: t('Nothing matches') })]));
      this.show();
      this.input.removeAttribute('aria-activedescendant');
      return;
    }
    this.draw();
  }

  move(by: number): void {
    if (!this.items.length) return;
    this.active = (this.active + by + this.items.length) % this.items.length;
    this.draw();
  }

  accept(): void {
    const item = this.items[this.active];
    const token = this.token;
    this.close();
    this.asked = undefined;
    this.items = [];
    if (item && token) this.onAccept(item, token);
  }

  /** Escape: closed for this `@` (typing another `@` opens it again). */
  dismiss(): void {
    this.dismissed = this.token?.start;
    this.close();
  }

  close(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    // Answers still on their way are for a popup that is gone.
    this.seq++;
    this.asked = undefined;
    if (this.el.hidden) return;
    this.el.hidden = true;
    this.active = 0;
    this.input.removeAttribute('aria-activedescendant');
  }

  private show(): void {
    this.el.hidden = false;
    this.input.setAttribute('aria-controls', LIST_ID);
  }

  private draw(): void {
    this.el.replaceChildren(...this.items.map((item, i) => h('li', {
      class: `slash-item mention-item${i === this.active ? ' active' : ''}`,
      attrs: { role: 'option', id: `mention-opt-${i}`, 'aria-selected': String(i === this.active), 'aria-label': item.detail ? t('{0}: {1}, {2}', mentionKindWord(item), item.name, item.detail) : t('{0}: {1}', mentionKindWord(item), item.name) },
      data: { index: String(i), kind: item.kind ?? 'file' },
    }, [
      icon(mentionIcon(item)),
      h('span', { class: 'mention-name', text: item.name }),
      h('span', { class: 'slash-desc mention-detail', text: item.detail ?? '' }),
    ])));
    this.show();
    this.input.setAttribute('aria-activedescendant', `mention-opt-${this.active}`);
    this.el.children[this.active]?.scrollIntoView({ block: 'nearest' });
  }
}
