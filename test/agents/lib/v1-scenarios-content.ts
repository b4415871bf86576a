/**
 * v1 scripted scenarios that only stream session updates (no client methods).
 */
import { RequestError } from '@agentclientprotocol/sdk';
import type { AvailableCommand, ContentBlock, PlanEntry, SessionConfigOption, StopReason } from '@agentclientprotocol/sdk';
import {
  CHUNK_CHARS,
  HELLO_MARKDOWN,
  PLAN_DONE,
  PLAN_STEPS,
  SESSION_TITLE,
  SESSION_UPDATED_AT,
  THOUGHT_ANSWER,
  THOUGHT_PARTS,
  USAGE,
  USAGE_MESSAGE,
} from './texts.js';
import { pieces, text_ } from './v1-turn.js';
import type { V1Turn } from './v1-turn.js';
import { fenced } from './words.js';
import type { ParsedPrompt } from './words.js';

export type V1Scenario = (turn: V1Turn, prompt: ParsedPrompt, blocks: ContentBlock[]) => Promise<StopReason>;

export const hello: V1Scenario = async (turn) => {
  await turn.say(pieces(HELLO_MARKDOWN, CHUNK_CHARS));
  return 'end_turn';
};

export const thought: V1Scenario = async (turn) => {
  await turn.think(THOUGHT_PARTS);
  await turn.pause();
  await turn.say(pieces(THOUGHT_ANSWER, 20));
  return 'end_turn';
};

type Status = PlanEntry['status'];
const PRIORITIES: PlanEntry['priority'][] = ['high', 'medium', 'low'];

export function planEntries(steps: readonly string[], statuses: readonly Status[]): PlanEntry[] {
  return steps.map((content, i) => ({ content, priority: PRIORITIES[i] ?? 'low', status: statuses[i] ?? 'pending' }));
}

export const plan: V1Scenario = async (turn) => {
  const stages: Status[][] = [
    ['pending', 'pending', 'pending'],
    ['in_progress', 'pending', 'pending'],
    ['completed', 'in_progress', 'pending'],
    ['completed', 'completed', 'completed'],
  ];
  for (const [i, statuses] of stages.entries()) {
    if (i > 0) await turn.pause();
    await turn.send({ sessionUpdate: 'plan', entries: planEntries(PLAN_STEPS, statuses) });
  }
  await turn.say([PLAN_DONE]);
  return 'end_turn';
};

export const usage: V1Scenario = async (turn) => {
  await turn.send({ sessionUpdate: 'usage_update', used: USAGE.used, size: USAGE.size, cost: { ...USAGE.cost } });
  await turn.say([USAGE_MESSAGE]);
  return 'end_turn';
};

/** `spend <amount>`: the session costs `amount` USD more; usage_update reports the session's sum (ACP's cost is cumulative). */
export const spend: V1Scenario = async (turn, prompt) => {
  const amount = Number(prompt.args[0] ?? '0');
  const session = turn.session;
  session.spent = Math.round(((session.spent ?? 0) + (Number.isFinite(amount) ? amount : 0)) * 1e6) / 1e6;
  await turn.send({ sessionUpdate: 'usage_update', used: USAGE.used, size: USAGE.size, cost: { amount: session.spent, currency: 'USD' } });
  await turn.say([`Spent ${session.spent} USD in this session.`]);
  return 'end_turn';
};

const STOP_REASONS: readonly StopReason[] = ['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled'];

export const stop: V1Scenario = async (turn, prompt) => {
  const reason = prompt.args[0] ?? '';
  const known = STOP_REASONS.find((r) => r === reason);
  if (!known) {
    await turn.say([`Unknown stop reason: ${reason}`]);
    return 'end_turn';
  }
  await turn.say([`Stopping: ${known}`]);
  return known;
};

export const SCRIPTED_COMMANDS: AvailableCommand[] = [
  { name: 'hello', description: 'Stream a Markdown answer' },
  { name: 'plan', description: 'Show a plan whose steps complete' },
  { name: 'write', description: 'Write a file after asking permission', input: { hint: '<relative-path> <text>' } },
  { name: 'terminal', description: 'Run a command in a client terminal', input: { hint: '<command> [args…]' } },
  { name: 'long', description: 'Stream for a minute (try cancelling)' },
];

export const commands: V1Scenario = async (turn) => {
  await turn.send({ sessionUpdate: 'available_commands_update', availableCommands: SCRIPTED_COMMANDS });
  await turn.say(['Commands updated.']);
  return 'end_turn';
};

export const info: V1Scenario = async (turn, prompt) => {
  if (prompt.args[0] === 'clear') {
    await turn.send({ sessionUpdate: 'session_info_update', title: null, updatedAt: null });
    await turn.say(['Title cleared.']);
    return 'end_turn';
  }
  await turn.send({ sessionUpdate: 'session_info_update', title: SESSION_TITLE, updatedAt: SESSION_UPDATED_AT });
  await turn.say(['Title set.']);
  return 'end_turn';
};

export const MODES = [
  { id: 'ask', name: 'Ask', description: 'Answer questions only' },
  { id: 'code', name: 'Code', description: 'Edit files and run commands' },
];

export function configOptions(model: string): SessionConfigOption[] {
  return [
    {
      id: 'model',
      name: 'Model',
      category: 'model',
      type: 'select',
      currentValue: model,
      options: [
        { value: 'fast', name: 'Fast', description: 'Quick answers' },
        { value: 'smart', name: 'Smart', description: 'Careful answers' },
      ],
    },
  ];
}

export const modes: V1Scenario = async (turn) => {
  turn.session.modeId = turn.session.modeId === 'code' ? 'ask' : 'code';
  turn.session.model = turn.session.model === 'smart' ? 'fast' : 'smart';
  await turn.send({ sessionUpdate: 'current_mode_update', currentModeId: turn.session.modeId });
  await turn.pause();
  await turn.send({ sessionUpdate: 'config_option_update', configOptions: configOptions(turn.session.model) });
  await turn.say([`Mode is now ${turn.session.modeId}, model is now ${turn.session.model}.`]);
  return 'end_turn';
};

export const ids: V1Scenario = async (turn) => {
  const first = turn.nextMessageId();
  const thinking = turn.nextMessageId('thought');
  const second = turn.nextMessageId();
  await turn.say(['First message, ', 'in two chunks.'], first);
  await turn.pause();
  await turn.think(['A thought with its own id.'], thinking);
  await turn.pause();
  await turn.say(['Second message, ', 'also in two chunks.'], second);
  return 'end_turn';
};

export const echo: V1Scenario = async (turn, _prompt, blocks) => {
  await turn.say([fenced(`ECHO:${JSON.stringify(blocks)}`, 'json')]);
  return 'end_turn';
};

/** `flood [count] [width]`: `count` chunks of one line each; with `width`, each line carries that many characters more of FLOOD_FILL. */
export const flood: V1Scenario = async (turn, prompt) => {
  const count = Math.max(1, Math.min(100_000, Number(prompt.args[0]) || 1000));
  const width = Math.max(0, Math.min(1_000_000, Number(prompt.args[1]) || 0));
  const fill = width > 0 ? ` ${FLOOD_FILL.repeat(Math.ceil(width / FLOOD_FILL.length))}` : '';
  for (let i = 1; i <= count; i++) {
    if (turn.cancelled) return 'cancelled';
    await turn.send({ sessionUpdate: 'agent_message_chunk', content: text_(`line ${i}${fill}\n`) });
  }
  return 'end_turn';
};

/** What a wide flood fills its lines with: characters of one, two, three and four bytes in UTF-8. */
export const FLOOD_FILL = 'a é — 😀 ';

export const toolsEarly: V1Scenario = async (turn) => {
  const orphan = turn.nextToolId('orphan');
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: orphan, title: 'Orphan tool call', kind: 'read', status: 'in_progress' });
  await turn.pause();
  await turn.send({
    sessionUpdate: 'tool_call_update',
    toolCallId: orphan,
    status: 'completed',
    content: [{ type: 'content', content: text_('orphan done') }],
  });
  await turn.pause();
  const replaced = turn.nextToolId();
  await turn.send({
    sessionUpdate: 'tool_call',
    toolCallId: replaced,
    title: 'Replace content',
    kind: 'other',
    status: 'in_progress',
    content: [{ type: 'content', content: text_('first') }],
    locations: [{ path: turn.abs('a.txt'), line: 1 }],
  });
  await turn.pause();
  await turn.send({
    sessionUpdate: 'tool_call_update',
    toolCallId: replaced,
    content: [{ type: 'content', content: text_('second') }],
    locations: [{ path: turn.abs('b.txt'), line: 2 }],
  });
  await turn.pause();
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: replaced, status: 'completed', title: 'Replaced content' });
  await turn.say(['Tool calls done.']);
  return 'end_turn';
};

export const fail: V1Scenario = async (turn) => {
  await turn.say(['About to fail.']);
  throw RequestError.internalError(undefined, 'Scripted failure');
};

export const authError: V1Scenario = async () => {
  throw RequestError.authRequired();
};
