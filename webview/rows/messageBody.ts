/**
 * The content of a message row: text blocks as streaming Markdown, other blocks as inert DOM.
 * An append only grows the last text block; a full update reuses every block it can.
 */
import type { ContentBlock } from '../../src/protocol/events.js';
import { StreamingMarkdown } from '../markdown/streaming.js';
import type { RowDelta } from '../thread/store.js';
import { h } from '../dom.js';
import { blockKey, renderBlock } from './contentBlock.js';

type Part = { kind: 'text'; md: StreamingMarkdown; el: HTMLElement } | { kind: 'other'; key: string; el: HTMLElement };

export class MessageBody {
  readonly el = h('div', { class: 'message-body' });
  private parts: Part[] = [];

  render(blocks: readonly ContentBlock[], delta: RowDelta): void {
    const last = this.parts[this.parts.length - 1];
    if (delta.kind === 'append' && last?.kind === 'text' && this.parts.length === blocks.length) {
      last.md.append(delta.text);
      last.md.render();
      return;
    }
    blocks.forEach((b, i) => this.reconcile(b, i));
    for (const extra of this.parts.splice(blocks.length)) extra.el.remove();
  }

  /** Text the row shows, for announcements. */
  plainText(): string {
    return this.el.textContent ?? '';
  }

  private reconcile(b: ContentBlock, i: number): void {
    const current = this.parts[i];
    let next: Part;
    if (b.type === 'text') {
      if (current?.kind === 'text') {
        current.md.setText(b.text);
        current.md.render();
        return;
      }
      const md = new StreamingMarkdown();
      md.setText(b.text);
      md.render();
      next = { kind: 'text', md, el: md.el };
    } else {
      const key = blockKey(b);
      if (current?.kind === 'other' && current.key === key) return;
      next = { kind: 'other', key, el: renderBlock(b) };
    }
    if (current) current.el.replaceWith(next.el);
    else this.el.append(next.el);
    this.parts[i] = next;
  }
}
