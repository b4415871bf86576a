/**
 * Plans as v1 agents send them now: the client advertises the unstable `plan` capability, so a
 * real SDK agent sends several plans by id (`plan_update` as items, Markdown, a file) and
 * `plan_removed`, and each becomes its own row, updated in place.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlanThreadEntry } from '../../src/thread/types.js';
import { record, say, startPeer, streamedText, testAgent, type Peer } from './support/harness.js';
import { V1_PLANS_DONE, V1_PLAN_FILE, V1_PLAN_MARKDOWN } from '../agents/lib/v1-scenarios-plans.js';

describe('v1: plans by id', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('plans', ['--delay', '0']));
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(() => peer.close());

  test('initialize advertises the plan capability', () => {
    const params = peer.wire.sent('initialize')[0]?.params as { clientCapabilities: { plan?: unknown } };
    assert.deepEqual(params.clientCapabilities.plan, {});
  });

  test('a checklist updated in place, a Markdown plan, a file plan removed and given again', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('plans'));
    assert.match(streamedText(r.events), new RegExp(V1_PLANS_DONE));
    const plans = r.thread.entries.filter((e): e is PlanThreadEntry => e.type === 'plan');
    const file = { type: 'file', uri: `file://${peer.dir}/${V1_PLAN_FILE}` };
    assert.deepEqual(plans.map((p) => [p.planId, p.entries.map((e) => `${e.content}: ${e.status}`), p.body, p.removed]), [
      ['steps', ['Read the code: completed', 'Write the fix: in_progress'], undefined, undefined],
      ['release', [], { type: 'markdown', content: V1_PLAN_MARKDOWN }, undefined],
      ['spec', [], undefined, true],
      ['spec', [], file, undefined],
    ]);
    assert.equal(r.events.filter((e) => e.kind === 'unknown').length, 0, 'every update understood');
  });

  test('everything we sent is valid against the v1 JSON Schema', () => {
    assert.deepEqual(peer.wire.outgoingErrors(1), []);
  });
});
