/**
 * A plan the agent keeps in a file: its name, and an Open button. The host opens a `file:` plan
 * only inside a workspace folder (src/services/planFile.ts) and says why when it does not; a web
 * address goes through the host's link policy; anything else is shown as text only.
 */
import { h, icon } from '../dom.js';
import { basename, safeHref } from '../links.js';
import { t } from '../l10n.js';

export function planFileView(uri: string): HTMLElement {
  const path = filePath(uri);
  if (path) {
    const name = basename(path);
    return h('div', { class: 'plan-file' }, [
      icon('file'),
      h('span', { class: 'plan-file-name', title: path, text: name }),
      h('button', {
        class: 'btn btn-secondary plan-open',
        title: t('Open the plan file {0}', path),
        attrs: { type: 'button', 'aria-label': t('Open the plan file {0}', name) },
        data: { action: 'open-plan-file', uri: uri.trim() },
      }, [icon('go-to-file'), h('span', { class: 'btn-label', text: t('Open') })]),
    ]);
  }
  const href = safeHref(uri);
  if (href) return h('a', { class: 'md-link plan-file', title: uri, attrs: { href } }, [icon('link-external'), h('span', { class: 'plan-file-name', text: basename(uri) })]);
  return h('span', { class: 'plan-file', title: uri }, [icon('file'), h('span', { class: 'plan-file-name', text: uri })]);
}

/** The absolute path of a `file:` URI, or null for any other URI (or a malformed one). */
function filePath(uri: string): string | null {
  if (!/^file:/i.test(uri.trim())) return null;
  try {
    const url = new URL(uri.trim());
    const path = decodeURIComponent(url.pathname);
    // file:///c:/x → c:/x on Windows hosts; the host checks the path anyway.
    return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
  } catch {
    return null;
  }
}
