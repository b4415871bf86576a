/**
 * Scenarios of the ACP v2 scripted agent. The runner (v2.agent.ts) has already answered the
 * prompt with `{messageId}`, echoed the `user_message` and sent `state_update running`;
 * a scenario streams its updates and returns the idle state to finish with.
 */
import type { ContentBlock, IdleStateUpdate, PermissionOption, PlanEntry, ToolCallContent } from '@agentclientprotocol/sdk/experimental/v2';
import {
  CHUNK_CHARS,
  CUSTOM_STOP_REASON,
  HELLO_MARKDOWN,
  LONG_CHUNK,
  PLAN_STEPS,
  THOUGHT_ANSWER,
  THOUGHT_PARTS,
  UPSERT_STEPS,
  USAGE,
  V2_TERMINAL_COMMAND,
  V2_TERMINAL_OUTPUT,
  V2_TERMINAL_SPLITS,
} from './texts.js';
import { Aborted, sleep } from './timing.js';
import { pieces } from './v1-turn.js';
import { text } from './v2-turn.js';
import type { V2Turn } from './v2-turn.js';
import type { ParsedPrompt } from './words.js';

/** `null` means the scenario ended the turn itself (raw lines). */
export type V2Outcome = IdleStateUpdate | null;
export type V2Scenario = (turn: V2Turn, prompt: ParsedPrompt, blocks: ContentBlock[]) => Promise<V2Outcome>;

const END: IdleStateUpdate = { stopReason: 'end_turn' };

export const hello: V2Scenario = async (turn) => {
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), pieces(HELLO_MARKDOWN, CHUNK_CHARS));
  return END;
};

export const upsert: V2Scenario = async (turn) => {
  const first = turn.nextId('msg');
  const second = turn.nextId('msg');
  const s = UPSERT_STEPS;
  await turn.upsert('agent_message', first, [text(s.a)]);
  await turn.pause();
  await turn.chunks('agent_message_chunk', first, [s.b]);
  await turn.pause();
  await turn.upsert('agent_message', first, [text(s.c)]);
  await turn.pause();
  await turn.chunks('agent_message_chunk', first, [s.d]);
  await turn.pause();
  await turn.upsert('agent_message', first, undefined);
  await turn.pause();
  await turn.upsert('agent_message', second, [text(s.x)]);
  await turn.pause();
  await turn.upsert('agent_message', second, null);
  await turn.pause();
  await turn.chunks('agent_message_chunk', second, [s.y]);
  return END;
};

export const thought: V2Scenario = async (turn) => {
  const id = turn.nextId('thought');
  await turn.upsert('agent_thought', id, [text(THOUGHT_PARTS[0] ?? '')]);
  await turn.pause();
  await turn.chunks('agent_thought_chunk', id, THOUGHT_PARTS.slice(1));
  await turn.pause();
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), pieces(THOUGHT_ANSWER, 20));
  return END;
};

export function v2Diff(path: string, before: string, after: string): ToolCallContent {
  const name = path.split('/').pop() ?? path;
  const patch = `--- a/${name}\n+++ b/${name}\n@@ -1 +1 @@\n-${before}\n+${after}\n`;
  return { type: 'diff', changes: [{ operation: 'modify', path, fileType: 'text' }], patch: { format: 'git_patch', text: patch } };
}

export const tool: V2Scenario = async (turn) => {
  const search = turn.nextId('tool');
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: search, title: 'Search the workspace', kind: 'search', status: 'in_progress' });
  for (const n of [1, 2, 3]) {
    await turn.pause();
    await turn.send({ sessionUpdate: 'tool_call_content_chunk', toolCallId: search, content: { type: 'content', content: text(`result ${n}\n`) } });
  }
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: search, status: 'completed' });
  const edit = turn.nextId('tool');
  const path = `${turn.session.cwd}/README.md`;
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: edit, title: 'Edit README.md', kind: 'edit', status: 'in_progress', locations: [{ path, line: 1 }] });
  await turn.pause();
  await turn.send({ sessionUpdate: 'tool_call_content_chunk', toolCallId: edit, content: v2Diff(path, 'old', 'new') });
  await turn.send({ sessionUpdate: 'tool_call_content_chunk', toolCallId: edit, content: { type: 'content', content: text('draft') } });
  await turn.pause();
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: edit, content: [v2Diff(path, 'old', 'new'), { type: 'content', content: text('final') }] });
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId: edit, status: 'completed', title: 'Edited README.md' });
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), ['Tools done.']);
  return END;
};

export function v2PlanEntries(statuses: readonly PlanEntry['status'][]): PlanEntry[] {
  const priorities: PlanEntry['priority'][] = ['high', 'medium', 'low'];
  return PLAN_STEPS.map((content, i) => ({ content, priority: priorities[i] ?? 'low', status: statuses[i] ?? 'pending' }));
}

export const plan: V2Scenario = async (turn) => {
  const stages: PlanEntry['status'][][] = [
    ['pending', 'pending', 'pending'],
    ['in_progress', 'pending', 'pending'],
    ['completed', 'in_progress', 'pending'],
    ['completed', 'completed', 'cancelled'],
  ];
  for (const [i, statuses] of stages.entries()) {
    if (i > 0) await turn.pause();
    await turn.send({ sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'main', entries: v2PlanEntries(statuses) } });
  }
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), ['Plan done; the last step was cancelled.']);
  return END;
};

export const usage: V2Scenario = async (turn) => {
  await turn.send({ sessionUpdate: 'usage_update', used: USAGE.used, size: USAGE.size, cost: { ...USAGE.cost } });
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), ['Usage reported.']);
  return END;
};

export const V2_PERMISSION_OPTIONS: PermissionOption[] = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
  { optionId: 'reject_always', name: 'Never', kind: 'reject_always' },
];

export const permission: V2Scenario = async (turn) => {
  const toolCallId = turn.nextId('tool');
  const path = `${turn.session.cwd}/notes.txt`;
  const toolCall = { toolCallId, title: 'Edit notes.txt', kind: 'edit', status: 'pending' } as const;
  await turn.send({ sessionUpdate: 'tool_call_update', ...toolCall, locations: [{ path }], content: [v2Diff(path, 'todo', 'done')] });
  await turn.state({ state: 'requires_action' });
  let word: string;
  try {
    const { outcome } = await turn.client.request(
      'session/request_permission',
      {
        sessionId: turn.session.id,
        title: 'Allow editing notes.txt?',
        description: 'The agent wants to replace "todo" with "done".',
        subject: { type: 'tool_call', toolCall },
        options: V2_PERMISSION_OPTIONS,
      },
      // On session/cancel the SDK sends $/cancel_request and stops waiting.
      { cancellationSignal: turn.signal, stopWaitingOnCancel: true },
    );
    word = outcome.outcome === 'selected' && 'optionId' in outcome ? String(outcome.optionId) : outcome.outcome;
  } catch (err) {
    if (turn.cancelled) {
      await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'cancelled' });
      throw new Aborted();
    }
    throw err;
  }
  await turn.state({ state: 'running' });
  const allowed = word === 'allow' || word === 'allow_always';
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: allowed ? 'completed' : 'failed' });
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), [`PERMISSION:${word}`]);
  return word === 'cancelled' ? { stopReason: 'cancelled' } : END;
};

export const customStop: V2Scenario = async (turn) => {
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), ['Done, with a custom stop reason.']);
  return { stopReason: CUSTOM_STOP_REASON };
};

const KNOWN_STOPS = ['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled'] as const;

export const stop: V2Scenario = async (turn, prompt) => {
  const reason = prompt.args[0] ?? 'end_turn';
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), [`Stopping: ${reason}`]);
  const known = KNOWN_STOPS.find((r) => r === reason);
  if (known) return { stopReason: known } as IdleStateUpdate;
  if (reason === 'error') return { stopReason: 'error', error: { code: -32603, message: 'Scripted error' } } as IdleStateUpdate;
  if (reason.startsWith('_')) return { stopReason: reason } as IdleStateUpdate;
  // A reserved (non-underscore) unknown reason: only a raw line can carry it.
  await turn.sendRaw({ sessionUpdate: 'state_update', state: 'idle', stopReason: reason });
  turn.session.state = { state: 'idle', stopReason: null };
  return null;
};

export const long: V2Scenario = async (turn) => {
  const toolCallId = turn.nextId('tool');
  const toolAbort = new AbortController();
  turn.session.cancellable.set(toolCallId, toolAbort);
  await turn.send({
    sessionUpdate: 'tool_call_update',
    toolCallId,
    title: 'Watch the build',
    kind: 'execute',
    status: 'in_progress',
    capabilities: { cancel: {} },
  });
  let toolDone = false;
  toolAbort.signal.addEventListener('abort', () => {
    toolDone = true;
    void turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'cancelled' });
  });
  const messageId = turn.nextId('msg');
  try {
    for (let elapsed = 0; elapsed < 60_000; elapsed += 200) {
      await turn.send({ sessionUpdate: 'agent_message_chunk', messageId, content: text(LONG_CHUNK) });
      await sleep(200, turn.signal);
    }
  } catch (err) {
    if (err instanceof Aborted && !toolDone) {
      toolDone = true;
      await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'cancelled' });
    }
    throw err;
  } finally {
    turn.session.cancellable.delete(toolCallId);
  }
  if (!toolDone) await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' });
  return END;
};

export const terminal: V2Scenario = async (turn) => {
  const toolCallId = turn.nextId('tool');
  const terminalId = turn.nextId('term');
  await turn.send({
    sessionUpdate: 'tool_call_update',
    toolCallId,
    title: `Run ${V2_TERMINAL_COMMAND}`,
    kind: 'execute',
    status: 'in_progress',
    content: [{ type: 'terminal', terminalId }],
  });
  await turn.send({ sessionUpdate: 'terminal_update', terminalId, command: V2_TERMINAL_COMMAND, cwd: turn.session.cwd });
  const bytes = Buffer.from(V2_TERMINAL_OUTPUT, 'utf8');
  const cuts = [0, ...V2_TERMINAL_SPLITS, bytes.length];
  for (let i = 0; i + 1 < cuts.length; i++) {
    await turn.pause();
    const data = bytes.subarray(cuts[i], cuts[i + 1]).toString('base64');
    await turn.send({ sessionUpdate: 'terminal_output_chunk', terminalId, data });
  }
  await turn.send({ sessionUpdate: 'terminal_update', terminalId, exitStatus: { exitCode: 0 } });
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' });
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), ['Build finished.']);
  return END;
};

export const unknown: V2Scenario = async (turn) => {
  await turn.send({ sessionUpdate: '_scripted_custom', note: 'an extension update kind' } as never);
  await turn.sendRaw({ sessionUpdate: 'future_kind', note: 'a kind from a future ACP version' });
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), ['Sent two update kinds you do not know.']);
  return END;
};
