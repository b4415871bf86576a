/**
 * Test agent for the earliest draft of the prompt-turn docs, whose tool calls were
 * `tool_call {id, name, arguments}` and `tool_call_update {id, status:"success", output}`.
 * Those shapes are not valid ACP any more, so they go out as raw lines; everything else is
 * ordinary v1 on the SDK. Each draft scenario has a v1 twin that a client should render
 * identically (see SCENARIOS.md).
 */
import { RequestError, agent } from '@agentclientprotocol/sdk';
import type { SessionUpdate, StopReason } from '@agentclientprotocol/sdk';
import { applyStartFlags, readFlags } from './lib/flags.js';
import { exitWhenClosed, openStdio } from './lib/stdio.js';
import { DRAFT_INTRO, DRAFT_OUTRO, DRAFT_TOOL } from './lib/texts.js';
import { sleep } from './lib/timing.js';
import { parsePrompt } from './lib/words.js';

const NAME = 'draft-agent';
const flags = readFlags();
if (!applyStartFlags(NAME, flags)) start();

type Dialect = 'draft' | 'v1';

function start(): void {
  const { stream, sendRaw } = openStdio();
  const sessions = new Set<string>();

  const app = agent({ name: NAME })
    .onRequest('initialize', () => ({
      protocolVersion: 1,
      agentCapabilities: { loadSession: false },
      agentInfo: { name: NAME, title: 'Early-draft Agent', version: '0.0.1' },
    }))
    .onRequest('session/new', () => {
      const id = `sess_${sessions.size + 1}`;
      sessions.add(id);
      return { sessionId: id };
    })
    .onRequest('session/prompt', async ({ params, client }) => {
      if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
      const sessionId = params.sessionId;
      const first = params.prompt.find((b) => b.type === 'text');
      const scenario = parsePrompt(first?.type === 'text' ? first.text : '').scenario;
      const dialect: Dialect = scenario.startsWith('v1') ? 'v1' : 'draft';
      const failed = scenario.endsWith('-error');
      const send = (update: SessionUpdate): Promise<void> => client.notify('session/update', { sessionId, update });
      const raw = (update: Record<string, unknown>): Promise<void> =>
        sendRaw({ method: 'session/update', params: { sessionId, update } });

      await send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: DRAFT_INTRO } });
      await sleep(flags.delayMs);
      const output = failed ? DRAFT_TOOL.errorOutput : DRAFT_TOOL.output;
      if (dialect === 'draft') {
        await raw({ sessionUpdate: 'tool_call', id: DRAFT_TOOL.id, name: DRAFT_TOOL.name, arguments: DRAFT_TOOL.arguments });
        await sleep(flags.delayMs);
        await raw({ sessionUpdate: 'tool_call_update', id: DRAFT_TOOL.id, status: failed ? 'error' : 'success', output });
      } else {
        await send({
          sessionUpdate: 'tool_call',
          toolCallId: DRAFT_TOOL.id,
          title: DRAFT_TOOL.name,
          name: DRAFT_TOOL.name,
          kind: 'other',
          status: 'in_progress',
          rawInput: DRAFT_TOOL.arguments,
        } as SessionUpdate);
        await sleep(flags.delayMs);
        await send({
          sessionUpdate: 'tool_call_update',
          toolCallId: DRAFT_TOOL.id,
          status: failed ? 'failed' : 'completed',
          content: [{ type: 'content', content: { type: 'text', text: output } }],
          rawOutput: output,
        });
      }
      await sleep(flags.delayMs);
      await send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: DRAFT_OUTRO } });
      return { stopReason: 'end_turn' as StopReason };
    })
    .onNotification('session/cancel', () => undefined);

  exitWhenClosed(app.connect(stream).closed);
}
