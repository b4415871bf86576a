/**
 * Auto-approve rules in the editor, wired in one place: the store in global state, the advisor
 * the agent layer asks, the card actions, the rules view and its commands.
 */
import * as vscode from 'vscode';
import { CommandId } from '../commandIds.js';
import { DisposableScope } from '../disposables.js';
import { editRule, manageRules, revokeRule } from './manageRules.js';
import { RuleActions, type RuleActionsHost } from './ruleActions.js';
import { RulesAdvisor } from './rulesAdvisor.js';
import { RuleStore } from './ruleStore.js';
import { RULES_VIEW_ID, RulesTree, ruleOfArgument } from './rulesView.js';
import { workspaceKey } from './workspaceKey.js';

export class AutoApproveRules implements vscode.Disposable {
  private readonly scope = new DisposableScope();
  readonly store: RuleStore;
  readonly advisor: RulesAdvisor;

  constructor(globalState: vscode.Memento) {
    this.store = this.scope.add(new RuleStore(globalState));
    this.advisor = new RulesAdvisor(this.store);
  }

  /** The ids of this workspace's rules, for the chat's cards. */
  activeIds(): string[] {
    return this.store.forWorkspace(workspaceKey()).map((r) => r.id);
  }

  get onDidChange(): vscode.Event<void> {
    return this.store.onDidChange;
  }

  actions(host: RuleActionsHost): RuleActions {
    return new RuleActions(host, this.store, this.advisor);
  }

  /** The view and the commands (after the context exists). */
  register(): void {
    const tree = this.scope.add(new RulesTree(this.store));
    this.scope.add(vscode.window.createTreeView(RULES_VIEW_ID, { treeDataProvider: tree, showCollapseAll: false }));
    this.scope.add(vscode.commands.registerCommand(CommandId.manageRules, () => manageRules(this.store)));
    this.scope.add(vscode.commands.registerCommand(CommandId.editRule, async (arg: unknown) => {
      const rule = ruleOfArgument(arg);
      if (rule) await editRule(this.store, rule);
      else await manageRules(this.store);
    }));
    this.scope.add(vscode.commands.registerCommand(CommandId.revokeRule, async (arg: unknown) => {
      const rule = ruleOfArgument(arg);
      if (rule) await revokeRule(this.store, rule);
      else await manageRules(this.store);
    }));
  }

  dispose(): void {
    this.scope.dispose();
  }
}
