// elicitation/create against the scripted SDK agent over stdio: the form and the page flow end
// to end (what the agent receives is what it reports back as ELICIT…: text), a form the client
// cannot show refused with -32602, and an open form answered cancel when the turn is cancelled.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../src/protocol/events.js';
import type { ElicitationEntry } from '../../src/thread/types.js';
import { record, say, startPeer, streamedText, testAgent, waitFor, type Peer } from './support/harness.js';

type Asked = Extract<SessionEvent, { kind: 'elicitation_requested' }>;
const askedIn = (events: SessionEvent[]) => events.find((e): e is Asked => e.kind === 'elicitation_requested');

describe('elicitation: forms and pages the agent asks the user for', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('scripted', ['--delay', '0']), { cancelTimeoutMs: 4000 });
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(() => peer.close());

  test('the client advertises both modes', () => {
    const caps = (peer.wire.sent('initialize')[0]?.params as { clientCapabilities: Record<string, unknown> }).clientCapabilities;
    assert.deepEqual(caps.elicitation, { form: {}, url: {} });
  });

  test('a form: shown with its fields, an answer that does not hold is not sent, a good one reaches the agent', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    const turn = session.prompt(say('elicit'));
    const asked = await waitFor(() => askedIn(events), 5000, 'elicitation');
    assert.equal(asked.prompt.mode, 'form');
    assert.deepEqual(asked.prompt.mode === 'form' && asked.prompt.fields.map((f) => [f.name, f.label, f.kind, f.required]), [
      ['name', 'Service name', 'text', true],
      ['replicas', 'Replicas', 'number', false],
      ['region', 'Region', 'choice', true],
      ['notify', 'Notify the team', 'boolean', false],
    ]);
    assert.equal(session.turnState, 'requires_action');
    const row = thread.entries.find((e): e is ElicitationEntry => e.type === 'elicitation');
    assert.equal(row?.status, 'pending');

    // Whatever the page sends, the host checks it against the form again.
    assert.deepEqual(session.answerElicitation(asked.requestId, { action: 'accept', content: { name: 'Bad Name', replicas: 9 } }), {
      ok: false,
      reason: 'invalid',
      errors: { name: 'Does not have the expected form.', replicas: 'At most 5.', region: 'Required.' },
    });
    assert.equal(peer.wire.answersTo('elicitation/create').length, 0, 'nothing was answered yet');

    assert.deepEqual(session.answerElicitation(asked.requestId, { action: 'accept', content: { name: 'api', replicas: 3, region: 'eu', notify: false, extra: 'dropped' } }), { ok: true });
    await turn;
    assert.equal(streamedText(events), 'ELICIT:accept {"name":"api","replicas":3,"region":"eu","notify":false}');
    assert.deepEqual(peer.wire.answersTo('elicitation/create').at(-1)?.result, { action: 'accept', content: { name: 'api', replicas: 3, region: 'eu', notify: false } });
    const done = thread.entries.find((e): e is ElicitationEntry => e.type === 'elicitation');
    assert.equal(done?.status, 'accepted');
    assert.deepEqual(done?.answer, { name: 'api', replicas: 3, region: 'eu', notify: false });
    assert.deepEqual(session.answerElicitation(asked.requestId, { action: 'decline' }), { ok: false, reason: 'unknown' }, 'answered once');
  });

  test('decline is sent as decline, without content', async () => {
    const { session, events } = record(await peer.client.newSession());
    const turn = session.prompt(say('elicit'));
    const asked = await waitFor(() => askedIn(events), 5000, 'elicitation');
    session.answerElicitation(asked.requestId, { action: 'decline', content: { name: 'ignored' } });
    await turn;
    assert.equal(streamedText(events), 'ELICIT:decline');
    assert.deepEqual(peer.wire.answersTo('elicitation/create').at(-1)?.result, { action: 'decline' });
  });

  test('cancelling the turn answers the open form "cancel" and the row says cancelled', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    const turn = session.prompt(say('elicit'));
    await waitFor(() => askedIn(events), 5000, 'elicitation');
    await session.cancel();
    await turn;
    assert.equal(streamedText(events), 'ELICIT:cancel');
    assert.deepEqual(peer.wire.answersTo('elicitation/create').at(-1)?.result, { action: 'cancel' });
    assert.equal(thread.entries.find((e): e is ElicitationEntry => e.type === 'elicitation')?.status, 'cancelled');
    assert.equal(session.turnState, 'idle');
  });

  test('a page: accept means opened; the agent\'s elicitation/complete marks the flow done', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    const turn = session.prompt(say('elicit-url'));
    const asked = await waitFor(() => askedIn(events), 5000, 'elicitation');
    assert.deepEqual(asked.prompt, { mode: 'url', message: 'Sign in to the deploy service', url: 'https://deploy.example.com/login?flow=1', elicitationId: asked.prompt.mode === 'url' ? asked.prompt.elicitationId : '' });
    assert.deepEqual(session.answerElicitation(asked.requestId, { action: 'accept' }), { ok: true });
    await turn;
    assert.equal(streamedText(events), 'ELICIT-URL:accept COMPLETE-SENT');
    await waitFor(() => events.find((e) => e.kind === 'elicitation_completed'), 5000, 'completion');
    const row = thread.entries.find((e): e is ElicitationEntry => e.type === 'elicitation');
    assert.equal(row?.status, 'accepted');
    assert.equal(row?.completed, true);
  });

  test('a form the panel cannot show: -32602 naming the field to the agent, a note in the thread', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    await session.prompt(say('elicit-bad'));
    assert.match(streamedText(events), /^ELICIT-BAD:-32602 Invalid params: requestedSchema\.properties\.upload\.type: unsupported type "file"/);
    assert.ok(thread.entries.some((e) => e.type === 'notice' && /cannot show/.test(e.title)));
    assert.equal(thread.entries.some((e) => e.type === 'elicitation'), false);
  });
});
