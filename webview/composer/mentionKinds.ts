/** How each mention kind looks: its codicon and the word a person reads for it. */
import type { Attachment, MentionKind } from '../../src/shared/webviewProtocol.js';
import { t } from '../l10n.js';

const ICONS: Record<MentionKind, string> = {
  file: 'file',
  folder: 'folder',
  symbol: 'symbol-method',
  problems: 'warning',
  editor: 'file-code',
  terminal: 'terminal',
  git: 'source-control',
  thread: 'comment-discussion',
};

/** A function so the words are looked up when drawn, in the panel's language. */
const WORDS = (): Record<MentionKind, string> => ({
  file: t('File'),
  folder: t('Folder'),
  symbol: t('Symbol'),
  problems: t('Problems'),
  editor: t('Open editor'),
  terminal: t('Terminal'),
  git: t('Git'),
  thread: t('Past conversation'),
});

export function mentionIcon(a: Attachment): string {
  if (a.kind) return ICONS[a.kind] ?? 'file';
  return a.range ? 'selection' : 'file';
}

export function mentionKindWord(a: Attachment): string {
  return a.kind ? WORDS()[a.kind] ?? t('Attachment') : a.range ? t('Selection') : t('File');
}

/** The chip's tooltip: the full path of anything on disk, with where a symbol is; else the detail. */
export function mentionTooltip(a: Attachment): string {
  const onDisk = a.uri.startsWith('file:') ? filePathOf(a.uri) : undefined;
  if (a.kind === 'symbol') return `${a.detail ?? a.name}\n${onDisk ?? a.uri}`;
  if (onDisk && a.kind !== 'problems') return onDisk;
  return a.detail ?? a.name;
}

function filePathOf(uri: string): string {
  try {
    return decodeURIComponent(new URL(uri).pathname).replace(/^\/([A-Za-z]:)/, '$1');
  } catch {
    return uri;
  }
}
