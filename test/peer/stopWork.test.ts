/**
 * Stopping one tool call or agent-owned terminal while the turn goes on (v2 `tool_call/cancel`,
 * `terminal/cancel`) with the scripted v2 agent over real stdio, through the real session and
 * thread model.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TerminalEntry, ToolCallEntry } from '../../src/thread/types.js';
import { STOPPABLE } from '../agents/lib/v2-scenarios-stop.js';
import { record, say, startPeer, streamedText, testAgent, turnEnd, waitFor, type Peer } from './support/harness.js';

let peer: Peer;
before(async () => {
  peer = await startPeer(testAgent('v2', ['--delay', '0'], 2));
  assert.equal((await peer.client.start()).state, 'ready');
});
after(() => peer.close());

test('Stop on a tool call and on a terminal: stopping, then the agent’s final status; a refusal stays on its card; the turn goes on', async () => {
  const r = record(await peer.client.newSession());
  const toolRow = (title: string) => r.thread.entries.find((e): e is ToolCallEntry => e.type === 'tool_call' && e.title === title);
  const termRow = () => r.thread.entries.find((e): e is TerminalEntry => e.type === 'terminal');
  // What the thread showed right when each stop was asked for.
  const whenAsked: unknown[] = [];
  r.session.onEvent((e) => {
    if (e.kind !== 'stop_requested') return;
    const { target } = e;
    const call = target.type === 'tool_call' ? r.thread.entries.find((x): x is ToolCallEntry => x.type === 'tool_call' && x.toolCallId === target.toolCallId) : undefined;
    whenAsked.push(target.type === 'tool_call' ? call?.stop : termRow()?.terminal.stop);
  });
  const turn = r.session.prompt(say('stoppable'));

  const tool = await waitFor(() => toolRow(STOPPABLE.tool), 5_000, 'the stoppable tool call');
  const refusing = await waitFor(() => toolRow(STOPPABLE.refused), 5_000, 'the refusing tool call');
  const terminal = await waitFor(() => termRow(), 5_000, 'the terminal row');
  assert.equal(tool.cancellable, true);
  assert.equal(refusing.cancellable, true);
  assert.equal(terminal.terminal.cancellable, true);
  assert.equal(terminal.terminal.command, STOPPABLE.command);

  await r.session.stopWork({ type: 'tool_call', toolCallId: refusing.toolCallId });
  const refused = toolRow(STOPPABLE.refused)!;
  assert.equal(refused.stop?.state, 'refused');
  assert.match(refused.stop?.state === 'refused' ? refused.stop.message : '', new RegExp(STOPPABLE.refusal));
  assert.equal(refused.status, 'in_progress', 'refused: still working');

  await r.session.stopWork({ type: 'tool_call', toolCallId: tool.toolCallId });
  await waitFor(() => toolRow(STOPPABLE.tool)?.status === 'cancelled', 5_000, 'the tool call cancelled');
  await r.session.stopWork({ type: 'terminal', terminalId: terminal.terminalId });
  await waitFor(() => termRow()?.terminal.exitStatus, 5_000, 'the terminal exit');
  assert.deepEqual(whenAsked, [{ state: 'stopping' }, { state: 'stopping' }, { state: 'stopping' }]);

  const stopped = toolRow(STOPPABLE.tool)!;
  assert.equal(stopped.stop, undefined, 'the final status settles the stop');
  assert.equal(stopped.cancellable, undefined, 'the agent withdrew the capability');
  const exited = termRow()!.terminal;
  assert.deepEqual(exited.exitStatus, { signal: 'SIGTERM' });
  assert.equal(exited.stop, undefined);
  assert.equal(exited.output, STOPPABLE.output);
  assert.equal(r.session.turnState, 'running', 'stopping work does not stop the turn');

  await turn;
  assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
  assert.match(streamedText(r.events), /STOPPED tool:true terminal:true/);
  const finished = toolRow(STOPPABLE.refused)!;
  assert.equal(finished.status, 'completed');
  assert.equal(finished.stop, undefined);

  // Ended work is not offered any more: nothing more goes out.
  await r.session.stopWork({ type: 'tool_call', toolCallId: tool.toolCallId });
  assert.deepEqual(peer.wire.sent('tool_call/cancel').map((m) => (m.params as { toolCallId: string }).toolCallId), [refusing.toolCallId, tool.toolCallId]);
  assert.deepEqual(peer.wire.sent('terminal/cancel').map((m) => m.params), [{ sessionId: r.session.sessionId, terminalId: terminal.terminalId }]);
});

test('session/cancel while the work runs: the agent ends it and the turn is cancelled', async () => {
  const r = record(await peer.client.newSession());
  const turn = r.session.prompt(say('stoppable'));
  await waitFor(() => r.thread.entries.some((e) => e.type === 'tool_call' && e.title === STOPPABLE.refused), 5_000, 'the work');
  await r.session.cancel();
  await turn;
  assert.equal(turnEnd(r.events)?.stopReason, 'cancelled');
  const calls = r.thread.entries.filter((e): e is ToolCallEntry => e.type === 'tool_call');
  assert.deepEqual(calls.map((c) => c.status), ['cancelled', 'cancelled']);
});

test('everything we sent is valid against the v2 JSON Schema', () => {
  assert.deepEqual(peer.wire.outgoingErrors(2), []);
});
