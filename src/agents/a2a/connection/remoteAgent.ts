/**
 * A remote A2A agent as the editor sees any running agent: its card is read at start (that is
 * the "launch"), each session is one A2A context. No process: dispose only ends sessions. The
 * secret (bearer token or API key) comes from the editor's secret store through `secrets` and
 * is put on requests by the tapped fetch, never into the configuration or the log.
 */
import type { A2aAgentConfig, AgentLifecycle, AgentSessionInfo, LaunchFailure } from '../../api.js';
import type { RemoteTaskRef } from '../../../protocol/events.js';
import { A2aSession } from '../session/a2aSession.js';
import { CardError, discoverCard, type CardAuth, type CardInfo } from './card.js';
import { createSdkClient, type Client } from './sdkClient.js';
import { tappedFetch, type TappedFetch } from './httpTap.js';
import { knownSecrets, redactKnown, rememberSecrets, secretsInUrl } from '../../../services/redact.js';
import { OriginGate, SecretWithheld, cardEndpoints, originOf } from '../auth/secretOrigins.js';

export interface RemoteSecrets {
  /** The stored secret, if any. */
  get(): Promise<string | undefined>;
  /** Asks the user (the call answered `status`, or the card declares `auth`); undefined when dismissed. */
  ask(why: { status?: number; auth?: CardAuth; url: string }): Promise<string | undefined>;
  /**
   * The secret given for `from` (the configured URL's origin) is about to go to `to`, another
   * origin (the endpoint the card names, a redirect): the user's yes first, naming both.
   * Without this, a secret never leaves its own origin.
   */
  allowOrigin?(why: { from: string; to: string }): Promise<boolean>;
  forget(): Promise<void>;
}

export interface RemoteAgentOptions {
  config: A2aAgentConfig;
  tap(direction: 'in' | 'out', message: unknown): void;
  log(line: string): void;
  secrets?: RemoteSecrets;
  cancelTimeoutMs?: number;
  backoffMs?: readonly number[];
  fetchImpl?: typeof fetch;
}

export type RemoteStart = { ok: true; agent: RemoteAgent } | { ok: false; failure: LaunchFailure };

export async function startRemoteAgent(opts: RemoteAgentOptions): Promise<RemoteStart> {
  // A key in the URL's query travels with every request to its own host; the log and errors show it redacted.
  rememberSecrets(secretsInUrl(opts.config.url));
  let secret: string | undefined = await opts.secrets?.get().catch(() => undefined);
  if (secret) rememberSecrets([secret]);
  let auth: CardAuth = { kind: 'bearer' };
  const home = originOf(opts.config.url);
  const gate = new OriginGate(home, (to) => opts.secrets?.allowOrigin?.({ from: home, to }) ?? Promise.resolve(false));
  const http = tappedFetch({
    headers: opts.config.headers,
    authHeader: async (url) => {
      if (secret === undefined) return undefined;
      if (!(await gate.allows(url.origin))) throw new SecretWithheld(opts.config.name, home, url.origin);
      return auth.kind === 'bearer' ? { name: 'Authorization', value: `Bearer ${secret}` } : { name: auth.headerName, value: secret };
    },
    tap: opts.tap,
  }, opts.fetchImpl);
  let card: CardInfo;
  let client: Client;
  try {
    card = await discoverCard(opts.config.url, http.fetch);
    if (card.auth) auth = card.auth;
    const foreign = [...new Set(cardEndpoints(card.raw).map(originOf))].filter((o) => o !== home);
    if (foreign.length) opts.log(`${opts.config.name}: the agent card at ${home} names ${foreign.join(', ')} as its endpoint; a secret given for ${home} goes there only after you allow it.`);
    client = await createSdkClient(card, http.fetch);
  } catch (err) {
    const message = err instanceof CardError ? err.message : `Could not use the agent card at ${opts.config.url}: ${(err as Error).message}`;
    return { ok: false, failure: { reason: 'initialize_error', message: redactKnown(message, knownSecrets()), stderrTail: '' } };
  }
  const setSecret = (value: string | undefined) => {
    secret = value;
    if (value === undefined) gate.reset();
    else rememberSecrets([value]);
  };
  return { ok: true, agent: new RemoteAgent(opts, card, client, http, () => secret, setSecret) };
}

export class RemoteAgent {
  readonly lifecycle: AgentLifecycle;
  readonly composer = { image: false, audio: false, embeddedContext: false };
  /** Reopening goes on from the saved transcript (resume); remote agents list no sessions. */
  readonly sessionSupport = { protocolVersion: 1, load: false, list: false, resume: true, close: false, delete: false, fork: false, additionalDirectories: false } as const;
  readonly canLogout = true;
  private readonly sessions = new Set<A2aSession>();

  constructor(
    private readonly opts: RemoteAgentOptions,
    readonly card: CardInfo,
    private readonly client: Client,
    private readonly http: TappedFetch,
    private readonly secret: () => string | undefined,
    private readonly setSecret: (value: string | undefined) => void,
  ) {
    this.lifecycle = { state: 'ready', protocolVersion: card.version === '1.0' ? 1 : 0.3, agentTitle: card.name };
  }

  get config(): A2aAgentConfig {
    return this.opts.config;
  }
  get agentTitle(): string {
    return this.card.name;
  }
  /** The card's description and skills, for the picker and an empty thread. */
  get about(): { description?: string; skills: { name: string; description?: string; examples: string[] }[] } {
    const skills = this.card.skills.map(({ name, description, examples }) => ({ name, examples, ...(description ? { description } : {}) }));
    return { skills, ...(this.card.description ? { description: this.card.description } : {}) };
  }

  onLifecycle(_listener: (lifecycle: AgentLifecycle) => void): { dispose(): void } {
    // No process to exit: the lifecycle stays ready; unreachable servers fail per turn.
    return { dispose() {} };
  }

  async newSession(place: { cwd: string }): Promise<A2aSession> {
    return this.open(place.cwd);
  }
  /** Nothing to replay from a remote agent: the saved transcript shows the conversation. */
  async loadSession(sessionId: string, place: { cwd: string; remoteTask?: RemoteTaskRef }): Promise<A2aSession> {
    return this.resumeSession(sessionId, place);
  }
  /**
   * A saved thread again: the same session id (its transcript goes on), the context and task it
   * was in, refreshed from the server (GetTask) before the thread sees it.
   */
  async resumeSession(sessionId: string, place: { cwd: string; remoteTask?: RemoteTaskRef }): Promise<A2aSession> {
    const session = this.open(place.cwd, sessionId, place.remoteTask);
    await session.refresh();
    return session;
  }
  /** A2A has no fork (sessionSupport.fork is false); callers seed a new context instead. */
  async forkSession(_sessionId: string, _place: { cwd: string }): Promise<A2aSession> {
    throw new Error('Remote agents cannot fork a conversation.');
  }

  private open(cwd: string, sessionId?: string, restore?: RemoteTaskRef): A2aSession {
    const session = new A2aSession({
      ...(sessionId ? { sessionId } : {}),
      ...(restore ? { restore } : {}),
      client: this.client,
      streaming: this.card.streaming,
      cwd,
      agentUrl: this.opts.config.url,
      log: this.opts.log,
      authFailure: () => this.http.authFailure,
      resetAuthFailure: () => this.http.resetAuthFailure(),
      onAuthFailure: (status) => this.askSecret(status),
      beforeSend: () => this.ensureSecret(),
      ...(this.opts.cancelTimeoutMs !== undefined ? { cancelTimeoutMs: this.opts.cancelTimeoutMs } : {}),
      ...(this.opts.backoffMs ? { backoffMs: this.opts.backoffMs } : {}),
    });
    this.sessions.add(session);
    return session;
  }

  /** The card declares a scheme and we hold no secret yet: ask before the first request. */
  private async ensureSecret(): Promise<void> {
    if (this.card.auth && this.secret() === undefined) await this.askSecret(undefined);
  }

  private async askSecret(status: number | undefined): Promise<boolean> {
    if (!this.opts.secrets) return false;
    const value = await this.opts.secrets.ask({ ...(status !== undefined ? { status } : {}), ...(this.card.auth ? { auth: this.card.auth } : {}), url: this.opts.config.url });
    if (value === undefined || value === '') return false;
    this.setSecret(value);
    return true;
  }

  async listSessions(_cwd?: string): Promise<AgentSessionInfo[]> {
    return [];
  }
  async deleteSession(_sessionId: string): Promise<void> {
    throw new Error('Remote agents keep no session list here.');
  }

  /** Forgets the stored secret; the next request that needs one asks again. */
  async logout(): Promise<void> {
    this.setSecret(undefined);
    await this.opts.secrets?.forget();
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.sessions].map((s) => s.closeSession().catch(() => undefined)));
    this.sessions.clear();
  }
}
