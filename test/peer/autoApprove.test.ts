// Auto-approve rules with a real agent on the official SDK (the scripted agent's `write`, a
// diff tool call behind session/request_permission): a request a rule covers is answered with
// the agent's own allow option and never shown as a question; a sensitive one still asks; a
// revoked rule asks again. The advisor is the one the extension builds, over the real disk.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PermissionAdvisor } from '../../src/agents/acp/permissions/permissionAdvice.js';
import { advise } from '../../src/permissions/advisor.js';
import { OfferShelf } from '../../src/permissions/offerShelf.js';
import { pathFlavor } from '../../src/services/platformPaths.js';
import type { AutoApproveRule } from '../../src/permissions/rule.js';
import type { SessionEvent } from '../../src/protocol/events.js';
import { realPathOf } from '../../src/services/confine.js';
import { record, say, startPeer, streamedText, testAgent, waitFor, type Peer } from './support/harness.js';

type Asked = Extract<SessionEvent, { kind: 'permission_requested' }>;
type AutoApproved = Extract<SessionEvent, { kind: 'permission_auto_approved' }>;
const askedIn = (events: SessionEvent[]) => events.find((e): e is Asked => e.kind === 'permission_requested');
const autoIn = (events: SessionEvent[]) => events.find((e): e is AutoApproved => e.kind === 'permission_auto_approved');

describe('auto-approve rules with an SDK agent', () => {
  let peer: Peer;
  let outside: string;
  const rules: AutoApproveRule[] = [];
  const shelf = new OfferShelf();
  let roots: string[] = [];
  const advisor: PermissionAdvisor = async (question, options) => shelf.shelve(await advise(question, options, {
    flavor: pathFlavor(process.platform), roots, realPath: realPathOf, trusted: true, agent: 'scripted', workspace: 'peer', rules,
  }));

  before(async () => {
    peer = await startPeer(testAgent('scripted', ['--delay', '0']), { permissionAdvisor: advisor });
    roots = [peer.dir];
    assert.equal((await peer.client.start()).state, 'ready');
    await mkdir(join(peer.dir, 'src'));
    outside = await realpath(await mkdtemp(join(tmpdir(), 'peer-outside-')));
    await symlink(outside, join(peer.dir, 'src', 'linked'));
  });
  after(async () => {
    await peer.close();
    await rm(outside, { recursive: true, force: true });
  });

  test('"Always allow edits under src/" from the card, then the next edit there is answered by the rule', async () => {
    const first = record(await peer.client.newSession());
    const turn = first.session.prompt(say('write src/a.txt first'));
    const asked = await waitFor(() => askedIn(first.events), 5000, 'the permission card');
    assert.deepEqual(asked.ruleOffer && { title: asked.ruleOffer.title, optionId: asked.ruleOffer.optionId }, { title: 'Allow edits under src/', optionId: 'allow' });
    // What "Always allow …" does on the host: make the offered rule, answer with its allow option.
    const offer = shelf.take(asked.ruleOffer!.id)!;
    rules.push({ ...offer.draft, id: 'rule-1', created: Date.now() });
    first.session.answerPermission(asked.requestId, { outcome: 'selected', optionId: offer.optionId });
    await turn;
    assert.equal(await readFile(join(peer.dir, 'src', 'a.txt'), 'utf8'), 'first');

    const second = record(await peer.client.newSession());
    await second.session.prompt(say('write src/deeper/b.txt second'));
    assert.equal(askedIn(second.events), undefined, 'no question for a request the rule covers');
    const auto = autoIn(second.events);
    assert.deepEqual(auto && { optionId: auto.optionId, rule: auto.rule }, { optionId: 'allow', rule: { id: 'rule-1', title: 'Allow edits under src/' } });
    assert.deepEqual(peer.wire.answersTo('session/request_permission').at(-1)?.result, { outcome: { outcome: 'selected', optionId: 'allow' } });
    assert.equal(await readFile(join(peer.dir, 'src', 'deeper', 'b.txt'), 'utf8'), 'second');
    const card = second.thread.entries.find((e) => e.type === 'tool_call');
    assert.deepEqual(card?.type === 'tool_call' && [card.autoApproved, card.permissionLabel, card.status], [{ ruleId: 'rule-1', title: 'Allow edits under src/' }, 'Allow', 'completed']);
  });

  test('a sensitive target in the rule\'s folder still asks, and offers no rule', async () => {
    const { session, events } = record(await peer.client.newSession());
    const turn = session.prompt(say('write src/.env SECRET=1'));
    const asked = await waitFor(() => askedIn(events), 5000, 'the permission card');
    assert.equal(asked.ruleOffer, undefined);
    assert.equal(autoIn(events), undefined);
    session.answerPermission(asked.requestId, { outcome: 'selected', optionId: 'reject' });
    await turn;
    assert.equal(streamedText(events), 'Rejected: reject');
  });

  test('a link in the rule\'s folder that leads outside the workspace still asks', async () => {
    const { session, events } = record(await peer.client.newSession());
    const turn = session.prompt(say('write src/linked/c.txt through-the-link'));
    const asked = await waitFor(() => askedIn(events), 5000, 'the permission card');
    assert.equal(autoIn(events), undefined);
    session.answerPermission(asked.requestId, { outcome: 'selected', optionId: 'reject' });
    await turn;
    await assert.rejects(readFile(join(outside, 'c.txt')));
  });

  test('once the rule is revoked the agent is asked again', async () => {
    rules.splice(0, rules.length);
    const { session, events } = record(await peer.client.newSession());
    const turn = session.prompt(say('write src/d.txt again'));
    const asked = await waitFor(() => askedIn(events), 5000, 'the permission card');
    assert.equal(asked.ruleOffer?.title, 'Allow edits under src/');
    session.answerPermission(asked.requestId, { outcome: 'selected', optionId: 'allow' });
    await turn;
    assert.equal(autoIn(events), undefined);
  });
});
