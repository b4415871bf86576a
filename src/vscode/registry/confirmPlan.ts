/**
 * The confirmation before anything is downloaded or written: a modal that spells out what will
 * run, with one button per way the agent can be installed here.
 */
import * as vscode from 'vscode';
import { describePlan, planButton } from '../../registry/describePlan.js';
import type { InstallPlan } from '../../registry/installPlan.js';
import { binaryInstallDir, plannedEntry } from '../../registry/settingsEntry.js';
import type { RegistryAgent } from '../../registry/types.js';

export async function confirmPlan(agent: RegistryAgent, plans: InstallPlan[], storageDir: string, configuredAs: string | undefined): Promise<InstallPlan | undefined> {
  const installDir = binaryInstallDir(storageDir, agent);
  const sections = plans.map((plan) => {
    let lines: string[];
    try {
      lines = describePlan(plan, plannedEntry(plan, installDir), installDir, vscode.l10n.t);
    } catch (error) {
      lines = [error instanceof Error ? error.message : String(error)];
    }
    return plans.length > 1 ? [vscode.l10n.t('With {0}:', plan.kind), ...lines.map((l) => `  ${l}`)].join('\n') : lines.join('\n');
  });
  const where = configuredAs === agent.name
    ? vscode.l10n.t('Replaces your agent "{0}" in your user settings (agentChat.agents).', agent.name)
    : configuredAs
      ? vscode.l10n.t('Added to your user settings as agentChat.agents["{0}"] (you already have it as "{1}").', agent.name, configuredAs)
      : vscode.l10n.t('Added to your user settings as agentChat.agents["{0}"].', agent.name);
  const notes = agent.notes.length ? `\n\n${vscode.l10n.t('Not used from this entry: {0}.', agent.notes.join('; '))}` : '';
  const detail = `${agent.description}\n\n${sections.join('\n\n')}\n\n${where} ${vscode.l10n.t('Nothing is run until you start a chat with it.')}${notes}`;
  const buttons = plans.map((plan) => planButton(plan, vscode.l10n.t));
  const pick = await vscode.window.showInformationMessage(vscode.l10n.t('Add {0} {1}?', agent.name, agent.version), { modal: true, detail }, ...buttons);
  const index = pick === undefined ? -1 : buttons.indexOf(pick);
  return index >= 0 ? plans[index] : undefined;
}

