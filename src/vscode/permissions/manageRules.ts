/**
 * Agent Chat: Manage Auto-Approve Rules… (`agentChat.manageRules`): this workspace's rules in a
 * QuickPick; pick one to edit its scope or revoke it (or use the item's buttons). The same
 * edit and revoke back the rules view's inline actions.
 */
import * as vscode from 'vscode';
import type { AutoApproveRule } from '../../permissions/rule.js';
import { parseScopeInput, scopeInputOf } from '../../permissions/scopeInput.js';
import { pathFlavor } from '../../services/platformPaths.js';
import { workspaceRoots } from '../editor/workspaceRoots.js';
import type { RuleStore } from './ruleStore.js';
import { detailOf, titleOf } from './ruleWords.js';
import { workspaceKey } from './workspaceKey.js';

const EDIT = { iconPath: new vscode.ThemeIcon('edit'), tooltip: vscode.l10n.t('Edit scope') };
const REVOKE = { iconPath: new vscode.ThemeIcon('trash'), tooltip: vscode.l10n.t('Revoke') };

type RuleItem = vscode.QuickPickItem & { rule: AutoApproveRule };

export async function manageRules(store: RuleStore): Promise<void> {
  const rules = store.forWorkspace(workspaceKey());
  if (rules.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: no auto-approve rules in this workspace. Choose “Always allow …” on a permission card to make one.'));
    return;
  }
  const pick = vscode.window.createQuickPick<RuleItem>();
  pick.title = vscode.l10n.t('Auto-Approve Rules (this workspace)');
  pick.placeholder = vscode.l10n.t('Pick a rule to edit or revoke it');
  const fill = () => {
    pick.items = store.forWorkspace(workspaceKey()).map((rule) => ({ label: titleOf(rule), description: rule.agent, detail: detailOf(rule), rule, buttons: [EDIT, REVOKE] }));
  };
  fill();
  const chosen = await new Promise<{ rule: AutoApproveRule; action?: 'edit' | 'revoke' } | undefined>((resolve) => {
    pick.onDidTriggerItemButton((e) => resolve({ rule: e.item.rule, action: e.button === EDIT ? 'edit' : 'revoke' }));
    pick.onDidAccept(() => resolve(pick.selectedItems[0] ? { rule: pick.selectedItems[0].rule } : undefined));
    pick.onDidHide(() => resolve(undefined));
    pick.show();
  });
  pick.dispose();
  if (!chosen) return;
  const action = chosen.action ?? (await chooseAction(chosen.rule));
  if (action === 'edit') await editRule(store, chosen.rule);
  else if (action === 'revoke') await revokeRule(store, chosen.rule);
}

async function chooseAction(rule: AutoApproveRule): Promise<'edit' | 'revoke' | undefined> {
  const items: Array<vscode.QuickPickItem & { action: 'edit' | 'revoke' }> = [
    { label: `$(edit) ${vscode.l10n.t('Edit scope…')}`, description: titleOf(rule), action: 'edit' },
    { label: `$(trash) ${vscode.l10n.t('Revoke')}`, description: vscode.l10n.t('The agent asks again next time'), action: 'revoke' },
  ];
  return (await vscode.window.showQuickPick(items, { title: titleOf(rule), placeHolder: rule.agent }))?.action;
}

export async function editRule(store: RuleStore, rule: AutoApproveRule): Promise<void> {
  const roots = workspaceRoots();
  const flavor = pathFlavor(process.platform);
  const prompt = rule.action === 'execute'
    ? vscode.l10n.t('The exact command line this rule allows (nothing more is matched)')
    : rule.action === 'tool'
    ? vscode.l10n.t('The exact name of the tool this rule allows (as the agent names it)')
    : rule.action === 'consult'
    ? vscode.l10n.t('The name of the agent (as in agentChat.agents) this rule allows consulting')
    : vscode.l10n.t('A folder below the workspace ending in / (e.g. src/), one file (e.g. notes.txt), or empty for the whole workspace');
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Edit: {0}', titleOf(rule)),
    prompt,
    value: scopeInputOf(rule, roots, flavor),
    validateInput: (value) => {
      const parsed = parseScopeInput(value, rule, roots, flavor, vscode.l10n.t);
      return 'error' in parsed ? parsed.error : undefined;
    },
  });
  if (text === undefined) return;
  const parsed = parseScopeInput(text, rule, roots, flavor);
  if ('error' in parsed) return;
  await store.setScope(rule.id, parsed.scope);
}

export async function revokeRule(store: RuleStore, rule: AutoApproveRule): Promise<void> {
  if (await store.revoke(rule.id)) void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: revoked “{0}” ({1}).', titleOf(rule), rule.agent));
}
