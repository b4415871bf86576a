/**
 * Subagents (child sessions) with the subagents test agent over real stdio, through the real
 * client, router, session and thread model: children routed into their cards (not dropped, not
 * flattened into the parent), a child's permission answered, one child stopped alone, a helper
 * that outlives the turn, and the faults (unknown, announced twice, three deep, never ending).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../src/protocol/events.js';
import type { SubagentEntry, ThreadEntry, ToolCallEntry } from '../../src/thread/types.js';
import { unwrapChild } from '../../src/thread/children/subagents.js';
import { TEAM } from '../agents/lib/subagents.js';
import { record, say, startPeer, streamedText, testAgent, turnEnd, waitFor, type Peer } from './support/harness.js';

let peer: Peer;
before(async () => {
  peer = await startPeer(testAgent('subagents'));
  assert.equal((await peer.client.start()).state, 'ready');
});
after(() => peer.close());

const cards = (entries: readonly ThreadEntry[]) => entries.filter((e): e is SubagentEntry => e.type === 'subagent');
const toolTitles = (entries: readonly ThreadEntry[]) => entries.filter((e): e is ToolCallEntry => e.type === 'tool_call').map((e) => e.title);

test('initialize advertises subagents (v1)', () => {
  const init = peer.wire.sent('initialize')[0]!.params as { clientCapabilities: Record<string, unknown> };
  assert.deepEqual(init.clientCapabilities.subagents, {});
});

test('a team: each helper a card with its own tool calls; a helper of a helper inside its card; a child’s permission answered', async () => {
  const r = record(await peer.client.newSession());
  // Answer the child's question the way the panel does: by its request id, from the thread.
  r.session.onEvent((event) => {
    const { event: inner, path } = unwrapChild(event);
    if (inner.kind === 'permission_requested') {
      assert.deepEqual(path, [TEAM.fixer.id]);
      queueMicrotask(() => r.session.answerPermission(inner.requestId, { outcome: 'selected', optionId: 'allow' }));
    }
  });
  await r.session.prompt(say('team'));
  assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
  assert.match(streamedText(r.events), /All helpers are done\. edit allowed/);

  const top = cards(r.thread.entries);
  assert.deepEqual(top.map((c) => c.childId), [TEAM.reader.id, TEAM.fixer.id], 'two cards in the parent, where announced');
  assert.deepEqual(toolTitles(r.thread.entries), [], 'no child tool call flattened into the parent');
  const [reader, fixer] = top;
  assert.equal(reader!.title, TEAM.reader.title);
  assert.equal(reader!.description, TEAM.reader.description);
  assert.equal(reader!.agentType, TEAM.reader.agentType);
  assert.equal(reader!.model, TEAM.reader.model);
  assert.equal(reader!.state, 'idle');
  assert.equal(reader!.toolCalls, 1);
  assert.equal(fixer!.cancellable, true);
  assert.equal(fixer!.toolCalls, 1);
  assert.equal(fixer!.filesChanged, 1);
  assert.equal(fixer!.asking, undefined, 'the question was answered');

  const rows = r.thread.childRows();
  assert.deepEqual(toolTitles(rows[TEAM.reader.id]!), [TEAM.readTitle]);
  assert.ok(rows[TEAM.reader.id]!.some((e) => e.type === 'agent' && e.content.some((b) => b.type === 'text' && b.text === TEAM.found)));
  assert.deepEqual(cards(rows[TEAM.reader.id]!).map((c) => [c.childId, c.state]), [[TEAM.links.id, 'idle']], 'the grandchild is a card inside its parent’s card');
  assert.deepEqual(toolTitles(rows[TEAM.links.id]!), ['Fetch https://example.com']);
  const edit = rows[TEAM.fixer.id]!.find((e): e is ToolCallEntry => e.type === 'tool_call')!;
  assert.equal(edit.status, 'completed');
  assert.equal(edit.permissionOutcome, 'allow');
});

test('Stop on one child sends session/cancel naming it; the card shows stopping, then the child’s end', async () => {
  const r = record(await peer.client.newSession());
  const turn = r.session.prompt(say('stop'));
  await waitFor(() => cards(r.thread.entries)[0]?.cancellable, 5_000, 'the stoppable child');
  const childId = cards(r.thread.entries)[0]!.childId;
  r.session.stopSubagent(childId);
  assert.deepEqual(cards(r.thread.entries)[0]!.stop, { state: 'stopping' });
  await turn;
  assert.match(streamedText(r.events), /stopped: yes/);
  const card = cards(r.thread.entries)[0]!;
  assert.equal(card.state, 'idle');
  assert.equal(card.stopReason, 'cancelled');
  assert.equal(card.stop, undefined, 'the child’s state settles the stop');
  assert.ok(peer.wire.sent('session/cancel').some((m) => (m.params as { sessionId: string }).sessionId === childId));
  assert.equal(r.session.turnState, 'idle');
});

test('a helper that outlives the turn shows as running in the background, and its end is announced', async () => {
  const r = record(await peer.client.newSession());
  await r.session.prompt(say('background'));
  const card = () => cards(r.thread.entries)[0]!;
  assert.equal(card().state, 'running');
  assert.equal(card().background, true);
  await waitFor(() => card().state === 'idle', 5_000, 'the background helper’s end');
  assert.equal(card().toolCalls, 1);
  const notice = r.thread.entries.at(-1)!;
  assert.equal(notice.type, 'notice');
  assert.match(notice.type === 'notice' ? notice.title : '', /Watch tests.*finished in the background/);
});

test('faults: unknown child dropped, announced twice kept once, three deep nested, never-ending child stays running, self and id-less announcements harmless', async () => {
  const r = record(await peer.client.newSession());
  await r.session.prompt(say('faults'));
  assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
  const top = cards(r.thread.entries);
  assert.deepEqual(top.map((c) => c.childId), ['child_twice', 'child_d1', 'child_forever'], 'no card for the unknown child, the parent itself or an id-less announcement');
  assert.equal(top[0]!.title, 'Second name');
  assert.equal(top[0]!.toolCalls, 1);
  assert.equal(top[2]!.state, 'running');
  assert.equal(top[2]!.background, true, 'a child that never ends stays running past the turn');
  const rows = r.thread.childRows();
  assert.deepEqual(toolTitles(rows.child_d3!), ['Deep work']);
  assert.deepEqual(cards(rows.child_d1!).map((c) => c.childId), ['child_d2']);
  assert.deepEqual(cards(rows.child_d2!).map((c) => c.childId), ['child_d3']);
  assert.equal(rows.child_ghost, undefined);
  const malformed = r.events.filter((e: SessionEvent) => e.kind === 'unknown' && e.sessionUpdate === 'subagent_update');
  assert.equal(malformed.length, 1, 'the id-less announcement is an unknown (malformed) update');
  // The snapshot keeps every level, and a restored model shows the same children.
  const snap = r.thread.snapshot();
  assert.deepEqual(Object.keys(snap.children ?? {}).sort(), ['child_d1', 'child_forever', 'child_twice']);
});
