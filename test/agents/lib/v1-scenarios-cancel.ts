/**
 * v1 scripted scenarios about cancellation and dying: a long turn that honours
 * `session/cancel`, two that misbehave after it, and a crash mid-turn.
 */
import { RequestError } from '@agentclientprotocol/sdk';
import type { StopReason } from '@agentclientprotocol/sdk';
import { CRASH_EXIT_CODE, CRASH_STDERR, LONG_CHUNK } from './texts.js';
import { Aborted, sleep } from './timing.js';
import { text_ } from './v1-turn.js';
import type { PermissionResult, V1Turn } from './v1-turn.js';
import type { V1Scenario } from './v1-scenarios-content.js';

const LONG_TICK_MS = 200;
const LONG_TOTAL_MS = 60_000;

type AfterCancel = 'cancelled' | 'ignore' | 'error';

function outcomeWord(result: PermissionResult): string {
  switch (result.kind) {
    case 'allowed':
    case 'rejected':
      return result.optionId;
    case 'cancelled':
      return 'cancelled';
    case 'unanswered':
      return 'unanswered';
    case 'error':
      return `error ${result.message}`;
  }
}

/**
 * Streams a tick every 200 ms with one running tool call and one awaiting permission.
 * What happens on `session/cancel` is the point of the three variants.
 */
async function longTurn(turn: V1Turn, afterCancel: AfterCancel): Promise<StopReason> {
  const running = turn.nextToolId('long');
  const gated = turn.nextToolId('long');
  await turn.send({ sessionUpdate: 'tool_call', toolCallId: running, title: 'Scan the workspace', kind: 'search', status: 'in_progress' });
  const gatedTitle = 'Edit long.txt';
  const path = turn.abs('long.txt');
  await turn.send({
    sessionUpdate: 'tool_call',
    toolCallId: gated,
    title: gatedTitle,
    kind: 'edit',
    status: 'pending',
    locations: [{ path }],
    content: [{ type: 'diff', path, oldText: null, newText: 'long\n' }],
  });
  // A never-remembered family: every long turn really asks.
  const permission = turn.ask({ toolCallId: gated, title: gatedTitle, kind: 'edit', status: 'pending' }, `long:${gated}`);
  let recorded = false;
  void permission.then(async (result) => {
    if (turn.cancelled) return;
    recorded = true;
    await turn.sayNow(`PERMISSION:${outcomeWord(result)}`);
    const status = result.kind === 'allowed' ? 'completed' : 'failed';
    await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: gated, status });
  });

  try {
    for (let elapsed = 0; elapsed < LONG_TOTAL_MS; elapsed += LONG_TICK_MS) {
      await turn.send({ sessionUpdate: 'agent_message_chunk', content: text_(LONG_CHUNK) });
      await sleep(LONG_TICK_MS, turn.signal);
    }
  } catch (err) {
    if (!(err instanceof Aborted)) throw err;
    switch (afterCancel) {
      case 'ignore':
        return new Promise<StopReason>(() => undefined);
      case 'error':
        throw RequestError.internalError(undefined, 'Turn aborted (reported as an error on purpose)');
      case 'cancelled': {
        const result = await permission;
        // Only tool calls that had not finished yet are marked.
        for (const toolCallId of recorded ? [running] : [running, gated]) {
          await turn.send({
            sessionUpdate: 'tool_call_update',
            toolCallId,
            status: 'failed',
            content: [{ type: 'content', content: text_('Cancelled') }],
          });
        }
        if (!recorded) await turn.sayNow(`PERMISSION:${outcomeWord(result)}`);
        return 'cancelled';
      }
    }
  }
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: running, status: 'completed' });
  await turn.sayNow('Long turn finished.');
  return 'end_turn';
}

export const long: V1Scenario = (turn) => longTurn(turn, 'cancelled');
export const ignoreCancel: V1Scenario = (turn) => longTurn(turn, 'ignore');
export const errorAfterCancel: V1Scenario = (turn) => longTurn(turn, 'error');

/** `work`: a tick every 200 ms for 60 s with one running tool call and no question: a thread that just works. Cancel ends it. */
export const work: V1Scenario = async (turn) => {
  const running = turn.nextToolId('work');
  await turn.send({ sessionUpdate: 'tool_call', toolCallId: running, title: 'Scan the workspace', kind: 'search', status: 'in_progress' });
  try {
    for (let elapsed = 0; elapsed < LONG_TOTAL_MS; elapsed += LONG_TICK_MS) {
      await turn.send({ sessionUpdate: 'agent_message_chunk', content: text_(LONG_CHUNK) });
      await sleep(LONG_TICK_MS, turn.signal);
    }
  } catch (err) {
    if (!(err instanceof Aborted)) throw err;
    await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: running, status: 'failed', content: [{ type: 'content', content: text_('Cancelled') }] });
    return 'cancelled';
  }
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: running, status: 'completed' });
  await turn.sayNow('Work finished.');
  return 'end_turn';
};

export const crash: V1Scenario = async (turn) => {
  await turn.say(['Working', ' on it', '…']);
  await new Promise<void>((resolve) => process.stderr.write(`${CRASH_STDERR}\n`, () => resolve()));
  process.exit(CRASH_EXIT_CODE);
};
