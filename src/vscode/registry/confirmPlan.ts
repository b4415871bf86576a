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
      lines = describePlan(plan, plannedEntry(plan, installDir), installDir);
    } catch (error) {
      lines = [error instanceof Error ? error.message : String(error)];
    }
    return plans.length > 1 ? [`With ${plan.kind}:`, ...lines.map((l) => `  ${l}`)].join('\n') : lines.join('\n');
  });
  const where = configuredAs === agent.name
    ? `Replaces your agent "${agent.name}" in your user settings (agentChat.agents).`
    : `Added to your user settings as agentChat.agents["${agent.name}"]${configuredAs ? ` (you already have it as "${configuredAs}")` : ''}.`;
  const notes = agent.notes.length ? `\n\nNot used from this entry: ${agent.notes.join('; ')}.` : '';
  const detail = `${agent.description}\n\n${sections.join('\n\n')}\n\n${where} Nothing is run until you start a chat with it.${notes}`;
  const buttons = plans.map((plan) => planButton(plan));
  const pick = await vscode.window.showInformationMessage(`Add ${agent.name} ${agent.version}?`, { modal: true, detail }, ...buttons);
  const index = pick === undefined ? -1 : buttons.indexOf(pick);
  return index >= 0 ? plans[index] : undefined;
}

