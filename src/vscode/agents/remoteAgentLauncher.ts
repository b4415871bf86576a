/**
 * `LaunchAgent` for remote A2A agents: reads the card, then asks for the secret only when the
 * card declares a scheme or a call is refused (401/403). The secret lives in SecretStorage, per
 * agent and origin; it goes to another origin (an endpoint the card names, a redirect) only
 * after the user's yes naming both, and over plain http:// to another machine only after the
 * user's explicit yes for that origin.
 */
import * as vscode from 'vscode';
import type { A2aAgentConfig } from '../../agents/api.js';
import { startRemoteAgent } from '../../agents/a2a/connection/remoteAgent.js';
import { isPlainHttpRemote } from '../../agents/a2a/auth/secretOrigins.js';
import type { LaunchResult, LaunchServices } from './agentPort.js';
import { remoteSecrets, type RemoteSecretPrompts } from './agentSecrets.js';

export async function launchRemoteAgent(
  config: A2aAgentConfig,
  services: Pick<LaunchServices, 'tap' | 'log'>,
  storage: vscode.SecretStorage | undefined,
): Promise<LaunchResult> {
  const result = await startRemoteAgent({
    config,
    tap: services.tap,
    log: services.log,
    ...(storage ? { secrets: remoteSecrets(storage, config.name, config.url, prompts(config)) } : {}),
  });
  return result.ok ? { ok: true, agent: result.agent } : { ok: false, failure: result.failure, commandLine: config.url };
}

function prompts(config: A2aAgentConfig): RemoteSecretPrompts {
  return {
    async askSecret({ status, auth, url }) {
      if (!(await mayTravel(url))) return undefined;
      const what = auth?.kind === 'header'
        ? vscode.l10n.t('Enter the API key (sent as the "{0}" header).', auth.headerName)
        : vscode.l10n.t('Enter the access token (sent as a Bearer token).');
      const why = status !== undefined ? vscode.l10n.t('{0} refused the request (HTTP {1}).', config.name, status) : vscode.l10n.t('{0} asks for credentials.', config.name);
      const value = await vscode.window.showInputBox({
        title: vscode.l10n.t('Agent Chat: sign in to {0}', config.name),
        prompt: `${why} ${what} ${vscode.l10n.t('It is sent only to {0}, kept in VS Code\'s secret storage; "Agent Chat: Log Out" forgets it.', new URL(url).host)}`,
        password: true,
        ignoreFocusOut: true,
      });
      return value || undefined;
    },
    async allowOrigin({ from, to }) {
      const send = vscode.l10n.t('Send it to {0}', new URL(to).host);
      const plain = isPlainHttpRemote(to)
        ? ` ${vscode.l10n.t('{0} is reached over plain http://: the secret can be read by anyone on the network path.', new URL(to).host)}`
        : '';
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t('{0}: your secret was given for {1}, but the agent sends its requests to {2}. Send the secret to {2}?', config.name, from, to) + plain,
        { modal: true, detail: vscode.l10n.t('Only if you trust {0} with it. Otherwise check the agent\'s URL in the "agentChat.agents" setting.', to) },
        send,
      );
      return answer === send;
    },
    async adoptUnscoped(origin) {
      const use = vscode.l10n.t('Use it for {0}', new URL(origin).host);
      const plain = isPlainHttpRemote(origin)
        ? ` ${vscode.l10n.t('{0} is reached over plain http://: the secret can be read by anyone on the network path.', new URL(origin).host)}`
        : '';
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t('{0}: a secret saved earlier does not say which host it was given for. Use it for {1}?', config.name, origin) + plain,
        { modal: true, detail: vscode.l10n.t('If it was given for another host, choose Cancel: it is forgotten, and you are asked for the secret of {0} when it is needed.', origin) },
        use,
      );
      return answer === use;
    },
  };
}

/** A secret over plain HTTP to another machine can be read on the way: say so and let the user decide. */
async function mayTravel(url: string): Promise<boolean> {
  if (!isPlainHttpRemote(url)) return true;
  const u = new URL(url);
  const send = vscode.l10n.t('Send anyway');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('{0} is reached over plain http://: a secret sent to it can be read by anyone on the network path. Use https:// if the agent offers it.', u.host),
    { modal: true },
    send,
  );
  return answer === send;
}
