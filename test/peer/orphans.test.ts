/**
 * No orphans: after a restart, a crash, a terminal command that leaves a job behind, a cancel
 * and a dispose, no process the client started is left — checked in the machine's process table
 * (/proc), by the sessions the agent and each terminal command lead, so a grandchild that init
 * adopted after its parent died is still found.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionEvent } from '../../src/protocol/events.js';
import { fixture, nodeAgent, record, say, startPeer, streamedText, testAgent, turnEnd, waitFor, type Peer } from './support/harness.js';
import { canInspectProcesses, describe as list, startedSessions, survivors } from '../support/processTree.js';

// A terminal command with a grandchild in its process group (a background job whose output goes
// elsewhere, as a dev server's does), which says which session it leads, then keeps running.
const RUNNING_JOB = 'sleep 300 >/dev/null 2>&1 &\necho "SID $$"\nsleep 300\n';
// The same background job, but the command itself exits at once: the job is what is left.
const LEFT_BEHIND_JOB = 'sleep 300 >/dev/null 2>&1 &\necho "SID $$"\n';

async function script(peer: Peer, name: string, text: string): Promise<string> {
  const path = join(peer.dir, name);
  await writeFile(path, text);
  return path;
}

/** The session a terminal command leads, from the "SID n" it printed. */
function terminalSession(events: SessionEvent[]): number | undefined {
  for (const e of events) {
    const m = e.kind === 'terminal_output' ? /SID (\d+)/.exec(e.output) : null;
    if (m) return Number(m[1]);
  }
  const m = /SID (\d+)/.exec(streamedText(events));
  return m ? Number(m[1]) : undefined;
}

/** Reads the process table every 100 ms (a whole /proc scan is not free) until `holds`. */
async function poll(holds: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (holds()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until nothing is left in `sessions`; the failure lists what is. */
async function expectNoneLeft(sessions: Set<number>, what: string): Promise<void> {
  if (!(await poll(() => survivors(sessions).length === 0, 10_000))) throw new Error(`left behind after ${what}:\n${list(survivors(sessions))}`);
}

/** The agent's session and each running terminal's, with proof that they are alive now. */
async function liveSessions(terminal: number, atLeast: number): Promise<Set<number>> {
  const sessions = startedSessions();
  sessions.add(terminal);
  // sh and its two sleeps in the terminal's session, plus the agent: the check can see them.
  if (!(await poll(() => survivors(sessions).length >= atLeast, 5_000))) throw new Error(`expected ${atLeast} processes, saw:\n${list(survivors(sessions))}`);
  return sessions;
}

describe('no orphans (process table)', { skip: !canInspectProcesses && 'reads /proc' }, () => {
  test('restart mid-turn with a terminal running a job: the old agent, the command and its job are gone', async () => {
    const peer = await startPeer(testAgent('scripted'), { killGraceMs: 300 });
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const job = await script(peer, 'job.sh', RUNNING_JOB);
      const { session, events } = record(await peer.client.newSession());
      const turn = session.prompt(say(`terminal sh ${job}`));
      const sid = await waitFor(() => terminalSession(events), 10_000, 'the terminal to start');
      const sessions = await liveSessions(sid, 4);
      assert.ok(survivors([sid]).some((p) => /sleep 300/.test(p.command)), `the job runs:\n${list(survivors([sid]))}`);
      assert.equal((await peer.client.restart()).state, 'ready');
      await turn;
      await expectNoneLeft(sessions, 'a restart');
    } finally {
      await peer.close();
    }
  });

  test('crash (killed by a signal): what the agent started in its group is killed too', async () => {
    const peer = await startPeer(nodeAgent('grandchild', fixture('grandchild.agent.mjs')), { killGraceMs: 300 });
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const stderr = await waitFor(() => (/PIDS \d+ \d+/.test(peer.client.stderrTail()) ? peer.client.stderrTail() : undefined), 5_000, 'pids');
      const [, pid, grandchild] = /PIDS (\d+) (\d+)/.exec(stderr) ?? [];
      const sessions = startedSessions();
      const seen = survivors(sessions).map((p) => p.pid);
      assert.ok(seen.includes(Number(pid)) && seen.includes(Number(grandchild)), `agent and grandchild seen: ${seen.join(', ')}`);
      process.kill(Number(pid), 'SIGKILL');
      await waitFor(() => (peer.client.lifecycle.state === 'exited' ? true : undefined), 5_000, 'the crash to be noticed');
      await expectNoneLeft(sessions, 'a crash');
    } finally {
      await peer.close();
    }
  });

  test('crash mid-turn in another session: the running terminal command and its job are killed', async () => {
    const peer = await startPeer(testAgent('scripted'), { killGraceMs: 300 });
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const job = await script(peer, 'job.sh', RUNNING_JOB);
      const running = record(await peer.client.newSession());
      const turn = running.session.prompt(say(`terminal sh ${job}`));
      const sid = await waitFor(() => terminalSession(running.events), 10_000, 'the terminal to start');
      const sessions = await liveSessions(sid, 4);
      const other = record(await peer.client.newSession());
      await other.session.prompt(say('crash'));
      await turn;
      assert.equal(turnEnd(running.events)?.stopReason, 'error');
      await expectNoneLeft(sessions, 'a crash mid-turn');
    } finally {
      await peer.close();
    }
  });

  test('a terminal command that exits leaving a background job: releasing it kills the job', async () => {
    const peer = await startPeer(testAgent('scripted'), { killGraceMs: 300 });
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const job = await script(peer, 'left-behind.sh', LEFT_BEHIND_JOB);
      const { session, events } = record(await peer.client.newSession());
      await session.prompt(say(`terminal sh ${job}`));
      assert.match(streamedText(events), /EXIT:0/, 'the command itself exited');
      const sid = terminalSession(events);
      assert.ok(sid, 'the command said which session it leads');
      // The agent released the terminal before it ended its turn.
      await expectNoneLeft(new Set([sid]), 'the terminal was released');
      assert.equal(peer.client.lifecycle.state, 'ready', 'the agent itself keeps running');
    } finally {
      await peer.close();
    }
  });

  test('cancel, then dispose (the extension deactivating): nothing of the agent or its terminals is left', async () => {
    const peer = await startPeer(testAgent('scripted'), { killGraceMs: 300 });
    let sessions = new Set<number>();
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const job = await script(peer, 'job.sh', RUNNING_JOB);
      const first = record(await peer.client.newSession());
      const cancelled = first.session.prompt(say(`terminal sh ${job}`));
      const cancelledSid = await waitFor(() => terminalSession(first.events), 10_000, 'the first terminal to start');
      await liveSessions(cancelledSid, 4);
      await first.session.cancel();
      await cancelled;
      await expectNoneLeft(new Set([cancelledSid]), 'a cancel');

      const second = record(await peer.client.newSession());
      void second.session.prompt(say(`terminal sh ${job}`));
      const sid = await waitFor(() => terminalSession(second.events), 10_000, 'the second terminal to start');
      sessions = await liveSessions(sid, 4);
    } finally {
      await peer.close();
    }
    await expectNoneLeft(sessions, 'dispose');
  });
});
