/**
 * API keys and other variables an agent asked for at login ("env var" auth methods), kept in
 * VS Code's SecretStorage per agent name and set on that agent's environment at every start, so
 * a login survives restarts of the agent and of VS Code without the values touching settings.
 */
import type * as vscode from 'vscode';
import type { CardAuth } from '../../agents/a2a/connection/card.js';
import type { RemoteSecrets } from '../../agents/a2a/connection/remoteAgent.js';
import { rememberSecrets } from '../../services/redact.js';

const keyFor = (agentName: string) => `agentChat.env.${agentName}`;

export class AgentSecrets {
  /** VS Code's SecretStorage; remote agents' secrets live there too, under their own keys (remoteSecrets). */
  constructor(readonly storage: vscode.SecretStorage) {}

  /** The stored variables of one agent (empty when none or unreadable). */
  async envFor(agentName: string): Promise<Record<string, string>> {
    const raw = await this.storage.get(keyFor(agentName));
    if (!raw) return {};
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!parsed || typeof parsed !== 'object') return {};
      const env = Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
      // Entered in a password box: every value is a secret, wherever it is echoed later.
      rememberSecrets(Object.values(env));
      return env;
    } catch {
      return {};
    }
  }

  /** Merges newly entered values over what was stored (a re-login replaces only what it asked for). */
  async save(agentName: string, values: Record<string, string>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    rememberSecrets(Object.values(values));
    const merged = { ...(await this.envFor(agentName)), ...values };
    await this.storage.store(keyFor(agentName), JSON.stringify(merged));
  }

  async forget(agentName: string): Promise<void> {
    await this.storage.delete(keyFor(agentName));
  }
}

/** Only what these stores use of VS Code's SecretStorage. */
export type SecretStore = Pick<vscode.SecretStorage, 'get' | 'store' | 'delete'>;

/** What the user is asked about a remote agent's secret (VS Code dialogs in the launcher). */
export interface RemoteSecretPrompts {
  /** The secret for the configured URL: entered by the user, or undefined when dismissed. */
  askSecret(why: { status?: number; auth?: CardAuth; url: string }): Promise<string | undefined>;
  /** May the secret given for `from` also go to `to`? */
  allowOrigin(why: { from: string; to: string }): Promise<boolean>;
  /** A secret saved before secrets were tied to an origin: may it be used for `origin`? */
  adoptUnscoped(origin: string): Promise<boolean>;
}

/**
 * A remote agent's secret, kept per agent AND origin (scheme, host, port of its configured URL):
 * when the URL moves to another host the old secret is not found there and the user is asked
 * again. The record also lists the other origins the user allowed it to go to (an endpoint the
 * agent card names), so that question is asked once, not at every start.
 */
interface RemoteSecretRecord {
  secret: string;
  alsoTo: string[];
}

const remoteKey = (agentName: string, origin: string) => `agentChat.a2a.${agentName}@${origin}`;
/** Where versions that kept one secret per agent name put it, whatever its URL. */
const unscopedKey = (agentName: string) => `agentChat.a2a.${agentName}`;

export function remoteSecrets(storage: SecretStore, agentName: string, url: string, prompts: RemoteSecretPrompts): RemoteSecrets {
  const origin = new URL(url).origin;
  const key = remoteKey(agentName, origin);
  const read = async (): Promise<RemoteSecretRecord | undefined> => {
    const raw = await storage.get(key);
    if (!raw) return undefined;
    try {
      const parsed = JSON.parse(raw) as Partial<RemoteSecretRecord>;
      if (typeof parsed.secret !== 'string' || !parsed.secret) return undefined;
      return { secret: parsed.secret, alsoTo: Array.isArray(parsed.alsoTo) ? parsed.alsoTo.filter((o) => typeof o === 'string') : [] };
    } catch {
      return undefined;
    }
  };
  const write = (record: RemoteSecretRecord) => storage.store(key, JSON.stringify(record));

  return {
    async get() {
      const record = await read();
      if (record) return record.secret;
      // No origin was saved with it: it goes to this origin only if the user says it belongs here.
      const unscoped = await storage.get(unscopedKey(agentName));
      if (!unscoped) return undefined;
      const adopt = await prompts.adoptUnscoped(origin);
      await storage.delete(unscopedKey(agentName));
      if (!adopt) return undefined;
      await write({ secret: unscoped, alsoTo: [] });
      return unscoped;
    },
    async ask(why) {
      const value = await prompts.askSecret(why);
      if (!value) return undefined;
      // A new secret for the same origin keeps the origins the user already allowed.
      await write({ secret: value, alsoTo: (await read())?.alsoTo ?? [] });
      return value;
    },
    async allowOrigin(why) {
      const record = await read();
      if (record?.alsoTo.includes(why.to)) return true;
      if (!(await prompts.allowOrigin(why))) return false;
      if (record) await write({ ...record, alsoTo: [...record.alsoTo, why.to] });
      return true;
    },
    async forget() {
      await storage.delete(key);
      await storage.delete(unscopedKey(agentName));
    },
  };
}
