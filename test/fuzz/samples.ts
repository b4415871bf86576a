/**
 * Valid samples the fuzzer mutates: one or more per `session/update` kind we read (ACP v1, the
 * v2 draft, the pre-v1 draft; see src/protocol/acp/schemas/sessionUpdate.ts) and per request an
 * agent sends us. Ids come from small pools so mutated messages hit rows that exist.
 */
import type { Prng } from './prng.js';

type Json = Record<string, unknown>;

const TOOL_IDS = ['call_1', 'call_2', 'call_3'];
const MESSAGE_IDS = ['msg_1', 'msg_2', 'msg_3'];
const TERMINAL_IDS = ['term_1', 'term_2'];
/** Child sessions (subagents): the pipeline also sends updates as theirs, some never announced. */
export const CHILD_IDS = ['child_1', 'child_2', 'child_3', 'child_4'];

const text = (t: string): Json => ({ type: 'text', text: t });
const blocks = (r: Prng): Json[] => [
  text('Hello **world**'),
  { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
  { type: 'resource_link', uri: 'file:///w/a.ts', name: 'a.ts' },
  { type: 'resource', resource: { uri: 'file:///w/b.ts', text: 'const b = 1;', mimeType: 'text/x-typescript' } },
  { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
].filter(() => r.chance(0.5));

const toolContent = (r: Prng): Json[] => [
  { type: 'content', content: text('output') },
  { type: 'diff', path: '/w/a.ts', oldText: 'a', newText: 'b' },
  { type: 'diff', path: '/w/new.ts', newText: 'fresh' },
  { type: 'diff', changes: [{ operation: 'modify', path: '/w/a.ts' }, { operation: 'move', path: '/w/c.ts', oldPath: '/w/b.ts' }], patch: { format: 'git', text: 'diff --git a/a.ts b/a.ts\n--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-a\n+b\n' } },
  { type: 'terminal', terminalId: r.pick(TERMINAL_IDS) },
].filter(() => r.chance(0.4));

export function sessionUpdateSample(r: Prng): Json {
  const kinds: (() => Json)[] = [
    () => ({ sessionUpdate: r.pick(['agent_message_chunk', 'agent_thought_chunk', 'user_message_chunk']), content: text('chunk '), ...(r.chance(0.5) ? { messageId: r.pick(MESSAGE_IDS) } : {}) }),
    () => ({ sessionUpdate: r.pick(['agent_message', 'agent_thought', 'user_message']), messageId: r.pick(MESSAGE_IDS), content: blocks(r) }),
    () => ({
      sessionUpdate: 'tool_call',
      toolCallId: r.pick(TOOL_IDS),
      title: 'Edit a.ts',
      kind: r.pick(['read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other']),
      status: r.pick(['pending', 'in_progress', 'completed', 'failed']),
      content: toolContent(r),
      locations: [{ path: '/w/a.ts', line: 3 }],
      rawInput: { path: '/w/a.ts', command: 'ls -la' },
    }),
    () => ({ sessionUpdate: 'tool_call_update', toolCallId: r.pick(TOOL_IDS), status: r.pick(['in_progress', 'completed', 'failed']), content: toolContent(r), rawOutput: { ok: true } }),
    () => ({ sessionUpdate: 'tool_call_update', toolCallId: r.pick(TOOL_IDS), capabilities: { cancel: {} } }),
    () => ({ sessionUpdate: 'tool_call_content_chunk', toolCallId: r.pick(TOOL_IDS), content: { type: 'content', content: text('more') } }),
    // The pre-v1 draft: tool calls keyed by `id`, with `label` and `icon`.
    () => ({ sessionUpdate: 'tool_call', id: r.pick(TOOL_IDS), label: 'Read file', icon: 'fileSearch', status: 'running', content: { type: 'markdown', markdown: '**x**' } }),
    () => ({ sessionUpdate: 'plan', entries: [{ content: 'Step one', priority: 'high', status: 'in_progress' }, { content: 'Step two', priority: 'low', status: 'pending' }] }),
    () => ({ sessionUpdate: 'plan_update', plan: { type: r.pick(['items', 'markdown', 'file', 'mystery']), planId: 'plan-1', entries: [{ content: 'A', priority: 'medium', status: 'completed' }], content: '# Plan', uri: 'file:///w/PLAN.md' } }),
    () => ({ sessionUpdate: 'plan_removed', planId: r.pick(['plan-1', 'main']) }),
    () => ({ sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'web', description: 'Search', input: { hint: 'query' } }] }),
    () => ({ sessionUpdate: 'current_mode_update', currentModeId: r.pick(['ask', 'code']) }),
    () => ({ sessionUpdate: 'config_option_update', configOptions: [{ id: 'model', name: 'Model', type: 'select', currentValue: 'fast', options: [{ value: 'fast', name: 'Fast' }, { value: 'smart', name: 'Smart' }] }] }),
    () => ({ sessionUpdate: 'session_info_update', title: 'A session', updatedAt: '2026-01-01T00:00:00Z' }),
    () => ({ sessionUpdate: 'usage_update', used: 53_000, size: 200_000, cost: { amount: 0.05, currency: 'USD' } }),
    () => ({
      sessionUpdate: 'subagent_update',
      sessionId: r.pick(CHILD_IDS),
      ...(r.chance(0.6) ? { title: r.pick(['Read the docs', null, '']) } : {}),
      ...(r.chance(0.4) ? { description: r.pick(['Reads every file', null]) } : {}),
      ...(r.chance(0.6) ? { state: r.pick([{ state: 'running' }, { state: 'idle', stopReason: 'end_turn' }, { state: 'idle', stopReason: 'cancelled' }, { state: 'requires_action' }, { state: 'unknown' }, { state: '_vendor' }, null]) } : {}),
      ...(r.chance(0.4) ? { capabilities: r.pick([{ cancel: {} }, {}, null]) } : {}),
      ...(r.chance(0.3) ? { _meta: { claudeCode: { subagentType: 'Explore', model: 'haiku' } } } : {}),
    }),
    () => ({
      sessionUpdate: 'session_message',
      messageId: r.pick(['msg_1', 'msg_2']),
      ...(r.chance(0.7) ? { senderSessionId: r.pick([...CHILD_IDS, 'parent', null]) } : {}),
      ...(r.chance(0.7) ? { recipientSessionId: r.pick([...CHILD_IDS, 'parent', null]) } : {}),
      ...(r.chance(0.3) ? { recipientMessageId: r.pick(['msg_1', null]) } : {}),
      ...(r.chance(0.8) ? { content: r.pick([[text('Do the task')], [], null]) } : {}),
    }),
    () => ({ sessionUpdate: 'session_message_chunk', messageId: r.pick(['msg_1', 'msg_2', 'msg_3']), content: text(' more') }),
    () => ({ sessionUpdate: 'notice', severity: r.pick(['info', 'warning', 'error']), title: 'Heads up', description: 'Something happened' }),
    () => ({ sessionUpdate: 'compaction_update', compactionId: 'cmp_1', status: r.pick(['in_progress', 'completed', 'failed']), summary: [text('Summary')] }),
    () => ({ sessionUpdate: 'compaction_summary_chunk', compactionId: 'cmp_1', content: text(' more') }),
    () => ({ sessionUpdate: 'terminal_update', terminalId: r.pick(TERMINAL_IDS), command: 'npm test', cwd: '/w', output: { data: 'ok\n' }, exitStatus: r.chance(0.3) ? { exitCode: 0 } : null }),
    () => ({ sessionUpdate: 'terminal_output_chunk', terminalId: r.pick(TERMINAL_IDS), data: 'line\n' }),
    () => ({ sessionUpdate: 'state_update', state: r.pick(['running', 'requires_action', 'idle']), stopReason: r.pick(['end_turn', 'cancelled', '_custom_reason']) }),
    () => ({ sessionUpdate: 'state_change', state: 'idle', stop_reason: 'max_tokens', usage: { used: 1 } }),
  ];
  return r.pick(kinds)();
}

/** An agent → client request: its method and valid params. */
export function agentRequestSample(r: Prng, sessionId: string): { method: string; params: Json } {
  const requests: (() => { method: string; params: Json })[] = [
    () => ({ method: 'fs/read_text_file', params: { sessionId, path: '/w/a.ts', line: 1, limit: 10 } }),
    () => ({ method: 'fs/write_text_file', params: { sessionId, path: '/w/a.ts', content: 'new text' } }),
    () => ({ method: 'terminal/create', params: { sessionId, command: 'npm', args: ['test'], env: [{ name: 'CI', value: '1' }], cwd: '/w', outputByteLimit: 1000 } }),
    () => ({ method: r.pick(['terminal/output', 'terminal/wait_for_exit', 'terminal/kill', 'terminal/release']), params: { sessionId, terminalId: r.pick(TERMINAL_IDS) } }),
    () => ({
      method: 'session/request_permission',
      params: {
        sessionId,
        toolCall: { toolCallId: r.pick(TOOL_IDS), title: 'Run npm test', kind: 'execute', status: 'pending' },
        options: [
          { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
          { optionId: 'always', name: 'Always', kind: 'allow_always' },
          { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
        ],
      },
    }),
    () => ({
      method: 'elicitation/create',
      params: {
        sessionId,
        mode: 'form',
        message: 'Where should I deploy?',
        requestedSchema: {
          type: 'object',
          title: 'Deployment',
          properties: {
            name: { type: 'string', title: 'Name', minLength: 2, pattern: '^[a-z]+$', default: 'api' },
            replicas: { type: 'integer', minimum: 1, maximum: 5, default: 2 },
            region: { type: 'string', oneOf: [{ const: 'eu', title: 'Europe' }, { const: 'us', title: 'US' }], default: 'eu' },
            envs: { type: 'array', items: { type: 'string', enum: ['dev', 'prod'] }, maxItems: 2 },
            when: { type: 'string', format: 'date-time' },
            notify: { type: 'boolean', default: true },
          },
          required: ['name', 'region'],
        },
      },
    }),
    () => ({ method: 'elicitation/create', params: { sessionId, mode: 'url', message: 'Sign in', elicitationId: `flow_${r.int(3)}`, url: 'https://auth.example.com/login?x=1' } }),
  ];
  return r.pick(requests)();
}

/** A `session/prompt` result (the turn's end). */
export function promptResultSample(r: Prng): Json {
  return { stopReason: r.pick(['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled', '_paused_for_review']), usage: { inputTokens: 10, outputTokens: 5 } };
}
