/**
 * Test agent for subagents (child sessions, SDK 2.4.0 `subagent_update`, `session_message`,
 * `session_message_chunk`) on the official SDK, ACP v1 and v2 behind the SDK's protocol router:
 * the client's `initialize` picks the version (see SCENARIOS.md "subagents"). On v1 it
 * announces children only when the client advertised `clientCapabilities.subagents`, as the
 * schema requires (otherwise it answers "no subagents"); on v2 children are baseline.
 *
 * The prompt's first word picks the scenario (lib/subagentScenarios.ts): `team`, `stop`,
 * `background`, `linger`, `ask`, `faults`. Every update a turn sends, the parent's and its
 * children's, is kept per session, so v1 `session/load` and v2 `session/resume` from the start
 * replay them (children first announced, then their own updates, as the live turn had them).
 */
import * as v1 from '@agentclientprotocol/sdk';
import * as v2 from '@agentclientprotocol/sdk/experimental/v2';
import { exitWhenClosed, openStdio, type StdioPeer } from './lib/stdio.js';
import { SUBAGENT_SCENARIOS, type SubagentWire } from './lib/subagentScenarios.js';
import { childId } from './lib/subagents.js';

const NAME = 'subagents-agent';
const INFO = { name: NAME, title: 'Subagents Agent', version: '1.0.0' };

interface Session {
  id: string;
  cwd: string;
  /** Everything sent for it so far, in order: `[sessionId, update]` (children's updates included). */
  history: Array<[string, Record<string, unknown>]>;
}

const sessions = new Map<string, Session>();
let count = 0;
/** Sessions (a child's included) the client sent `session/cancel` for. */
const stopRequests = new Set<string>();
const waiters = new Set<() => void>();

function newSession(cwd: string): { sessionId: string } {
  const id = `parent_${++count}`;
  sessions.set(id, { id, cwd, history: [] });
  return { sessionId: id };
}

function noteCancel(sessionId: string): void {
  stopRequests.add(sessionId);
  for (const wake of waiters) wake();
}

function stopRequested(sessionId: string, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      if (!stopRequests.has(sessionId)) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve(true);
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      resolve(false);
    }, ms);
    waiters.add(check);
    check();
  });
}

const promptText = (prompt: ReadonlyArray<{ type: string; text?: string }>) => prompt.map((b) => (b.type === 'text' ? b.text ?? '' : '')).join(' ').trim();

/** Sends one update raw (the SDK's stable types do not know the unstable kinds; the wire is what matters) and keeps it. */
function sender(peer: StdioPeer, session: Session) {
  return async (sessionId: string, update: Record<string, unknown>): Promise<void> => {
    session.history.push([sessionId, update]);
    await peer.sendRaw({ method: 'session/update', params: { sessionId, update } });
  };
}

async function replay(peer: StdioPeer, session: Session): Promise<void> {
  for (const [sessionId, update] of session.history) await peer.sendRaw({ method: 'session/update', params: { sessionId, update } });
}

function session(id: string): Session {
  const found = sessions.get(id);
  if (!found) throw v1.RequestError.resourceNotFound(id);
  return found;
}

function v1Agent(peer: StdioPeer): v1.AgentApp {
  let subagentsAdvertised = false;
  let canWrite = false;
  return v1
    .agent({ name: NAME })
    // Read raw: the SDK's stable schema would drop the unstable `subagents` capability.
    .onRequest('initialize', (raw: unknown) => raw as { clientCapabilities?: { subagents?: unknown; fs?: { writeTextFile?: boolean } } }, ({ params }) => {
      subagentsAdvertised = params.clientCapabilities?.subagents != null;
      canWrite = params.clientCapabilities?.fs?.writeTextFile === true;
      return { protocolVersion: 1, agentCapabilities: { loadSession: true }, authMethods: [], agentInfo: INFO };
    })
    .onRequest('session/new', ({ params }) => newSession(params.cwd))
    .onRequest('session/load', async ({ params }) => {
      await replay(peer, session(params.sessionId));
      return {};
    })
    .onNotification('session/cancel', ({ params }) => noteCancel(params.sessionId))
    .onRequest('session/prompt', async ({ params, client }) => {
      const s = session(params.sessionId);
      const send = sender(peer, s);
      const text = promptText(params.prompt);
      // The prompt is kept for a replay, not echoed live (a v1 client shows the prompt it sent).
      s.history.push([s.id, { sessionUpdate: 'user_message_chunk', content: { type: 'text', text } }]);
      if (!subagentsAdvertised) {
        await send(s.id, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'no subagents' } });
        return { stopReason: 'end_turn' as const };
      }
      const wire: SubagentWire = {
        parent: s.id,
        cwd: s.cwd,
        child: (base) => childId(base, s.id),
        send,
        stopRequested,
        askPermission: async (sessionId, toolCall) => {
          const answer = await client.request('session/request_permission', {
            sessionId,
            toolCall: { toolCallId: toolCall.toolCallId },
            options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }, { optionId: 'reject', name: 'Reject', kind: 'reject_once' }],
          });
          return answer.outcome.outcome === 'selected' && answer.outcome.optionId === 'allow';
        },
        elicit: async (sessionId, message, requestedSchema) =>
          (await client.request('elicitation/create' as never, { sessionId, mode: 'form', message, requestedSchema } as never)) as { action: string; content?: unknown },
        ...(canWrite ? { writeFile: async (sessionId: string, path: string, content: string) => void (await client.request('fs/write_text_file', { sessionId, path, content })) } : {}),
      };
      return { stopReason: await run(text, wire) };
    });
}

function v2Agent(peer: StdioPeer): v2.AgentApp {
  return v2
    .agent({ name: NAME })
    .onRequest('initialize', () => ({ protocolVersion: 2, info: INFO, capabilities: { session: {} } }))
    .onRequest('session/new', ({ params }) => newSession(params.cwd))
    .onRequest('session/list', () => ({ sessions: [...sessions.values()].map((s) => ({ sessionId: s.id, cwd: s.cwd })) }))
    .onRequest('session/resume', async ({ params }) => {
      const s = session(params.sessionId);
      if (params.replayFrom?.type === 'start') await replay(peer, s);
      return {};
    })
    .onRequest('session/close', () => ({}))
    .onNotification('session/cancel', ({ params }) => noteCancel(params.sessionId))
    .onRequest('session/prompt', ({ params, client }) => {
      const s = session(params.sessionId);
      const send = sender(peer, s);
      const text = promptText(params.prompt as Array<{ type: string; text?: string }>);
      const messageId = `user_${s.history.length}`;
      const wire: SubagentWire = {
        parent: s.id,
        cwd: s.cwd,
        child: (base) => childId(base, s.id),
        send,
        stopRequested,
        askPermission: async (sessionId, toolCall) => {
          const { outcome } = await client.request('session/request_permission', {
            sessionId,
            title: `Allow ${toolCall.title}?`,
            subject: { type: 'tool_call', toolCall: { ...toolCall, status: 'pending' } },
            options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }, { optionId: 'reject', name: 'Reject', kind: 'reject_once' }],
          } as never);
          return outcome.outcome === 'selected' && 'optionId' in outcome && outcome.optionId === 'allow';
        },
        elicit: async (sessionId, message, requestedSchema) =>
          (await client.request('elicitation/create', { sessionId, mode: 'form', message, requestedSchema } as never)) as { action: string; content?: unknown },
      };
      // Answer first (v2: the prompt's answer only names the message); the turn runs after it.
      void new Promise<void>((resolve) => setTimeout(resolve, 0)).then(async () => {
        await send(s.id, { sessionUpdate: 'user_message', messageId, content: params.prompt });
        await peer.sendRaw({ method: 'session/update', params: { sessionId: s.id, update: { sessionUpdate: 'state_update', state: 'running' } } });
        const stopReason = await run(text, wire).catch((err: unknown) => {
          process.stderr.write(`${NAME}: scenario failed: ${String(err)}\n`);
          return 'end_turn' as const;
        });
        await peer.sendRaw({ method: 'session/update', params: { sessionId: s.id, update: { sessionUpdate: 'state_update', state: 'idle', stopReason } } });
      });
      return { messageId };
    });
}

async function run(text: string, wire: SubagentWire): Promise<'end_turn' | 'cancelled'> {
  const scenario = Object.hasOwn(SUBAGENT_SCENARIOS, text) ? SUBAGENT_SCENARIOS[text] : undefined;
  if (!scenario) {
    await wire.send(wire.parent, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `unknown scenario: ${text}` } });
    return 'end_turn';
  }
  return scenario(wire);
}

const peer = openStdio();
const router = v2.agentProtocolRouter().withV2(v2Agent(peer)).withV1(v1Agent(peer));
exitWhenClosed(router.connect(peer.stream).closed);
