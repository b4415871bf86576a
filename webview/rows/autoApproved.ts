/**
 * A request answered by an auto-approve rule: the card says which rule answered and offers to
 * revoke it on the spot. Whether the rule still stands comes from the host (`rules` message);
 * a revoked rule's cards say so instead of offering the button again.
 */
import type { ToolCallEntry } from '../../src/thread/types.js';
import { h, icon } from '../dom.js';

/** The rules in force (ids); undefined until the host says, when every rule is taken as standing. */
let activeRules: ReadonlySet<string> | undefined;

export function setActiveRules(ids: readonly string[], root: ParentNode = document): void {
  activeRules = new Set(ids);
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('.auto-approved[data-rule-id]'))) showRuleState(el);
}

export function renderAutoApproved(entry: ToolCallEntry & { autoApproved: { ruleId: string; title: string } }): HTMLElement {
  const { ruleId, title } = entry.autoApproved;
  const answer = entry.permissionLabel ? ` (${entry.permissionLabel})` : '';
  const revoke = h('button', {
    class: 'btn btn-secondary revoke-rule',
    attrs: { type: 'button' },
    title: `Revoke the rule “${title}”: the agent asks again next time.`,
    data: { action: 'revoke-rule', ruleId },
  }, [icon('trash'), h('span', { class: 'btn-label', text: 'Revoke rule' })]);
  const el = h('div', { class: 'permission-outcome auto-approved', data: { ruleId } }, [
    icon('check-all'),
    h('span', { class: 'auto-approved-text', text: `Auto-approved by rule “${title}”${answer}` }),
    revoke,
    h('span', { class: 'rule-revoked', text: 'Rule revoked' }),
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
