/**
 * Fault suite, the turn: an agent that goes silent, drips its bytes, floods stderr, or asks
 * for a permission after the cancel. Real processes (test/agents/faults.agent.ts).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { record, say, startPeer, streamedText, testAgent, turnEnd, waitFor } from './support/harness.js';
import { stderrLines } from '../../src/services/process/stderrLines.js';
import { DEFAULT_STDERR_LIMIT } from '../../src/agents/acp/connection/agentProcess.js';
import { DRIP_TEXT, FLOOD_DONE, PERMISSION_ANSWER_PREFIX, SILENT_TEXT } from '../agents/lib/fault-steps.js';

describe('faults during a turn', () => {
  test('a silent agent mid-turn: the turn can be cancelled, the wait is bounded, and the turn ends saying so', async () => {
    const peer = await startPeer(testAgent('faults'), { cancelTimeoutMs: 800 });
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const { session, events, thread } = record(await peer.client.newSession());
      const turn = session.prompt(say('silent'));
      await waitFor(() => streamedText(events) === SILENT_TEXT || undefined, 5_000, 'the first chunk');
      // The agent stays silent: control comes back only because the cancel wait is bounded.
      await session.cancel();
      await turn;
      const end = turnEnd(events);
      assert.equal(end?.stopReason, 'cancelled');
      assert.equal(end?.timedOut, true, 'ended by the time box, not by the agent');
      const notice = events.find((e) => e.kind === 'notice_local' && e.severity === 'warning');
      assert.match(notice && notice.kind === 'notice_local' ? `${notice.title} ${notice.detail}` : '', /did not confirm the cancel.*No answer within 0\.8 s/s);
      assert.equal(session.turnState, 'idle');
      assert.ok(thread.entries.some((e) => e.type === 'agent'), 'what it said stays');
      // The session is still usable.
      const next = session.prompt(say('drip'));
      await next;
      assert.equal(turnEnd(events)?.stopReason, 'end_turn');
    } finally {
      await peer.close();
    }
  });

  test('slow-drip partial lines (one byte a millisecond) arrive whole', async () => {
    const peer = await startPeer(testAgent('faults'));
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const { session, events } = record(await peer.client.newSession());
      await session.prompt(say('drip'));
      assert.equal(streamedText(events), DRIP_TEXT);
      assert.equal(turnEnd(events)?.stopReason, 'end_turn');
      assert.deepEqual(peer.client.wireFaults(), {}, 'no fault: partial lines are not errors');
    } finally {
      await peer.close();
    }
  });

  test('permission asked after the cancel is answered cancelled, never shown', async () => {
    const peer = await startPeer(testAgent('faults'));
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const { session, events } = record(await peer.client.newSession());
      const turn = session.prompt(say('permission-after-cancel'));
      await waitFor(() => events.some((e) => e.kind === 'message_chunk') || undefined, 5_000, 'the turn to start');
      await session.cancel();
      await turn;
      const said = streamedText(events);
      const answer = said.slice(said.indexOf(PERMISSION_ANSWER_PREFIX) + PERMISSION_ANSWER_PREFIX.length);
      assert.deepEqual(JSON.parse(answer), { outcome: { outcome: 'cancelled' } });
      assert.ok(!events.some((e) => e.kind === 'permission_requested'), 'no permission card');
      assert.equal(turnEnd(events)?.stopReason, 'cancelled');
    } finally {
      await peer.close();
    }
  });

  for (const shape of ['one endless line', 'lines'] as const) {
    test(`a 100 MiB stderr flood (${shape}): the turn goes on, memory and the log stay bounded`, async () => {
      const logged: string[] = [];
      let loggedChars = 0;
      const log = stderrLines((line) => {
        logged.push(line.slice(0, 200));
        loggedChars += line.length;
      });
      const peer = await startPeer(testAgent('faults'), { onStderr: log });
      try {
        assert.equal((await peer.client.start()).state, 'ready');
        const { session, events } = record(await peer.client.newSession());
        await session.prompt(say(`stderr-flood 100${shape === 'lines' ? ' lines' : ''}`));
        assert.equal(streamedText(events), FLOOD_DONE);
        assert.equal(turnEnd(events)?.stopReason, 'end_turn');
        const tail = peer.client.stderrTail();
        assert.ok(tail.length > 0 && tail.length <= DEFAULT_STDERR_LIMIT, `the tail is kept, bounded: ${tail.length}`);
        assert.ok(loggedChars < 5 * 1024 * 1024, `the log got ${loggedChars} characters`);
        if (shape === 'lines') assert.match(logged.at(-1) ?? '', /stderr is flooding/);
        // Written once the stream goes quiet: after the last of 100 MiB is read, which on a busy
        // machine can be seconds after the turn ended on stdout (a bound for a hang, not a speed goal).
        else await waitFor(() => logged.length === 1 || undefined, 60_000, 'the cut line');
      } finally {
        await peer.close();
      }
    });
  }
});
