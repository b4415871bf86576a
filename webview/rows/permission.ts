/**
 * A pending permission request, inline on its tool call: the agent's own options as buttons,
 * styled by kind. The first "allow" takes focus when the request appears so a keyboard user can
 * answer at once; the request is also announced.
 */
import type { PermissionOption, RuleOfferView } from '../../src/protocol/events.js';
import type { PendingPermission } from '../../src/thread/types.js';
import { h, icon } from '../dom.js';
import { permissionSubject } from './permissionSubject.js';
import { t } from '../l10n.js';
import { textWithPaths } from '../paths.js';

export function optionClass(kind: PermissionOption['kind']): string {
  switch (kind) {
    case 'allow_once':
      return 'btn-primary';
    case 'allow_always':
      return 'btn-secondary';
    case 'reject_once':
    case 'reject_always':
      return 'btn-danger';
    default:
      return 'btn-secondary';
  }
}

const KIND_ICON: Record<string, string> = { allow_once: 'check', allow_always: 'check-all', reject_once: 'close', reject_always: 'circle-slash' };

export function renderPermission(p: PendingPermission, toolTitle: string): HTMLElement {
  const question = p.title || t('Allow “{0}”?', toolTitle);
  const labelId = `perm-${p.requestId.replace(/[^\w-]/g, '_')}`;
  const buttons = p.options.map((o) => {
    const b = h('button', {
      class: `btn perm-option ${optionClass(o.kind)}`,
      attrs: { type: 'button' },
      data: { action: 'permission', requestId: p.requestId, optionId: o.optionId, kind: o.kind },
    }, [icon(KIND_ICON[o.kind] ?? 'circle-large-outline'), h('span', { class: 'btn-label', text: o.name })]);
    return b;
  });
  return h('div', { class: 'permission', attrs: { role: 'group', 'aria-labelledby': labelId } }, [
    // Paths in the question are workspace-relative (the absolute one on hover), one outside it marked.
    h('div', { class: 'permission-question', attrs: { id: labelId } }, [icon('shield'), h('span', {}, textWithPaths(question))]),
    ...permissionSubject(p),
    h('div', { class: 'permission-options' }, buttons),
    p.ruleOffer ? renderRuleOffer(p.requestId, p.ruleOffer) : null,
  ]);
}

/**
 * "Always allow …" with the rule's exact scope in words, apart from the agent's own options:
 * it answers this request with the agent's allow option and makes a rule for the next ones.
 */
function renderRuleOffer(requestId: string, offer: RuleOfferView): HTMLElement {
  // A thread saved before offers carried their words has only the English title.
  const words = offer.words ?? offer.title.replace(/^Allow /, '');
  const button = h('button', {
    class: 'btn btn-secondary perm-rule',
    attrs: { type: 'button' },
    title: t("Answers with the agent's own allow option and makes a rule for this agent in this workspace. Sensitive files (.env, keys, .git/, .vscode/) and anything outside the workspace still ask. Rules are listed in Agent Chat: Manage Auto-Approve Rules."),
    data: { action: 'allow-always', requestId },
  }, [icon('check-all'), h('span', { class: 'btn-label', text: t('Always allow {0}', words) })]);
  return h('div', { class: 'permission-rule' }, [button]);
}

/** The button to focus when a request appears: the first allow, else the first option. */
export function firstAllowButton(el: HTMLElement): HTMLButtonElement | null {
  return el.querySelector<HTMLButtonElement>('button[data-kind^="allow"]') ?? el.querySelector<HTMLButtonElement>('button.perm-option');
}
