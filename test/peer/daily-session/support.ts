/**
 * The daily-use agents (test/agents/DAILY.md) driven through the product's AgentClient, with
 * every message we send checked against the JSON Schema and the events fed to a ThreadModel.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { AgentClient, type AgentClientOptions } from '../../../src/agent/agentClient.js';
import { NodeFileSystem } from '../../../src/services/nodeFileSystem.js';
import { WireLog } from '../support/wireLog.js';
import { agentConfig } from '../daily/support.js';

export interface DailyPeer {
  client: AgentClient;
  wire: WireLog;
  /** Workspace roots (the first is the default cwd). */
  roots: string[];
  log: string[];
  close(): Promise<void>;
}

export const tempDir = async (prefix: string): Promise<string> => realpath(await mkdtemp(join(tmpdir(), prefix)));

export async function startDaily(
  name: string,
  env: Record<string, string> = {},
  opts: Partial<AgentClientOptions> & { rootCount?: number } = {},
): Promise<DailyPeer> {
  const roots: string[] = [];
  for (let i = 0; i < (opts.rootCount ?? 1); i++) roots.push(await tempDir(`daily-ws${i}-`));
  const wire = new WireLog();
  const log: string[] = [];
  const client = new AgentClient({
    config: agentConfig(name, env),
    workspace: { roots: () => roots },
    fs: new NodeFileSystem(),
    tap: wire.tap,
    log: (line) => log.push(line),
    pathValue: async () => process.env.PATH ?? '',
    initializeTimeoutMs: 10_000,
    cancelTimeoutMs: 2_000,
    killGraceMs: 500,
    ...opts,
  });
  const state = await client.start();
  assert.equal(state.state, 'ready', JSON.stringify(state));
  return {
    client,
    wire,
    roots,
    log,
    close: async () => {
      await client.dispose();
      for (const root of roots) await rm(root, { recursive: true, force: true });
    },
  };
}

/** Everything we sent is valid ACP v1. */
export function assertWireValid(peer: DailyPeer): void {
  assert.deepEqual(peer.wire.outgoingErrors(1), []);
}
