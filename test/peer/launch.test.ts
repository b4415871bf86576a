import { describe, test } from 'node:test';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import assert from 'node:assert/strict';
import type { AgentLifecycle } from '../../src/agents/api.js';
import { fixture, nodeAgent, record, say, startPeer, streamedText, tempDir, testAgent, turnEnd, waitFor } from './support/harness.js';
import { CRASH_EXIT_CODE, CRASH_STDERR } from '../agents/lib/texts.js';
import { alive } from './support/processes.js';
import { describe as list, sessionsWorkingIn, survivors } from '../support/processTree.js';

/**
 * Reads the process table every 50 ms until `holds` returns a value (a whole /proc scan is not
 * free), failing with `what` once the bound passes: the processes get the time they need on a
 * loaded machine, and a leak still fails.
 */
async function until<T>(holds: () => T | undefined | false, what: string | (() => string), timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = holds();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('launch and process lifecycle', () => {
  test('a command that is not on PATH is a typed not_found failure', async () => {
    const peer = await startPeer({ name: 'nope', command: 'agent-chat-no-such-agent', args: [], env: {}, protocolVersion: 1 });
    try {
      const state = await peer.client.start();
      assert.equal(state.state, 'failed');
      assert.ok(state.state === 'failed' && state.failure.reason === 'not_found');
      assert.match(state.state === 'failed' ? state.failure.message : '', /agent-chat-no-such-agent.*was not found.*PATH/);
    } finally {
      await peer.close();
    }
  });

  test('exiting during initialize reports the exit code and the stderr tail', async () => {
    const peer = await startPeer(testAgent('scripted', ['--exit-on-start', '7']));
    try {
      const state = await peer.client.start();
      assert.ok(state.state === 'failed' && state.failure.reason === 'exited_during_initialize', JSON.stringify(state));
      const failure = state.failure as Extract<typeof state.failure, { reason: 'exited_during_initialize' }>;
      assert.equal(failure.exitCode, 7);
      assert.match(failure.stderrTail, /refusing to start \(--exit-on-start 7\)/);
      assert.match(failure.message, /exited with code 7 before answering initialize/);
    } finally {
      await peer.close();
    }
  });

  test('an agent that never answers initialize times out and is killed', async () => {
    const peer = await startPeer(testAgent('scripted', ['--silent']), { initializeTimeoutMs: 1_500 });
    try {
      const starting = peer.client.start();
      // The agent leads a session of its own in the workspace folder: seen while it is silent.
      const sessions = await until(() => { const s = sessionsWorkingIn(peer.dir); return s.size > 0 ? s : undefined; }, 'the agent to start');
      const state = await starting;
      // The configured limit ended the wait (afterMs), not the agent: it is still silent.
      assert.ok(state.state === 'failed' && state.failure.reason === 'timeout', JSON.stringify(state));
      assert.equal(state.failure.reason === 'timeout' && state.failure.afterMs, 1_500);
      await until(() => survivors(sessions).length === 0, () => `the silent agent to be killed; alive:\n${list(survivors(sessions))}`);
    } finally {
      await peer.close();
    }
  });

  test('an answer in a version we cannot speak is unsupported_version', async () => {
    const peer = await startPeer(testAgent('scripted', ['--answer-version', '7']));
    try {
      const state = await peer.client.start();
      assert.ok(state.state === 'failed' && state.failure.reason === 'unsupported_version', JSON.stringify(state));
      const failure = state.failure as Extract<typeof state.failure, { reason: 'unsupported_version' }>;
      assert.equal(failure.answered, 7);
      assert.equal(failure.requested, 1);
      assert.match(failure.message, /version 7/);
    } finally {
      await peer.close();
    }
  });

  test('v2 requested, v1 answered: the agent is restarted with v1 initialize params', async () => {
    const peer = await startPeer(testAgent('scripted', ['--delay', '0'], 2));
    try {
      const state = await peer.client.start();
      assert.deepEqual(state, { state: 'ready', protocolVersion: 1, agentTitle: 'Scripted Agent' });
      const inits = peer.wire.sent('initialize').map((m) => m.params as { protocolVersion: number });
      assert.deepEqual(inits.map((p) => p.protocolVersion), [2, 1]);
      assert.ok('clientCapabilities' in (inits[1] as object), 'the second initialize carries the v1 capabilities');
      // fs works after the fallback (the agent believes we have it).
      const { session, events } = record(await peer.client.newSession());
      await session.prompt(say('read missing.txt'));
      assert.match(streamedText(events), /^READ-ERROR:-32002/);
    } finally {
      await peer.close();
    }
  });

  test('a crash mid-turn ends the turn with one error carrying the exit code and stderr; the thread stays', async () => {
    const peer = await startPeer(testAgent('scripted', ['--delay', '0']));
    const states: AgentLifecycle[] = [];
    peer.client.onLifecycle((s) => states.push(s));
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const { session, events, thread } = record(await peer.client.newSession());
      await session.prompt(say('crash'));
      const end = turnEnd(events);
      assert.equal(end?.stopReason, 'error');
      assert.match(end?.error?.message ?? '', new RegExp(`exited with code ${CRASH_EXIT_CODE} during the turn`));
      assert.ok(!events.some((e) => e.kind === 'notice_local'), 'said once: no notice repeating it');
      assert.match(String((end?.error?.data as { stderrTail?: string } | undefined)?.stderrTail), new RegExp(CRASH_STDERR.replace(/[()]/g, '\\$&')));
      assert.equal(streamedText(events), 'Working on it…');
      assert.ok(thread.entries.some((e) => e.type === 'agent'), 'the partial message stays');
      await waitFor(() => states.find((s) => s.state === 'exited'), 3000, 'exited lifecycle');
      const exited = states.find((s) => s.state === 'exited');
      assert.ok(exited?.state === 'exited' && exited.exitCode === CRASH_EXIT_CODE && exited.stderrTail.includes(CRASH_STDERR));
      await assert.rejects(session.prompt(say('hello')), /session has ended/);
      // Restart brings it back with a fresh session.
      assert.equal((await peer.client.restart()).state, 'ready');
      const again = record(await peer.client.newSession());
      await again.session.prompt(say('stop end_turn'));
      assert.equal(turnEnd(again.events)?.stopReason, 'end_turn');
    } finally {
      await peer.close();
    }
  });

  test('restart while a turn runs ends that turn quietly and starts a new process', async () => {
    const peer = await startPeer(testAgent('scripted'));
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const { session, events } = record(await peer.client.newSession());
      const turn = session.prompt(say('long'));
      await waitFor(() => events.some((e) => e.kind === 'message_chunk'), 3000, 'streaming');
      assert.equal((await peer.client.restart()).state, 'ready');
      await turn;
      assert.equal(turnEnd(events)?.stopReason, 'error');
      assert.match(turnEnd(events)?.error?.message ?? '', /stopped during the turn/);
      assert.ok(!events.some((e) => e.kind === 'notice_local' && e.severity === 'error'), 'no crash notice for a restart');
    } finally {
      await peer.close();
    }
  });

  test('dispose kills the whole process tree: no orphan survives', async () => {
    const peer = await startPeer(nodeAgent('grandchild', fixture('grandchild.agent.mjs')), { killGraceMs: 300 });
    assert.equal((await peer.client.start()).state, 'ready');
    const stderr = await waitFor(() => (/PIDS \d+ \d+/.test(peer.client.stderrTail()) ? peer.client.stderrTail() : undefined), 3000, 'pids');
    const [, pid, grandchild] = /PIDS (\d+) (\d+)/.exec(stderr) ?? [];
    assert.ok(alive(Number(pid)) && alive(Number(grandchild)));
    await peer.close();
    await waitFor(() => !alive(Number(pid)) && !alive(Number(grandchild)), 3000, 'the tree to die');
  });

  test('overlapping starts: the newer one wins and the older process is not leaked', async () => {
    let stderr = '';
    const marker = join(await tempDir('launch-hold-'), 'held');
    const peer = await startPeer(nodeAgent('grandchild', fixture('grandchild.agent.mjs'), ['--hold-first-initialize', marker]), { killGraceMs: 300, onStderr: (t) => (stderr += t) });
    const leaders = () => [...stderr.matchAll(/PIDS (\d+) (\d+)/g)].map((m) => Number(m[1]));
    try {
      // The first agent runs (with its grandchild) and is still starting: it never answers
      // initialize. Only then the second start comes.
      const starting = peer.client.start();
      const [older] = await until(() => (leaders().length === 1 ? leaders() : undefined), 'the first agent to run');
      assert.equal(survivors([older!]).length, 2, 'the first agent and its grandchild run');
      const [first, second] = await Promise.all([starting, peer.client.start()]);
      assert.equal(second.state, 'ready');
      assert.equal(first, second, 'the superseded call resolves with the newer outcome');
      const newer = leaders().find((pid) => pid !== older);
      assert.ok(newer, 'a second agent was started');
      // Each agent leads a session (pid = session id) holding it and its grandchild. The older
      // group gets SIGTERM, then SIGKILL after the grace: wait for it to go.
      await until(() => survivors([older!]).length === 0, () => `the older agent's session to end; alive:\n${list(survivors([older!]))}`);
      assert.equal(survivors([newer]).length, 2, 'the newer agent and its grandchild run on');
    } finally {
      await peer.close();
      await rm(dirname(marker), { recursive: true, force: true });
    }
  });
});
