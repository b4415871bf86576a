/**
 * Two ACP connections wired back to back over real node streams (what a child process's
 * stdio would give us), so tests exercise the real framing in both directions.
 */
import { PassThrough } from 'node:stream';
import type { Message } from 'vscode-jsonrpc/node';
import { createAcpConnection } from '../../../../src/protocol/acp/transport.js';
import type { AcpConnectionOptions } from '../../../../src/protocol/acp/transport.js';

export interface TappedPair {
  client: ReturnType<typeof createAcpConnection>;
  agent: ReturnType<typeof createAcpConnection>;
  /** Raw lines the client wrote (agent's stdin). */
  clientWire: string[];
  /** Raw lines the agent wrote (agent's stdout). */
  agentWire: string[];
  clientTap: { direction: 'in' | 'out'; message: Message }[];
  dispose(): void;
}

export function connectedPair(
  clientOpts: AcpConnectionOptions = {},
  agentOpts: AcpConnectionOptions = {},
): TappedPair {
  const toAgent = new PassThrough();
  const toClient = new PassThrough();
  const clientWire: string[] = [];
  const agentWire: string[] = [];
  toAgent.on('data', (b: Buffer) => clientWire.push(...b.toString('utf8').split('\n').filter(Boolean)));
  toClient.on('data', (b: Buffer) => agentWire.push(...b.toString('utf8').split('\n').filter(Boolean)));
  const clientTap: TappedPair['clientTap'] = [];
  const client = createAcpConnection(toClient, toAgent, {
    ...clientOpts,
    tap: (direction, message, count) => {
      clientTap.push({ direction, message });
      clientOpts.tap?.(direction, message, count);
    },
  });
  const agent = createAcpConnection(toAgent, toClient, agentOpts);
  return {
    client,
    agent,
    clientWire,
    agentWire,
    clientTap,
    dispose() {
      client.dispose();
      agent.dispose();
      toAgent.destroy();
      toClient.destroy();
    },
  };
}
