import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { record, say, startPeer, streamedText, testAgent, turnEnd, type Peer } from './support/harness.js';
import { DRAFT_INTRO, DRAFT_OUTRO, DRAFT_TOOL } from '../agents/lib/texts.js';

describe('early-draft agent', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('draft', ['--delay', '0']));
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(() => peer.close());

  const toolCards = async (scenario: string) => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say(scenario));
    assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
    assert.equal(streamedText(r.events), DRAFT_INTRO + DRAFT_OUTRO);
    return r.thread.entries
      .filter((e) => e.type === 'tool_call')
      .map((e) => (e.type === 'tool_call' ? { toolCallId: e.toolCallId, title: e.title, status: e.status, content: e.content } : undefined));
  };

  test('draft tool_call {id,name,arguments} + update {status:"success",output} render like their v1 twin', async () => {
    const draft = await toolCards('draft');
    assert.equal(draft.length, 1);
    assert.equal(draft[0]?.toolCallId, DRAFT_TOOL.id);
    assert.equal(draft[0]?.status, 'completed');
    assert.deepEqual(draft, await toolCards('v1'));
  });

  test('a draft error status is a failed tool call, like v1 failed', async () => {
    const draft = await toolCards('draft-error');
    assert.equal(draft[0]?.status, 'failed');
    assert.deepEqual(draft, await toolCards('v1-error'));
  });

  test('everything we sent is schema-valid', () => {
    assert.deepEqual(peer.wire.outgoingErrors(1), []);
  });
});

describe('hostile agent', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('hostile', ['--garbage-before-init']));
    assert.equal((await peer.client.start()).state, 'ready', 'garbage before initialize does not stop the launch');
  });
  after(() => peer.close());

  test('survives every misbehaviour with clear answers, and the session stays usable', async () => {
    const r = record(await peer.client.newSession());
    const started = Date.now();
    await r.session.prompt(say('all'));
    const elapsedMs = Date.now() - started;
    const text = streamedText(r.events);
    assert.match(text, /CRLF-OK /);
    assert.match(text, /SPLIT-OK ✓ /);
    assert.ok(!text.includes('GHOST'), 'an update for another session is not shown here');
    assert.ok(!text.includes('MARK'), 'the over-long line was dropped');
    const responses = /RESPONSES: (.*)$/.exec(text)?.[1]?.split(' ') ?? [];
    assert.deepEqual(responses, [
      'broken-json:sent',
      'unknown-ext=-32601',
      'unknown=-32601',
      'invalid-read=-32602',
      'invalid-permission=-32602',
      'unknown-session-permission=-32002',
      'huge-line:sent',
    ]);
    assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
    assert.equal(peer.client.lifecycle.state, 'ready');
    const notices = r.events.filter((e) => e.kind === 'notice_local');
    assert.ok(notices.some((n) => n.kind === 'notice_local' && /malformed input/.test(n.title)), 'bad input is visible in the chat');
    // Malformed lines are summarised: one notice, then at most one per 5 s interval (a loaded
    // machine stretches the turn over more intervals); the refusals get one notice each.
    const malformed = notices.filter((n) => n.kind === 'notice_local' && /malformed input/.test(n.title));
    assert.ok(malformed.length <= 1 + Math.floor(elapsedMs / 5_000), `not flooded (${malformed.length} malformed-input notices in ${elapsedMs} ms)`);
    assert.ok(notices.length - malformed.length <= 2, `one notice per refusal (${notices.length - malformed.length})`);
    await r.session.prompt(say('crlf'));
    assert.match(streamedText(r.events), /SURVIVED crlf/);
    // Our answers, including the refusals, are still valid messages.
    assert.deepEqual(peer.wire.outgoingErrors(1), []);
  });
});
