/**
 * API keys and other variables an agent asked for at login ("env var" auth methods), kept in
 * VS Code's SecretStorage per agent name and set on that agent's environment at every start, so
 * a login survives restarts of the agent and of VS Code without the values touching settings.
 */
import type * as vscode from 'vscode';

const keyFor = (agentName: string) => `agentChat.env.${agentName}`;

export class AgentSecrets {
  constructor(private readonly storage: vscode.SecretStorage) {}

  /** The stored variables of one agent (empty when none or unreadable). */
  async envFor(agentName: string): Promise<Record<string, string>> {
    const raw = await this.storage.get(keyFor(agentName));
    if (!raw) return {};
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!parsed || typeof parsed !== 'object') return {};
      return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } catch {
      return {};
    }
  }

  /** Merges newly entered values over what was stored (a re-login replaces only what it asked for). */
  async save(agentName: string, values: Record<string, string>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    const merged = { ...(await this.envFor(agentName)), ...values };
    await this.storage.store(keyFor(agentName), JSON.stringify(merged));
  }

  async forget(agentName: string): Promise<void> {
    await this.storage.delete(keyFor(agentName));
  }
}

/** The one secret (bearer token or API key) of a remote agent, under its own key. */
export function remoteSecretStore(storage: vscode.SecretStorage, agentName: string) {
  const key = `agentChat.a2a.${agentName}`;
  return {
    get: async () => (await storage.get(key)) || undefined,
    store: (value: string) => storage.store(key, value),
    forget: async () => { await storage.delete(key); },
  };
}
