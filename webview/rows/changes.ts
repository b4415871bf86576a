/**
 * "N files changed +a −d" under a turn: what the turn changed on disk (whoever wrote it), with
 * Review / Keep / Undo per file and for all of them, and per hunk once a file is expanded.
 * Paths and file text are shown with textContent only.
 */
import type { ChangedFile, ChangedHunk } from '../../src/protocol/events.js';
import type { ChangesEntry } from '../../src/thread/types.js';
import { actionButton, h, icon } from '../dom.js';
import type { RowView } from './rowView.js';

const STATUS: Record<ChangedFile['status'], [string, string]> = {
  added: ['A', 'Created'],
  deleted: ['D', 'Deleted'],
  modified: ['M', 'Modified'],
  renamed: ['R', 'Renamed'],
  'type-changed': ['T', 'Type changed'],
};

export class ChangesRow implements RowView<ChangesEntry> {
  readonly el = h('div', { class: 'row changes', attrs: { role: 'region', 'aria-label': 'Files changed in this turn' } });
  /** Files whose hunks are listed (root + NUL + path); survives re-renders. */
  private readonly expanded = new Set<string>();

  render(entry: ChangesEntry): void {
    const open = entry.files.filter((f) => !f.state);
    const added = entry.files.reduce((n, f) => n + f.added, 0);
    const deleted = entry.files.reduce((n, f) => n + f.deleted, 0);
    const n = entry.files.length;
    this.el.classList.toggle('undone', !!entry.undone);
    const turnId = entry.turnId;
    const summary = h('div', { class: 'row-head changes-summary' }, [
      icon('diff'),
      h('span', { class: 'changes-count', text: `${n} ${n === 1 ? 'file' : 'files'} changed` }),
      h('span', { class: 'diff-added', text: `+${added}` }),
      h('span', { class: 'diff-deleted', text: `−${deleted}` }),
      open.length ? actionButton('review-changes', 'Review', { icon: 'eye', data: { reviewAction: 'review', turnId } }) : '',
      open.length ? actionButton('review-changes', 'Keep all', { icon: 'check-all', data: { reviewAction: 'keep', turnId } }) : '',
      open.length ? actionButton('review-changes', 'Undo all', { icon: 'discard', data: { reviewAction: 'undo', turnId } }) : '',
    ]);
    const tracked = entry.files.filter((f) => f.source !== 'outside');
    const outside = entry.files.filter((f) => f.source === 'outside');
    const list = h('ul', { class: 'changes-files' }, tracked.map((f) => this.file(turnId, f)));
    const away = outside.length
      ? h('div', { class: 'changes-outside' }, [
        h('div', { class: 'changes-note', text: 'Outside the workspace — not tracked:' }),
        h('ul', { class: 'changes-files outside-files', attrs: { 'aria-label': 'Files outside the workspace, not tracked' } }, outside.map((f) => h('li', { class: `changes-file outside status-${f.status}` }, [
          h('span', { class: 'file-badge', text: (STATUS[f.status] ?? ['?'])[0], title: (STATUS[f.status] ?? ['', f.status])[1] }),
          h('span', { class: 'file-path-text', text: f.path, title: `${f.path} is outside the workspace: not tracked, no undo` }),
        ]))),
      ])
      : '';
    this.el.replaceChildren(summary, list, away);
  }

  private file(turnId: string, f: ChangedFile): HTMLElement {
    const [badge, label] = STATUS[f.status] ?? ['?', f.status];
    const data = { turnId, root: f.root, path: f.path };
    const key = f.root + '\0' + f.path;
    const canExpand = !f.state && !!f.hunks?.length;
    const isOpen = canExpand && this.expanded.has(key);
    let toggle: HTMLElement | string = '';
    if (canExpand) {
      const n = f.hunks!.length;
      const label = `${isOpen ? 'Hide' : 'Show'} ${n} ${n === 1 ? 'hunk' : 'hunks'} of ${f.path}`;
      toggle = h('button', { class: 'btn hunks-toggle', title: label, attrs: { type: 'button', 'aria-label': label, 'aria-expanded': String(isOpen) } },
        [icon(isOpen ? 'chevron-down' : 'chevron-right')]);
      toggle.addEventListener('click', (e) => {
        e.preventDefault();
        if (this.expanded.has(key)) this.expanded.delete(key);
        else this.expanded.add(key);
        const li = (e.currentTarget as HTMLElement).closest('li');
        const next = this.file(turnId, f);
        li?.replaceWith(next);
        next.querySelector<HTMLElement>('.hunks-toggle')?.focus();
      });
    }
    const li = h('li', { class: `changes-file status-${f.status}${f.state ? ' settled-' + f.state : ''}` }, [
      toggle,
      h('span', { class: 'file-badge', text: badge, title: label }),
      actionButton('review-changes', f.path, { class: 'file-path', data: { ...data, reviewAction: 'review' } }),
      f.oldPath ? h('span', { class: 'file-old-path', text: `← ${f.oldPath}` }) : '',
      f.binary ? h('span', { class: 'file-binary', text: 'binary' }) : h('span', { class: 'file-counts', text: `+${f.added} −${f.deleted}` }),
      f.source === 'reported' ? h('span', { class: 'file-source', text: 'reported by the agent (no snapshot)', title: 'No snapshot was taken of this folder: this is what the agent reported, not what was read from the disk.' }) : '',
      f.diskDiffers ? h('span', { class: 'file-disk-differs', text: 'differs from the agent\'s diff', title: 'A tool call reported other content for this file than the disk held at the turn\'s end; this row shows the disk.' }) : '',
      f.alsoChangedBy?.length ? h('span', { class: 'file-also', text: `also changed by ${f.alsoChangedBy.join(', ')}`, title: 'Another tab changed this file while this turn ran: the diff may hold its edits too.' }) : '',
      f.state
        ? h('span', { class: 'file-state', text: f.state === 'kept' ? 'Kept' : 'Undone' })
        : h('span', { class: 'file-actions' }, [
          actionButton('review-changes', 'Keep', { icon: 'check', text: false, data: { ...data, reviewAction: 'keep' } }),
          actionButton('review-changes', 'Undo', { icon: 'discard', text: false, data: { ...data, reviewAction: 'undo' } }),
        ]),
    ]);
    li.dataset.path = f.path;
    li.dataset.key = key;
    if (isOpen) li.append(h('ol', { class: 'file-hunks', attrs: { 'aria-label': `Hunks of ${f.path}` } }, f.hunks!.map((hk) => this.hunk(data, hk))));
    return li;
  }

  private hunk(data: { turnId: string; root: string; path: string }, hk: ChangedHunk): HTMLElement {
    const where = hk.newCount ? `lines ${hk.newStart + 1}–${hk.newStart + hk.newCount}` : `after line ${hk.newStart}`;
    const pre = h('pre', { class: 'hunk-lines' }, hk.lines.map(([mark, text]) =>
      h('span', { class: mark === '+' ? 'hunk-add' : mark === '-' ? 'hunk-del' : 'hunk-ctx', text: `${mark} ${text}\n` })));
    if (hk.more) pre.append(h('span', { class: 'hunk-more', text: `… ${hk.more} more ${hk.more === 1 ? 'line' : 'lines'}` }));
    return h('li', { class: 'hunk', data: { oldStart: String(hk.oldStart) } }, [
      h('div', { class: 'hunk-head' }, [
        h('span', { class: 'hunk-where', text: `${where} +${hk.newCount} −${hk.oldCount}` }),
        actionButton('undo-hunk', 'Undo this hunk', { icon: 'discard', data: { ...data, oldStart: String(hk.oldStart), oldCount: String(hk.oldCount), newCount: String(hk.newCount) } }),
      ]),
      pre,
    ]);
  }
}
