/**
 * Modes and config options against a real agent: the session/new answer (with the legacy
 * `models` field tolerated), set_mode, set_config_option for grouped/flat selects and a
 * boolean, agent-pushed `current_mode_update` / `config_option_update` into the thread model.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseNewSessionResult, parseSetConfigOptionResult } from '../../../src/protocol/acp/parseAgentResults.js';
import { setConfigOptionParams, setModeParams } from '../../../src/protocol/acp/outgoing.js';
import { normalizeSessionUpdate } from '../../../src/protocol/acp/normalize.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import type { SessionConfigOption } from '../../../src/protocol/events.js';
import { agentText, startAgent, text, type RunningAgent } from './support.js';

const current = (opts: readonly SessionConfigOption[] | undefined) =>
  Object.fromEntries((opts ?? []).map((o) => [o.id, o.currentValue]));

async function say(a: RunningAgent, sessionId: string, words: string, thread?: ThreadModel): Promise<string> {
  const from = a.updates.length;
  await a.conn.sendRequest('session/prompt', { sessionId, prompt: text(words) });
  for (const u of a.updates.slice(from)) thread?.apply(normalizeSessionUpdate(u.update));
  return agentText(a, from);
}

test('modes and config options: set from the client, pushed by the agent', async () => {
  const a = startAgent('options');
  try {
    await a.initialize({ session: { configOptions: { boolean: {} } } });
    const raw = await a.conn.sendRequest('session/new', { cwd: '/tmp', mcpServers: [] });
    assert.ok((raw as { models?: unknown }).models, 'the agent sends the legacy models field');
    const parsed = parseNewSessionResult(raw);
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
    if (!parsed.ok) return;
    const { sessionId, modes, configOptions } = parsed.value;
    assert.deepEqual(modes?.availableModes.map((m) => m.id), ['ask', 'code', 'architect']);
    assert.deepEqual(current(configOptions), { mode: 'ask', model: 'sonnet', thought_level: 'medium', fast: false });
    const model = configOptions!.find((o) => o.id === 'model');
    assert.ok(model?.type === 'select' && 'group' in model.options[0]!, 'model options are grouped');
    const thread = new ThreadModel({ modes, configOptions });

    await a.conn.sendRequest('session/set_mode', setModeParams(sessionId, 'code'));
    assert.match(await say(a, sessionId, 'status'), /^mode=code /);

    const cases: Array<[string, string | boolean, Record<string, unknown>]> = [
      ['model', 'opus', { model: 'opus' }],
      ['thought_level', 'high', { thought_level: 'high' }],
      ['fast', true, { fast: true }],
      ['mode', 'architect', { mode: 'architect' }],
    ];
    for (const [configId, value, changed] of cases) {
      const res = parseSetConfigOptionResult(await a.conn.sendRequest('session/set_config_option', setConfigOptionParams(1, sessionId, configId, value)));
      assert.ok(res.ok);
      if (!res.ok) return;
      assert.equal(res.value.length, 4, 'the complete list comes back');
      const now = current(res.value);
      for (const [k, v] of Object.entries(changed)) assert.equal(now[k], v, `${configId} → ${String(value)}`);
    }
    await assert.rejects(a.conn.sendRequest('session/set_config_option', setConfigOptionParams(1, sessionId, 'model', 'nope')), (e: any) => e.code === -32602);
    await assert.rejects(a.conn.sendRequest('session/set_mode', setModeParams(sessionId, 'nope')), (e: any) => e.code === -32602);
    assert.equal(await say(a, sessionId, 'status'), 'mode=architect model=opus thought=high fast=true');

    // Agent-initiated changes reach the thread's session facts.
    assert.equal(await say(a, sessionId, 'mode ask', thread), 'switched to ask');
    assert.equal(thread.session.modes?.currentModeId, 'ask');
    assert.equal(current(thread.session.configOptions).mode, 'ask');
    assert.equal(await say(a, sessionId, 'model gpt-5', thread), 'model is now gpt-5');
    assert.equal(current(thread.session.configOptions).model, 'gpt-5');
  } finally {
    await a.stop();
  }
});

test('no boolean option for clients that did not advertise it', async () => {
  const a = startAgent('options');
  try {
    await a.initialize({});
    const parsed = parseNewSessionResult(await a.conn.sendRequest('session/new', { cwd: '/tmp', mcpServers: [] }));
    assert.ok(parsed.ok);
    if (!parsed.ok) return;
    assert.deepEqual(Object.keys(current(parsed.value.configOptions)), ['mode', 'model', 'thought_level']);
    await assert.rejects(a.conn.sendRequest('session/set_config_option', setConfigOptionParams(1, parsed.value.sessionId, 'fast', true)), (e: any) => e.code === -32602);
  } finally {
    await a.stop();
  }
});
