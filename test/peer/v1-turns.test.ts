import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { record, say, startPeer, streamedText, testAgent, turnEnd, waitFor, type Peer } from './support/harness.js';
import { HELLO_MARKDOWN, PLAN_DONE, SESSION_TITLE, SESSION_UPDATED_AT, THOUGHT_ANSWER, THOUGHT_PARTS, USAGE, USAGE_MESSAGE } from '../agents/lib/texts.js';

describe('v1 turns against the scripted agent', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('scripted', ['--delay', '0', '--commands-on-new']));
    const state = await peer.client.start();
    assert.equal(state.state, 'ready', JSON.stringify(state));
  });
  after(() => peer.close());

  test('initialize advertises fs + terminal + elicitation and clientInfo; the answer is read', () => {
    const [init] = peer.wire.sent('initialize');
    assert.deepEqual(init?.params, {
      protocolVersion: 1,
      clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true, session: { configOptions: { boolean: {} }, notices: {}, compaction: {} }, elicitation: { form: {}, url: {} }, plan: {}, subagents: {} },
      clientInfo: { name: 'agent-chat', title: 'Agent Chat', version: '0.1.0' },
    });
    assert.deepEqual(peer.client.lifecycle, { state: 'ready', protocolVersion: 1, agentTitle: 'Scripted Agent' });
    assert.deepEqual(peer.client.facts?.prompt, { image: true, audio: false, embeddedContext: true });
  });

  test('session/new sends an absolute cwd and no MCP servers; updates before the first prompt are kept', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    const [req] = peer.wire.sent('session/new').slice(-1);
    assert.deepEqual(req?.params, { cwd: peer.dir, mcpServers: [] });
    await waitFor(() => events.some((e) => e.kind === 'available_commands'), 3000, 'commands outside a turn');
    assert.ok(thread.session.commands.some((c) => c.name === 'plan'));
    assert.equal(session.turnState, 'idle');
  });

  test('hello streams a message and ends with end_turn', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    await session.prompt(say('hello'));
    assert.equal(streamedText(events), HELLO_MARKDOWN);
    assert.equal(turnEnd(events)?.stopReason, 'end_turn');
    assert.equal(events[0]?.kind, 'prompt_sent');
    const agent = thread.entries.find((e) => e.type === 'agent');
    assert.ok(agent && agent.content.map((c) => (c.type === 'text' ? c.text : '')).join('') === HELLO_MARKDOWN);
    assert.equal(thread.entries.at(-1)?.type, 'turn_end');
    assert.equal(thread.session.turnState, 'idle');
  });

  test('thought chunks then a message', async () => {
    const { session, events } = record(await peer.client.newSession());
    await session.prompt(say('thought'));
    assert.equal(streamedText(events, 'thought'), THOUGHT_PARTS.join(''));
    assert.equal(streamedText(events), THOUGHT_ANSWER);
  });

  test('plan updates replace one plan', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    await session.prompt(say('/plan'));
    assert.equal(events.filter((e) => e.kind === 'plan').length, 4);
    const plans = thread.entries.filter((e) => e.type === 'plan');
    assert.equal(plans.length, 1);
    assert.ok(plans[0]?.type === 'plan' && plans[0].entries.every((p) => p.status === 'completed'));
    assert.equal(streamedText(events), PLAN_DONE);
  });

  test('usage_update reaches the session facts', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    await session.prompt(say('usage'));
    assert.deepEqual(thread.session.usage, USAGE);
    assert.equal(streamedText(events), USAGE_MESSAGE);
  });

  for (const reason of ['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled'] as const) {
    test(`stop reason ${reason} is reported as the turn's end`, async () => {
      const { session, events, thread } = record(await peer.client.newSession());
      await session.prompt(say(`stop ${reason}`));
      const end = turnEnd(events);
      assert.equal(end?.stopReason, reason);
      assert.equal(end?.error, undefined);
      if (reason === 'refusal') {
        const user = thread.entries.find((e) => e.type === 'user');
        assert.equal(user?.type === 'user' && user.notKept, true, 'a refused prompt is marked as not kept');
      }
    });
  }

  test('an error answer ends the turn with the error; the session stays usable', async () => {
    const { session, events } = record(await peer.client.newSession());
    await session.prompt(say('fail'));
    const end = turnEnd(events);
    assert.equal(end?.stopReason, 'error');
    assert.equal(end?.error?.code, -32603);
    assert.match(end?.error?.message ?? '', /Scripted failure/);
    assert.equal(streamedText(events), 'About to fail.');
    await session.prompt(say('stop end_turn'));
    assert.equal(turnEnd(events)?.stopReason, 'end_turn');
  });

  test('a second prompt while a turn runs is refused locally', async () => {
    const { session } = record(await peer.client.newSession());
    const first = session.prompt(say('hello'));
    await assert.rejects(session.prompt(say('hello')), /already running/);
    await first;
  });

  test('prompt blocks are filtered by the agent capabilities (audio dropped, image and resource kept)', async () => {
    const { session, events } = record(await peer.client.newSession());
    await session.prompt([
      { type: 'text', text: 'echo' },
      { type: 'image', data: 'aGk=', mimeType: 'image/png' },
      { type: 'audio', data: 'aGk=', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///x/a.ts', text: 'const a = 1;' } },
    ]);
    const sent = peer.wire.sent('session/prompt').at(-1)?.params as { prompt: { type: string }[] };
    assert.deepEqual(sent.prompt.map((b) => b.type), ['text', 'image', 'resource']);
    const echoed = JSON.parse(/ECHO:(.*)\n/.exec(streamedText(events))?.[1] ?? 'null') as { type: string }[];
    assert.deepEqual(echoed.map((b) => b.type), ['text', 'image', 'resource'], 'what the agent received');
  });

  test('session_info_update sets and clears the title', async () => {
    const { session, thread } = record(await peer.client.newSession());
    await session.prompt(say('info'));
    assert.equal(thread.session.title, SESSION_TITLE);
    assert.equal(thread.session.updatedAt, SESSION_UPDATED_AT);
    await session.prompt(say('info clear'));
    assert.equal(thread.session.title, null);
  });

  test('message ids split messages; a thought sits between them', async () => {
    const { session, thread } = record(await peer.client.newSession());
    await session.prompt(say('ids'));
    assert.deepEqual(
      thread.entries.filter((e) => e.type === 'agent' || e.type === 'thought').map((e) => e.type),
      ['agent', 'thought', 'agent'],
    );
  });

  test('tool calls created by an update and arrays replaced, not appended', async () => {
    const { session, thread } = record(await peer.client.newSession());
    await session.prompt(say('tools-early'));
    const calls = thread.entries.filter((e) => e.type === 'tool_call');
    assert.deepEqual(calls.map((c) => (c.type === 'tool_call' ? [c.toolCallId, c.status] : [])), [['orphan_1', 'completed'], ['call_2', 'completed']]);
    const second = calls[1];
    assert.ok(second?.type === 'tool_call' && second.title === 'Replaced content' && second.content.length === 1 && second.locations.length === 1);
  });

  test('everything we sent is valid against the v1 JSON Schema', () => {
    assert.deepEqual(peer.wire.outgoingErrors(1), []);
  });
});

describe('session/new extras (modes, config options)', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('scripted', ['--delay', '0', '--modes']));
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(() => peer.close());

  test('modes are on session.setup and, like config options, reach the thread as events; updates apply', async () => {
    const session = await peer.client.newSession();
    assert.equal(session.setup.modes?.currentModeId, 'ask');
    assert.deepEqual(session.setup.modes?.availableModes.map((m) => m.id), ['ask', 'code']);
    const { events, thread } = record(session);
    assert.deepEqual(events.slice(0, 2).map((e) => e.kind), ['modes', 'config_options'], 'the answer\'s facts were held for the first listener');
    assert.deepEqual(thread.session.modes, session.setup.modes);
    const model = () => thread.session.configOptions?.find((o) => o.id === 'model')?.currentValue;
    assert.equal(model(), 'fast');
    await session.prompt(say('modes'));
    assert.equal(model(), 'smart');
    assert.equal(thread.session.modes?.currentModeId, 'code');
  });
});
