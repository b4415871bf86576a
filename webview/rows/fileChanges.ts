/**
 * A v2 diff (`changes` + optional `patch`): the files it touches with an operation badge each,
 * +N −M per file and in total when a git patch came along, and that patch as a unified diff per
 * file, folded. Paths open the file; a deleted file has nothing to open.
 */
import { parsePatch, type StructuredPatch } from 'diff';
import type { DiffPatch, FileChange } from '../../src/protocol/events.js';
import { h, icon } from '../dom.js';
import { basename } from '../links.js';

type Item = { changes: FileChange[]; patch?: DiffPatch };

const OPERATIONS: Record<string, { letter: string; label: string }> = {
  add: { letter: 'A', label: 'Added' },
  delete: { letter: 'D', label: 'Deleted' },
  modify: { letter: 'M', label: 'Modified' },
  move: { letter: 'R', label: 'Moved' },
  copy: { letter: 'C', label: 'Copied' },
};

/** Lines of patch shown per diff item; the rest is counted, not drawn (the file itself has it all). */
const MAX_PATCH_LINES = 2000;

interface FilePatch {
  added: number;
  removed: number;
  patch: StructuredPatch;
}

export function renderFileChanges(item: Item): HTMLElement {
  const parsed = item.patch ? parseGitPatch(item.patch) : undefined;
  const budget = { lines: MAX_PATCH_LINES };
  const unmatched = new Set(parsed ?? []);
  const rows = item.changes.map((change) => {
    const found = parsed?.find((p) => unmatched.has(p) && matches(p.patch, change));
    if (found) unmatched.delete(found);
    return renderChange(change, found, budget);
  });
  // Patch sections the change list does not name (paths spelled differently) are still shown.
  for (const rest of unmatched) rows.push(renderChange(undefined, rest, budget));
  const totals = parsed?.reduce((t, p) => ({ added: t.added + p.added, removed: t.removed + p.removed }), { added: 0, removed: 0 });
  const n = item.changes.length;
  const el = h('div', { class: 'tool-changes' }, [
    h('div', { class: 'changes-head' }, [
      icon('diff'),
      h('span', { class: 'changes-count', text: `${n} ${n === 1 ? 'file' : 'files'} changed` }),
      totals ? counts(totals.added, totals.removed) : '',
    ]),
    h('ul', { class: 'changes-list' }, rows),
  ]);
  if (item.patch && !parsed) el.append(rawPatch(item.patch));
  if (budget.lines < 0) el.append(h('div', { class: 'content-note', text: 'The patch is too long to show in full here.' }));
  return el;
}

export function fileChangesSignature(item: Item): string {
  const paths = item.changes.map((c) => `${c.operation}:${c.oldPath ?? ''}:${c.path}:${c.fileType ?? ''}`).join('|');
  return `c:${paths}:${item.patch?.format ?? ''}:${item.patch?.text.length ?? -1}:${item.patch?.text.slice(-64) ?? ''}`;
}

function renderChange(change: FileChange | undefined, file: FilePatch | undefined, budget: { lines: number }): HTMLLIElement {
  const op = change ? OPERATIONS[change.operation] : undefined;
  const path = change?.path ?? patchPath(file!.patch);
  const label = change?.oldPath ? `${basename(change.oldPath)} → ${basename(path)}` : basename(path);
  const title = change?.oldPath ? `${change.oldPath} → ${path}` : path;
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
    const pre = h('pre', { class: 'patch-view', attrs: { tabindex: '0', 'aria-label': `Diff of ${basename(path)}` } });
    for (const hunk of file.patch.hunks) {
      if (budget.lines <= 0) break;
      pre.append(line(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, 'line-hunk'));
      for (const text of hunk.lines) {
        if (--budget.lines < 0) break;
        pre.append(line(text, LINE_CLASS[text[0] ?? ' '] ?? 'line-context'));
      }
    }
    li.append(h('details', { class: 'change-diff' }, [h('summary', { text: 'Diff' }), pre]));
  }
  return li;
}

const LINE_CLASS: Record<string, string> = { '+': 'line-add', '-': 'line-del', ' ': 'line-context', '\\': 'line-meta' };

function line(text: string, cls: string): HTMLElement {
  return h('span', { class: `patch-line ${cls}`, text: `${text}\n` });
}

function counts(added: number, removed: number): HTMLElement {
  return h('span', { class: 'change-counts' }, [
    h('span', { class: 'diff-added', attrs: { 'aria-label': `${added} lines added` }, text: `+${added}` }),
    ' ',
    h('span', { class: 'diff-removed', attrs: { 'aria-label': `${removed} lines removed` }, text: `−${removed}` }),
  ]);
}

/** A patch that is not a git patch, or one that does not parse: its text, as is. */
function rawPatch(patch: DiffPatch): HTMLElement {
  const text = patch.text.length > 200_000 ? `${patch.text.slice(0, 200_000)}\n…` : patch.text;
  return h('details', { class: 'change-diff' }, [h('summary', { text: `Patch (${patch.format})` }), h('pre', { class: 'patch-view', text })]);
}

function parseGitPatch(patch: DiffPatch): FilePatch[] | undefined {
  if (patch.format !== 'git_patch') return undefined;
  try {
    return parsePatch(patch.text).map((p) => {
      let added = 0;
      let removed = 0;
      for (const hunk of p.hunks) {
        for (const l of hunk.lines) {
          if (l[0] === '+') added++;
          else if (l[0] === '-') removed++;
        }
      }
      return { added, removed, patch: p };
    });
  } catch {
    return undefined;
  }
}

/** ACP git patches use absolute paths without `a/` `b/`; the parser may still add them for renames. */
function clean(name: string | undefined): string | undefined {
  if (!name || name === '/dev/null') return undefined;
  return /^[ab]\/\//.test(name) ? name.slice(2) : name;
}

/**
 * Exact absolute paths first; a patch written git-style anyway (`a/src/x.ts`, relative) still
 * matches the change whose absolute path ends with that relative path.
 */
function matches(p: StructuredPatch, change: FileChange): boolean {
  const paths = [change.path, change.oldPath].filter((x): x is string => !!x);
  for (const raw of [p.oldFileName, p.newFileName]) {
    const name = clean(raw);
    if (!name) continue;
    if (paths.includes(name)) return true;
    const relative = name.replace(/^[ab]\//, '');
    if (!relative.startsWith('/') && paths.some((x) => x.endsWith(`/${relative}`))) return true;
  }
  return false;
}

function patchPath(p: StructuredPatch): string {
  return clean(p.newFileName) ?? clean(p.oldFileName) ?? '(unnamed file)';
}
