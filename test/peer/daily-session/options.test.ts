/**
 * Mode and config pickers through AgentClient: the session/new answer reaches the thread as
 * events, set_mode / set_config_option (select and boolean) update it, and the agent's own
 * pushes apply the same way.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/protocol/events.js';
import { record, say, streamedText } from '../support/harness.js';
import { assertWireValid, startDaily, type DailyPeer } from './support.js';

const current = (thread: ReturnType<typeof record>['thread'], id: string) => thread.session.configOptions?.find((o) => o.id === id)?.currentValue;
const kinds = (events: SessionEvent[]) => events.map((e) => e.kind);

describe('daily sessions: options agent', () => {
  let peer: DailyPeer;
  before(async () => {
    peer = await startDaily('options');
  });
  after(() => peer.close());

  test('the session/new answer seeds the thread through events: modes, then config options', async () => {
    const { events, thread } = record(await peer.client.newSession());
    assert.deepEqual(kinds(events).slice(0, 2), ['modes', 'config_options']);
    assert.deepEqual(thread.session.modes?.availableModes.map((m) => m.id), ['ask', 'code', 'architect']);
    assert.equal(thread.session.modes?.currentModeId, 'ask');
    assert.deepEqual(thread.session.configOptions?.map((o) => o.id), ['mode', 'model', 'thought_level', 'fast']);
    assert.equal(current(thread, 'fast'), false, 'boolean options come because we advertised them');
  });

  test('setMode sends session/set_mode and emits the new current mode after the agent agreed', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    const before = events.length;
    await session.setMode('code');
    assert.deepEqual(peer.wire.sent('session/set_mode').at(-1)?.params, { sessionId: session.sessionId, modeId: 'code' });
    assert.deepEqual(events.slice(before), [{ kind: 'current_mode', currentModeId: 'code' }]);
    assert.equal(thread.session.modes?.currentModeId, 'code');
    assert.equal(session.setup.modes?.currentModeId, 'code');
    await assert.rejects(session.setMode('nope'), (err: { code?: number }) => err.code === -32602);
    assert.equal(thread.session.modes?.currentModeId, 'code', 'a refused mode changes nothing');
  });

  test('setConfigOption: a grouped select value and a boolean; the full answer replaces the list', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    await session.setConfigOption('model', 'opus');
    assert.deepEqual(peer.wire.sent('session/set_config_option').at(-1)?.params, { sessionId: session.sessionId, configId: 'model', value: 'opus' });
    assert.equal(events.at(-1)?.kind, 'config_options');
    assert.equal(current(thread, 'model'), 'opus');
    await session.setConfigOption('fast', true);
    assert.deepEqual(peer.wire.sent('session/set_config_option').at(-1)?.params, { sessionId: session.sessionId, configId: 'fast', type: 'boolean', value: true });
    assert.equal(current(thread, 'fast'), true);
    assert.equal(current(thread, 'model'), 'opus', 'other options keep their values');
    await assert.rejects(session.setConfigOption('model', 'nope'), (err: { code?: number }) => err.code === -32602);
    assert.equal(current(thread, 'model'), 'opus');
    await session.prompt(say('status'));
    assert.equal(streamedText(events), 'mode=ask model=opus thought=medium fast=true');
  });

  test('pushed mode and option updates during a turn apply the same way', async () => {
    const { session, thread } = record(await peer.client.newSession());
    await session.prompt(say('mode architect'));
    assert.equal(thread.session.modes?.currentModeId, 'architect');
    assert.equal(thread.session.modes?.availableModes.length, 3, 'the list from the answer is kept');
    assert.equal(current(thread, 'mode'), 'architect');
    await session.prompt(say('model gpt-5'));
    assert.equal(current(thread, 'model'), 'gpt-5');
    assert.equal(session.setup.modes?.currentModeId, 'architect', 'setup follows the pushes too');
    assert.equal(session.setup.configOptions?.find((o) => o.id === 'model')?.currentValue, 'gpt-5');
  });

  test('everything we sent is valid v1', () => {
    assertWireValid(peer);
  });
});
