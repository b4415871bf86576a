/**
 * Peer-test plumbing: start a real agent process through AgentClient over real stdio, record
 * the wire (for schema validation of everything we send) and the session's events, and feed
 * the events through the real ThreadModel.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AcpAgentConfig } from '../../../src/agents/api.js';
import type { WorkspaceHost } from '../../../src/services/hostServices.js';
import { AgentClient, type AgentClientOptions } from '../../../src/agents/acp/connection/agentClient.js';
import type { AcpChatSession } from '../../../src/agents/acp/session/acpSession.js';
import type { SessionEvent } from '../../../src/protocol/events.js';
import { NodeFileSystem } from '../../../src/services/nodeFileSystem.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import { WireLog } from './wireLog.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const tsxLoader = import.meta.resolve('tsx');

/** A scripted agent from test/agents, run from source (no build needed). */
export function testAgent(name: string, args: string[] = [], protocolVersion: 1 | 2 = 1, env: Record<string, string> = {}): AcpAgentConfig {
  return { name, command: process.execPath, args: ['--import', tsxLoader, join(repo, 'test/agents', `${name}.agent.ts`), ...args], env, protocolVersion };
}

/** A plain node script (fixtures, SDK example agents). */
export function nodeAgent(name: string, script: string, args: string[] = [], protocolVersion: 1 | 2 = 1): AcpAgentConfig {
  return { name, command: process.execPath, args: [script, ...args], env: {}, protocolVersion };
}

export const fixture = (file: string): string => join(repo, 'test/peer/fixtures', file);
export const repoPath = (p: string): string => join(repo, p);

export const tempDir = async (prefix: string): Promise<string> => realpath(await mkdtemp(join(tmpdir(), prefix)));

export interface Peer {
  client: AgentClient;
  wire: WireLog;
  dir: string;
  log: string[];
  /** Stops the agent and removes the workspace. */
  close(): Promise<void>;
}

/**
 * The product's AgentClient for `config` over real stdio, with short test timeouts, every
 * message recorded on `wire` and every log line kept.
 */
export function peerClient(config: AcpAgentConfig, roots: readonly string[], opts: Partial<AgentClientOptions> = {}): Pick<Peer, 'client' | 'wire' | 'log'> {
  const wire = new WireLog();
  const log: string[] = [];
  const workspace: WorkspaceHost = { roots: () => [...roots] };
  const client = new AgentClient({
    config,
    workspace,
    fs: new NodeFileSystem(),
    tap: wire.tap,
    log: (line) => log.push(line),
    pathValue: async () => process.env.PATH ?? '',
    initializeTimeoutMs: 10_000,
    cancelTimeoutMs: 2_000,
    killGraceMs: 500,
    ...opts,
  });
  return { client, wire, log };
}

export async function startPeer(config: AcpAgentConfig, opts: Partial<AgentClientOptions> = {}): Promise<Peer> {
  const dir = await tempDir('peer-ws-');
  const { client, wire, log } = peerClient(config, [dir], opts);
  return {
    client,
    wire,
    dir,
    log,
    close: async () => {
      await client.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Recorded {
  session: AcpChatSession;
  events: SessionEvent[];
  thread: ThreadModel;
}

export function record(session: AcpChatSession): Recorded {
  const events: SessionEvent[] = [];
  const thread = new ThreadModel();
  session.onEvent((event) => {
    events.push(event);
    thread.apply(event);
  });
  return { session, events, thread };
}

/** Text of one prompt (the scripted agents choose their scenario from the first word). */
export const say = (text: string) => [{ type: 'text' as const, text }];

export function turnEnd(events: SessionEvent[]): Extract<SessionEvent, { kind: 'turn_ended' }> | undefined {
  return lastOf(events, (e): e is Extract<SessionEvent, { kind: 'turn_ended' }> => e.kind === 'turn_ended');
}

/** Array.prototype.findLast for our ES2022 lib. */
export function lastOf<T, S extends T>(items: readonly T[], pred: (item: T) => item is S): S | undefined;
export function lastOf<T>(items: readonly T[], pred: (item: T) => boolean): T | undefined;
export function lastOf<T>(items: readonly T[], pred: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) if (pred(items[i]!)) return items[i];
  return undefined;
}

/** Concatenated text of the agent's message (or thought) chunks and upserts, in order. */
export function streamedText(events: SessionEvent[], role: 'agent' | 'thought' | 'user' = 'agent'): string {
  let text = '';
  for (const e of events) {
    if (e.kind === 'message_chunk' && e.role === role && e.content.type === 'text') text += e.content.text;
  }
  return text;
}

export function waitFor<T>(probe: () => T | undefined, timeoutMs = 5_000, what = 'condition'): Promise<T> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const value = probe();
      if (value !== undefined && value !== false) return resolve(value);
      if (Date.now() - start > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 10);
    };
    tick();
  });
}
