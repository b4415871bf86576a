/**
 * Subagents (child sessions) with the subagents test agent over real stdio, on ACP v1 and v2,
 * through the real client, router, session and thread model: children routed into their cards
 * (not dropped, not flattened into the parent), each child's task and report inside its card, a
 * child's permission and a child's question answered from the thread, one child stopped alone,
 * a helper that outlives the turn, the faults (unknown, announced twice, three deep, never
 * ending, messages naming no child), and the nesting rebuilt when the agent replays a session.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../src/protocol/events.js';
import type { AgentMessageEntry, ElicitationEntry, SubagentEntry, ThreadEntry, ToolCallEntry, UserEntry } from '../../src/thread/types.js';
import { unwrapChild } from '../../src/thread/children/subagents.js';
import { ASKER, EARLY, TEAM, childId } from '../agents/lib/subagents.js';
import { record, say, startPeer, streamedText, testAgent, turnEnd, waitFor, type Peer, type Recorded } from './support/harness.js';

const cards = (entries: readonly ThreadEntry[]) => entries.filter((e): e is SubagentEntry => e.type === 'subagent');
const toolTitles = (entries: readonly ThreadEntry[]) => entries.filter((e): e is ToolCallEntry => e.type === 'tool_call').map((e) => e.title);
const textOf = (e: { content: ReadonlyArray<{ type: string; text?: string }> }) => e.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
const tasks = (entries: readonly ThreadEntry[]) => entries.filter((e): e is UserEntry => e.type === 'user').map((e) => [textOf(e), e.delegated ?? false]);
const answers = (entries: readonly ThreadEntry[]) => entries.filter((e): e is AgentMessageEntry => e.type === 'agent').map((e) => [textOf(e), e.report ?? false]);

/** The session id the agent gave the child it calls `base` in this recorded session. */
const kid = (r: Recorded, base: string) => childId(base, r.session.sessionId);

/** Answers the fixer's permission the way the panel does: by its request id, from the thread. */
function allowChildPermissions(r: Recorded): void {
  r.session.onEvent((event) => {
    const { event: inner, path } = unwrapChild(event);
    if (inner.kind === 'permission_requested') {
      assert.deepEqual(path, [kid(r, TEAM.fixer.id)]);
      queueMicrotask(() => r.session.answerPermission(inner.requestId, { outcome: 'selected', optionId: 'allow' }));
    }
  });
}

/** v2 prompts resolve when the agent reports the turn idle; v1 ones when the prompt is answered. */
async function turn(r: Recorded, words: string): Promise<void> {
  await r.session.prompt(say(words));
  await waitFor(() => turnEnd(r.events), 10_000, `the end of the "${words}" turn`);
}

for (const version of [1, 2] as const) {
  describe(`subagents over ACP v${version}`, () => {
    let peer: Peer;
    before(async () => {
      peer = await startPeer(testAgent('subagents', [], version));
      assert.equal((await peer.client.start()).state, 'ready');
    });
    after(() => peer.close());

    if (version === 1) {
      test('initialize advertises subagents (v1)', () => {
        const init = peer.wire.sent('initialize')[0]!.params as { clientCapabilities: Record<string, unknown> };
        assert.deepEqual(init.clientCapabilities.subagents, {});
      });
    }

    test('a team: each helper a card with its own tool calls; a helper of a helper inside its card; a child’s permission answered', async () => {
      const r = record(await peer.client.newSession());
      allowChildPermissions(r);
      await turn(r, 'team');
      assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
      assert.match(streamedText(r.events), /All helpers are done\. edit allowed/);

      const top = cards(r.thread.entries);
      assert.deepEqual(top.map((c) => c.childId), [kid(r, TEAM.reader.id), kid(r, TEAM.fixer.id)], 'two cards in the parent, where announced');
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
      assert.deepEqual(toolTitles(rows[kid(r, TEAM.reader.id)]!), [TEAM.readTitle]);
      assert.ok(rows[kid(r, TEAM.reader.id)]!.some((e) => e.type === 'agent' && e.content.some((b) => b.type === 'text' && b.text === TEAM.found)));
      assert.deepEqual(cards(rows[kid(r, TEAM.reader.id)]!).map((c) => [c.childId, c.state]), [[kid(r, TEAM.links.id), 'idle']], 'the grandchild is a card inside its parent’s card');
      assert.deepEqual(toolTitles(rows[kid(r, TEAM.links.id)]!), ['Fetch https://example.com']);
      const edit = rows[kid(r, TEAM.fixer.id)]!.find((e): e is ToolCallEntry => e.type === 'tool_call')!;
      assert.equal(edit.status, 'completed');
      assert.equal(edit.permissionOutcome, 'allow');
    });

    test('session messages: each child’s task is its first message and its report its answer, inside its card, once', async () => {
      const r = record(await peer.client.newSession());
      allowChildPermissions(r);
      await turn(r, 'team');
      const rows = r.thread.childRows();
      const reader = rows[kid(r, TEAM.reader.id)]!;
      const fixer = rows[kid(r, TEAM.fixer.id)]!;
      assert.equal(reader[0]?.type, 'user', 'the task comes first in the reader’s card');
      assert.deepEqual(tasks(reader), [[TEAM.readerTask, true]]);
      // The parent's streamed view and the fixer's own view of its task are one row.
      assert.deepEqual(tasks(fixer), [[TEAM.fixerTask.join(''), true]]);
      // The reader's report repeats its last message: that message is marked, not shown twice.
      assert.deepEqual(answers(reader), [[TEAM.found, true]]);
      assert.deepEqual(answers(fixer), [[TEAM.fixerReport, true]]);
      assert.equal(fixer.at(-1)?.type, 'agent', 'the fixer’s report is its last row');
      assert.deepEqual(tasks(r.thread.entries).filter(([, delegated]) => delegated), [], 'no task or report in the parent’s own rows');
      assert.ok(!answers(r.thread.entries).some(([text]) => text === TEAM.fixerReport));
    });

    test('a child’s question (elicitation) is asked inside its card and answered from the thread', async () => {
      const r = record(await peer.client.newSession());
      const done = turn(r, 'ask');
      const question = await waitFor(() => r.thread.childRows()[kid(r, ASKER.id)]?.find((e): e is ElicitationEntry => e.type === 'elicitation' && e.status === 'pending'), 10_000, 'the child’s question');
      assert.equal(question.prompt.message, ASKER.question);
      assert.equal(cards(r.thread.entries)[0]!.asking, 1, 'the card says a question waits');
      assert.ok(!r.thread.entries.some((e) => e.type === 'elicitation'), 'not asked in the parent’s own rows');
      assert.deepEqual(r.session.answerElicitation(question.requestId, { action: 'accept', content: { region: 'eu' } }), { ok: true });
      await done;
      assert.match(streamedText(r.events), /ASKED:accept eu/);
      const rows = r.thread.childRows()[kid(r, ASKER.id)]!;
      assert.equal(rows.find((e): e is ElicitationEntry => e.type === 'elicitation')?.status, 'accepted');
      assert.ok(rows.some((e) => e.type === 'agent' && textOf(e) === 'Deploying to eu.'));
      const card = cards(r.thread.entries)[0]!;
      assert.equal(card.asking, undefined);
      assert.equal(card.state, 'idle');
    });

    test('Stop on one child sends session/cancel naming it; the card shows stopping, then the child’s end', async () => {
      const r = record(await peer.client.newSession());
      const done = turn(r, 'stop');
      await waitFor(() => cards(r.thread.entries)[0]?.cancellable, 5_000, 'the stoppable child');
      const childId = cards(r.thread.entries)[0]!.childId;
      r.session.stopSubagent(childId);
      assert.deepEqual(cards(r.thread.entries)[0]!.stop, { state: 'stopping' });
      await done;
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
      await turn(r, 'background');
      const card = () => cards(r.thread.entries)[0]!;
      assert.equal(card().state, 'running');
      assert.equal(card().background, true);
      await waitFor(() => card().state === 'idle', 5_000, 'the background helper’s end');
      assert.equal(card().toolCalls, 1);
      const notice = r.thread.entries.at(-1)!;
      assert.equal(notice.type, 'notice');
      assert.match(notice.type === 'notice' ? notice.title : '', /Watch tests.*finished in the background/);
    });

    test('a helper that speaks before it is announced: its task, first tool call and words are kept and shown in its card once it is', async () => {
      const r = record(await peer.client.newSession());
      const faultsBefore = peer.client.wireFaults().unknown_session ?? 0;
      await turn(r, 'early');
      assert.match(streamedText(r.events), /early done/);
      const card = cards(r.thread.entries)[0];
      assert.equal(card?.childId, kid(r, EARLY.id));
      assert.equal(card.orphan, undefined, 'announced, not a card made up for unknown traffic');
      assert.equal(card.title, EARLY.title);
      assert.equal(card.toolCalls, 2);
      const rows = r.thread.childRows()[kid(r, EARLY.id)] ?? [];
      assert.deepEqual(tasks(rows), [[EARLY.task, true]], 'the task sent before the announcement');
      assert.deepEqual(toolTitles(rows), [EARLY.firstTool, EARLY.secondTool], 'the early tool call first, in order');
      assert.deepEqual(answers(rows), [[EARLY.firstWords, false]]);
      assert.equal((peer.client.wireFaults().unknown_session ?? 0) - faultsBefore, 0, 'nothing counted as an unknown session');
    });

    test('faults: unknown child dropped, announced twice kept once, three deep nested, never-ending child stays running, self and id-less announcements and messages naming no child harmless', async () => {
      const r = record(await peer.client.newSession());
      await turn(r, 'faults');
      assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
      const top = cards(r.thread.entries);
      assert.deepEqual(top.map((c) => c.childId), ['child_twice', 'child_d1', 'child_forever'].map((id) => kid(r, id)), 'no card for the unknown child, the parent itself or an id-less announcement');
      assert.equal(top[0]!.title, 'Second name');
      assert.equal(top[0]!.toolCalls, 1);
      assert.equal(top[2]!.state, 'running');
      assert.equal(top[2]!.background, true, 'a child that never ends stays running past the turn');
      const rows = r.thread.childRows();
      assert.deepEqual(toolTitles(rows[kid(r, 'child_d3')]!), ['Deep work']);
      assert.deepEqual(cards(rows[kid(r, 'child_d1')]!).map((c) => c.childId), [kid(r, 'child_d2')]);
      assert.deepEqual(cards(rows[kid(r, 'child_d2')]!).map((c) => c.childId), [kid(r, 'child_d3')]);
      assert.equal(rows[kid(r, 'child_ghost')], undefined);
      assert.ok(!Object.values(rows).flat().concat(r.thread.entries).some((e) => (e.type === 'user' || e.type === 'agent') && /not for any card|lost/.test(textOf(e))), 'a message naming no child is not shown anywhere');
      const malformed = r.events.filter((e: SessionEvent) => e.kind === 'unknown' && e.sessionUpdate === 'subagent_update');
      assert.equal(malformed.length, 1, 'the id-less announcement is an unknown (malformed) update');
      const snap = r.thread.snapshot();
      assert.deepEqual(Object.keys(snap.children ?? {}).sort(), ['child_d1', 'child_forever', 'child_twice'].map((id) => kid(r, id)));
    });

    test(`${version === 1 ? 'session/load' : 'session/resume from the start'} replays the parent’s and the children’s updates: the cards and their threads are rebuilt`, async () => {
      const live = record(await peer.client.newSession());
      allowChildPermissions(live);
      await turn(live, 'team');
      const sessionId = live.session.sessionId;
      const loaded = record(await peer.client.loadSession(sessionId));
      await waitFor(() => cards(loaded.thread.entries).length === 2 && loaded.thread.childRows()[kid(live, TEAM.fixer.id)]?.some((e) => e.type === 'agent'), 10_000, 'the replayed cards');
      const strip = (entries: readonly ThreadEntry[]) => entries.map((e) => (e.type === 'subagent' ? [e.childId, e.title, e.state, e.toolCalls, e.filesChanged] : e.type === 'tool_call' ? [e.title, e.status] : e.type === 'user' || e.type === 'agent' ? [e.type, textOf(e), e.type === 'user' ? e.delegated ?? false : e.report ?? false] : [e.type]));
      assert.deepEqual(strip(cards(loaded.thread.entries)), strip(cards(live.thread.entries)), 'the same cards, in the same states');
      const before = live.thread.childRows();
      const after = loaded.thread.childRows();
      assert.deepEqual(Object.keys(after).sort(), Object.keys(before).sort(), 'every level, the grandchild included');
      for (const id of [kid(live, TEAM.reader.id), kid(live, TEAM.links.id)]) assert.deepEqual(strip(after[id]!), strip(before[id]!), `${id}: the same rows`);
      // Replayed, the fixer's edit is the agent's record of it: completed, without the live question.
      assert.deepEqual(toolTitles(after[kid(live, TEAM.fixer.id)]!), [TEAM.editTitle]);
      assert.deepEqual(tasks(after[kid(live, TEAM.fixer.id)]!), [[TEAM.fixerTask.join(''), true]]);
      assert.deepEqual(answers(after[kid(live, TEAM.fixer.id)]!), [[TEAM.fixerReport, true]]);
      assert.deepEqual(toolTitles(loaded.thread.entries), [], 'nothing of the children flattened into the parent');
      assert.match(answers(loaded.thread.entries).map(([text]) => text).join(' '), /All helpers are done/);
    });
  });
}
