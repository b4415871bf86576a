/** A rule as the rules list and view show it: its title, the agent, when it was made. */
import * as vscode from 'vscode';
import { ruleTitle, type AutoApproveRule } from '../../permissions/rule.js';
import { pathFlavor } from '../../services/platformPaths.js';
import { workspaceRoots } from '../editor/workspaceRoots.js';

export function titleOf(rule: AutoApproveRule): string {
  return ruleTitle(rule, workspaceRoots(), pathFlavor(process.platform), vscode.l10n.t);
}

export function detailOf(rule: AutoApproveRule): string {
  return vscode.l10n.t('{0} · this workspace · made {1}', rule.agent, new Date(rule.created).toLocaleString());
}
