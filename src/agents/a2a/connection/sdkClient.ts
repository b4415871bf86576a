/**
 * The official `@a2a-js/sdk` client for one agent card, with its v0.3 compatibility switched on
 * for both the card normalisation and the JSON-RPC transport (a v0.3 agent is reached only
 * with both), and our tapped `fetch` underneath so every call shows in the protocol log.
 */
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client';
import { Message, StreamResponse, Task } from '@a2a-js/sdk';
import type { CardInfo } from './card.js';

export type { Client };

export async function createSdkClient(card: CardInfo, fetchImpl: typeof fetch): Promise<Client> {
  const legacyCompat = { enabled: true };
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl, legacyCompat })],
    cardResolver: new DefaultAgentCardResolver({ fetchImpl, legacyCompat }),
  });
  // The card was fetched (and checked) by us; the resolver only normalises it.
  return factory.createFromAgentCard(card.raw as never);
}

/** A user message in the SDK's (v1.0) shape; the transport writes v0.3 when the agent speaks it. */
export function userMessage(text: string, ids: { taskId?: string; contextId?: string }, messageId: string): Message {
  return Message.fromJSON({
    messageId,
    role: 'ROLE_USER',
    parts: [{ text }],
    ...(ids.taskId ? { taskId: ids.taskId } : {}),
    ...(ids.contextId ? { contextId: ids.contextId } : {}),
  });
}

/** SDK objects back to v1.0 wire JSON, the input of `src/protocol/a2a/parse.ts`. */
export function streamEventJson(event: StreamResponse): unknown {
  return StreamResponse.toJSON(event);
}

export function sendResultJson(result: Message | Task): unknown {
  return 'status' in result || 'artifacts' in result ? { task: Task.toJSON(result as Task) } : { message: Message.toJSON(result as Message) };
}

export function taskJson(task: Task): unknown {
  return { task: Task.toJSON(task) };
}
