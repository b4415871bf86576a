/**
 * v2 permission requests that say more than a question: a tool call with its programmatic
 * `name`, and a request whose subject is the command line itself (with its cwd and the tool
 * call it belongs to), a title and a description.
 */
import type { IdleStateUpdate } from '@agentclientprotocol/sdk/experimental/v2';
import { V2_PERMISSION_OPTIONS, type V2Scenario } from './v2-scenarios.js';

export const COMMAND_SUBJECT = {
  toolName: 'Bash',
  toolTitle: 'Run the tests',
  title: 'Run a command?',
  description: 'The tests touch only the temp folder.',
  command: 'npm test -- --grep "plans by id"',
} as const;

const END: IdleStateUpdate = { stopReason: 'end_turn' };

export const commandPermission: V2Scenario = async (turn) => {
  const toolCallId = turn.nextId('tool');
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, title: COMMAND_SUBJECT.toolTitle, name: COMMAND_SUBJECT.toolName, kind: 'execute', status: 'pending' });
  await turn.state({ state: 'requires_action' });
  const { outcome } = await turn.client.request(
    'session/request_permission',
    {
      sessionId: turn.session.id,
      title: COMMAND_SUBJECT.title,
      description: COMMAND_SUBJECT.description,
      subject: { type: 'command', command: COMMAND_SUBJECT.command, cwd: turn.session.cwd, toolCallId },
      options: V2_PERMISSION_OPTIONS,
    },
    { cancellationSignal: turn.signal, stopWaitingOnCancel: true },
  );
  await turn.state({ state: 'running' });
  const word = outcome.outcome === 'selected' && 'optionId' in outcome ? String(outcome.optionId) : outcome.outcome;
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: word === 'allow' ? 'completed' : 'failed' });
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), [`PERMISSION:${word}`]);
  return END;
};
