/**
 * Fault suite, the process: an agent that hangs in session/new, closes its stdin (EPIPE), or
 * exits while the client owes it answers. Real processes (test/agents/faults.agent.ts).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { record, say, startPeer, streamedText, testAgent, turnEnd, waitFor } from './support/harness.js';
import { alive } from './support/processes.js';
import { PENDING_EXIT_CODE, PENDING_STDERR, STDIN_CLOSED } from '../agents/lib/fault-steps.js';

describe('faults of the agent process', () => {
  test('an agent that never answers session/new: a bounded wait, a clear error, and the agent stays usable', async () => {
    const peer = await startPeer(testAgent('faults', ['--hang-session-new']), { sessionOpenTimeoutMs: 700 });
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      // The agent never answers: the rejection, naming the 0.7 s limit, is the bound at work.
      await assert.rejects(peer.client.newSession(), /faults.*did not answer session\/new within 0\.7 s/);
      assert.equal(peer.client.lifecycle.state, 'ready', 'the agent is not torn down for it');
    } finally {
      await peer.close();
    }
  });

  test('EPIPE: the agent closed its stdin; our next write fails with a clear error, nothing crashes, a restart works', async () => {
    const peer = await startPeer(testAgent('faults'));
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const { session, events } = record(await peer.client.newSession());
      await session.prompt(say('close-stdin'));
      assert.equal(streamedText(events), STDIN_CLOSED);
      await session.prompt(say('drip'));
      const end = turnEnd(events);
      assert.equal(end?.stopReason, 'error');
      assert.match(end?.error?.message ?? '', /could not be sent|stopped reading|closed its input/i);
      assert.equal((await peer.client.restart()).state, 'ready');
      const again = record(await peer.client.newSession());
      await again.session.prompt(say('drip'));
      assert.equal(turnEnd(again.events)?.stopReason, 'end_turn');
    } finally {
      await peer.close();
    }
  });

  test('exit with a pending permission and terminal wait: both are settled, the card is withdrawn, the terminal is killed', async () => {
    const peer = await startPeer(testAgent('faults'));
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const { session, events, thread } = record(await peer.client.newSession());
      await session.prompt(say('exit-pending'));
      const pid = Number(/TERMINAL-PID (\d+)/.exec(streamedText(events))?.[1]);
      assert.ok(pid > 0, `the terminal's pid: ${streamedText(events)}`);
      const asked = events.find((e) => e.kind === 'permission_requested');
      assert.ok(asked && asked.kind === 'permission_requested', 'the permission was shown');
      const resolved = events.find((e) => e.kind === 'permission_resolved' && e.requestId === asked.requestId);
      assert.deepEqual(resolved && resolved.kind === 'permission_resolved' && resolved.outcome, { outcome: 'cancelled' }, 'the card is withdrawn');
      const card = thread.entries.find((e) => e.type === 'tool_call' && e.toolCallId === 'doomed_1');
      assert.ok(card?.type === 'tool_call' && card.permission === undefined && card.permissionOutcome === 'cancelled', JSON.stringify(card));
      const end = turnEnd(events);
      assert.equal(end?.stopReason, 'error');
      assert.match(end?.error?.message ?? '', new RegExp(`exited with code ${PENDING_EXIT_CODE} during the turn`));
      assert.match(String((end?.error?.data as { stderrTail?: string } | undefined)?.stderrTail), new RegExp(PENDING_STDERR));
      await waitFor(() => !alive(pid) || undefined, 5_000, 'the terminal to be killed');
      assert.equal((await peer.client.restart()).state, 'ready');
    } finally {
      await peer.close();
    }
  });

  test('disposed mid-turn (what deactivating the extension does to its agents): the turn ends, the process is killed, nothing is thrown', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const peer = await startPeer(testAgent('scripted', ['--stderr-noise']));
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const pid = Number(/starting \(pid (\d+)\)/.exec(peer.client.stderrTail())?.[1]);
      assert.ok(alive(pid), `the agent runs: ${peer.client.stderrTail()}`);
      const { session, events } = record(await peer.client.newSession());
      const turn = session.prompt(say('long'));
      await waitFor(() => events.some((e) => e.kind === 'message_chunk') || undefined, 5_000, 'streaming');
      await peer.client.dispose();
      await turn;
      assert.equal(turnEnd(events)?.stopReason, 'error');
      assert.match(turnEnd(events)?.error?.message ?? '', /stopped during the turn/);
      await waitFor(() => !alive(pid) || undefined, 5_000, 'the agent to be killed');
      await assert.rejects(session.prompt(say('hello')), /session has ended/);
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(rejections, []);
    } finally {
      process.off('unhandledRejection', onRejection);
      await peer.close();
    }
  });
});
