/**
 * The official SDK 1.9.0 example agents (shipped compiled in that release) through our client:
 * not written by us, so they check our reading of the protocol against someone else's.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../src/protocol/events.js';
import { nodeAgent, record, repoPath, say, startPeer, streamedText, turnEnd, waitFor } from './support/harness.js';

const example = (file: string) => repoPath(`node_modules/acp-example/dist/examples/${file}`);
type Permission = Extract<SessionEvent, { kind: 'permission_requested' }>;
const permissionOf = (events: SessionEvent[]) => events.find((e): e is Permission => e.kind === 'permission_requested');

describe('SDK 1.9.0 example agents', () => {
  test('agent.js (v1): tool calls, a permission allowed, end_turn; the prompt is filtered to what it accepts', async () => {
    const peer = await startPeer(nodeAgent('example', example('agent.js')));
    try {
      assert.deepEqual(await peer.client.start(), { state: 'ready', protocolVersion: 1 });
      const r = record(await peer.client.newSession());
      const turn = r.session.prompt([
        { type: 'text', text: 'Please improve the config' },
        { type: 'image', data: 'aGk=', mimeType: 'image/png' },
        { type: 'resource', resource: { uri: `file://${peer.dir}/notes.md`, text: '# notes' } },
      ]);
      // No promptCapabilities: the image is dropped and the embedded file becomes a link.
      assert.deepEqual((peer.wire.sent('session/prompt')[0]?.params as { prompt: unknown[] }).prompt, [
        { type: 'text', text: 'Please improve the config' },
        { type: 'resource_link', uri: `file://${peer.dir}/notes.md`, name: 'notes.md' },
      ]);
      const permission = await waitFor(() => permissionOf(r.events), 10_000, 'permission');
      assert.deepEqual(permission.options.map((o) => o.optionId), ['allow', 'reject']);
      r.session.answerPermission(permission.requestId, { outcome: 'selected', optionId: 'allow' });
      await turn;
      assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
      assert.match(streamedText(r.events), /successfully updated the configuration/);
      const calls = r.thread.entries.filter((e) => e.type === 'tool_call');
      assert.equal(calls.length, 2);
      assert.ok(calls.every((c) => c.type === 'tool_call' && c.status === 'completed'));
      assert.deepEqual(peer.wire.outgoingErrors(1), []);
    } finally {
      await peer.close();
    }
  });

  test('agent.js (v1): cancel while its permission is pending → the agent gets cancelled and ends at once', async () => {
    const peer = await startPeer(nodeAgent('example', example('agent.js')));
    try {
      await peer.client.start();
      const r = record(await peer.client.newSession());
      const turn = r.session.prompt(say('go'));
      await waitFor(() => permissionOf(r.events), 10_000, 'permission');
      await r.session.cancel();
      await turn;
      // This example returns normally when its permission comes back cancelled, so it answers
      // end_turn rather than cancelled; we show what the agent said.
      assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
      assert.equal(turnEnd(r.events)?.timedOut, undefined, 'the agent answered; no bounded wait');
      const edit = r.thread.entries.find((e) => e.type === 'tool_call' && e.toolCallId === 'call_2');
      assert.equal(edit?.type === 'tool_call' && edit.status, 'cancelled', 'the unfinished tool call was marked cancelled at once');
      assert.deepEqual(peer.wire.answersTo('session/request_permission')[0]?.result, { outcome: { outcome: 'cancelled' } });
    } finally {
      await peer.close();
    }
  });

  for (const version of [1, 2] as const) {
    test(`dual-version-agent.js in v${version}`, async () => {
      const peer = await startPeer(nodeAgent('dual', example('dual-version-agent.js'), [], version));
      try {
        const state = await peer.client.start();
        assert.equal(state.state === 'ready' && state.protocolVersion, version);
        const r = record(await peer.client.newSession());
        await r.session.prompt(say('hello'));
        assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
        const texts = r.thread.entries.filter((e) => e.type === 'agent').map((e) => (e.type === 'agent' && e.content[0]?.type === 'text' ? e.content[0].text : ''));
        assert.deepEqual(texts, [`Hello from the v${version} implementation.`]);
        if (version === 2) assert.ok(r.events.some((e) => e.kind === 'prompt_accepted'));
        assert.deepEqual(peer.wire.outgoingErrors(version), []);
      } finally {
        await peer.close();
      }
    });
  }
});
