/**
 * Fault suite, restart storms: an agent that dies at once on every start is restarted with a
 * growing pause, then no more, with a message that says why — never in a hot loop.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { StartBackoff } from '../../src/agents/startBackoff.js';
import { peerClient, startPeer, tempDir, testAgent } from './support/harness.js';

describe('restart storms', () => {
  test('every start dies: the pauses grow, then it stops after N with a clear message and no new process', async () => {
    let stderr = '';
    const spawns = () => stderr.split('refusing to start').length - 1;
    const backoff = new StartBackoff({ baseMs: 150, giveUpAfter: 3, coolOffMs: 60_000 });
    const peer = await startPeer(testAgent('scripted', ['--exit-on-start', '3']), { backoff, onStderr: (t) => (stderr += t) });
    try {
      const took: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t = Date.now();
        const state = await peer.client.start();
        took.push(Date.now() - t);
        assert.ok(state.state === 'failed' && state.failure.reason === 'exited_during_initialize', JSON.stringify(state));
      }
      assert.equal(spawns(), 3);
      // Lower bounds only: the pause is at least this long on any machine.
      assert.ok(took[1]! >= 150, `second start waited ${took[1]} ms`);
      assert.ok(took[2]! >= 300, `third start waited ${took[2]} ms`);
      for (let i = 0; i < 3; i++) {
        const state = await peer.client.restart();
        assert.ok(state.state === 'failed' && state.failure.reason === 'restart_storm', JSON.stringify(state));
        assert.match(state.failure.message, /scripted died right after starting 3 times in a row; it is not started again for \d+ s\./);
        assert.match(state.failure.reason === 'restart_storm' ? state.failure.stderrTail : '', /refusing to start/, 'the last stderr says why');
      }
      assert.equal(spawns(), 3, 'no process was started for the refused starts');
      // Another client of the same agent (as the launcher makes per start) shares the guard.
      const dir = await tempDir('storm-');
      const other = peerClient(testAgent('scripted', ['--exit-on-start', '3']), [dir], { backoff });
      const state = await other.client.start();
      assert.ok(state.state === 'failed' && state.failure.reason === 'restart_storm');
      await other.client.dispose();
    } finally {
      await peer.close();
    }
  });
});
