/**
 * `LaunchAgent` on the real agent layer, by configuration: a remote A2A agent (`url`) through
 * `remoteAgentLauncher.ts`; otherwise an ACP `AgentClient` per start, with the editor's file
 * system, the workspace roots, and the protocol log wired in.
 */
import type * as vscode from 'vscode';
import { isA2aConfig, type AcpAgentConfig, type AgentLifecycle, type AgentSessionInfo } from '../../agents/api.js';
import { AgentClient } from '../../agents/acp/connection/agentClient.js';
import type { LaunchAgent, LaunchResult, LiveSession, LoginResult, RunningAgent, SessionPlace } from './agentPort.js';
import { commandLineOf } from './commandLine.js';
import { launchRemoteAgent } from './remoteAgentLauncher.js';
import { stderrLines } from '../../services/process/stderrLines.js';
import { StartBackoff } from '../../agents/startBackoff.js';

/** The launcher the extension uses: remote agents get their secrets from `storage`. */
export function agentLauncher(storage?: vscode.SecretStorage): LaunchAgent {
  // One restart-storm guard per agent command, across its starts (each start is a new client).
  const backoffs = new Map<string, StartBackoff>();
  const backoffFor = (config: AcpAgentConfig): StartBackoff => {
    const key = `${config.name}\n${commandLineOf(config)}`;
    let backoff = backoffs.get(key);
    if (!backoff) backoffs.set(key, (backoff = new StartBackoff()));
    return backoff;
  };
  return (config, services, signal) =>
    isA2aConfig(config) ? launchRemoteAgent(config, services, storage) : launchAgent(config, services, signal, backoffFor(config));
}

/** ACP only (tests and callers that start local agents). */
export const launchAgent = async (config: AcpAgentConfig, services: Parameters<LaunchAgent>[1], signal: AbortSignal, backoff?: StartBackoff): Promise<LaunchResult> => {
  const stderrLog = stderrLines(services.stderr);
  const client = new AgentClient({
    config,
    workspace: { roots: services.roots },
    fs: services.fs,
    tap: (direction, message, count) => services.tap(direction, message, count),
    onStderr: stderrLog,
    log: services.log,
    ...(services.permissionAdvisor ? { permissionAdvisor: services.permissionAdvisor } : {}),
    ...(services.editorTools ? { editorTools: services.editorTools } : {}),
    ...(backoff ? { backoff } : {}),
    ...services.login,
  });
  const abort = () => void client.dispose();
  signal.addEventListener('abort', abort, { once: true });
  let lifecycle: AgentLifecycle;
  try {
    lifecycle = await client.start();
  } catch (error) {
    await client.dispose();
    throw error;
  } finally {
    signal.removeEventListener('abort', abort);
  }
  if (signal.aborted) {
    await client.dispose();
    return { ok: false, failure: { reason: 'initialize_error', message: 'Start cancelled.', stderrTail: '' }, commandLine: commandLineOf(config) };
  }
  if (lifecycle.state !== 'ready') {
    const failure = lifecycle.state === 'failed'
      ? lifecycle.failure
      : { reason: 'initialize_error' as const, message: `The agent is ${lifecycle.state}.`, stderrTail: client.stderrTail() };
    await client.dispose();
    return { ok: false, failure, commandLine: commandLineOf(config) } satisfies LaunchResult;
  }
  return { ok: true, agent: new ClientAgent(config, client) };
};

class ClientAgent implements RunningAgent {
  constructor(
    readonly config: AcpAgentConfig,
    private readonly client: AgentClient,
  ) {}

  get lifecycle(): AgentLifecycle {
    return this.client.lifecycle;
  }

  onLifecycle(listener: (lifecycle: AgentLifecycle) => void): { dispose(): void } {
    return this.client.onLifecycle(listener);
  }

  get composer() {
    const prompt = this.client.facts?.prompt;
    return { image: prompt?.image ?? false, audio: prompt?.audio ?? false, embeddedContext: prompt?.embeddedContext ?? false };
  }

  get agentTitle(): string | undefined {
    const info = this.client.facts?.info;
    return info?.title ?? info?.name;
  }

  newSession(place: SessionPlace): Promise<LiveSession> {
    return this.client.newSession(place);
  }

  loadSession(sessionId: string, place: SessionPlace): Promise<LiveSession> {
    return this.client.loadSession(sessionId, place);
  }

  resumeSession(sessionId: string, place: SessionPlace): Promise<LiveSession> {
    return this.client.resumeSession(sessionId, place);
  }

  forkSession(sessionId: string, place: SessionPlace): Promise<LiveSession> {
    return this.client.forkSession(sessionId, place);
  }

  get sessionSupport() {
    return this.client.sessionSupport;
  }

  async listSessions(cwd?: string): Promise<AgentSessionInfo[]> {
    // A bounded walk: the history list is for picking, not an archive of everything.
    return (await this.client.listSessions({ ...(cwd ? { cwd } : {}), maxPages: 10 })).sessions;
  }

  deleteSession(sessionId: string): Promise<void> {
    return this.client.deleteSession(sessionId);
  }

  get canLogout(): boolean {
    return Boolean(this.client.facts?.capabilities.logout);
  }

  logout(): Promise<void> {
    return this.client.logout();
  }

  async logIn(): Promise<LoginResult> {
    const outcome = await this.client.authenticate();
    switch (outcome.kind) {
      case 'authenticated':
        return { outcome: 'logged_in' };
      case 'restart':
        return { outcome: 'restarted' };
      case 'cancelled':
        return { outcome: 'cancelled' };
      case 'failed':
        return { outcome: 'failed', message: outcome.message };
    }
  }

  dispose(): Promise<void> {
    return this.client.dispose();
  }
}
