/**
 * v2 scenario for stopping one piece of work while the turn goes on: a tool call and an
 * agent-owned terminal that advertise `capabilities.cancel` and honour `tool_call/cancel` /
 * `terminal/cancel`, and a third one that advertises it but refuses the request.
 */
import type { IdleStateUpdate } from '@agentclientprotocol/sdk/experimental/v2';
import { Aborted, sleep } from './timing.js';
import type { V2Scenario } from './v2-scenarios.js';

export const STOPPABLE = {
  tool: 'Index the workspace',
  command: 'npm run watch',
  output: 'watching for changes…\n',
  refused: 'Upload the report',
  refusal: 'The upload is past the point of no return.',
  /** How long the agent waits for both stops before finishing the work itself. */
  waitMs: 30_000,
  /** Between the accepting answer and the final status, as a real agent would take. */
  confirmAfterMs: 30,
} as const;

const END: IdleStateUpdate = { stopReason: 'end_turn' };

export const stoppable: V2Scenario = async (turn) => {
  const s = turn.session;
  const toolCallId = turn.nextId('tool');
  const terminalId = turn.nextId('term');
  const refusedId = turn.nextId('tool');
  const toolStop = new AbortController();
  const terminalStop = new AbortController();
  const confirm = (send: () => Promise<void>) => () => void sleep(STOPPABLE.confirmAfterMs).then(send);
  toolStop.signal.addEventListener('abort', confirm(() => turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'cancelled', capabilities: null })));
  terminalStop.signal.addEventListener('abort', confirm(() => turn.send({ sessionUpdate: 'terminal_update', terminalId, exitStatus: { signal: 'SIGTERM' }, capabilities: null })));
  s.cancellable.set(toolCallId, toolStop);
  s.cancellableTerminals.set(terminalId, terminalStop);
  s.refusedCancels.set(refusedId, STOPPABLE.refusal);
  const finishUnstopped = async (): Promise<void> => {
    if (!toolStop.signal.aborted) await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: turn.cancelled ? 'cancelled' : 'completed', capabilities: null });
    if (!terminalStop.signal.aborted) await turn.send({ sessionUpdate: 'terminal_update', terminalId, exitStatus: { exitCode: 0 }, capabilities: null });
    await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: refusedId, status: turn.cancelled ? 'cancelled' : 'completed', capabilities: null });
  };
  try {
    await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, title: STOPPABLE.tool, kind: 'execute', status: 'in_progress', capabilities: { cancel: {} } });
    await turn.send({ sessionUpdate: 'terminal_update', terminalId, command: STOPPABLE.command, cwd: s.cwd, capabilities: { cancel: {} } });
    await turn.send({ sessionUpdate: 'terminal_output_chunk', terminalId, data: Buffer.from(STOPPABLE.output).toString('base64') });
    await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: refusedId, title: STOPPABLE.refused, kind: 'fetch', status: 'in_progress', capabilities: { cancel: {} } });
    for (let waited = 0; waited < STOPPABLE.waitMs && !(toolStop.signal.aborted && terminalStop.signal.aborted); waited += 50) {
      await sleep(50, turn.signal);
    }
    // Let the confirmations go out before the summary.
    await sleep(STOPPABLE.confirmAfterMs * 2, turn.signal);
  } catch (err) {
    if (err instanceof Aborted) await finishUnstopped();
    throw err;
  } finally {
    s.cancellable.delete(toolCallId);
    s.cancellableTerminals.delete(terminalId);
    s.refusedCancels.delete(refusedId);
  }
  await finishUnstopped();
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), [`STOPPED tool:${toolStop.signal.aborted} terminal:${terminalStop.signal.aborted}`]);
  return END;
};
