/**
 * v2 scenarios built from other ones: the RFD-era `state_change` spelling and the showcase.
 */
import { HELLO_MARKDOWN, USAGE } from './texts.js';
import { pieces } from './v1-turn.js';
import type { V2Scenario } from './v2-scenarios.js';
import { permission, terminal, tool, v2PlanEntries } from './v2-scenarios.js';
import { text } from './v2-turn.js';

/**
 * The prompt-lifecycle RFD's first draft: `state_change` with snake_case `stop_reason` and
 * `usage`. Sent as raw lines (the SDK only knows `state_update`). The runner skips its own
 * `state_update running` for this scenario, so these are the only state signals.
 */
export const stateChange: V2Scenario = async (turn) => {
  await turn.sendRaw({ sessionUpdate: 'state_change', state: 'running' });
  await turn.pause();
  await turn.send({ sessionUpdate: 'agent_message', messageId: turn.nextId('msg'), content: [text('Reported with state_change.')] });
  await turn.pause();
  await turn.sendRaw({
    sessionUpdate: 'state_change',
    state: 'idle',
    stop_reason: 'end_turn',
    usage: { inputTokens: 10, outputTokens: 20, totalTokens: 30 },
  });
  turn.session.state = { state: 'idle', stopReason: 'end_turn' };
  return null;
};

export const all: V2Scenario = async (turn, prompt, blocks) => {
  const thoughtId = turn.nextId('thought');
  await turn.chunks('agent_thought_chunk', thoughtId, ['Planning a showcase ', 'of every v2 update.']);
  const plan = (statuses: Parameters<typeof v2PlanEntries>[0]): Promise<void> =>
    turn.send({ sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'main', entries: v2PlanEntries(statuses) } });
  await plan(['in_progress', 'pending', 'pending']);
  const intro = turn.nextId('msg');
  await turn.upsert('agent_message', intro, [text('Draft intro')]);
  await turn.pause();
  await turn.upsert('agent_message', intro, [text('Here is everything a v2 agent can send.\n\n')]);
  await tool(turn, prompt, blocks);
  await plan(['completed', 'in_progress', 'pending']);
  const asked = await permission(turn, prompt, blocks);
  if (asked?.stopReason === 'cancelled') return asked;
  await terminal(turn, prompt, blocks);
  await plan(['completed', 'completed', 'in_progress']);
  await turn.send({ sessionUpdate: 'usage_update', used: USAGE.used, size: USAGE.size, cost: { ...USAGE.cost } });
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), pieces(HELLO_MARKDOWN, 60));
  await plan(['completed', 'completed', 'completed']);
  return { stopReason: 'end_turn' };
};
