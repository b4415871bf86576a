import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent, ToolCallContent } from '../../../src/protocol/events.js';
import type { ToolCallEntry } from '../../../src/thread/types.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import { prompt, run, text, toolCall, toolUpdate, withoutIds } from './events.js';

const out = (t: string): ToolCallContent => ({ type: 'content', content: text(t) });
const term = (terminalId: string): ToolCallContent => ({ type: 'terminal', terminalId });

function call(model: ThreadModel, toolCallId: string): ToolCallEntry {
  const row = model.entries.find((e) => e.type === 'tool_call' && e.toolCallId === toolCallId);
  assert.ok(row && row.type === 'tool_call', `no tool call ${toolCallId}`);
  return row;
}

interface Case {
  name: string;
  events: SessionEvent[];
  expect: Partial<ToolCallEntry>;
  rows?: number;
}

const cases: Case[] = [
  {
    name: 'a full create fills the defaults',
    events: [toolCall('c1', { title: 'Read file' })],
    expect: { title: 'Read file', name: null, kind: 'other', status: 'pending', content: [], locations: [] },
  },
  {
    name: 'a patch keeps undefined fields, replaces given ones',
    events: [
      toolCall('c1', { title: 'Read', kind: 'read', rawInput: { path: '/a' }, locations: [{ path: '/a' }] }),
      toolUpdate('c1', { status: 'in_progress' }),
    ],
    expect: { title: 'Read', kind: 'read', status: 'in_progress', rawInput: { path: '/a' }, locations: [{ path: '/a' }] },
  },
  {
    name: 'null clears a field',
    events: [
      toolCall('c1', { title: 'Read', kind: 'read', rawInput: { a: 1 }, name: 'read_file', locations: [{ path: '/a' }] }),
      toolUpdate('c1', { kind: null, rawInput: null, name: null, locations: null }),
    ],
    expect: { title: 'Read', kind: 'other', rawInput: undefined, name: null, locations: [] },
  },
  {
    name: 'content and locations replace whole arrays',
    events: [
      toolCall('c1', { title: 'Edit', content: [out('a'), out('b')], locations: [{ path: '/a' }, { path: '/b' }] }),
      toolUpdate('c1', { content: [out('c')], locations: [{ path: '/c', line: 3 }] }),
    ],
    expect: { content: [out('c')], locations: [{ path: '/c', line: 3 }] },
  },
  {
    name: 'a second full create replaces every field with the defaults first',
    events: [
      toolCall('c1', { title: 'Old', kind: 'edit', status: 'in_progress', content: [out('x')], rawInput: { a: 1 } }),
      toolCall('c1', { title: 'New' }),
    ],
    expect: { title: 'New', kind: 'other', status: 'pending', content: [], rawInput: undefined },
    rows: 1,
  },
  {
    name: 'an update for an unknown id creates an orphan named by its id',
    events: [toolUpdate('ghost', { status: 'failed' })],
    expect: { title: 'ghost', status: 'failed', orphan: true, kind: 'other' },
  },
  {
    name: 'a titled first update is how v2 announces a call: not an orphan',
    events: [toolUpdate('c1', { title: 'Run tests', kind: 'execute', status: 'pending' })],
    expect: { title: 'Run tests', kind: 'execute', orphan: undefined },
  },
  {
    name: 'a full create after an orphan update adopts the row and clears orphan',
    events: [toolUpdate('c1', { status: 'in_progress' }), toolCall('c1', { title: 'Late', status: 'in_progress' })],
    expect: { title: 'Late', orphan: undefined, status: 'in_progress' },
    rows: 1,
  },
  {
    name: 'content chunks append one item each; a later content replaces the accumulation',
    events: [
      toolUpdate('c1', { title: 'Analyze' }),
      { kind: 'tool_call_content_chunk', toolCallId: 'c1', content: out('a') },
      { kind: 'tool_call_content_chunk', toolCallId: 'c1', content: out('b') },
    ],
    expect: { content: [out('a'), out('b')] },
  },
  {
    name: 'content replace after chunks',
    events: [
      toolUpdate('c1', { title: 'Analyze' }),
      { kind: 'tool_call_content_chunk', toolCallId: 'c1', content: out('a') },
      toolUpdate('c1', { content: [out('final')], status: 'completed' }),
    ],
    expect: { content: [out('final')], status: 'completed' },
  },
  {
    name: 'a content chunk for an unknown id creates an orphan',
    events: [{ kind: 'tool_call_content_chunk', toolCallId: 'c9', content: out('x') }],
    expect: { title: 'c9', orphan: true, content: [out('x')] },
  },
  {
    name: 'a cleared title falls back to the id',
    events: [toolCall('c1', { title: 'T' }), toolUpdate('c1', { title: null })],
    expect: { title: 'c1' },
  },
];

for (const c of cases) {
  test(`tool calls: ${c.name}`, () => {
    const { model } = run(c.events);
    const row = call(model, c.events[0]!.kind === 'tool_call' || c.events[0]!.kind === 'tool_call_content_chunk' ? c.events[0]!.toolCallId : '');
    for (const [key, value] of Object.entries(c.expect)) {
      assert.deepEqual((row as unknown as Record<string, unknown>)[key], value, key);
    }
    if (c.rows !== undefined) assert.equal(model.entries.length, c.rows);
  });
}

test('tool calls: early-draft and v1 streams build the same thread', () => {
  // What the normaliser makes of seed 000 (`tool_call {id,name,arguments}`, `status: "success"`,
  // `embedded_resource`) and of the same story told in v1.
  const args = { code: 'print(1)', language: 'python' };
  const earlyDraft: SessionEvent[] = [
    prompt('t1'),
    { kind: 'message_chunk', role: 'agent', content: { type: 'resource', resource: { uri: 'file:///a.py', text: 'x', mimeType: 'text/x-python' } } },
    toolCall('call_001', { title: 'analyze_code', name: 'analyze_code', rawInput: args }),
    toolUpdate('call_001', { status: 'completed', rawOutput: 'Analysis complete', content: [out('Analysis complete')] }),
    { kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' },
  ];
  const v1: SessionEvent[] = [
    prompt('t1'),
    { kind: 'message_chunk', role: 'agent', content: { type: 'resource', resource: { uri: 'file:///a.py', text: 'x', mimeType: 'text/x-python' } } },
    toolCall('call_001', { title: 'analyze_code', name: 'analyze_code', rawInput: args, kind: 'other', status: 'pending' }),
    toolUpdate('call_001', { status: 'completed', content: [out('Analysis complete')], rawOutput: 'Analysis complete' }),
    { kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' },
  ];
  const a = run(earlyDraft).model;
  const b = run(v1).model;
  assert.deepEqual(withoutIds(a.entries), withoutIds(b.entries));
  assert.deepEqual(a.session, b.session);
  assert.equal(call(a, 'call_001').status, 'completed');
});

test('terminal output fans out to every tool call embedding the terminal', () => {
  const { model, results } = run([
    toolCall('c1', { title: 'Build', content: [term('T1')] }),
    toolCall('c2', { title: 'Other', content: [term('T2')] }),
    toolCall('c3', { title: 'Also build', content: [out('see'), term('T1')] }),
    { kind: 'terminal_output', terminalId: 'T1', command: 'make', output: 'ok\n', truncated: false, exitStatus: { exitCode: 0 } },
  ]);
  const changed = results[3]!.rows.map((c) => [c.op, c.index]);
  assert.deepEqual(changed, [['update', 0], ['update', 2]]);
  assert.equal(call(model, 'c1').terminals?.T1?.output, 'ok\n');
  assert.equal(call(model, 'c3').terminals?.T1?.exitStatus?.exitCode, 0);
  assert.equal(call(model, 'c2').terminals, undefined);
});

test('terminal output: content replaced without the terminal stops the fan-out', () => {
  const { model, results } = run([
    toolCall('c1', { title: 'Build', content: [term('T1')] }),
    toolUpdate('c1', { content: [out('done')] }),
    { kind: 'terminal_output', terminalId: 'T1', command: 'make', output: 'late', truncated: false },
  ]);
  assert.deepEqual(results[2]!.rows, []);
  assert.equal(call(model, 'c1').terminals, undefined);
});

test('terminal output before the tool call embeds it is shown once it does', () => {
  const { model } = run([
    { kind: 'terminal_output', terminalId: 'T1', command: 'ls', output: 'a b', truncated: true },
    toolCall('c1', { title: 'List' }),
    toolUpdate('c1', { content: [term('T1')] }),
    { kind: 'tool_call_content_chunk', toolCallId: 'c2', content: term('T1') },
  ]);
  assert.equal(call(model, 'c1').terminals?.T1?.output, 'a b');
  assert.equal(call(model, 'c2').terminals?.T1?.truncated, true);
});

test('terminal output keeps updating a call that embeds it through a content chunk', () => {
  const { model } = run([
    toolCall('c1', { title: 'Run' }),
    { kind: 'tool_call_content_chunk', toolCallId: 'c1', content: term('T1') },
    { kind: 'terminal_output', terminalId: 'T1', command: 'x', output: '1', truncated: false },
    { kind: 'terminal_output', terminalId: 'T1', command: 'x', output: '12', truncated: false },
  ]);
  assert.equal(call(model, 'c1').terminals?.T1?.output, '12');
});
