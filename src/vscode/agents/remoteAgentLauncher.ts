/**
 * `LaunchAgent` for remote A2A agents: reads the card, then asks for the secret only when the
 * card declares a scheme or a call is refused (401/403). The secret lives in SecretStorage;
 * sending one over plain http:// to another machine needs the user's explicit yes first.
 */
import * as vscode from 'vscode';
import type { A2aAgentConfig } from '../../agents/api.js';
import { startRemoteAgent, type RemoteSecrets } from '../../agents/a2a/remoteAgent.js';
import type { LaunchResult, LaunchServices } from './agentPort.js';
import { remoteSecretStore } from './agentSecrets.js';

export async function launchRemoteAgent(
  config: A2aAgentConfig,
  services: LaunchServices,
  storage: vscode.SecretStorage | undefined,
): Promise<LaunchResult> {
  const result = await startRemoteAgent({
    config,
    tap: services.tap,
    log: services.log,
    ...(storage ? { secrets: remoteSecrets(config, storage) } : {}),
  });
  return result.ok ? { ok: true, agent: result.agent } : { ok: false, failure: result.failure, commandLine: config.url };
}

function remoteSecrets(config: A2aAgentConfig, storage: vscode.SecretStorage): RemoteSecrets {
  const store = remoteSecretStore(storage, config.name);
  return {
    get: store.get,
    forget: store.forget,
    async ask({ status, auth, url }) {
      if (!(await mayTravel(url))) return undefined;
      const what = auth?.kind === 'header'
        ? vscode.l10n.t('Enter the API key (sent as the "{0}" header).', auth.headerName)
        : vscode.l10n.t('Enter the access token (sent as a Bearer token).');
      const why = status !== undefined ? vscode.l10n.t('{0} refused the request (HTTP {1}).', config.name, status) : vscode.l10n.t('{0} asks for credentials.', config.name);
      const value = await vscode.window.showInputBox({
        title: vscode.l10n.t('Agent Chat: sign in to {0}', config.name),
        prompt: `${why} ${what} ${vscode.l10n.t('It is kept in VS Code\'s secret storage; "Agent Chat: Log Out" forgets it.')}`,
        password: true,
        ignoreFocusOut: true,
      });
      if (!value) return undefined;
      await store.store(value);
      return value;
    },
  };
}

/** A secret over plain HTTP to another machine can be read on the way: say so and let the user decide. */
async function mayTravel(url: string): Promise<boolean> {
  const u = new URL(url);
  const loopback = ['localhost', '127.0.0.1', '[::1]', '::1'].includes(u.hostname);
  if (u.protocol !== 'http:' || loopback) return true;
  const send = vscode.l10n.t('Send anyway');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('{0} is reached over plain http://: a secret sent to it can be read by anyone on the network path. Use https:// if the agent offers it.', u.host),
    { modal: true },
    send,
  );
  return answer === send;
}
