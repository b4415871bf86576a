/**
 * "N files changed +a −d" under a turn: what the turn changed on disk (whoever wrote it), with
 * Review / Keep / Undo per file and for all of them, and per hunk once a file is expanded.
 * Paths and file text are shown with textContent only.
 */
import type { ChangedFile, ChangedHunk } from '../../src/protocol/events.js';
import type { ChangesEntry } from '../../src/thread/types.js';
import { actionButton, h, icon } from '../dom.js';
import type { RowContext, RowView } from './rowView.js';
import { t } from '../l10n.js';
import { shownFolderPath } from '../paths.js';

/** A file's badge letter (as in git) and the word its tooltip reads; a function so the word is looked up when drawn. */
function statusOf(status: ChangedFile['status']): [string, string] {
  switch (status) {
    case 'added': return ['A', t('Created')];
    case 'deleted': return ['D', t('Deleted')];
    case 'modified': return ['M', t('Modified')];
    case 'renamed': return ['R', t('Renamed')];
    case 'type-changed': return ['T', t('Type changed')];
    default: return ['?', String(status)];
  }
}

export class ChangesRow implements RowView<ChangesEntry> {
  readonly el = h('div', { class: 'row changes', attrs: { role: 'region', 'aria-label': t('Files changed in this turn') } });
  /** Files whose hunks are listed (root + NUL + path); survives re-renders. */
  private readonly expanded = new Set<string>();

  constructor(private readonly ctx?: RowContext) {}

  /** Undo buttons follow the tab's turn (not while one runs; the tooltip says why). */
  private undoControl(button: HTMLButtonElement): HTMLButtonElement {
    button.dataset.messageControl = 'restore';
    this.ctx?.messageActions?.decorate(button);
    return button;
  }

  render(entry: ChangesEntry): void {
    const open = entry.files.filter((f) => !f.state);
    const added = entry.files.reduce((n, f) => n + f.added, 0);
    const deleted = entry.files.reduce((n, f) => n + f.deleted, 0);
    const n = entry.files.length;
    this.el.classList.toggle('undone', !!entry.undone);
    const turnId = entry.turnId;
    const summary = h('div', { class: 'row-head changes-summary' }, [
      icon('diff'),
      h('span', { class: 'changes-count' }, [
        n === 1 ? t('1 file changed') : t('{0} files changed', n),
        // The list may still grow (the turn runs, or a write it did not wait for is still landing).
        entry.counting ? h('span', { class: 'changes-counting', text: ` · ${t('counting…')}`, title: t('The list of changed files is not final yet: the turn is still running or its last writes are being counted.') }) : '',
      ]),
      h('span', { class: 'diff-added', text: `+${added}` }),
      h('span', { class: 'diff-deleted', text: `−${deleted}` }),
      open.length ? actionButton('review-changes', t('Review'), { icon: 'eye', data: { reviewAction: 'review', turnId } }) : '',
      open.length ? actionButton('review-changes', t('Keep all'), { icon: 'check-all', data: { reviewAction: 'keep', turnId } }) : '',
      open.length ? this.undoControl(actionButton('review-changes', t('Undo all'), { icon: 'discard', data: { reviewAction: 'undo', turnId } })) : '',
    ]);
    const tracked = entry.files.filter((f) => f.source !== 'outside');
    const outside = entry.files.filter((f) => f.source === 'outside');
    const list = h('ul', { class: 'changes-files' }, tracked.map((f) => this.file(turnId, f)));
    const away = outside.length
      ? h('div', { class: 'changes-outside' }, [
        h('div', { class: 'changes-note', text: t('Outside the workspace — not tracked:') }),
        h('ul', { class: 'changes-files outside-files', attrs: { 'aria-label': t('Files outside the workspace, not tracked') } }, outside.map((f) => h('li', { class: `changes-file outside status-${f.status}` }, [
          h('span', { class: 'file-badge', text: statusOf(f.status)[0], title: statusOf(f.status)[1] }),
          h('span', { class: 'file-path-text', text: f.path, title: t('{0} is outside the workspace: not tracked, no undo', f.path) }),
        ]))),
      ])
      : '';
    this.el.replaceChildren(summary, list, away);
  }

  private file(turnId: string, f: ChangedFile): HTMLElement {
    const [badge, label] = statusOf(f.status);
    const data = { turnId, root: f.root, path: f.path };
    // `folder/path` when the window has several folders; the absolute path on hover.
    const shown = shownFolderPath(f.root, f.path);
    const key = f.root + '\0' + f.path;
    const canExpand = !f.state && !!f.hunks?.length;
    const isOpen = canExpand && this.expanded.has(key);
    let toggle: HTMLElement | string = '';
    if (canExpand) {
      const n = f.hunks!.length;
      const label = isOpen
        ? (n === 1 ? t('Hide 1 hunk of {0}', shown.text) : t('Hide {0} hunks of {1}', n, shown.text))
        : (n === 1 ? t('Show 1 hunk of {0}', shown.text) : t('Show {0} hunks of {1}', n, shown.text));
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
      withTooltip(actionButton('review-changes', shown.text, { class: 'file-path', data: { ...data, reviewAction: 'review' } }), shown.absolute),
      f.oldPath ? h('span', { class: 'file-old-path', text: `← ${shownFolderPath(f.root, f.oldPath).text}` }) : '',
      f.binary ? h('span', { class: 'file-binary', text: t('binary') }) : h('span', { class: 'file-counts', text: `+${f.added} −${f.deleted}` }),
      f.source === 'reported' ? h('span', { class: 'file-source', text: t('reported by the agent (no snapshot)'), title: t('No snapshot was taken of this folder: this is what the agent reported, not what was read from the disk.') }) : '',
      f.diskDiffers ? h('span', { class: 'file-disk-differs', text: t("differs from the agent's diff"), title: t("A tool call reported other content for this file than the disk held at the turn's end; this row shows the disk.") }) : '',
      f.by?.length ? h('span', { class: 'file-by', text: `· ${t('by {0}', f.by.join(', '))}`, title: t('The subagent whose tool call reported changing this file') }) : '',
      f.alsoChangedBy?.length ? h('span', { class: 'file-also', text: t('also changed by {0}', f.alsoChangedBy.join(', ')), title: t('Another tab changed this file while this turn ran: the diff may hold its edits too.') }) : '',
      f.state
        ? h('span', { class: 'file-state', text: f.state === 'kept' ? t('Kept') : t('Undone') })
        : h('span', { class: 'file-actions' }, [
          actionButton('review-changes', t('Keep'), { icon: 'check', text: false, data: { ...data, reviewAction: 'keep' } }),
          this.undoControl(actionButton('review-changes', t('Undo'), { icon: 'discard', text: false, data: { ...data, reviewAction: 'undo' } })),
        ]),
    ]);
    li.dataset.path = f.path;
    li.dataset.key = key;
    if (isOpen) li.append(h('ol', { class: 'file-hunks', attrs: { 'aria-label': t('Hunks of {0}', shown.text) } }, f.hunks!.map((hk) => this.hunk(data, hk))));
    return li;
  }

  private hunk(data: { turnId: string; root: string; path: string }, hk: ChangedHunk): HTMLElement {
    const where = hk.newCount ? t('lines {0}–{1}', hk.newStart + 1, hk.newStart + hk.newCount) : t('after line {0}', hk.newStart);
    const pre = h('pre', { class: 'hunk-lines' }, hk.lines.map(([mark, text]) =>
      h('span', { class: mark === '+' ? 'hunk-add' : mark === '-' ? 'hunk-del' : 'hunk-ctx', text: `${mark} ${text}\n` })));
    if (hk.more) pre.append(h('span', { class: 'hunk-more', text: hk.more === 1 ? t('… 1 more line') : t('… {0} more lines', hk.more) }));
    return h('li', { class: 'hunk', data: { oldStart: String(hk.oldStart) } }, [
      h('div', { class: 'hunk-head' }, [
        h('span', { class: 'hunk-where', text: `${where} +${hk.newCount} −${hk.oldCount}` }),
        this.undoControl(actionButton('undo-hunk', t('Undo this hunk'), { icon: 'discard', data: { ...data, oldStart: String(hk.oldStart), oldCount: String(hk.oldCount), newCount: String(hk.newCount) } })),
      ]),
      pre,
    ]);
  }
}

function withTooltip(el: HTMLElement, title: string): HTMLElement {
  el.title = title;
  return el;
}
