/**
 * Agent Chat: Add Agent… — browse the ACP registry, see exactly what an agent would run, and add
 * it to the user's agents. The registry is fetched only here, on the user's action; offline, the
 * last good copy is listed and the title says from when.
 */
import * as vscode from 'vscode';
import { configuredAs } from '../../registry/configured.js';
import { CancelledError } from '../../registry/install/httpGet.js';
import { loadRegistry, type LoadedRegistry } from '../../registry/loadRegistry.js';
import { loadRegistryIcons } from '../../registry/registryIcons.js';
import { installPlans } from '../../registry/installPlan.js';
import { platformLabel, registryPlatform } from '../../registry/platform.js';
import type { RegistryAgent } from '../../registry/types.js';
import { CommandId } from '../commandIds.js';
import type { ProtocolLog } from '../protocolLog.js';
import { confirmPlan } from './confirmPlan.js';
import { installRegistryAgent } from './installWithProgress.js';
import { registryPickItems, type RegistryPickItem } from './registryPickItems.js';
import { readRegistryUrl, userAgentEntries } from './registrySettings.js';

export interface AddAgentDeps {
  storageDir: string;
  log: ProtocolLog;
}

export function registerAddAgent(deps: AddAgentDeps): vscode.Disposable {
  return vscode.commands.registerCommand(CommandId.addAgent, () => addAgent(deps));
}

async function addAgent(deps: AddAgentDeps): Promise<void> {
  const url = readRegistryUrl();
  let loaded: LoadedRegistry | undefined;
  try {
    loaded = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Agent Chat: reading the ACP registry…'), cancellable: true },
      (_progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        return loadRegistry(url, deps.storageDir, { signal: abort.signal });
      },
    );
  } catch (error) {
    if (error instanceof CancelledError) return;
    void vscode.window.showErrorMessage(vscode.l10n.t('Agent Chat: the ACP registry could not be read. {0}', messageOf(error)), vscode.l10n.t('Open Settings')).then((pick) => {
      if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', 'agentChat.registryUrl');
    });
    return;
  }
  if (loaded.origin.kind === 'cache') deps.log.warn(`ACP registry: offline, using the copy from ${loaded.origin.fetchedAt} (${loaded.origin.reason})`);
  for (const skipped of loaded.registry.skipped) deps.log.warn(`ACP registry: left out "${skipped.label}": ${skipped.reason}`);

  const agent = await pickRegistryAgent(loaded, deps.storageDir, deps.log);
  if (!agent) return;
  const result = installPlans(agent, registryPlatform(), platformLabel());
  if ('unavailable' in result) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Agent Chat: {0}', result.unavailable));
    return;
  }
  const userEntries = userAgentEntries();
  const chosen = await confirmPlan(agent, result.plans, deps.storageDir, configuredAs(agent, userEntries, deps.storageDir));
  if (!chosen) return;
  try {
    await installRegistryAgent(agent, chosen, deps.storageDir);
  } catch (error) {
    if (error instanceof CancelledError) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: installing {0} was cancelled; nothing was installed.', agent.name));
      return;
    }
    deps.log.warn(`ACP registry: installing ${agent.id} failed: ${messageOf(error)}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('Agent Chat: {0} was not installed. {1}', agent.name, messageOf(error)));
    return;
  }
  const start = vscode.l10n.t('Start Chat');
  const pick = await vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: "{0}" was added to your agents (user settings).', agent.name), start);
  if (pick === start) await vscode.commands.executeCommand(CommandId.selectAgent, agent.name);
}

type Item = RegistryPickItem;

/** Agents by name, with their icons when they arrive within the icon deadline; left-out entries last. */
async function pickRegistryAgent(loaded: LoadedRegistry, storageDir: string, log: ProtocolLog): Promise<RegistryAgent | undefined> {
  const icons = await loadRegistryIcons(loaded.registry.agents.flatMap((a) => (a.icon ? [a.icon] : [])), storageDir, {
    onFailure: (url, reason) => log.warn(`ACP registry: icon ${url}: ${reason}`),
  });
  const items = registryPickItems(loaded.registry, storageDir, icons);
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = loaded.origin.kind === 'cache'
    ? vscode.l10n.t('Add Agent from the ACP Registry — offline, a cached copy from {0}', new Date(loaded.origin.fetchedAt).toLocaleString())
    : vscode.l10n.t('Add Agent from the ACP Registry');
  pick.placeholder = vscode.l10n.t('{0} agents; pick one to see exactly what it runs before anything is added', loaded.registry.agents.length);
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.items = items;
  try {
    const chosen = await new Promise<Item | undefined>((resolve) => {
      pick.onDidAccept(() => {
        resolve(pick.selectedItems[0]);
        pick.hide();
      });
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
    if (chosen?.skipped) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: the registry entry "{0}" cannot be installed: {1}', chosen.skipped.label, chosen.skipped.reason));
    }
    return chosen?.agent;
  } finally {
    pick.dispose();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
