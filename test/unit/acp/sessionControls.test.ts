/**
 * Mode, config options, close and the prompt's login retry on one session, against a fake
 * connection that answers when each test says. Real agents: test/peer/daily-session.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseError } from 'vscode-jsonrpc/node';
import type { AcpSessionOptions } from '../../../src/agents/acp/session/acpSession.js';
import type { SessionConfigOption, SessionEvent } from '../../../src/protocol/events.js';
import { sessionOver } from './sessionFixture.js';

type Answer = (method: string, params: unknown) => unknown;

function setup(answer: Answer, extra: Partial<AcpSessionOptions> = {}, version: 1 | 2 = 1) {
  const sent: { method: string; params: unknown }[] = [];
  const conn = {
    sendRequest: async (method: string, params: unknown) => {
      sent.push({ method, params });
      return answer(method, params);
    },
    sendNotification: async () => undefined,
  };
  const { session, events } = sessionOver(conn, {
    protocolVersion: version,
    setup: { modes: { currentModeId: 'ask', availableModes: [{ id: 'ask', name: 'Ask' }, { id: 'code', name: 'Code' }] } },
    ...extra,
  });
  return { session, sent, events };
}

const option = (value: string): SessionConfigOption => ({ type: 'select', id: 'model', name: 'Model', currentValue: value, options: [{ value, name: value }] });

test('the answer\'s modes arrive as the first event, held for the first listener', () => {
  const { events } = setup(() => ({}));
  assert.deepEqual(events.map((e) => e.kind), ['modes']);
});

test('setMode: current_mode only after the agent agreed; setup follows', async () => {
  const { session, sent, events } = setup((method) => {
    if (method === 'session/set_mode') throw new ResponseError(-32602, 'bad mode');
    return {};
  });
  await assert.rejects(session.setMode('zzz'), /bad mode/);
  assert.equal(events.length, 1);
  const ok = setup(() => ({}));
  await ok.session.setMode('code');
  assert.deepEqual(ok.sent, [{ method: 'session/set_mode', params: { sessionId: 's1', modeId: 'code' } }]);
  assert.deepEqual(ok.events.at(-1), { kind: 'current_mode', currentModeId: 'code' });
  assert.equal(ok.session.setup.modes?.currentModeId, 'code');
  assert.equal(sent.length, 1);
});

test('setMode in v2 is refused without a request (v2 has no modes)', async () => {
  const { session, sent } = setup(() => ({}), {}, 2);
  await assert.rejects(session.setMode('code'), /no session modes/);
  assert.equal(sent.length, 0);
});

test('setConfigOption: v2 tags the value; the complete answer replaces the list; a malformed answer throws', async () => {
  const { session, sent, events } = setup(() => ({ configOptions: [option('opus')] }), {}, 2);
  await session.setConfigOption('model', 'opus');
  assert.deepEqual(sent[0]?.params, { sessionId: 's1', configId: 'model', type: 'id', value: 'opus' });
  assert.deepEqual(events.at(-1), { kind: 'config_options', configOptions: [option('opus')] });
  assert.deepEqual(session.setup.configOptions, [option('opus')]);
  const bad = setup(() => ({ nope: true }));
  await assert.rejects(bad.session.setConfigOption('model', 'x'), /malformed/);
});

test('closeSession: a running turn ends cancelled, the close hook runs once, later prompts are refused', async () => {
  let closes = 0;
  const { session, events } = setup((method) => (method === 'session/prompt' ? new Promise(() => {}) : {}), { close: async () => void closes++ });
  const turn = session.prompt([{ type: 'text', text: 'go' }]);
  await session.closeSession();
  await turn;
  assert.equal(events.at(-1)?.kind === 'turn_ended' && events.at(-1)?.kind, 'turn_ended');
  assert.equal((events.at(-1) as Extract<SessionEvent, { kind: 'turn_ended' }>).stopReason, 'cancelled');
  await session.closeSession();
  assert.equal(closes, 1);
  await assert.rejects(session.prompt([{ type: 'text', text: 'again' }]), /ended/);
  await assert.rejects(session.setConfigOption('model', 'x'), /ended/);
});

test('prompt refused with -32000: one login, the same prompt resent once in the same turn', async () => {
  let prompts = 0;
  let logins = 0;
  const { session, events } = setup((method) => {
    if (method !== 'session/prompt') return {};
    prompts++;
    if (prompts === 1) throw new ResponseError(-32000, 'Authentication required');
    return { stopReason: 'end_turn' };
  }, { onAuthRequired: async () => (logins++, { retry: true }) });
  await session.prompt([{ type: 'text', text: 'hi' }]);
  assert.equal(prompts, 2);
  assert.equal(logins, 1);
  assert.deepEqual(events.filter((e) => e.kind === 'turn_ended').map((e) => e.kind === 'turn_ended' && e.stopReason), ['end_turn']);
});

test('a second refusal is not retried again; no login → the event, then the error ends the turn', async () => {
  let prompts = 0;
  const always = setup((method) => {
    if (method === 'session/prompt') { prompts++; throw new ResponseError(-32000, 'Authentication required'); }
    return {};
  }, { onAuthRequired: async () => ({ retry: true }) });
  await always.session.prompt([{ type: 'text', text: 'hi' }]);
  assert.equal(prompts, 2);
  const end = always.events.at(-1) as Extract<SessionEvent, { kind: 'turn_ended' }>;
  assert.equal(end.error?.code, -32000);
  assert.equal(end.stopReason, 'auth_required', 'a refusal for want of a login is no fault of the agent');

  const refused = setup((method) => {
    if (method === 'session/prompt') throw new ResponseError(-32000, 'Authentication required');
    return {};
  }, { onAuthRequired: async () => ({ retry: false, event: { kind: 'auth_required', methods: [{ id: 'a', name: 'Log in', kind: 'agent' }] } }) });
  await refused.session.prompt([{ type: 'text', text: 'hi' }]);
  assert.deepEqual(refused.events.slice(-2).map((e) => e.kind), ['auth_required', 'turn_ended']);
  assert.equal((refused.events.at(-1) as Extract<SessionEvent, { kind: 'turn_ended' }>).stopReason, 'auth_required');
});
