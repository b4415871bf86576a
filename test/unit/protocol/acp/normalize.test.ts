/**
 * normalizeSessionUpdate: every update kind of every dialect, and the lenient-input rules
 * (extra fields kept, bad optional fields defaulted, unknown kinds passed through).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionConfigOption, ToolCallPatch, WireEvent } from '../../../../src/protocol/events.js';
import { normalizeSessionUpdate } from '../../../../src/protocol/acp/normalize.js';
import { contentChunk, sessionUpdateSchemas } from '../../../../src/protocol/acp/schemas/sessionUpdate.js';

const text = (t: string) => ({ type: 'text' as const, text: t });

/** Every v1 tool call field, each valid (fresh objects per call, so input and expectation share nothing). */
const fullToolCall = (): ToolCallPatch => ({
  title: 'Edit a.ts',
  name: 'edit',
  kind: 'edit',
  status: 'in_progress',
  content: [
    { type: 'diff', path: '/a.ts', oldText: null, newText: 'x' },
    { type: 'terminal', terminalId: 't1' },
    { type: 'content', content: text('ok') },
  ],
  locations: [{ path: '/a.ts', line: 3 }],
  rawInput: { p: 1 },
  rawOutput: null,
});

interface Case {
  name: string;
  update: unknown;
  expect: WireEvent | ((e: WireEvent) => void);
}

/** One option of each known type (flat select, grouped select, boolean): all pass through as sent. */
const knownConfigOptions = (): SessionConfigOption[] => [
  { id: 'mode', name: 'Mode', category: 'mode', type: 'select', currentValue: 'ask', options: [{ value: 'ask', name: 'Ask' }] },
  {
    id: 'model',
    name: 'Model',
    type: 'select',
    currentValue: 'm1',
    options: [{ group: 'fast', name: 'Fast', options: [{ value: 'm1', name: 'M1', description: 'quick' }] }],
  },
  { id: 'web', name: 'Web', type: 'boolean', currentValue: false },
];

const cases: Case[] = [
  // --- message chunks ---
  {
    name: 'v1 user_message_chunk without messageId',
    update: { sessionUpdate: 'user_message_chunk', content: text('hi') },
    expect: { kind: 'message_chunk', role: 'user', content: text('hi') },
  },
  {
    name: 'agent_thought_chunk with null messageId (= no id)',
    update: { sessionUpdate: 'agent_thought_chunk', messageId: null, content: text('hmm') },
    expect: { kind: 'message_chunk', role: 'thought', content: text('hmm') },
  },
  {
    name: 'chunk keeps unknown fields of the content block (loose objects)',
    update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'x', annotations: { priority: 1 }, vendor: 7 } },
    expect: { kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'x', annotations: { priority: 1 }, vendor: 7 } },
  },
  {
    name: 'chunk with an early-draft embedded_resource block',
    update: {
      sessionUpdate: 'user_message_chunk',
      content: { type: 'embedded_resource', resource: { uri: 'file:///a.py', mimeType: 'text/x-python', content: 'print(1)' } },
    },
    expect: {
      kind: 'message_chunk',
      role: 'user',
      content: { type: 'resource', resource: { uri: 'file:///a.py', mimeType: 'text/x-python', text: 'print(1)' } },
    },
  },
  {
    name: 'image chunk with a malformed optional uri: uri dropped, block kept',
    update: { sessionUpdate: 'agent_message_chunk', content: { type: 'image', data: 'AA==', mimeType: 'image/png', uri: 42 } },
    expect: (e) => {
      assert.equal(e.kind, 'message_chunk');
      if (e.kind !== 'message_chunk' || e.content.type !== 'image') throw new Error('image expected');
      assert.equal(e.content.uri, undefined);
      assert.equal(e.content.data, 'AA==');
    },
  },
  {
    name: 'chunk with an unknown content type is reported, not guessed',
    update: { sessionUpdate: 'agent_message_chunk', content: { type: 'hologram' } },
    expect: (e) => assert.ok(e.kind === 'unknown' && e.sessionUpdate === 'agent_message_chunk' && e.reason),
  },
  // --- v2 message upserts ---
  {
    name: 'agent_message without content leaves content unchanged (field absent)',
    update: { sessionUpdate: 'agent_message', messageId: 'm1', _meta: { x: 1 } },
    expect: { kind: 'message_upsert', role: 'agent', messageId: 'm1' },
  },
  {
    name: 'agent_thought with null content clears',
    update: { sessionUpdate: 'agent_thought', messageId: 't1', content: null },
    expect: { kind: 'message_upsert', role: 'thought', messageId: 't1', content: null },
  },
  {
    name: 'user_message drops invalid items, keeps the rest',
    update: { sessionUpdate: 'user_message', messageId: 'u1', content: [text('a'), { type: 'text' }, 5, text('b')] },
    expect: { kind: 'message_upsert', role: 'user', messageId: 'u1', content: [text('a'), text('b')] },
  },
  {
    name: 'upsert without messageId is malformed',
    update: { sessionUpdate: 'agent_message', content: [] },
    expect: (e) => assert.ok(e.kind === 'unknown' && /messageId/.test(e.reason ?? '')),
  },
  // --- tool calls ---
  {
    name: 'v1 tool_call full create with defaults',
    update: { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Read file' },
    expect: {
      kind: 'tool_call',
      toolCallId: 'c1',
      replace: true,
      patch: { title: 'Read file', name: null, kind: 'other', status: 'pending', content: [], locations: [] },
    },
  },
  {
    name: 'v1 tool_call with everything',
    // Every field is valid, so every field passes through unchanged.
    update: { sessionUpdate: 'tool_call', toolCallId: 'c2', ...fullToolCall() },
    expect: { kind: 'tool_call', toolCallId: 'c2', replace: true, patch: fullToolCall() },
  },
  {
    name: 'tool_call: bad kind → other, bad status → pending, bad content items skipped, bad locations array dropped',
    update: {
      sessionUpdate: 'tool_call',
      toolCallId: 'c3',
      title: 't',
      kind: 'teleport',
      status: 42,
      content: [{ type: 'diff', path: '/x' }, { type: 'content', content: text('kept') }],
      locations: 'nope',
    },
    expect: {
      kind: 'tool_call',
      toolCallId: 'c3',
      replace: true,
      patch: {
        title: 't',
        name: null,
        kind: 'other',
        status: 'pending',
        content: [{ type: 'content', content: text('kept') }],
        locations: [],
      },
    },
  },
  {
    name: 'tool_call without toolCallId is malformed',
    update: { sessionUpdate: 'tool_call', title: 'x' },
    expect: (e) => assert.ok(e.kind === 'unknown' && e.reason),
  },
  {
    name: 'v2 tool_call_update: null clears, unknown status ignored, v2 statuses kept',
    update: { sessionUpdate: 'tool_call_update', toolCallId: 'c1', title: null, locations: null, status: 'cancelled', kind: 'wizardry' },
    expect: { kind: 'tool_call', toolCallId: 'c1', replace: false, patch: { title: null, kind: 'other', status: 'cancelled', locations: null } },
  },
  {
    name: 'v2 tool_call_update: capabilities.cancel {} makes the call cancellable',
    update: { sessionUpdate: 'tool_call_update', toolCallId: 'c1', title: 'Watch', status: 'in_progress', capabilities: { cancel: {} } },
    expect: { kind: 'tool_call', toolCallId: 'c1', replace: false, patch: { title: 'Watch', status: 'in_progress', cancellable: true } },
  },
  {
    name: 'v2 tool_call_update: capabilities null or with cancel null withdraw it; omitted keeps',
    update: { sessionUpdate: 'tool_call_update', toolCallId: 'c1', capabilities: { cancel: null } },
    expect: { kind: 'tool_call', toolCallId: 'c1', replace: false, patch: { cancellable: false } },
  },
  {
    name: 'v2 tool_call_update: malformed capabilities mean no controls',
    update: { sessionUpdate: 'tool_call_update', toolCallId: 'c1', capabilities: 'cancel' },
    expect: { kind: 'tool_call', toolCallId: 'c1', replace: false, patch: { cancellable: false } },
  },
  {
    name: 'tool_call_update with an unknown status leaves the status alone',
    update: { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'thinking_hard' },
    expect: { kind: 'tool_call', toolCallId: 'c1', replace: false, patch: {} },
  },
  {
    name: 'v2 diff (file changes + patch) becomes a file change list with its patch',
    update: {
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c9',
      content: [
        {
          type: 'diff',
          changes: [
            { operation: 'modify', path: '/a.ts', fileType: 'text', mimeType: 'text/x-typescript' },
            { operation: 'move', oldPath: '/b.ts', path: '/c.ts', fileType: null },
            { operation: '_vendor_touch', path: '/d.ts' },
            { operation: 'add' },
          ],
          patch: { format: 'git_patch', text: '-a\n+b\n' },
        },
        { type: 'diff', changes: [{ operation: 'delete', path: '/e.bin', fileType: 'binary' }], patch: null },
      ],
    },
    expect: {
      kind: 'tool_call',
      toolCallId: 'c9',
      replace: false,
      patch: {
        content: [
          {
            type: 'file_changes',
            changes: [
              { operation: 'modify', path: '/a.ts', fileType: 'text', mimeType: 'text/x-typescript' },
              { operation: 'move', oldPath: '/b.ts', path: '/c.ts' },
              { operation: '_vendor_touch', path: '/d.ts' },
            ],
            patch: { format: 'git_patch', text: '-a\n+b\n' },
          },
          { type: 'file_changes', changes: [{ operation: 'delete', path: '/e.bin', fileType: 'binary' }] },
        ],
      },
    },
  },
  {
    name: 'early-draft tool_call_update with a failure status and non-string output',
    update: { sessionUpdate: 'tool_call_update', id: 'd1', status: 'error', output: { code: 2 } },
    expect: { kind: 'tool_call', toolCallId: 'd1', replace: false, patch: { status: 'failed', rawOutput: { code: 2 } } },
  },
  {
    name: 'early-draft tool_call without arguments',
    update: { sessionUpdate: 'tool_call', id: 'd2', name: 'list_files' },
    expect: {
      kind: 'tool_call',
      toolCallId: 'd2',
      replace: true,
      patch: { title: 'list_files', name: 'list_files', kind: 'other', status: 'pending', content: [], locations: [] },
    },
  },
  {
    name: 'tool_call_content_chunk with a terminal',
    update: { sessionUpdate: 'tool_call_content_chunk', toolCallId: 'c1', content: { type: 'terminal', terminalId: 't9' } },
    expect: { kind: 'tool_call_content_chunk', toolCallId: 'c1', content: { type: 'terminal', terminalId: 't9' } },
  },
  // --- plans ---
  {
    name: 'v1 plan → plan "main", unknown priority/status defaulted',
    update: {
      sessionUpdate: 'plan',
      entries: [
        { content: 'a', priority: 'high', status: 'completed' },
        { content: 'b', priority: 'urgent', status: 'blocked' },
        { priority: 'low' },
      ],
    },
    expect: {
      kind: 'plan',
      planId: 'main',
      entries: [
        { content: 'a', priority: 'high', status: 'completed' },
        { content: 'b', priority: 'medium', status: 'pending' },
      ],
    },
  },
  {
    name: 'v2 plan_update items with planId',
    update: { sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'p7', entries: [{ content: 'x', priority: 'low', status: 'cancelled' }] } },
    expect: { kind: 'plan', planId: 'p7', entries: [{ content: 'x', priority: 'low', status: 'cancelled' }] },
  },
  {
    name: 'v2 plan_update of a markdown plan (the id spelled `id` in an early example)',
    update: { sessionUpdate: 'plan_update', plan: { type: 'markdown', id: 'p8', content: '# hi' } },
    expect: { kind: 'plan', planId: 'p8', entries: [], body: { type: 'markdown', content: '# hi' } },
  },
  { name: 'plan_removed', update: { sessionUpdate: 'plan_removed', planId: 'p7' }, expect: { kind: 'plan_removed', planId: 'p7' } },
  // --- session facts ---
  {
    name: 'available_commands_update, v1 and v2 command shapes, bad items dropped',
    update: {
      sessionUpdate: 'available_commands_update',
      availableCommands: [
        { name: 'web', description: 'Search', input: { hint: 'query' } },
        { type: 'command', name: 'plan', description: 'Plan', input: { type: 'text', hint: 'goal' } },
        { name: 'bare', description: 'No input', input: null },
        { description: 'nameless' },
        { type: '_vendor', name: 'x', description: 'y' },
      ],
    },
    expect: {
      kind: 'available_commands',
      commands: [
        { name: 'web', description: 'Search', inputHint: 'query' },
        { name: 'plan', description: 'Plan', inputHint: 'goal' },
        { name: 'bare', description: 'No input', inputHint: null },
      ],
    },
  },
  {
    name: 'current_mode_update (schema spelling)',
    update: { sessionUpdate: 'current_mode_update', currentModeId: 'ask' },
    expect: { kind: 'current_mode', currentModeId: 'ask' },
  },
  {
    name: 'current_mode_update (docs example spelling modeId)',
    update: { sessionUpdate: 'current_mode_update', modeId: 'code' },
    expect: { kind: 'current_mode', currentModeId: 'code' },
  },
  {
    name: 'config_option_update: flat, grouped and boolean options; unknown type dropped',
    update: {
      sessionUpdate: 'config_option_update',
      configOptions: [...knownConfigOptions(), { id: 'temp', name: 'Temperature', type: 'slider', currentValue: 0.5 }],
    },
    expect: { kind: 'config_options', configOptions: knownConfigOptions() },
  },
  {
    name: 'session_info_update: null clears, omitted stays omitted',
    update: { sessionUpdate: 'session_info_update', title: null },
    expect: { kind: 'session_info', title: null },
  },
  {
    name: 'session_info_update with both fields',
    update: { sessionUpdate: 'session_info_update', title: 'Fix bug', updatedAt: '2026-11-22T05:00:00Z' },
    expect: { kind: 'session_info', title: 'Fix bug', updatedAt: '2026-11-22T05:00:00Z' },
  },
  {
    name: 'usage_update without cost; malformed cost dropped',
    update: { sessionUpdate: 'usage_update', used: 1, size: 10, cost: { amount: 'lots' } },
    expect: { kind: 'usage', usage: { used: 1, size: 10 } },
  },
  {
    name: 'notice with an extension severity',
    update: { sessionUpdate: 'notice', severity: '_vendor_hint', title: 'Heads up', description: 'd' },
    expect: { kind: 'notice', severity: '_vendor_hint', title: 'Heads up', description: 'd' },
  },
  // --- v2 state ---
  {
    name: 'state_update idle with error stop reason',
    update: { sessionUpdate: 'state_update', state: 'idle', stopReason: 'error', error: { code: -32603, message: 'boom' }, background: [] },
    expect: { kind: 'state', state: 'idle', stopReason: 'error', error: { code: -32603, message: 'boom' } },
  },
  {
    name: 'subagent_update announces a child (patch: omitted keeps, null clears)',
    update: { sessionUpdate: 'subagent_update', sessionId: 'child_1', title: 'Read', description: null, state: { state: 'running' } },
    expect: { kind: 'subagent', childId: 'child_1', patch: { title: 'Read', description: null, state: { state: 'running' } } },
  },
  {
    name: 'session_message: participants and links as patches (null clears), content like an upsert (bad items dropped)',
    update: { sessionUpdate: 'session_message', messageId: 'm1', senderSessionId: 'p', recipientSessionId: 'c', recipientMessageId: null, senderMessageId: 7, content: [text('Do it'), { type: 'bogus-without-fields' }, 5] },
    expect: (e) => {
      assert.ok(e.kind === 'session_message');
      assert.equal(e.messageId, 'm1');
      assert.equal(e.senderSessionId, 'p');
      assert.equal(e.recipientSessionId, 'c');
      assert.equal(e.recipientMessageId, null);
      assert.equal(e.senderMessageId, undefined, 'a malformed link reads as omitted');
      assert.deepEqual(e.content?.[0], text('Do it'));
    },
  },
  {
    name: 'session_message without messageId is malformed',
    update: { sessionUpdate: 'session_message', content: [text('x')] },
    expect: (e) => assert.ok(e.kind === 'unknown' && /messageId/.test(e.reason ?? '')),
  },
  {
    name: 'session_message_chunk appends one block',
    update: { sessionUpdate: 'session_message_chunk', messageId: 'm1', content: text('more') },
    expect: { kind: 'session_message_chunk', messageId: 'm1', content: text('more') },
  },
  {
    name: 'state_update idle with a custom stop reason',
    update: { sessionUpdate: 'state_update', state: 'idle', stopReason: '_vendor_paused' },
    expect: { kind: 'state', state: 'idle', stopReason: '_vendor_paused' },
  },
  {
    name: 'state_update running ignores a stray stopReason',
    update: { sessionUpdate: 'state_update', state: 'running', stopReason: 'end_turn' },
    expect: { kind: 'state', state: 'running' },
  },
  {
    name: 'state_update with an unknown state is reported',
    update: { sessionUpdate: 'state_update', state: 'dreaming' },
    expect: (e) => assert.ok(e.kind === 'unknown' && /dreaming/.test(e.reason ?? '')),
  },
  // --- compaction ---
  {
    name: 'compaction_update in progress (nothing to patch)',
    update: { sessionUpdate: 'compaction_update', compactionId: 'k1', status: 'in_progress' },
    expect: { kind: 'compaction', compactionId: 'k1', status: 'in_progress' },
  },
  {
    name: 'compaction_update completed with a replacement summary; bad summary items dropped',
    update: { sessionUpdate: 'compaction_update', compactionId: 'k1', status: 'completed', summary: [text('Sum'), { type: 'nope' }], error: null },
    expect: { kind: 'compaction', compactionId: 'k1', status: 'completed', summary: [text('Sum')], error: null },
  },
  {
    name: 'compaction_update failed with an error, summary cleared, custom status kept',
    update: { sessionUpdate: 'compaction_update', compactionId: 'k2', status: '_vendor_partial', summary: null, error: 'Out of budget' },
    expect: { kind: 'compaction', compactionId: 'k2', status: '_vendor_partial', summary: null, error: 'Out of budget' },
  },
  {
    name: 'compaction_update without a status is reported',
    update: { sessionUpdate: 'compaction_update', compactionId: 'k3' },
    expect: (e) => assert.ok(e.kind === 'unknown' && /status/.test(e.reason ?? '')),
  },
  {
    name: 'compaction_summary_chunk appends one block',
    update: { sessionUpdate: 'compaction_summary_chunk', compactionId: 'k1', content: text('more') },
    expect: { kind: 'compaction_chunk', compactionId: 'k1', content: text('more') },
  },
  // --- v2 agent-owned terminals ---
  {
    name: 'terminal_update with every field',
    update: {
      sessionUpdate: 'terminal_update', terminalId: 't1', command: 'npm test', cwd: '/w', output: { data: 'aGk=' },
      exitStatus: { exitCode: 1, signal: null }, size: { cols: 80, rows: 24 }, capabilities: { cancel: {} },
    },
    expect: { kind: 'agent_terminal', terminalId: 't1', command: 'npm test', cwd: '/w', output: 'aGk=', exitStatus: { exitCode: 1 }, cancellable: true },
  },
  {
    name: 'terminal_update: capabilities replace whole; null, {} and a malformed cancel mean not cancellable',
    update: { sessionUpdate: 'terminal_update', terminalId: 't1', capabilities: null },
    expect: { kind: 'agent_terminal', terminalId: 't1', cancellable: false },
  },
  {
    name: 'terminal_update: capabilities without cancel',
    update: { sessionUpdate: 'terminal_update', terminalId: 't1', capabilities: { _meta: { x: 1 } } },
    expect: { kind: 'agent_terminal', terminalId: 't1', cancellable: false },
  },
  {
    name: 'terminal_update: a malformed capabilities object falls back to no controls',
    update: { sessionUpdate: 'terminal_update', terminalId: 't1', capabilities: { cancel: true } },
    expect: { kind: 'agent_terminal', terminalId: 't1', cancellable: false },
  },
  {
    name: 'terminal_update: omitted fields are not in the patch, null clears',
    update: { sessionUpdate: 'terminal_update', terminalId: 't1', cwd: null, output: null, exitStatus: null },
    expect: { kind: 'agent_terminal', terminalId: 't1', cwd: null, output: null, exitStatus: null },
  },
  {
    name: 'terminal_update: an exit status with nothing known still marks the exit',
    update: { sessionUpdate: 'terminal_update', terminalId: 't1', exitStatus: {} },
    expect: { kind: 'agent_terminal', terminalId: 't1', exitStatus: {} },
  },
  {
    name: 'terminal_update with output that is not base64 is reported',
    update: { sessionUpdate: 'terminal_update', terminalId: 't1', output: { data: 'not base64!' } },
    expect: (e) => assert.ok(e.kind === 'unknown' && /base64/.test(e.reason ?? '')),
  },
  {
    name: 'terminal_output_chunk carries its base64 bytes',
    update: { sessionUpdate: 'terminal_output_chunk', terminalId: 't1', data: '4oKs' },
    expect: { kind: 'agent_terminal_chunk', terminalId: 't1', data: '4oKs' },
  },
  {
    name: 'terminal_output_chunk that is not padded base64 is reported',
    update: { sessionUpdate: 'terminal_output_chunk', terminalId: 't1', data: 'aGk' },
    expect: (e) => assert.ok(e.kind === 'unknown' && /base64/.test(e.reason ?? '')),
  },
  // --- plan variants ---
  {
    name: 'plan_update file plan',
    update: { sessionUpdate: 'plan_update', plan: { type: 'file', planId: 'p2', uri: 'file:///w/PLAN.md' } },
    expect: { kind: 'plan', planId: 'p2', entries: [], body: { type: 'file', uri: 'file:///w/PLAN.md' } },
  },
  {
    name: 'plan_update markdown plan',
    update: { sessionUpdate: 'plan_update', plan: { type: 'markdown', planId: 'p3', content: '# Steps\n1. a' } },
    expect: { kind: 'plan', planId: 'p3', entries: [], body: { type: 'markdown', content: '# Steps\n1. a' } },
  },
  {
    name: 'plan_update of an unknown type replaces that plan with a generic one',
    update: { sessionUpdate: 'plan_update', plan: { type: '_vendor_graph', planId: 'p4', nodes: [] } },
    expect: { kind: 'plan', planId: 'p4', entries: [], body: { type: 'other', planType: '_vendor_graph' } },
  },
  {
    name: 'plan_update file plan without a uri is reported',
    update: { sessionUpdate: 'plan_update', plan: { type: 'file', planId: 'p2' } },
    expect: (e) => assert.ok(e.kind === 'unknown' && /uri/.test(e.reason ?? '')),
  },
  {
    name: 'plan_update markdown plan without an id is reported',
    update: { sessionUpdate: 'plan_update', plan: { type: 'markdown', content: 'x' } },
    expect: (e) => assert.ok(e.kind === 'unknown' && /planId/.test(e.reason ?? '')),
  },
  // --- unknown kinds ---
  {
    name: 'unknown kind is passed through untouched',
    update: { sessionUpdate: '_vendor/sparkles', n: 1 },
    expect: { kind: 'unknown', sessionUpdate: '_vendor/sparkles', raw: { sessionUpdate: '_vendor/sparkles', n: 1 } },
  },
  {
    name: 'prototype keys are not kinds',
    update: { sessionUpdate: 'constructor' },
    expect: { kind: 'unknown', sessionUpdate: 'constructor', raw: { sessionUpdate: 'constructor' } },
  },
  { name: 'not an object', update: 'agent_message_chunk', expect: (e) => assert.ok(e.kind === 'unknown' && e.reason) },
  { name: 'no sessionUpdate', update: { content: text('x') }, expect: (e) => assert.ok(e.kind === 'unknown' && e.reason) },
];

for (const c of cases) {
  test(`normalize: ${c.name}`, () => {
    const event = normalizeSessionUpdate(c.update);
    if (typeof c.expect === 'function') c.expect(event);
    else assert.deepEqual(event, c.expect);
  });
}

test('every known kind in the schema table has at least one case here', () => {
  const covered = new Set(
    cases.map((c) => (c.update as { sessionUpdate?: string } | null)?.sessionUpdate).filter((k): k is string => typeof k === 'string'),
  );
  const notCoveredHere = ['agent_message_chunk', 'usage_update', 'tool_call_update', 'state_change'];
  // Those are covered by the seed examples (seedExamples.test.ts) or below.
  for (const kind of Object.keys(sessionUpdateSchemas)) {
    assert.ok(covered.has(kind) || notCoveredHere.includes(kind), `no case for ${kind}`);
  }
});

test('malformed terminal and compaction updates say why', () => {
  const bad = normalizeSessionUpdate({ sessionUpdate: 'terminal_output_chunk', terminalId: 't1' });
  assert.ok(bad.kind === 'unknown' && /data/.test(bad.reason ?? ''));
  const noId = normalizeSessionUpdate({ sessionUpdate: 'compaction_summary_chunk', content: text('x') });
  assert.ok(noId.kind === 'unknown' && /compactionId/.test(noId.reason ?? ''));
});

test('extra fields on an update are tolerated (a real agent adds _meta and vendor keys)', () => {
  const event = normalizeSessionUpdate({
    sessionUpdate: 'tool_call_update',
    toolCallId: 'c1',
    status: 'completed',
    _meta: { claudeCode: { toolName: 'Read' } },
    vendorField: true,
  });
  assert.deepEqual(event, { kind: 'tool_call', toolCallId: 'c1', replace: false, patch: { status: 'completed' } });
});

test('the plain-text chunk fast path gives exactly what the schema path gives', () => {
  const variants: Record<string, unknown>[] = [
    { sessionUpdate: 'agent_message_chunk', content: text('a') },
    { sessionUpdate: 'agent_message_chunk', messageId: 'm', content: text('b') },
    { sessionUpdate: 'agent_thought_chunk', messageId: null, content: { type: 'text', text: 'c', annotations: { audience: ['user'] } } },
    { sessionUpdate: 'user_message_chunk', messageId: 7, content: text('d'), _meta: { x: 1 } },
    { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'e', extra: true } },
  ];
  const roles = { agent_message_chunk: 'agent', agent_thought_chunk: 'thought', user_message_chunk: 'user' } as const;
  for (const u of variants) {
    const r = contentChunk.parse(u);
    const viaSchema: WireEvent = { kind: 'message_chunk', role: roles[u.sessionUpdate as keyof typeof roles], content: r.content };
    if (typeof r.messageId === 'string') viaSchema.messageId = r.messageId;
    assert.deepEqual(normalizeSessionUpdate(u), viaSchema);
  }
});
