/**
 * A request answered by an auto-approve rule: the card says which rule answered and offers to
 * revoke it on the spot. Whether the rule still stands comes from the host (`rules` message);
 * a revoked rule's cards say so instead of offering the button again.
 */
import type { ToolCallEntry } from '../../src/thread/types.js';
import { h, icon } from '../dom.js';
import { t } from '../l10n.js';

/** The rules in force (ids); undefined until the host says, when every rule is taken as standing. */
let activeRules: ReadonlySet<string> | undefined;

export function setActiveRules(ids: readonly string[], root: ParentNode = document): void {
  activeRules = new Set(ids);
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('.auto-approved[data-rule-id]'))) showRuleState(el);
}

export function renderAutoApproved(entry: ToolCallEntry & { autoApproved: { ruleId: string; title: string } }): HTMLElement {
  const { ruleId, title } = entry.autoApproved;
  const text = entry.permissionLabel ? t('Auto-approved by rule “{0}” ({1})', title, entry.permissionLabel) : t('Auto-approved by rule “{0}”', title);
  const revoke = h('button', {
    class: 'btn btn-secondary revoke-rule',
    attrs: { type: 'button' },
    title: t('Revoke the rule “{0}”: the agent asks again next time.', title),
    data: { action: 'revoke-rule', ruleId },
  }, [icon('trash'), h('span', { class: 'btn-label', text: t('Revoke rule') })]);
  const el = h('div', { class: 'permission-outcome auto-approved', data: { ruleId } }, [
    icon('check-all'),
    h('span', { class: 'auto-approved-text', text }),
    revoke,
    h('span', { class: 'rule-revoked', text: t('Rule revoked') }),
  ]);
  showRuleState(el);
  return el;
}

function showRuleState(el: HTMLElement): void {
  const standing = !activeRules || activeRules.has(el.dataset.ruleId ?? '');
  el.classList.toggle('revoked', !standing);
  const button = el.querySelector<HTMLButtonElement>('.revoke-rule');
  if (button) button.hidden = !standing;
  const note = el.querySelector<HTMLElement>('.rule-revoked');
  if (note) note.hidden = standing;
}
