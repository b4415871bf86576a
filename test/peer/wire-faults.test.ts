/**
 * Every fault answered on the wire, over real stdio: the hostile agent writes raw bytes and
 * records what came back; the client counts each fault and keeps the session usable.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { record, say, startPeer, streamedText, testAgent, turnEnd, type Peer } from './support/harness.js';

/** The facts of the agent's closing message: `name=value` pairs. */
function facts(text: string): Record<string, string> {
  const line = /RESPONSES: (.*)$/.exec(text)?.[1] ?? '';
  return Object.fromEntries(line.split(' ').filter(Boolean).map((f) => [f.slice(0, f.indexOf('=')), f.slice(f.indexOf('=') + 1)]));
}

describe('wire faults (hostile agent, real stdio)', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('hostile', ['--double-answer']));
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(() => peer.close());

  const run = async (scenario: string) => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say(scenario));
    assert.equal(turnEnd(r.events)?.stopReason, 'end_turn', `${scenario}: the turn ends normally`);
    return { r, facts: facts(streamedText(r.events)) };
  };

  test('lines that are not JSON get -32700 and non-messages -32600, all with id null', async () => {
    const { facts: f } = await run('parse-errors');
    assert.equal(f['null-id-errors'], '-32700,-32700,-32600,-32600,-32600,-32700');
    const counts = peer.client.wireFaults();
    assert.equal(counts.parse_error, 3);
    assert.equal(counts.invalid_request, 3);
    assert.equal(counts.unknown_method, 1, 'the closing ping');
  });

  test('a request reusing an id in flight gets -32600; the first still gets its own answer', async () => {
    const { facts: f } = await run('duplicate-id');
    assert.equal(f.dup, '-32600,-32601');
    assert.equal(peer.client.wireFaults().duplicate_request_id, 1);
  });

  test('invalid params get -32602 naming the field', async () => {
    const { facts: f } = await run('bad-params');
    const said = (name: string) => {
      const [code = '', message = ''] = (f[name] ?? '').split(':');
      return { code, message: decodeURIComponent(message) };
    };
    assert.deepEqual(said('array'), { code: '-32602', message: 'Invalid params: params: expected an object' });
    assert.deepEqual(said('no-session'), { code: '-32602', message: 'Invalid params: sessionId: expected a non-empty string' });
    assert.equal(said('path').code, '-32602');
    assert.match(said('path').message, /\bpath\b/);
    assert.equal(said('terminal').code, '-32602');
    assert.match(said('terminal').message, /\bterminalId\b/);
  });

  test('requests for a session that is gone are refused (-32002) and counted; nothing reaches the user', async () => {
    const before = peer.client.wireFaults().unknown_session ?? 0;
    const gone = await peer.client.newSession();
    await gone.closeSession();
    const r = record(await peer.client.newSession());
    await r.session.prompt(say(`gone-session ${gone.sessionId}`));
    const f = facts(streamedText(r.events));
    assert.equal(f['gone-read'], '-32002');
    assert.equal(f['gone-permission'], '-32002');
    assert.ok(!r.events.some((e) => e.kind === 'permission_requested'), 'the user is never asked');
    assert.equal((peer.client.wireFaults().unknown_session ?? 0) - before, 2);
  });

  test('a repeated response and responses to unknown ids are counted, never acted on', async () => {
    const { r } = await run('unknown-response');
    const counts = peer.client.wireFaults();
    assert.equal(counts.unknown_response_id, 2);
    // --double-answer: every session/new above was answered twice.
    assert.ok((counts.duplicate_response ?? 0) >= 4, `duplicate responses counted (${JSON.stringify(counts)})`);
    assert.equal(peer.client.lifecycle.state, 'ready');
    assert.match(streamedText(r.events), /SURVIVED unknown-response/);
    assert.deepEqual(peer.wire.outgoingErrors(1), [], 'our fault answers are valid JSON-RPC');
    assert.ok(peer.log.some((l) => /wire fault #\d+ \(parse_error\)/.test(l)), 'faults are logged');
  });
});
