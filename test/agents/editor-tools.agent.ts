/**
 * ACP v2 test agent that uses the editor tools the way a real agent would: on `session/new` it
 * starts the `agent-chat-editor` MCP server from `mcpServers` over stdio with the official
 * MCP SDK client, and each prompt drives that client (see SCENARIOS.md):
 *   `servers`                 → the mcpServers it was given (env values replaced by their names)
 *   `tools`                   → the server's info and the `tools/list` answer
 *   `call <tool> <json args>` → the `tools/call` answer
 *   `call-within <ms> <tool> <json args>` → the same with the MCP client's own request timeout
 *                               (on timeout the client sends `notifications/cancelled`); a call
 *                               that failed is answered only after as long again, so what the
 *                               cancel did happens while the turn still runs
 *   `call-and-end <tool> <json args>` → starts the call and ends the turn 2 s later without waiting
 *                               for its answer (which, when it comes, is dropped)
 *   `consult <json {agent, messages}>` → one turn that consults `agent` as a coding agent would:
 *                               `ask_agent` with the first message, then, while the answer's state
 *                               is input-required, the next message with the conversation handle
 *                               the answer gave; the answer of every call, in order
 *   `consult-each <json {agent, messages}>` → the same, but every message is sent (with the handle
 *                               of the first answer) whatever the state, stopping only at an error
 * Every answer is one agent message holding JSON. Without `--no-stdio-mcp` it advertises stdio
 * MCP servers (v2 `capabilities.session.mcp.stdio`). `session/resume` reconnects a session to
 * the servers given with it.
 */
import * as v2 from '@agentclientprotocol/sdk/experimental/v2';
import type { AgentContext, SessionUpdate } from '@agentclientprotocol/sdk/experimental/v2';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { exitWhenClosed, openStdio } from './lib/stdio.js';

const NAME = 'editor-tools-agent';
const SERVER = 'agent-chat-editor';
const stdioMcp = !process.argv.includes('--no-stdio-mcp');

interface Session {
  servers: unknown[];
  mcp?: Client;
  mcpError?: string;
  counter: number;
}
const sessions = new Map<string, Session>();
const clients = new Set<Client>();

type ServerParams = { name: string; command: string; args: string[]; env?: Array<{ name: string; value: string }> };

async function startMcp(server: ServerParams): Promise<Client> {
  const client = new Client({ name: NAME, version: '1.0.0' });
  const env = Object.fromEntries((server.env ?? []).map((e) => [e.name, e.value]));
  await client.connect(new StdioClientTransport({ command: server.command, args: server.args, env, stderr: 'inherit' }));
  clients.add(client);
  return client;
}

/** A session on the servers it was given, connected to `agent-chat-editor` when that is one. */
async function withServers(given: unknown[], counter: number): Promise<Session> {
  const servers = given as ServerParams[];
  const s: Session = { servers: servers.map((x) => ({ ...x, env: (x.env ?? []).map((e) => e.name) })), counter };
  const mine = servers.find((x) => x.name === SERVER);
  if (mine) {
    try {
      s.mcp = await startMcp(mine);
    } catch (err) {
      s.mcpError = `could not start ${SERVER}: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  return s;
}

async function answer(prompt: string, s: Session): Promise<unknown> {
  const [word = '', tool = '', ...rest] = prompt.trim().split(/\s+/);
  if (word === 'servers') return s.servers;
  if (!s.mcp) return { error: s.mcpError ?? `no ${SERVER} server was given` };
  if (word === 'tools') return { server: s.mcp.getServerVersion(), instructions: s.mcp.getInstructions(), ...(await s.mcp.listTools()) };
  if (word === 'consult' || word === 'consult-each') {
    const { agent, messages } = JSON.parse(prompt.trim().slice(word.length)) as { agent: string; messages: string[] };
    const answers: unknown[] = [];
    let conversation: string | undefined;
    for (const message of messages) {
      const answer = (await s.mcp.callTool({ name: 'ask_agent', arguments: { agent, message, ...(conversation ? { conversation } : {}) } })) as { content: Array<{ text: string }>; isError?: boolean };
      answers.push(answer);
      const text = answer.content.map((c) => c.text).join('');
      conversation = /^Conversation: (\S+)$/m.exec(text)?.[1];
      if (answer.isError || (word === 'consult' && !/^State: input-required$/m.test(text))) break;
    }
    return answers;
  }
  if (word === 'call-and-end') {
    const json = prompt.trim().slice(prompt.trim().indexOf(tool) + tool.length).trim();
    void s.mcp.callTool({ name: tool, arguments: json ? JSON.parse(json) : {} }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 2000));
    return { started: tool };
  }
  if (word === 'call-within') {
    const [, ms = '0', name = ''] = prompt.trim().split(/\s+/);
    const json = prompt.trim().slice(prompt.trim().indexOf(name) + name.length).trim();
    try {
      return await s.mcp.callTool({ name, arguments: json ? JSON.parse(json) : {} }, undefined, { timeout: Number(ms) });
    } catch (err) {
      await new Promise((r) => setTimeout(r, Number(ms)));
      throw err;
    }
  }
  if (word === 'call') {
    const json = prompt.trim().slice(prompt.trim().indexOf(tool) + tool.length).trim();
    return s.mcp.callTool({ name: tool, arguments: json ? JSON.parse(json) : {} });
  }
  return { error: `unknown command ${word} ${rest.length}` };
}

async function send(client: AgentContext, sessionId: string, update: Record<string, unknown>): Promise<void> {
  await client.notify('session/update', { sessionId, update: update as SessionUpdate });
}

const app = v2
  .agent({ name: NAME })
  .onRequest('initialize', () => ({
    protocolVersion: 2,
    info: { name: NAME, title: 'Editor Tools Agent', version: '1.0.0' },
    capabilities: { session: { prompt: {}, resume: {}, ...(stdioMcp ? { mcp: { stdio: {} } } : {}) } },
  }))
  .onRequest('session/new', async ({ params }) => {
    const id = `ed_${sessions.size + 1}`;
    sessions.set(id, await withServers(params.mcpServers ?? [], 0));
    return { sessionId: id };
  })
  // Resuming takes the servers given now, as an agent reconnecting to its tools would.
  .onRequest('session/resume', async ({ params }) => {
    const old = sessions.get(params.sessionId);
    if (!old) throw v2.RequestError.sessionNotFound(params.sessionId);
    await old.mcp?.close();
    sessions.set(params.sessionId, await withServers(params.mcpServers ?? [], old.counter));
    return {};
  })
  .onRequest('session/close', async ({ params }) => {
    await sessions.get(params.sessionId)?.mcp?.close();
    sessions.delete(params.sessionId);
  })
  .onRequest('session/prompt', ({ params, client }) => {
    const s = sessions.get(params.sessionId);
    if (!s) throw v2.RequestError.sessionNotFound(params.sessionId);
    const messageId = `user_${++s.counter}`;
    const first = params.prompt.find((b) => b.type === 'text');
    const text = first && 'text' in first && typeof first.text === 'string' ? first.text : '';
    setTimeout(() => {
      void (async () => {
        await send(client, params.sessionId, { sessionUpdate: 'user_message', messageId, content: params.prompt });
        await send(client, params.sessionId, { sessionUpdate: 'state_update', state: 'running' });
        let body: unknown;
        try {
          body = await answer(text, s);
        } catch (err) {
          body = { thrown: err instanceof Error ? err.message : String(err) };
        }
        await send(client, params.sessionId, {
          sessionUpdate: 'agent_message_chunk',
          messageId: `msg_${++s.counter}`,
          content: { type: 'text', text: JSON.stringify(body) },
        });
        await send(client, params.sessionId, { sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' });
      })();
    }, 0);
    return { messageId };
  })
  .onNotification('session/cancel', () => undefined);

const closed = app.connect(openStdio().stream).closed;
void closed.finally(() => Promise.allSettled([...clients].map((c) => c.close())));
exitWhenClosed(closed);
