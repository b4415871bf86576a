/**
 * Scripted ACP v1 agent for tests, on the official SDK over stdio. The first word of the
 * prompt picks a scenario; see SCENARIOS.md for each one's exact wire behaviour.
 */
import { RequestError, agent } from '@agentclientprotocol/sdk';
import type { ClientCapabilities, ContentBlock, StopReason } from '@agentclientprotocol/sdk';
import { applyStartFlags, readFlags } from './lib/flags.js';
import { exitWhenClosed, openStdio } from './lib/stdio.js';
import { Aborted } from './lib/timing.js';
import { parsePrompt, scenarioText } from './lib/words.js';
import { V1Turn } from './lib/v1-turn.js';
import type { V1Session } from './lib/v1-turn.js';
import * as content from './lib/v1-scenarios-content.js';
import type { V1Scenario } from './lib/v1-scenarios-content.js';
import * as tools from './lib/v1-scenarios-tools.js';
import * as cancel from './lib/v1-scenarios-cancel.js';
import { all } from './lib/v1-scenario-all.js';
import { compaction, notice } from './lib/v1-scenarios-extra.js';
import { compactionFail } from './lib/v1-scenarios-compaction.js';
import { elicit, elicitBad, elicitUrl } from './lib/v1-scenarios-elicit.js';

const NAME = 'scripted-agent';

const SCENARIOS: Record<string, V1Scenario> = {
  hello: content.hello,
  thought: content.thought,
  plan: content.plan,
  usage: content.usage,
  spend: content.spend,
  stop: content.stop,
  commands: content.commands,
  info: content.info,
  modes: content.modes,
  config: content.modes,
  ids: content.ids,
  echo: content.echo,
  flood: content.flood,
  'tools-early': content.toolsEarly,
  fail: content.fail,
  'auth-error': content.authError,
  write: tools.write,
  read: tools.read,
  terminal: tools.terminal,
  'terminal-limit': tools.terminalLimit,
  long: cancel.long,
  work: cancel.work,
  'ignore-cancel': cancel.ignoreCancel,
  'error-after-cancel': cancel.errorAfterCancel,
  crash: cancel.crash,
  notice,
  compaction,
  'compaction-fail': compactionFail,
  elicit,
  'elicit-url': elicitUrl,
  'elicit-bad': elicitBad,
  all,
};

const flags = readFlags();
if (!applyStartFlags(NAME, flags)) start();

function start(): void {
  const sessions = new Map<string, V1Session>();
  let clientCaps: ClientCapabilities = {};
  let authenticated = !flags.requireAuth;

  const session = (id: string): V1Session => {
    const found = sessions.get(id);
    if (!found) throw RequestError.sessionNotFound(id);
    return found;
  };

  const app = agent({ name: NAME })
    .onRequest('initialize', ({ params }) => {
      clientCaps = params.clientCapabilities ?? {};
      return {
        protocolVersion: flags.answerVersion ?? 1,
        agentCapabilities: {
          loadSession: false,
          promptCapabilities: { image: true, audio: false, embeddedContext: true },
        },
        authMethods: flags.requireAuth ? [{ id: 'scripted-login', name: 'Log in', description: 'Pretend to log in' }] : [],
        agentInfo: { name: NAME, title: 'Scripted Agent', version: '1.0.0' },
      };
    })
    .onRequest('authenticate', ({ params }) => {
      if (params.methodId !== 'scripted-login') throw RequestError.invalidParams({ methodId: params.methodId });
      authenticated = true;
      return {};
    })
    .onRequest('session/new', async ({ params, client }) => {
      if (!authenticated) throw RequestError.authRequired();
      const id = `sess_${sessions.size + 1}`;
      const state: V1Session = {
        id,
        cwd: params.cwd,
        turn: null,
        remembered: new Map(),
        toolCounter: 0,
        messageCounter: 0,
        modeId: 'ask',
        model: 'fast',
      };
      sessions.set(id, state);
      if (flags.commandsOnNew) {
        // After the response is queued, like agents that announce commands on session start.
        setTimeout(() => {
          void client.notify('session/update', {
            sessionId: id,
            update: { sessionUpdate: 'available_commands_update', availableCommands: content.SCRIPTED_COMMANDS },
          });
        }, 0);
      }
      if (!flags.modes) return { sessionId: id };
      return {
        sessionId: id,
        modes: { currentModeId: state.modeId, availableModes: content.MODES },
        configOptions: content.configOptions(state.model),
      };
    })
    .onRequest('session/set_mode', ({ params }) => {
      const s = session(params.sessionId);
      if (!content.MODES.some((m) => m.id === params.modeId)) throw RequestError.invalidParams({ modeId: params.modeId });
      s.modeId = params.modeId;
      return {};
    })
    .onRequest('session/set_config_option', ({ params }) => {
      const s = session(params.sessionId);
      const value = params.value;
      if (params.configId !== 'model' || (value !== 'fast' && value !== 'smart')) {
        throw RequestError.invalidParams({ configId: params.configId, value });
      }
      s.model = value;
      return { configOptions: content.configOptions(s.model) };
    })
    .onRequest('session/prompt', async ({ params, client }) => {
      const s = session(params.sessionId);
      if (s.turn) throw RequestError.invalidRequest(undefined, `a turn is already running in ${s.id}`);
      const controller = new AbortController();
      s.turn = controller;
      const turn = new V1Turn(client, s, clientCaps, controller.signal, flags.delayMs);
      try {
        return { stopReason: await run(turn, params.prompt) };
      } finally {
        if (s.turn === controller) s.turn = null;
      }
    })
    .onNotification('session/cancel', ({ params }) => {
      sessions.get(params.sessionId)?.turn?.abort();
    });

  const { stream } = openStdio();
  exitWhenClosed(app.connect(stream).closed);
}

async function run(turn: V1Turn, prompt: ContentBlock[]): Promise<StopReason> {
  const parsed = parsePrompt(scenarioText(prompt));
  const scenario = SCENARIOS[parsed.scenario] ?? content.hello;
  try {
    return await scenario(turn, parsed, prompt);
  } catch (err) {
    // A cancelled pause surfaces as Aborted: that is a normal cancellation, not an error.
    if (err instanceof Aborted) return 'cancelled';
    throw err;
  }
}
