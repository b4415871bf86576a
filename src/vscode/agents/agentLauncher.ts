/**
 * `LaunchAgent` on the real agent layer, by configuration: a remote A2A agent (`url`) through
 * `remoteAgentLauncher.ts`; otherwise an ACP `AgentClient` per start, with the editor's file
 * system, the workspace roots, and the protocol log wired in.
 */
import type * as vscode from 'vscode';
import { isA2aConfig, type AcpAgentConfig, type AgentLifecycle, type AgentSessionInfo } from '../../agents/api.js';
import { AgentClient } from '../../agents/acp/connection/agentClient.js';
import type { LaunchAgent, LaunchResult, LiveSession, RunningAgent, SessionPlace } from './agentPort.js';
import { commandLineOf } from './commandLine.js';
import { launchRemoteAgent } from './remoteAgentLauncher.js';

/** The launcher the extension uses: remote agents get their secrets from `storage`. */
export function agentLauncher(storage?: vscode.SecretStorage): LaunchAgent {
  return (config, services, signal) =>
    isA2aConfig(config) ? launchRemoteAgent(config, services, storage) : launchAgent(config, services, signal);
}

/** ACP only (tests and callers that start local agents). */
export const launchAgent = async (config: AcpAgentConfig, services: Parameters<LaunchAgent>[1], signal: AbortSignal): Promise<LaunchResult> => {
  const stderrLines = lineSplitter(services.stderr);
  const client = new AgentClient({
    config,
    workspace: { roots: services.roots },
    fs: services.fs,
    tap: (direction, message) => services.tap(direction, message),
    onStderr: stderrLines,
    log: services.log,
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

  dispose(): Promise<void> {
    return this.client.dispose();
  }
}

/** Turns stderr chunks into whole lines (a chunk may end mid-line). */
function lineSplitter(emit: (line: string) => void): (text: string) => void {
  let partial = '';
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  return (text) => {
    const parts = (partial + text).split(/\r?\n/);
    partial = parts.pop() ?? '';
    for (const line of parts) if (line.trim() !== '') emit(line);
    clearTimeout(flushTimer);
    // A last line without a newline still reaches the log.
    if (partial) flushTimer = setTimeout(() => {
      if (partial.trim() !== '') emit(partial);
      partial = '';
    }, 250);
  };
}
