/**
 * Test agent for MCP passthrough (see DAILY.md). It advertises HTTP but not SSE MCP servers
 * and additional directories, rejects a `session/new` that carries a transport it did not
 * advertise (as a strict agent may), and answers any prompt with the JSON of what
 * `session/new` gave it: `{cwd, mcpServers, additionalDirectories}`.
 */
import { RequestError, agent } from '@agentclientprotocol/sdk';
import type { NewSessionRequest } from '@agentclientprotocol/sdk';
import { exitWhenClosed, openStdio } from './lib/stdio.js';

const NAME = 'mcp-echo-agent';
const received = new Map<string, Pick<NewSessionRequest, 'cwd' | 'mcpServers' | 'additionalDirectories'>>();

const app = agent({ name: NAME })
  .onRequest('initialize', () => ({
    protocolVersion: 1,
    agentCapabilities: {
      loadSession: false,
      mcpCapabilities: { http: true, sse: false },
      sessionCapabilities: { additionalDirectories: {} },
    },
    authMethods: [],
    agentInfo: { name: NAME, title: 'MCP Echo Agent', version: '1.0.0' },
  }))
  .onRequest('session/new', ({ params }) => {
    const sse = params.mcpServers.filter((s) => 'type' in s && s.type === 'sse');
    if (sse.length) throw RequestError.invalidParams({ unsupported: sse.map((s) => s.name) }, 'SSE MCP servers are not supported');
    const sessionId = `mcp_${received.size + 1}`;
    received.set(sessionId, { cwd: params.cwd, mcpServers: params.mcpServers, additionalDirectories: params.additionalDirectories ?? [] });
    return { sessionId };
  })
  .onRequest('session/prompt', async ({ params, client }) => {
    const got = received.get(params.sessionId);
    if (!got) throw RequestError.resourceNotFound(params.sessionId);
    await client.notify('session/update', {
      sessionId: params.sessionId,
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: JSON.stringify(got) } },
    });
    return { stopReason: 'end_turn' };
  })
  .onNotification('session/cancel', () => {});

exitWhenClosed(app.connect(openStdio().stream).closed);
