/**
 * v1 plans as agents send them to a client that advertises the unstable `plan` capability:
 * several plans by id (`plan_update` given as items, Markdown or a file), one updated in place,
 * one removed. Without the capability the agent falls back to one v1 `plan`, as agents do.
 */
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import type { ClientCapabilities, SessionUpdate as UnstableSessionUpdate } from '@agentclientprotocol/sdk/unstable';
import type { V1Scenario } from './v1-scenarios-content.js';
import type { V1Turn } from './v1-turn.js';

export const V1_PLAN_MARKDOWN = '## Release\n\n- [ ] Tag **v2**\n- [ ] Publish the notes';
export const V1_PLAN_FILE = 'docs/PLAN.md';
export const V1_PLANS_DONE = 'Three plans by id.';
export const V1_PLAN_FALLBACK = 'The client takes no plans by id: one plan instead.';

/** The unstable update kinds are not in the stable SDK's types; the wire takes them as they are. */
const sendUnstable = (turn: V1Turn, update: UnstableSessionUpdate): Promise<void> => turn.send(update as unknown as SessionUpdate);

export const plans: V1Scenario = async (turn) => {
  if (!(turn.caps as ClientCapabilities).plan) {
    await turn.send({ sessionUpdate: 'plan', entries: [{ content: 'Read the code', priority: 'high', status: 'in_progress' }] });
    await turn.say([V1_PLAN_FALLBACK]);
    return 'end_turn';
  }
  await sendUnstable(turn, { sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'steps', entries: [{ content: 'Read the code', priority: 'high', status: 'in_progress' }, { content: 'Write the fix', priority: 'medium', status: 'pending' }] } });
  await sendUnstable(turn, { sessionUpdate: 'plan_update', plan: { type: 'markdown', planId: 'release', content: V1_PLAN_MARKDOWN } });
  await sendUnstable(turn, { sessionUpdate: 'plan_update', plan: { type: 'file', planId: 'spec', uri: `file://${turn.abs(V1_PLAN_FILE)}` } });
  await turn.pause();
  await sendUnstable(turn, { sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'steps', entries: [{ content: 'Read the code', priority: 'high', status: 'completed' }, { content: 'Write the fix', priority: 'medium', status: 'in_progress' }] } });
  await sendUnstable(turn, { sessionUpdate: 'plan_removed', planId: 'spec' });
  await sendUnstable(turn, { sessionUpdate: 'plan_update', plan: { type: 'file', planId: 'spec', uri: `file://${turn.abs(V1_PLAN_FILE)}` } });
  await turn.say([V1_PLANS_DONE]);
  return 'end_turn';
};
