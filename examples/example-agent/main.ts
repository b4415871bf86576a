/**
 * The example agent that `npm start` runs: a scripted ACP agent with no account and no
 * network. It speaks ACP v1 over stdio (one JSON-RPC message per line) using the official
 * SDK, and shows every kind of update Agent Chat can render. `demo.ts` is the turn itself.
 */
import { Readable, Writable } from 'node:stream';
import { RequestError, agent, ndJsonStream } from '@agentclientprotocol/sdk';
import type { AvailableCommand, ClientCapabilities } from '@agentclientprotocol/sdk';
import { demoTurn } from './demo.js';
import { Cancelled, Turn } from './turn.js';

const COMMANDS: AvailableCommand[] = [
  { name: 'demo', description: 'Show everything an agent can do' },
  { name: 'help', description: 'What this agent is and how to use it' },
];

const HELP =
  "I'm the **example agent** that ships with Agent Chat. Anything you type runs the demo:\n\n" +
  '- `/demo` — a thought, a plan, a file edit (asks first), a command, usage\n' +
  '- `/help` — this text\n\n' +
  'To chat with a real agent, add it to `agentChat.agents` in your user settings.';

interface Session {
  cwd: string;
  running: AbortController | null;
  toolCalls: { value: number };
}

const sessions = new Map<string, Session>();
let clientCapabilities: ClientCapabilities = {};

const app = agent({ name: 'agent-chat-example' })
  // Handshake: agree on the protocol version and tell each other what is supported.
  .onRequest('initialize', ({ params }) => {
    clientCapabilities = params.clientCapabilities ?? {};
    return {
      protocolVersion: 1,
      agentCapabilities: { loadSession: false },
      agentInfo: { name: 'agent-chat-example', title: 'Example Agent', version: '1.0.0' },
    };
  })
  // A new conversation. Right after it, announce the slash commands.
  .onRequest('session/new', ({ params, client }) => {
    const sessionId = `example-${sessions.size + 1}`;
    sessions.set(sessionId, { cwd: params.cwd, running: null, toolCalls: { value: 0 } });
    setTimeout(() => {
      void client.notify('session/update', {
        sessionId,
        update: { sessionUpdate: 'available_commands_update', availableCommands: COMMANDS },
      });
    }, 0);
    return { sessionId };
  })
  // A user message. The request stays open for the whole turn; the answer is the stop reason.
  .onRequest('session/prompt', async ({ params, client }) => {
    const session = sessions.get(params.sessionId);
    if (!session) throw RequestError.sessionNotFound(params.sessionId);
    const text = params.prompt.map((block) => (block.type === 'text' ? block.text : '')).join(' ').trim();
    const controller = new AbortController();
    session.running = controller;
    const turn = new Turn(client, params.sessionId, session.cwd, clientCapabilities, controller.signal, session.toolCalls);
    try {
      if (text.startsWith('/help')) {
        await turn.say(HELP);
        return { stopReason: 'end_turn' };
      }
      await turn.update({ sessionUpdate: 'session_info_update', title: text.replace(/^\/demo\s*/, '').slice(0, 40) || 'Demo' });
      return { stopReason: await demoTurn(turn, text || '/demo') };
    } catch (err) {
      // Stopping is not an error: the protocol wants the "cancelled" stop reason.
      if (err instanceof Cancelled) return { stopReason: 'cancelled' };
      throw err;
    } finally {
      session.running = null;
    }
  })
  // The stop button: end the running turn as soon as possible.
  .onNotification('session/cancel', ({ params }) => {
    sessions.get(params.sessionId)?.running?.abort();
  });

const connection = app.connect(
  ndJsonStream(Writable.toWeb(process.stdout) as WritableStream<Uint8Array>, Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>),
);
void connection.closed.then(() => process.exit(0));
