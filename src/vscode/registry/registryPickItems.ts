/**
 * The Add Agent picker's rows: agents by name (a configured one says so, with the registry's
 * icon when it was fetched or is stored), then the left-out entries with why.
 */
import * as vscode from 'vscode';
import { configuredAs } from '../../registry/configured.js';
import type { ParsedRegistry, RegistryAgent, SkippedEntry } from '../../registry/types.js';
import { userAgentEntries } from './registrySettings.js';

export type RegistryPickItem = vscode.QuickPickItem & { agent?: RegistryAgent; skipped?: SkippedEntry };

/** `icons`: an entry's icon URL → the stored file (from registry/registryIcons.ts). */
export function registryPickItems(registry: ParsedRegistry, storageDir: string, icons: ReadonlyMap<string, string>): RegistryPickItem[] {
  const entries = userAgentEntries();
  const items: RegistryPickItem[] = [...registry.agents]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((agent) => {
      const configured = configuredAs(agent, entries, storageDir);
      const ways = [agent.npx && 'npx', agent.uvx && 'uvx', agent.binary && 'binary'].filter(Boolean).join(', ');
      const icon = agent.icon ? icons.get(agent.icon) : undefined;
      return {
        label: `${configured ? '$(check) ' : ''}${agent.name}`,
        description: [agent.version, ways, configured ? (configured === agent.name ? vscode.l10n.t('already configured') : vscode.l10n.t('already configured as "{0}"', configured)) : ''].filter(Boolean).join(' · '),
        detail: agent.description,
        iconPath: icon ? vscode.Uri.file(icon) : undefined,
        agent,
      };
    });
  if (registry.skipped.length) {
    items.push({ label: vscode.l10n.t('Left out: entries the registry has in a form Agent Chat cannot read'), kind: vscode.QuickPickItemKind.Separator });
    for (const skipped of registry.skipped) items.push({ label: `$(warning) ${skipped.label}`, detail: skipped.reason, skipped });
  }
  return items;
}
