/**
 * A v2 diff (`changes` + optional `patch`): the files it touches with an operation badge each,
 * +N −M per file and in total when a git patch came along, and that patch as a unified diff per
 * file, folded. Paths open the file; a deleted file has nothing to open.
 */
import type { DiffPatch, FileChange } from '../../../src/protocol/events.js';
import { matchChanges, parseGitPatch, patchPath, type FilePatch } from '../../../src/thread/fileDiff.js';
import { actionButton, h, icon } from '../../dom.js';
import { pathTooltip, shownPath } from '../../paths.js';
import { t } from '../../l10n.js';

type Item = { changes: FileChange[]; patch?: DiffPatch };

/** A function so the words are looked up when drawn, in the panel's language. */
const OPERATIONS = (): Record<string, { letter: string; label: string }> => ({
  add: { letter: 'A', label: t('Added') },
  delete: { letter: 'D', label: t('Deleted') },
  modify: { letter: 'M', label: t('Modified') },
  move: { letter: 'R', label: t('Moved') },
  copy: { letter: 'C', label: t('Copied') },
});

/** Lines of patch shown per diff item; the rest is counted, not drawn (the file itself has it all). */
const MAX_PATCH_LINES = 2000;

/** `at` says which tool call and content item this is, for Open diff. */
export function renderFileChanges(item: Item, at: { toolCallId: string; contentIndex: number }): HTMLElement {
  const parsed = parseGitPatch(item.patch);
  const budget = { lines: MAX_PATCH_LINES };
  const matched = matchChanges(item.changes, parsed);
  const rows = matched.map(({ change, file }) => renderChange(change, file, budget));
  const totals = parsed?.reduce((t, p) => ({ added: t.added + p.added, removed: t.removed + p.removed }), { added: 0, removed: 0 });
  // The host opens every text file with a patch section side by side (whole files when it can).
  const diffable = matched.some(({ change, file }) => file && file.patch.hunks.length > 0 && (!change?.fileType || change.fileType === 'text'));
  const n = item.changes.length;
  const el = h('div', { class: 'tool-changes' }, [
    h('div', { class: 'changes-head' }, [
      icon('diff'),
      h('span', { class: 'changes-count', text: n === 1 ? t('1 file changed') : t('{0} files changed', n) }),
      totals ? counts(totals.added, totals.removed) : '',
      diffable ? actionButton('open-diff', t('Open diff'), { icon: 'go-to-file', data: { toolCallId: at.toolCallId, contentIndex: String(at.contentIndex) } }) : '',
    ]),
    h('ul', { class: 'changes-list' }, rows),
  ]);
  if (item.patch && !parsed) el.append(rawPatch(item.patch));
  if (budget.lines < 0) el.append(h('div', { class: 'content-note', text: t('The patch is too long to show in full here.') }));
  return el;
}

export function fileChangesSignature(item: Item): string {
  const paths = item.changes.map((c) => `${c.operation}:${c.oldPath ?? ''}:${c.path}:${c.fileType ?? ''}`).join('|');
  return `c:${paths}:${item.patch?.format ?? ''}:${item.patch?.text.length ?? -1}:${item.patch?.text.slice(-64) ?? ''}`;
}

function renderChange(change: FileChange | undefined, file: FilePatch | undefined, budget: { lines: number }): HTMLLIElement {
  const op = change ? OPERATIONS()[change.operation] : undefined;
  const path = change?.path ?? patchPath(file!.patch);
  const shown = shownPath(path);
  const label = change?.oldPath ? `${shownPath(change.oldPath).text} → ${shown.text}` : shown.text;
  const title = change?.oldPath ? `${change.oldPath} → ${pathTooltip(shown)}` : pathTooltip(shown);
  const opName = change ? change.operation : 'patch';
  const canOpen = change !== undefined && change.operation !== 'delete' && change.fileType !== 'directory';
  const li = h('li', { class: `change op-${op ? change!.operation : 'other'}` }, [
    h('div', { class: 'change-line' }, [
      h('span', {
        class: 'change-badge',
        title: op?.label ?? opName,
        attrs: { 'aria-label': op?.label ?? opName },
        text: op?.letter ?? '?',
      }),
      canOpen
        ? h('a', { class: 'location-link change-path', title, text: label, attrs: { href: '#', role: 'link' }, data: { action: 'open-location', path } })
        : h('span', { class: 'change-path', title, text: label }),
      change?.fileType && change.fileType !== 'text' ? h('span', { class: 'change-type', text: change.fileType }) : '',
      file ? counts(file.added, file.removed) : '',
    ]),
  ]);
  if (file && file.patch.hunks.length > 0) {
    const pre = h('pre', { class: 'patch-view', attrs: { tabindex: '0', 'aria-label': t('Diff of {0}', shown.text) } });
    for (const hunk of file.patch.hunks) {
      if (budget.lines <= 0) break;
      pre.append(line(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, 'line-hunk'));
      for (const text of hunk.lines) {
        if (--budget.lines < 0) break;
        pre.append(line(text, LINE_CLASS[text[0] ?? ' '] ?? 'line-context'));
      }
    }
    li.append(h('details', { class: 'change-diff' }, [h('summary', { text: t('Diff') }), pre]));
  }
  return li;
}

const LINE_CLASS: Record<string, string> = { '+': 'line-add', '-': 'line-del', ' ': 'line-context', '\\': 'line-meta' };

function line(text: string, cls: string): HTMLElement {
  return h('span', { class: `patch-line ${cls}`, text: `${text}\n` });
}

function counts(added: number, removed: number): HTMLElement {
  return h('span', { class: 'change-counts' }, [
    h('span', { class: 'diff-added', attrs: { 'aria-label': t('{0} lines added', added) }, text: `+${added}` }),
    ' ',
    h('span', { class: 'diff-removed', attrs: { 'aria-label': t('{0} lines removed', removed) }, text: `−${removed}` }),
  ]);
}

/** A patch that is not a git patch, or one that does not parse: its text, as is. */
function rawPatch(patch: DiffPatch): HTMLElement {
  const text = patch.text.length > 200_000 ? `${patch.text.slice(0, 200_000)}\n…` : patch.text;
  return h('details', { class: 'change-diff' }, [h('summary', { text: t('Patch ({0})', patch.format) }), h('pre', { class: 'patch-view', text })]);
}
