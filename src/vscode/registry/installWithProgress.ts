/**
 * The install step of Add Agent, with its notification: a binary is downloaded (progress in MB,
 * cancellable), verified and unpacked into global storage; a package needs nothing now. Then the
 * entry goes to the user's settings. No modal here, so the extension-host tests drive it as is.
 */
import * as vscode from 'vscode';
import { installBinary } from '../../registry/install/installBinary.js';
import type { InstallPlan } from '../../registry/installPlan.js';
import { binaryEntry, packageEntry, type AgentSettingsEntry } from '../../registry/settingsEntry.js';
import type { RegistryAgent } from '../../registry/types.js';
import { writeUserAgent } from './registrySettings.js';

const MB = 1024 * 1024;

export async function installRegistryAgent(
  agent: RegistryAgent,
  plan: InstallPlan,
  storageDir: string,
  name: string = agent.name,
): Promise<AgentSettingsEntry> {
  const entry = plan.kind === 'binary' ? await downloadWithProgress(agent, plan, storageDir) : packageEntry(plan);
  await writeUserAgent(name, entry);
  return entry;
}

function downloadWithProgress(agent: RegistryAgent, plan: Extract<InstallPlan, { kind: 'binary' }>, storageDir: string): Thenable<AgentSettingsEntry> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Agent Chat: installing {0} {1}', agent.name, agent.version), cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      const cancel = token.onCancellationRequested(() => abort.abort());
      let shownPercent = 0;
      try {
        const installed = await installBinary(agent, plan, storageDir, {
          signal: abort.signal,
          onPhase: (phase) => progress.report({ message: phase === 'download' ? 'downloading…' : 'checking and unpacking…' }),
          onProgress: ({ received, total }) => {
            if (total === undefined) return progress.report({ message: `downloading… ${(received / MB).toFixed(1)} MB` });
            const percent = Math.floor((received / total) * 100);
            progress.report({ message: `downloading… ${(received / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB`, increment: percent - shownPercent });
            shownPercent = percent;
          },
        });
        return binaryEntry(plan, installed.executable);
      } finally {
        cancel.dispose();
      }
    },
  );
}
