/**
 * Paths in the panel as a person reads them (src/shared/workspacePaths.ts): relative to their
 * workspace folder (`folder/path` with several), the absolute path on hover, a path outside every
 * folder whole and marked "outside". The folders come with each snapshot (the host sends a new
 * one when they change, which redraws every row).
 */
import { pathParts, pathsInText, showFolderPath, showPath, type ShownPath, type WorkspaceFolderRef } from '../src/shared/workspacePaths.js';
import { h } from './dom.js';
import { t } from './l10n.js';
import { basename } from './links.js';

let folders: readonly WorkspaceFolderRef[] = [];

export function setWorkspaceFolders(next: readonly WorkspaceFolderRef[] | undefined): void {
  folders = next ?? [];
}

/** A file's path; without workspace folders (a window with none open) its name, as the panel always showed. */
export function shownPath(path: string): ShownPath {
  if (!folders.length) return { text: basename(path), absolute: path, outside: false };
  return showPath(path, folders);
}

/** A changes row's file: its folder and its path in it. */
export function shownFolderPath(root: string, rel: string): ShownPath {
  return showFolderPath(root, rel, folders);
}

/** The text a screen reader or a plain label gets: the shown paths, an outside one said so. */
export function pathsSaid(text: string): string {
  return pathsInText(text, folders, (p) => t('{0} (outside the workspace)', p));
}

/** The tooltip of a shown path. */
export function pathTooltip(p: ShownPath): string {
  return p.outside ? t('{0} — outside the workspace', p.absolute) : p.absolute;
}

/** One path as an inline element: its shown text, the absolute path as its tooltip, "outside" after it when it is. */
export function pathEl(p: ShownPath, cls = 'shown-path'): HTMLElement {
  const el = h('span', { class: `${cls}${p.outside ? ' path-outside' : ''}`, text: p.text, title: pathTooltip(p) });
  if (p.outside) el.append(' ', h('span', { class: 'outside-mark', text: t('outside') }));
  return el;
}

/**
 * Free text (a tool's title, a permission question) with its paths drawn by `pathEl`. `markOutside`
 * false (commands, URLs fetched) shows paths outside the folders as the agent wrote them.
 */
export function textWithPaths(text: string, markOutside = true): Array<Node | string> {
  return pathParts(text, folders).map((p) => {
    if (typeof p === 'string') return p;
    if (p.outside && !markOutside) return p.absolute;
    return pathEl(p);
  });
}
