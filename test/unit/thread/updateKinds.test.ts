/**
 * Thread rows for compaction, agent-owned (v2) terminals, plan variants and v2 diff change lists.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent, ToolCallContent } from '../../../src/protocol/events.js';
import type { CompactionEntry, PlanThreadEntry, TerminalEntry, ThreadEntry, ToolCallEntry } from '../../../src/thread/types.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import { MAX_TERMINAL_CHARS } from '../../../src/thread/tools/agentTerminals.js';
import { run, text, toolCall, toolUpdate } from './events.js';

const b64 = (bytes: Buffer | string) => (typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes).toString('base64');
const compaction = (compactionId: string, status: string, extra: Partial<Extract<SessionEvent, { kind: 'compaction' }>> = {}): SessionEvent =>
  ({ kind: 'compaction', compactionId, status, ...extra });
const summaryChunk = (compactionId: string, t: string): SessionEvent => ({ kind: 'compaction_chunk', compactionId, content: text(t) });
const termUpdate = (terminalId: string, patch: Omit<Extract<SessionEvent, { kind: 'agent_terminal' }>, 'kind' | 'terminalId'>): SessionEvent =>
  ({ kind: 'agent_terminal', terminalId, ...patch });
const termChunk = (terminalId: string, bytes: Buffer | string): SessionEvent => ({ kind: 'agent_terminal_chunk', terminalId, data: b64(bytes) });
const embed = (terminalId: string): ToolCallContent => ({ type: 'terminal', terminalId });

function only<T extends ThreadEntry['type']>(model: ThreadModel, type: T): Array<Extract<ThreadEntry, { type: T }>> {
  return model.entries.filter((e): e is Extract<ThreadEntry, { type: T }> => e.type === type);
}
const ops = (r: { rows: Array<{ op: string; index: number }> }) => r.rows.map((c) => [c.op, c.index]);

// --- compaction ---

test('compaction: upsert by id keeps its place; status, summary and error patch it', () => {
  const { model, results } = run([
    compaction('k1', 'in_progress'),
    { kind: 'notice', severity: 'info', title: 'between' },
    summaryChunk('k1', 'The user '),
    summaryChunk('k1', 'asked for **a demo**.'),
    compaction('k1', 'completed'),
  ]);
  assert.deepEqual(results.map(ops), [[['insert', 0]], [['insert', 1]], [['update', 0]], [['update', 0]], [['update', 0]]]);
  const [row] = only(model, 'compaction');
  assert.deepEqual(row && { ...row, id: undefined }, {
    type: 'compaction', id: undefined, compactionId: 'k1', status: 'completed', summary: [text('The user asked for **a demo**.')],
  });
});

const compactionCases: Array<{ name: string; events: SessionEvent[]; expect: Partial<CompactionEntry> }> = [
  {
    name: 'a summary replaces what chunks built',
    events: [compaction('k', 'in_progress'), summaryChunk('k', 'old'), compaction('k', 'in_progress', { summary: [text('new')] })],
    expect: { summary: [text('new')] },
  },
  { name: 'null clears the summary', events: [compaction('k', 'completed', { summary: [text('s')] }), compaction('k', 'completed', { summary: null })], expect: { summary: [] } },
  { name: '[] clears the summary', events: [compaction('k', 'completed', { summary: [text('s')] }), compaction('k', 'completed', { summary: [] })], expect: { summary: [] } },
  { name: 'an omitted summary is kept', events: [compaction('k', 'in_progress', { summary: [text('s')] }), compaction('k', 'completed')], expect: { summary: [text('s')], status: 'completed' } },
  {
    name: 'failure carries the error',
    events: [compaction('k', 'failed', { error: 'Context too large' })],
    expect: { status: 'failed', error: 'Context too large' },
  },
  { name: 'a cleared error is gone', events: [compaction('k', 'failed', { error: 'x' }), compaction('k', 'in_progress', { error: null })], expect: { status: 'in_progress', error: undefined } },
  { name: 'an omitted error is kept', events: [compaction('k', 'failed', { error: 'x' }), compaction('k', 'failed')], expect: { error: 'x' } },
  { name: 'cancelled and custom statuses are kept as sent', events: [compaction('k', '_vendor_paused')], expect: { status: '_vendor_paused' } },
  { name: 'a chunk for an unknown id starts an in-progress compaction', events: [summaryChunk('k', 'early')], expect: { status: 'in_progress', summary: [text('early')] } },
  {
    name: 'a non-text block is its own block; text after it starts a new text block',
    events: [summaryChunk('k', 'a'), { kind: 'compaction_chunk', compactionId: 'k', content: { type: 'resource_link', uri: 'file:///x', name: 'x' } }, summaryChunk('k', 'b')],
    expect: { summary: [text('a'), { type: 'resource_link', uri: 'file:///x', name: 'x' }, text('b')] },
  },
];

for (const c of compactionCases) {
  test(`compaction: ${c.name}`, () => {
    const rows = only(run(c.events).model, 'compaction');
    assert.equal(rows.length, 1);
    for (const [k, v] of Object.entries(c.expect)) assert.deepEqual(rows[0]![k as keyof CompactionEntry], v, k);
  });
}

test('compaction: two ids are two rows', () => {
  const { model } = run([compaction('a', 'completed'), compaction('b', 'in_progress'), compaction('a', 'completed', { summary: [text('x')] })]);
  assert.deepEqual(only(model, 'compaction').map((r) => [r.compactionId, r.status, r.summary.length]), [['a', 'completed', 1], ['b', 'in_progress', 0]]);
});

// --- agent-owned terminals ---

test('agent terminal inside the tool call that embeds it: command, cwd, output, exit status', () => {
  const { model, results } = run([
    toolUpdate('c1', { title: 'Run build', kind: 'execute', status: 'in_progress', content: [embed('T')] }),
    termUpdate('T', { command: 'npm run build', cwd: '/w' }),
    termChunk('T', 'building\n'),
    termChunk('T', 'done\n'),
    termUpdate('T', { exitStatus: { exitCode: 0 } }),
  ]);
  assert.equal(only(model, 'terminal').length, 0, 'no row of its own');
  const call = only(model, 'tool_call')[0]!;
  assert.deepEqual(call.terminals?.T, { terminalId: 'T', command: 'npm run build', cwd: '/w', output: 'building\ndone\n', truncated: false, exitStatus: { exitCode: 0 } });
  assert.deepEqual(results.slice(1).map(ops), [[['update', 0]], [['update', 0]], [['update', 0]], [['update', 0]]]);
});

test('agent terminal: UTF-8 characters split across chunks decode whole (streaming decoder per terminal)', () => {
  const bytes = Buffer.from('€ ok ✓ \u001b[32mgreen\u001b[0m 😀', 'utf8');
  const events: SessionEvent[] = [toolUpdate('c1', { title: 'Run', content: [embed('A'), embed('B')] })];
  // Terminal A gets every byte as its own chunk, B the same bytes in two cuts; both interleave.
  for (let i = 0; i < bytes.length; i++) {
    events.push(termChunk('A', bytes.subarray(i, i + 1)));
    if (i === 1) events.push(termChunk('B', bytes.subarray(0, 2)));
  }
  events.push(termChunk('B', bytes.subarray(2)));
  const call = only(run(events).model, 'tool_call')[0]!;
  assert.equal(call.terminals?.A?.output, bytes.toString('utf8'));
  assert.equal(call.terminals?.B?.output, bytes.toString('utf8'));
});

test('agent terminal: a chunk that only starts a character changes no row', () => {
  const model = run([toolUpdate('c1', { title: 'Run', content: [embed('T')] }), termChunk('T', 'a')]).model;
  assert.deepEqual(model.apply(termChunk('T', Buffer.from([0xe2]))).rows, []);
  assert.equal(model.apply(termChunk('T', Buffer.from([0x82, 0xac]))).rows.length, 1);
  assert.equal(only(model, 'tool_call')[0]!.terminals?.T?.output, 'a€');
});

test('agent terminal: an output snapshot replaces the output and resets a half-decoded character', () => {
  const model = run([
    toolUpdate('c1', { title: 'Run', content: [embed('T')] }),
    termChunk('T', 'old'),
    termChunk('T', Buffer.from([0xe2, 0x82])),
    termUpdate('T', { output: b64('fresh ') }),
    termChunk('T', 'tail'),
  ]).model;
  assert.equal(only(model, 'tool_call')[0]!.terminals?.T?.output, 'fresh tail');
  model.apply(termUpdate('T', { output: null, command: null, cwd: null }));
  const view = only(model, 'tool_call')[0]!.terminals?.T;
  assert.deepEqual(view, { terminalId: 'T', command: '', output: '', truncated: false });
});

test('agent terminal: exit shows a dangling partial character as U+FFFD; null exit status clears it', () => {
  const model = run([
    toolUpdate('c1', { title: 'Run', content: [embed('T')] }),
    termChunk('T', Buffer.from([0x61, 0xe2, 0x82])),
    termUpdate('T', { exitStatus: { signal: 'SIGTERM' } }),
  ]).model;
  const view = only(model, 'tool_call')[0]!.terminals?.T;
  assert.equal(view?.output, 'a\ufffd');
  assert.deepEqual(view?.exitStatus, { signal: 'SIGTERM' });
  model.apply(termUpdate('T', { exitStatus: null }));
  assert.equal(only(model, 'tool_call')[0]!.terminals?.T?.exitStatus, undefined);
});

test('agent terminal no tool call embeds gets its own row, updated in place', () => {
  const { model, results } = run([termUpdate('T', { command: 'tail -f log', cwd: '/w' }), termChunk('T', 'line 1\n'), termChunk('T', 'line 2\n')]);
  const rows = only(model, 'terminal');
  assert.equal(rows.length, 1);
  assert.deepEqual(rows[0]!.terminal, { terminalId: 'T', command: 'tail -f log', cwd: '/w', output: 'line 1\nline 2\n', truncated: false });
  assert.equal(rows[0]!.embedded, undefined);
  assert.deepEqual(results.map(ops), [[['insert', 0]], [['update', 0]], [['update', 0]]]);
});

test('agent terminal: its own row folds once a tool call embeds it, and the call shows what came before', () => {
  const { model, results } = run([
    termUpdate('T', { command: 'make' }),
    termChunk('T', 'one\n'),
    toolUpdate('c1', { title: 'Run make', content: [embed('T')] }),
    termChunk('T', 'two\n'),
  ]);
  const [own] = only(model, 'terminal');
  assert.equal(own?.embedded, true);
  assert.deepEqual(ops(results[2]!), [['insert', 1], ['update', 0]], 'the call is inserted and the own row folded in one event');
  assert.deepEqual(ops(results[3]!), [['update', 1]], 'later output only updates the call');
  assert.equal(only(model, 'tool_call')[0]!.terminals?.T?.output, 'one\ntwo\n');
});

test('agent terminal: output is capped to its tail and marked truncated', () => {
  const big = 'x'.repeat(MAX_TERMINAL_CHARS - 5);
  const model = run([termChunk('T', big), termChunk('T', '0123456789')]).model;
  const view = only(model, 'terminal')[0]!.terminal;
  assert.equal(view.output.length, MAX_TERMINAL_CHARS);
  assert.ok(view.output.endsWith('0123456789'));
  assert.equal(view.truncated, true);
});

test('a v1 client terminal never gets a row of its own (it is always embedded by its tool call)', () => {
  const { model } = run([{ kind: 'terminal_output', terminalId: 'L', command: 'ls', output: 'a', truncated: false }]);
  assert.equal(model.entries.length, 0);
});

test('restore: compactions and own terminal rows keep taking updates', () => {
  const live = run([compaction('k', 'in_progress'), termUpdate('T', { command: 'watch' }), termChunk('T', 'a')]).model;
  const restored = ThreadModel.restore(JSON.parse(JSON.stringify(live.snapshot())));
  const more: SessionEvent[] = [summaryChunk('k', 'sum'), compaction('k', 'completed'), termChunk('T', 'b'), toolUpdate('c', { title: 'x', content: [embed('T')] })];
  assert.deepEqual(more.map((e) => restored.apply(e)), more.map((e) => live.apply(e)));
  assert.deepEqual(restored.entries, live.entries);
});

// --- plan variants ---

const plan = (planId: string, body?: PlanThreadEntry['body']): SessionEvent =>
  body ? { kind: 'plan', planId, entries: [], body } : { kind: 'plan', planId, entries: [{ content: 'step', priority: 'high', status: 'pending' }] };

test('plans: file, markdown and items plans side by side by planId; an update may switch the variant', () => {
  const { model, results } = run([
    plan('main'),
    plan('file-plan', { type: 'file', uri: 'file:///w/PLAN.md' }),
    plan('md', { type: 'markdown', content: '# Steps' }),
    plan('md', { type: 'markdown', content: '# Steps\n1. done' }),
    plan('file-plan'),
  ]);
  assert.deepEqual(results.map(ops), [[['insert', 0]], [['insert', 1]], [['insert', 2]], [['update', 2]], [['update', 1]]]);
  const rows = only(model, 'plan');
  assert.deepEqual(rows.map((r) => [r.planId, r.body, r.entries.length]), [
    ['main', undefined, 1],
    ['file-plan', undefined, 1],
    ['md', { type: 'markdown', content: '# Steps\n1. done' }, 0],
  ]);
});

test('plans: plan_removed marks the row removed and drops its body; the id starts fresh afterwards', () => {
  const { model } = run([plan('md', { type: 'markdown', content: 'x' }), { kind: 'plan_removed', planId: 'md' }, plan('md', { type: 'file', uri: 'file:///p' })]);
  const rows = only(model, 'plan');
  assert.deepEqual(rows.map((r) => [r.removed, r.body, r.entries.length]), [[true, undefined, 0], [undefined, { type: 'file', uri: 'file:///p' }, 0]]);
});

// --- v2 diff change lists ---

test('v2 diff change lists stay on the tool call as content', () => {
  const changes: ToolCallContent = {
    type: 'file_changes',
    changes: [{ operation: 'modify', path: '/w/a.ts' }, { operation: 'move', oldPath: '/w/b.ts', path: '/w/c.ts' }],
    patch: { format: 'git_patch', text: 'diff --git /w/a.ts /w/a.ts\n' },
  };
  const { model } = run([toolCall('c1', { title: 'Edit', kind: 'edit' }), { kind: 'tool_call_content_chunk', toolCallId: 'c1', content: changes }]);
  const call = only(model, 'tool_call')[0] as ToolCallEntry;
  assert.deepEqual(call.content, [changes]);
});

test('the standalone terminal row is a TerminalEntry with the terminal view', () => {
  const row = run([termUpdate('Z', { command: 'c' })]).model.entries[0] as TerminalEntry;
  assert.equal(row.type, 'terminal');
  assert.equal(row.terminalId, 'Z');
});
