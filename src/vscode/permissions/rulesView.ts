/**
 * The "Auto-Approve Rules" view in the Agent Chat container (`agentChat.rules`): this
 * workspace's rules, grouped by agent, each with Edit and Revoke inline; empty, it says how a
 * rule is made (the view's welcome text in package.json).
 */
import * as vscode from 'vscode';
import type { AutoApproveRule } from '../../permissions/rule.js';
import type { RuleStore } from './ruleStore.js';
import { detailOf, titleOf } from './ruleWords.js';
import { workspaceKey } from './workspaceKey.js';

export const RULES_VIEW_ID = 'agentChat.rules';

type Node = { kind: 'agent'; agent: string } | { kind: 'rule'; rule: AutoApproveRule };

export class RulesTree implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly sub: vscode.Disposable;

  constructor(private readonly store: RuleStore) {
    this.sub = store.onDidChange(() => this.changed.fire());
  }

  getChildren(node?: Node): Node[] {
    const rules = this.store.forWorkspace(workspaceKey());
    if (!node) return [...new Set(rules.map((r) => r.agent))].sort().map((agent) => ({ kind: 'agent', agent }));
    if (node.kind === 'agent') return rules.filter((r) => r.agent === node.agent).map((rule) => ({ kind: 'rule', rule }));
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'agent') {
      const item = new vscode.TreeItem(node.agent, vscode.TreeItemCollapsibleState.Expanded);
      item.iconPath = new vscode.ThemeIcon('hubot');
      item.tooltip = vscode.l10n.t('Rules for {0} in this workspace', node.agent);
      return item;
    }
    const item = new vscode.TreeItem(titleOf(node.rule), vscode.TreeItemCollapsibleState.None);
    item.id = node.rule.id;
    item.iconPath = new vscode.ThemeIcon(node.rule.action === 'execute' ? 'terminal' : node.rule.action === 'tool' ? 'tools' : node.rule.action === 'consult' ? 'comment-discussion' : 'check-all');
    item.tooltip = `${titleOf(node.rule)}\n${detailOf(node.rule)}\n${vscode.l10n.t('Sensitive files and anything outside the workspace still ask.')}`;
    item.contextValue = 'agentChatRule';
    return item;
  }

  dispose(): void {
    this.sub.dispose();
    this.changed.dispose();
  }
}

/** The rule a view item or command argument names. */
export function ruleOfArgument(arg: unknown): AutoApproveRule | undefined {
  if (arg && typeof arg === 'object' && (arg as Node).kind === 'rule') return (arg as { rule: AutoApproveRule }).rule;
  return undefined;
}
