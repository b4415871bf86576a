/** The content list of a tool call: text/blocks, diffs with a summary, file change lists, live terminals. */
import type { ToolCallContent } from '../../../src/protocol/events.js';
import type { ToolCallEntry } from '../../../src/thread/types.js';
import { actionButton, h, icon } from '../../dom.js';
import { pathEl, shownPath } from '../../paths.js';
import { renderMarkdown } from '../../markdown/render.js';
import { renderBlock } from '../contentBlock.js';
import { diffStats } from './diffSummary.js';
import { fileChangesSignature, renderFileChanges } from './fileChanges.js';
import { renderTerminal, terminalSignature } from '../terminals/terminalView.js';
import { t } from '../../l10n.js';

export function renderContentItem(entry: ToolCallEntry, item: ToolCallContent, index: number): HTMLElement {
  switch (item.type) {
    case 'content': {
      const b = item.content;
      if (b.type === 'text') {
        const el = h('div', { class: 'tool-text md' });
        el.append(renderMarkdown(b.text));
        return el;
      }
      return renderBlock(b);
    }
    case 'diff': {
      const s = diffStats(item.oldText, item.newText);
      const approx = s.approximate ? '~' : '';
      return withDiskNote(entry, [item.path], h('div', { class: 'tool-diff' }, [
        icon('diff'),
        pathEl(shownPath(item.path), 'diff-path'),
        item.oldText === null ? h('span', { class: 'diff-new', text: t('new file') }) : '',
        h('span', { class: 'diff-added', attrs: { 'aria-label': t('{0} lines added', s.added) }, text: `+${approx}${s.added}` }),
        h('span', { class: 'diff-removed', attrs: { 'aria-label': t('{0} lines removed', s.removed) }, text: `−${approx}${s.removed}` }),
        actionButton('open-diff', t('Open diff'), { icon: 'go-to-file', data: { toolCallId: entry.toolCallId, contentIndex: String(index) } }),
      ]));
    }
    case 'terminal':
      return renderTerminal(item.terminalId, entry.terminals?.[item.terminalId]);
    case 'file_changes':
      return withDiskNote(entry, item.changes.map((c) => c.path), renderFileChanges(item, { toolCallId: entry.toolCallId, contentIndex: index }));
    default:
      return h('span', { class: 'content-note', text: `[${(item as { type: string }).type}]` });
  }
}

/** Signature of what a content item shows, so unchanged items keep their DOM (and scroll). */
export function contentSignature(entry: ToolCallEntry, item: ToolCallContent): string {
  switch (item.type) {
    case 'content':
      return item.content.type === 'text' ? `t:${item.content.text}` : `b:${JSON.stringify(item.content).length}:${item.content.type}`;
    case 'diff':
      return `d:${differs(entry, [item.path]).length}:${item.path}:${item.oldText?.length ?? -1}:${item.newText.length}:${item.newText.slice(-64)}`;
    case 'terminal':
      return terminalSignature(item.terminalId, entry.terminals?.[item.terminalId]);
    case 'file_changes':
      return `${differs(entry, item.changes.map((c) => c.path)).length}:${fileChangesSignature(item)}`;
    default:
      return 'other';
  }
}

function differs(entry: ToolCallEntry, paths: readonly string[]): string[] {
  return entry.diskDiffers ? paths.filter((p) => entry.diskDiffers!.includes(p)) : [];
}

/**
 * At the turn's end the disk held something else than this diff says (a later edit, a
 * formatter, the user): the review shows the disk, so the card says which to believe.
 */
function withDiskNote(entry: ToolCallEntry, paths: readonly string[], el: HTMLElement): HTMLElement {
  const off = differs(entry, paths);
  if (!off.length) return el;
  const which = off.map((p) => shownPath(p).text).join(', ');
  const note = h('div', { class: 'content-note disk-differs', attrs: { role: 'note' } }, [
    icon('warning'),
    h('span', { text: paths.length > 1 ? t('The file on disk differs from this diff ({0}); the review shows the disk.', which) : t('The file on disk differs from this diff; the review shows the disk.') }),
  ]);
  return h('div', { class: 'tool-diff-group' }, [el, note]);
}
