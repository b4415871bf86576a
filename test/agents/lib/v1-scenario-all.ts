/**
 * The v1 showcase turn: one of everything, in the order a real coding agent would send it.
 */
import { planEntries } from './v1-scenarios-content.js';
import type { V1Scenario } from './v1-scenarios-content.js';
import { runTerminal, writeFile } from './v1-scenarios-tools.js';
import { USAGE } from './texts.js';
import { pieces } from './v1-turn.js';

const STEPS = ['Think about the request', 'Write a showcase file', 'Check the Node.js version', 'Summarise'];
export const SHOWCASE_FILE = 'agent-chat-showcase.md';
const SHOWCASE_CONTENT = '# Showcase\n\nWritten by the scripted agent.\n';

const SUMMARY = [
  '### Summary',
  '',
  `1. Wrote \`${SHOWCASE_FILE}\` (if you allowed it).`,
  '2. Ran `node --version` in a terminal.',
  '3. Reported usage.',
  '',
  '```js',
  "console.log('done');",
  '```',
].join('\n');

export const all: V1Scenario = async (turn) => {
  const plan = async (...statuses: Parameters<typeof planEntries>[1]): Promise<void> =>
    turn.send({ sessionUpdate: 'plan', entries: planEntries(STEPS, statuses) });

  await turn.think(['The user wants to see everything. ', 'I will make a plan first.']);
  await plan('in_progress', 'pending', 'pending', 'pending');
  await turn.say(['I will show you ', 'what an agent can do.\n\n']);
  await plan('completed', 'in_progress', 'pending', 'pending');
  const written = await writeFile(turn, SHOWCASE_FILE, SHOWCASE_CONTENT);
  if (written === 'cancelled') return 'cancelled';
  await plan('completed', 'completed', 'in_progress', 'pending');
  const ran = await runTerminal(turn, ['node', '--version'], undefined);
  if (ran === 'cancelled') return 'cancelled';
  await plan('completed', 'completed', 'completed', 'in_progress');
  await turn.send({ sessionUpdate: 'usage_update', used: USAGE.used, size: USAGE.size, cost: { ...USAGE.cost } });
  await turn.say(pieces(`\n\n${SUMMARY}`, 30));
  await plan('completed', 'completed', 'completed', 'completed');
  return 'end_turn';
};
