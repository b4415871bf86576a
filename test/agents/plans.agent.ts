/**
 * ACP v1 agent on the SDK's unstable schema (`@agentclientprotocol/sdk/unstable`): the stable
 * SDK drops the unstable `plan` client capability from `initialize`, so only an agent built on
 * the unstable schema sees it — as agents that send plans by id do. Scenarios: `plans` (see
 * lib/v1-scenarios-plans.ts and SCENARIOS.md); anything else answers with one line.
 */
import { RequestError, agent } from '@agentclientprotocol/sdk/unstable';
import type { ClientCapabilities, ContentBlock } from '@agentclientprotocol/sdk/unstable';
import { applyStartFlags, readFlags } from './lib/flags.js';
import { exitWhenClosed, openStdio } from './lib/stdio.js';
import { Aborted } from './lib/timing.js';
import { parsePrompt } from './lib/words.js';
import { V1Turn, type V1Session } from './lib/v1-turn.js';
import { plans } from './lib/v1-scenarios-plans.js';

const NAME = 'plans-agent';
const flags = readFlags();
if (!applyStartFlags(NAME, flags)) start();

function start(): void {
  const sessions = new Map<string, V1Session>();
  let clientCaps: ClientCapabilities = {};
  const session = (id: string): V1Session => {
    const found = sessions.get(id);
    if (!found) throw RequestError.sessionNotFound(id);
    return found;
  };

  const app = agent({ name: NAME })
    .onRequest('initialize', ({ params }) => {
      clientCaps = params.clientCapabilities ?? {};
      return { protocolVersion: 1, agentCapabilities: { loadSession: false }, authMethods: [], agentInfo: { name: NAME, title: 'Plans Agent', version: '1.0.0' } };
    })
    .onRequest('session/new', ({ params }) => {
      const id = `sess_${sessions.size + 1}`;
      sessions.set(id, { id, cwd: params.cwd, turn: null, remembered: new Map(), toolCounter: 0, messageCounter: 0, modeId: 'ask', model: 'fast' });
      return { sessionId: id };
    })
    .onRequest('session/prompt', async ({ params, client }) => {
      const s = session(params.sessionId);
      const controller = new AbortController();
      s.turn = controller;
      // The unstable SDK's context is the same object as the stable one the turn helpers take.
      const turn = new V1Turn(client as unknown as ConstructorParameters<typeof V1Turn>[0], s, clientCaps, controller.signal, flags.delayMs);
      try {
        return { stopReason: await run(turn, params.prompt) };
      } finally {
        s.turn = null;
      }
    })
    .onNotification('session/cancel', ({ params }) => {
      sessions.get(params.sessionId)?.turn?.abort();
    });

  const { stream } = openStdio();
  exitWhenClosed(app.connect(stream).closed);
}

async function run(turn: V1Turn, prompt: ContentBlock[]): Promise<'end_turn' | 'cancelled'> {
  const first = prompt.find((b) => b.type === 'text');
  const parsed = parsePrompt(first?.type === 'text' ? first.text : '');
  try {
    if (parsed.scenario === 'plans') return (await plans(turn, parsed, [])) === 'cancelled' ? 'cancelled' : 'end_turn';
    await turn.say([`No scenario "${parsed.scenario}" here; try "plans".`]);
    return 'end_turn';
  } catch (err) {
    if (err instanceof Aborted) return 'cancelled';
    throw err;
  }
}
