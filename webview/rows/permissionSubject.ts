/**
 * What a v2 permission request says beyond its question: why the agent asks (`description`) and,
 * for a command subject, the exact command line and where it would run — the card must show
 * what the user allows, not only the agent's summary of it. Plain text, never Markdown.
 */
import type { PendingPermission } from '../../src/thread/types.js';
import { h } from '../dom.js';
import { t } from '../l10n.js';

export function permissionSubject(p: PendingPermission): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (p.description) out.push(h('div', { class: 'permission-description', text: p.description }));
  if (p.command) {
    out.push(h('div', { class: 'permission-command', attrs: { 'aria-label': t('Command: {0}, in {1}', p.command.command, p.command.cwd) } }, [
      h('code', { text: p.command.command }),
      h('span', { class: 'permission-cwd', text: t('in {0}', p.command.cwd) }),
    ]));
  }
  return out;
}
