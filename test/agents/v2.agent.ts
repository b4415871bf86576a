/**
 * Scripted ACP v2 (draft) agent for tests, on the SDK's experimental v2 API behind the
 * protocol router (a v1 `initialize` reaches a minimal v1 agent, unless `--v2-only`).
 * Scenarios are chosen like in the v1 agent; see SCENARIOS.md.
 */
import * as v1 from '@agentclientprotocol/sdk';
import * as v2 from '@agentclientprotocol/sdk/experimental/v2';
import type { ContentBlock, IdleStateUpdate } from '@agentclientprotocol/sdk/experimental/v2';
import { applyStartFlags, readFlags } from './lib/flags.js';
import { exitWhenClosed, openStdio } from './lib/stdio.js';
import type { SendRaw } from './lib/v2-turn.js';
import { Aborted } from './lib/timing.js';
import { parsePrompt } from './lib/words.js';
import { V2Turn, replay } from './lib/v2-turn.js';
import type { RunningTurn, V2Session } from './lib/v2-turn.js';
import { STEERED_PREFIX } from './lib/texts.js';
import * as scenarios from './lib/v2-scenarios.js';
import type { V2Scenario } from './lib/v2-scenarios.js';
import { all, stateChange } from './lib/v2-scenarios-extra.js';
import * as updates from './lib/v2-scenarios-updates.js';
import { stoppable } from './lib/v2-scenarios-stop.js';
import { commandPermission } from './lib/v2-scenarios-subject.js';

const NAME = 'scripted-v2-agent';

const SCENARIOS: Record<string, V2Scenario> = {
  hello: scenarios.hello,
  upsert: scenarios.upsert,
  thought: scenarios.thought,
  tool: scenarios.tool,
  plan: scenarios.plan,
  usage: scenarios.usage,
  permission: scenarios.permission,
  'command-permission': commandPermission,
  'custom-stop': scenarios.customStop,
  stop: scenarios.stop,
  long: scenarios.long,
  terminal: scenarios.terminal,
  unknown: scenarios.unknown,
  'state-change': stateChange,
  'terminal-own': updates.terminalOwn,
  'terminal-late': updates.terminalLate,
  plans: updates.plans,
  changes: updates.changes,
  compaction: updates.compactionV2,
  stoppable,
  all,
};

/** Scenarios that report the turn's state themselves. */
const OWN_LIFECYCLE = new Set(['state-change']);

const flags = readFlags();
if (!applyStartFlags(NAME, flags)) start();

function start(): void {
  const { stream, sendRaw } = openStdio();
  const router = v2.agentProtocolRouter().withV2(v2Agent(sendRaw));
  if (!flags.v2Only) router.withV1(v1Agent());
  exitWhenClosed(router.connect(stream).closed);
}

function v2Agent(sendRaw: SendRaw): v2.AgentApp {
  const sessions = new Map<string, V2Session>();
  const session = (id: string): V2Session => {
    const found = sessions.get(id);
    if (!found) throw v2.RequestError.sessionNotFound(id);
    return found;
  };
  const cancelTurn = async (s: V2Session): Promise<void> => {
    const turn = s.turn;
    if (!turn) return;
    turn.controller.abort();
    await turn.done;
  };

  return v2
    .agent({ name: NAME })
    .onRequest('initialize', () => ({
      protocolVersion: 2,
      info: { name: NAME, title: 'Scripted v2 Agent', version: '1.0.0' },
      capabilities: { session: { prompt: { image: {}, embeddedContext: {} }, mcp: { stdio: {} } } },
    }))
    .onRequest('session/new', ({ params }) => {
      const id = `sess_${sessions.size + 1}`;
      sessions.set(id, {
        id,
        cwd: params.cwd,
        title: null,
        history: [],
        state: { state: 'idle' },
        turn: null,
        counter: 0,
        cancellable: new Map(),
        cancellableTerminals: new Map(),
        refusedCancels: new Map(),
      });
      return { sessionId: id };
    })
    .onRequest('session/list', ({ params }) => ({
      sessions: [...sessions.values()]
        .filter((s) => params.cwd == null || s.cwd === params.cwd)
        .map((s) => ({ sessionId: s.id, cwd: s.cwd })),
    }))
    .onRequest('session/resume', async ({ params, client }) => {
      const s = session(params.sessionId);
      await replay(client, s, sendRaw, params.replayFrom?.type === 'start');
      return {};
    })
    .onRequest('session/close', async ({ params }) => {
      await cancelTurn(session(params.sessionId));
      sessions.delete(params.sessionId);
    })
    .onRequest('session/prompt', ({ params, client }) => {
      const s = session(params.sessionId);
      const running = s.turn;
      if (running) {
        // Taken into the running turn (once per turn): what it was doing stops, the turn goes on.
        if (!flags.acceptWhileWorking || running.steered || running.controller.signal.aborted) {
          throw v2.RequestError.invalidRequest(undefined, `a turn is already running in ${s.id}`);
        }
        s.counter += 1;
        const messageId = `user_${s.counter}`;
        running.steered = { prompt: params.prompt, messageId };
        running.steer.abort();
        return { messageId };
      }
      const controller = new AbortController();
      const steer = new AbortController();
      const turn = new V2Turn(client, s, AbortSignal.any([controller.signal, steer.signal]), flags.delayMs, sendRaw);
      const messageId = turn.nextId('user');
      const state: RunningTurn = { controller, steer, done: Promise.resolve() };
      // Answer first: the turn starts on the next task, after the response is queued.
      state.done = new Promise<void>((resolve) => setTimeout(resolve, 0))
        .then(() => runTurn(turn, messageId, params.prompt, state))
        .catch((err: unknown) => {
          process.stderr.write(`${NAME}: could not finish the turn: ${String(err)}\n`);
        })
        .finally(() => {
          if (s.turn?.controller === controller) s.turn = null;
        });
      s.turn = state;
      return { messageId };
    })
    .onRequest('tool_call/cancel', async ({ params }) => {
      const s = session(params.sessionId);
      const refusal = s.refusedCancels.get(params.toolCallId);
      if (refusal) throw v2.RequestError.invalidParams({ toolCallId: params.toolCallId }, refusal);
      const tool = s.cancellable.get(params.toolCallId);
      if (!tool) throw v2.RequestError.invalidParams({ toolCallId: params.toolCallId }, 'not a running cancellable tool call');
      s.cancellable.delete(params.toolCallId);
      tool.abort();
      return {};
    })
    .onRequest('terminal/cancel', async ({ params }) => {
      const s = session(params.sessionId);
      const terminal = s.cancellableTerminals.get(params.terminalId);
      if (!terminal) throw v2.RequestError.invalidParams({ terminalId: params.terminalId }, 'not a running cancellable terminal');
      s.cancellableTerminals.delete(params.terminalId);
      terminal.abort();
      return {};
    })
    .onNotification('session/cancel', async ({ params }) => {
      const s = sessions.get(params.sessionId);
      if (s) await cancelTurn(s);
    });
}

async function runTurn(turn: V2Turn, messageId: string, prompt: ContentBlock[], running: RunningTurn): Promise<void> {
  const first = prompt.find((b) => b.type === 'text');
  const parsed = parsePrompt(first && 'text' in first && typeof first.text === 'string' ? first.text : '');
  const name = SCENARIOS[parsed.scenario] ? parsed.scenario : 'hello';
  const scenario = SCENARIOS[name] ?? scenarios.hello;
  let idle: IdleStateUpdate | null;
  try {
    await turn.send({ sessionUpdate: 'user_message', messageId, content: prompt });
    if (!OWN_LIFECYCLE.has(name)) await turn.state({ state: 'running' });
    idle = await scenario(turn, parsed, prompt);
  } catch (err) {
    if (err instanceof Aborted && running.steered && !running.controller.signal.aborted) {
      idle = await takeSteered(turn, running);
      if (idle) await turn.state({ state: 'idle', ...idle } as never);
      return;
    }
    idle = running.controller.signal.aborted || turn.cancelled
      ? { stopReason: 'cancelled' }
      : {
          stopReason: 'error',
          error: err instanceof v2.RequestError ? err.toErrorResponse() : { code: -32603, message: err instanceof Error ? err.message : String(err) },
        };
    if (!(err instanceof Aborted) && !turn.cancelled) process.stderr.write(`${NAME}: scenario failed: ${String(err)}\n`);
  }
  if (idle) await turn.state({ state: 'idle', ...idle } as never);
}

/**
 * A prompt taken into the running turn (`--accept-while-working`): its user message is echoed
 * where it joined the turn, then the agent answers it — `STEERED:<its text>` — and the turn ends.
 */
async function takeSteered(interrupted: V2Turn, running: RunningTurn): Promise<IdleStateUpdate | null> {
  const steered = running.steered!;
  const turn = interrupted.withSignal(running.controller.signal);
  try {
    await turn.send({ sessionUpdate: 'user_message', messageId: steered.messageId, content: steered.prompt });
    const first = steered.prompt.find((b) => b.type === 'text');
    const said = first && 'text' in first && typeof first.text === 'string' ? first.text : '';
    await turn.pause();
    await turn.send({ sessionUpdate: 'agent_message_chunk', messageId: turn.nextId('msg'), content: { type: 'text', text: `${STEERED_PREFIX}${said}` } });
    return { stopReason: 'end_turn' };
  } catch {
    return { stopReason: 'cancelled' };
  }
}

/** What a v1 client reaches through the router: just enough to say which version it got. */
function v1Agent(): v1.AgentApp {
  let count = 0;
  return v1
    .agent({ name: `${NAME}-v1` })
    .onRequest('initialize', () => ({
      protocolVersion: 1,
      agentCapabilities: { loadSession: false },
      agentInfo: { name: NAME, title: 'Scripted v2 Agent (v1 fallback)', version: '1.0.0' },
    }))
    .onRequest('session/new', () => ({ sessionId: `sess_v1_${++count}` }))
    .onRequest('session/prompt', async ({ params, client }) => {
      await client.notify('session/update', {
        sessionId: params.sessionId,
        update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'V1-FALLBACK: this agent prefers ACP v2.' } },
      });
      return { stopReason: 'end_turn' as const };
    })
    .onNotification('session/cancel', () => undefined);
}

