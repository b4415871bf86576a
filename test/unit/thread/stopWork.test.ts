/**
 * Stopping one piece of work (v2): the cancel capability on tool calls and agent-owned
 * terminals, the "stopping" state from the user's Stop until the agent reports the end, and a
 * refusal shown where the work is.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent, StopTarget } from '../../../src/protocol/events.js';
import type { TerminalEntry, ToolCallEntry } from '../../../src/thread/types.js';
import type { ThreadModel } from '../../../src/thread/reducer.js';
import { run, toolUpdate } from './events.js';

const tool = (toolCallId: string): StopTarget => ({ type: 'tool_call', toolCallId });
const terminal = (terminalId: string): StopTarget => ({ type: 'terminal', terminalId });
const requested = (target: StopTarget): SessionEvent => ({ kind: 'stop_requested', target });
const refused = (target: StopTarget, message: string): SessionEvent => ({ kind: 'stop_refused', target, message });
const termUpdate = (terminalId: string, fields: Omit<Extract<SessionEvent, { kind: 'agent_terminal' }>, 'kind' | 'terminalId'>): SessionEvent =>
  ({ kind: 'agent_terminal', terminalId, ...fields });

function call(model: ThreadModel, toolCallId = 'c1'): ToolCallEntry {
  const row = model.entries.find((e): e is ToolCallEntry => e.type === 'tool_call' && e.toolCallId === toolCallId);
  assert.ok(row, `no tool call ${toolCallId}`);
  return row;
}

function ownRow(model: ThreadModel, terminalId = 't1'): TerminalEntry {
  const row = model.entries.find((e): e is TerminalEntry => e.type === 'terminal' && e.terminalId === terminalId);
  assert.ok(row, `no terminal row ${terminalId}`);
  return row;
}

const running = (extra: Parameters<typeof toolUpdate>[1] = {}) => toolUpdate('c1', { title: 'Index', status: 'in_progress', ...extra });

test('tool call: capabilities.cancel sets cancellable; a later capabilities without it withdraws it; omitted keeps', () => {
  const { model } = run([running({ cancellable: true })]);
  assert.equal(call(model).cancellable, true);
  model.apply(toolUpdate('c1', { content: [] }));
  assert.equal(call(model).cancellable, true, 'an update without capabilities keeps them');
  model.apply(toolUpdate('c1', { cancellable: false }));
  assert.equal('cancellable' in call(model), false);
});

test('tool call: stop requested → stopping; the final status (any of the three) settles it', () => {
  for (const status of ['cancelled', 'failed', 'completed'] as const) {
    const { model, results } = run([running({ cancellable: true }), requested(tool('c1'))]);
    assert.deepEqual(call(model).stop, { state: 'stopping' });
    assert.equal(results[1]!.rows.length, 1, 'the card is redrawn');
    model.apply(toolUpdate('c1', { status: 'in_progress' }));
    assert.deepEqual(call(model).stop, { state: 'stopping' }, 'still working: still stopping');
    model.apply(toolUpdate('c1', { status, cancellable: false }));
    assert.equal('stop' in call(model), false, status);
    assert.equal(call(model).status, status);
  }
});

test('tool call: a refusal is kept on the card until the call ends; a late one does not touch an ended call', () => {
  const { model } = run([running({ cancellable: true }), requested(tool('c1')), refused(tool('c1'), 'cannot stop now')]);
  assert.deepEqual(call(model).stop, { state: 'refused', message: 'cannot stop now' });
  model.apply(requested(tool('c1')));
  assert.deepEqual(call(model).stop, { state: 'stopping' }, 'asking again');
  model.apply(toolUpdate('c1', { status: 'completed' }));
  const result = model.apply(refused(tool('c1'), 'too late'));
  assert.equal('stop' in call(model), false);
  assert.deepEqual(result.rows, []);
});

test('stop events for work the thread does not know change nothing', () => {
  const { results } = run([requested(tool('nope')), refused(terminal('nope'), 'x')]);
  assert.deepEqual(results.map((r) => r.rows), [[], []]);
});

test('agent-owned terminal: cancellable, stopping on its own row, settled by the exit status', () => {
  const { model } = run([termUpdate('t1', { command: 'npm run watch', cancellable: true })]);
  assert.equal(ownRow(model).terminal.cancellable, true);
  model.apply(requested(terminal('t1')));
  assert.deepEqual(ownRow(model).terminal.stop, { state: 'stopping' });
  model.apply({ kind: 'agent_terminal_chunk', terminalId: 't1', data: btoa('more\n') });
  assert.deepEqual(ownRow(model).terminal.stop, { state: 'stopping' }, 'output goes on while stopping');
  model.apply(termUpdate('t1', { exitStatus: { signal: 'SIGTERM' }, cancellable: false }));
  const view = ownRow(model).terminal;
  assert.equal('stop' in view, false);
  assert.equal('cancellable' in view, false);
  assert.deepEqual(view.exitStatus, { signal: 'SIGTERM' });
  const late = model.apply(refused(terminal('t1'), 'already exited'));
  assert.deepEqual(late.rows, [], 'an exited terminal is left alone');
});

test('agent-owned terminal embedded in a tool call: the stop state shows in the call too', () => {
  const { model } = run([
    termUpdate('t1', { command: 'make', cancellable: true }),
    toolUpdate('c1', { title: 'Build', status: 'in_progress', content: [{ type: 'terminal', terminalId: 't1' }] }),
    requested(terminal('t1')),
    refused(terminal('t1'), 'the build cannot be interrupted'),
  ]);
  assert.deepEqual(call(model).terminals?.t1?.stop, { state: 'refused', message: 'the build cannot be interrupted' });
  assert.equal(call(model).terminals?.t1?.cancellable, true);
  assert.equal(ownRow(model).embedded, true);
});

test('a client-run terminal (v1) cannot be stopped this way', () => {
  const { model, results } = run([
    toolUpdate('c1', { title: 'Run', status: 'in_progress', content: [{ type: 'terminal', terminalId: 'v1t' }] }),
    { kind: 'terminal_output', terminalId: 'v1t', command: 'ls', output: 'a\n', truncated: false },
    requested(terminal('v1t')),
  ]);
  assert.deepEqual(results[2]!.rows, []);
  assert.equal(call(model).terminals?.v1t?.stop, undefined);
});

test('cancelling the whole turn overtakes a Stop under way on one call', () => {
  const { model } = run([
    { kind: 'prompt_sent', turnId: 'turn-1', content: [] },
    running({ cancellable: true }),
    requested(tool('c1')),
    { kind: 'cancel_requested', turnId: 'turn-1' },
  ]);
  assert.equal(call(model).status, 'cancelled');
  assert.equal('stop' in call(model), false);
});
