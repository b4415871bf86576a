/**
 * The daily-use agents (test/agents/DAILY.md) driven through the product's AgentClient, with
 * every message we send checked against the JSON Schema and the events fed to a ThreadModel.
 */
import { rm } from 'node:fs/promises';
import assert from 'node:assert/strict';
import type { AgentClient, AgentClientOptions } from '../../../src/agents/acp/connection/agentClient.js';
import type { WireLog } from '../support/wireLog.js';
import { peerClient, tempDir } from '../support/harness.js';
import { agentConfig } from '../daily/support.js';

export interface DailyPeer {
  client: AgentClient;
  wire: WireLog;
  /** Workspace roots (the first is the default cwd). */
  roots: string[];
  log: string[];
  close(): Promise<void>;
}

export async function startDaily(
  name: string,
  env: Record<string, string> = {},
  opts: Partial<AgentClientOptions> & { rootCount?: number } = {},
): Promise<DailyPeer> {
  const { rootCount = 1, ...clientOpts } = opts;
  const roots: string[] = [];
  for (let i = 0; i < rootCount; i++) roots.push(await tempDir(`daily-ws${i}-`));
  const { client, wire, log } = peerClient(agentConfig(name, env), roots, clientOpts);
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
