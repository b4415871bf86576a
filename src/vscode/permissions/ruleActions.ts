/**
 * What the user does with rules from the chat: "Always allow …" on a card (make the offered
 * rule, then answer the request with the agent's allow option the offer named) and "Revoke
 * rule" on a card a rule answered. The offer is looked up on the host by the request, so the
 * page can only pick an offer, never describe one.
 */
import * as vscode from 'vscode';
import type { PermissionRequest } from '../thread/chatThread.js';
import type { PendingQuestion } from '../tabs/tabQuestions.js';
import type { RulesAdvisor } from './rulesAdvisor.js';
import type { RuleStore } from './ruleStore.js';

export interface RuleActionsHost {
  pendingPermissions(): PendingQuestion<PermissionRequest>[];
  answerPermission(requestId: string, optionId: string): boolean;
}

export class RuleActions {
  constructor(
    private readonly host: RuleActionsHost,
    private readonly store: RuleStore,
    private readonly advisor: RulesAdvisor,
  ) {}

  /** False when the request is no longer waiting or offered no rule. */
  async alwaysAllow(requestId: string): Promise<boolean> {
    const request = this.host.pendingPermissions().find((p) => p.question.requestId === requestId)?.question;
    const offerId = request?.ruleOffer?.id;
    if (!request || !offerId) return false;
    // Trust can be withdrawn while a card waits: then the card's offer no longer holds.
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: rules are not made in an untrusted workspace. Answer the request with one of its options.'));
      return false;
    }
    const offer = this.advisor.takeOffer(offerId);
    if (!offer || !request.options.some((o) => o.optionId === offer.optionId)) return false;
    await this.store.add(offer.draft);
    return this.host.answerPermission(requestId, offer.optionId);
  }

  async revoke(ruleId: string): Promise<void> {
    const rule = this.store.get(ruleId);
    const revoked = await this.store.revoke(ruleId);
    if (!revoked) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: that rule was already revoked.'));
      return;
    }
    void vscode.window.showInformationMessage(rule
      ? vscode.l10n.t('Agent Chat: rule revoked ({0}). The agent asks again next time.', rule.agent)
      : vscode.l10n.t('Agent Chat: rule revoked. The agent asks again next time.'));
  }
}
