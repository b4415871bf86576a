/**
 * The real claude-agent-acp (Claude Code behind ACP, installed into .cache/ on first use) driven
 * by the product's AgentClient over stdio, on both wire versions, its model a scripted loopback
 * Anthropic API (test/support/fakeAnthropic/): a turn that copies a note itself, one whose write
 * is refused, and one that hands the copy to a subagent (a child session, advertised with the
 * `subagents` client capability). One agent process and one session per wire version serve the
 * cases; each case is a turn.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionEvent } from '../../src/protocol/events.js';
import type { ThreadModel } from '../../src/thread/reducer.js';
import type { SubagentEntry, ThreadEntry } from '../../src/thread/types.js';
import { record, say, startPeer, streamedText, tempDir, turnEnd, waitFor, type Peer, type Recorded } from './support/harness.js';
import { claudeAgentConfig, claudeAgentAcpVersion } from '../support/claudeAgentAcp.js';
import { ensureClaudeAgentAcp } from '../../scripts/agents/installClaudeAgentAcp.mjs';
import { startFakeAnthropic, type FakeAnthropic } from '../support/fakeAnthropic/server.js';
import {
  COPIED,
  HELPER_COPIED,
  HELPER_DESCRIPTION,
  HELPER_STARTED,
  REFUSED,
  backgroundPrompt,
  copiedText,
  copyPrompt,
  copyingModel,
  delegatePrompt,
  isSubagentRequest,
} from '../support/fakeAnthropic/copyingModel.js';
import { toolHistory } from '../support/fakeAnthropic/messages.js';

type Permission = Extract<SessionEvent, { kind: 'permission_requested' }>;
type Subagent = Extract<SessionEvent, { kind: 'subagent' }>;
/** The events of child session `childId` (unwrapped), in order. */
const childEvents = (events: SessionEvent[], childId: string): SessionEvent[] =>
  events.flatMap((e) => (e.kind === 'child' && e.childId === childId ? [e.event] : []));
const permissionOf = (events: SessionEvent[]) => events.find((e): e is Permission => e.kind === 'permission_requested');
const toolCards = (thread: ThreadModel) => thread.entries.flatMap((e) => (e.type === 'tool_call' ? [e] : []));
const optionOfKind = (permission: Permission, kind: string) => {
  const option = permission.options.find((o) => o.kind === kind);
  assert.ok(option, `an option of kind ${kind} among ${JSON.stringify(permission.options)}`);
  return option.optionId;
};

/** The events recorded from now on (a case's turn in a session the cases share). */
const since = (events: SessionEvent[]) => {
  const from = events.length;
  return () => events.slice(from);
};

const SOURCE = 'alpha beta gamma\nsecond line\n';
/** Starting the agent, a session (Claude Code starts per session) and a turn take seconds each on a loaded machine. */
const SLOW = 90_000;

describe(`claude-agent-acp ${claudeAgentAcpVersion} against a scripted Anthropic API`, () => {
  let api: FakeAnthropic;
  before(async () => {
    const started = Date.now();
    await ensureClaudeAgentAcp((line) => console.log(`# ${line}`));
    console.log(`# claude-agent-acp ready after ${((Date.now() - started) / 1000).toFixed(1)}s`);
    api = await startFakeAnthropic(copyingModel);
  }, { timeout: 15 * 60_000 });
  after(() => api?.close());

  for (const version of [1, 2] as const) {
    describe(`ACP v${version}`, () => {
      let peer: Peer;
      let home: string;
      /** One session for the cases (Claude Code starts a process per session); each case is a turn. */
      let r: Recorded;
      before(async () => {
        home = await tempDir('claude-home-');
        peer = await startPeer(await claudeAgentConfig({ apiUrl: api.url, home, protocolVersion: version }), { initializeTimeoutMs: SLOW });
        assert.equal((await peer.client.start()).state, 'ready', peer.log.join('\n'));
        await mkdir(join(peer.dir, 'notes'));
        await writeFile(join(peer.dir, 'notes', 'source.txt'), SOURCE);
        r = record(await peer.client.newSession());
      }, { timeout: SLOW * 2 });
      after(async () => {
        await peer?.close();
        if (home) await rm(home, { recursive: true, force: true });
      });

      test(`the agent answers v${version}`, () => {
        assert.equal(peer.client.lifecycle.state === 'ready' && peer.client.lifecycle.protocolVersion, version);
      });

      test('a turn reads one file, asks before writing another, writes it once allowed, and answers', async () => {
        const source = join(peer.dir, 'notes', 'source.txt');
        const target = join(peer.dir, 'notes', 'copy.txt');
        const { session, thread } = r;
        const events = since(r.events);
        const turn = session.prompt(say(copyPrompt(source, target)));

        const permission = await waitFor(() => permissionOf(events()), SLOW, 'the permission request for the write');
        assert.equal(session.turnState, 'requires_action');
        const read = toolCards(thread).find((c) => c.name === 'Read');
        assert.equal(read?.status, 'completed', 'the read finished before the write was asked for');
        assert.deepEqual(read?.locations?.map((l) => l.path), [source]);
        const write = toolCards(thread).find((c) => c.toolCallId === permission.toolCallId);
        assert.equal(write?.name, 'Write');
        assert.equal(write?.kind, 'edit');
        assert.equal(write?.permission?.requestId, permission.requestId, 'the request is shown on its tool call');
        await assert.rejects(readFile(target), 'nothing is written before the answer');

        const allow = optionOfKind(permission, 'allow_once');
        session.answerPermission(permission.requestId, { outcome: 'selected', optionId: allow });
        await turn;

        assert.equal(await readFile(target, 'utf8'), copiedText(SOURCE), 'the file holds what the model wrote from what it read');
        assert.equal(streamedText(events()), COPIED);
        assert.equal(turnEnd(events())?.stopReason, 'end_turn');
        assert.equal(toolCards(thread).find((c) => c.toolCallId === permission.toolCallId)?.status, 'completed');
        assert.deepEqual(peer.wire.answersTo('session/request_permission').at(-1)?.result, { outcome: { outcome: 'selected', optionId: allow } });
        // The model saw the file's text come back from the read and the write succeed.
        const last = api.requests.filter((q) => q.reply?.some((b) => b.type === 'text' && b.text === COPIED)).at(-1);
        assert.ok(last?.body);
        const history = toolHistory(last.body).filter((h) => JSON.stringify(h.input).includes(peer.dir));
        assert.deepEqual(history.map((h) => [h.name, !!h.result && !h.result.is_error]), [['Read', true], ['Write', true]]);
        assert.deepEqual(peer.wire.outgoingErrors(version), []);
      });

      test('a refused write leaves the disk untouched and the model is told', async () => {
        const source = join(peer.dir, 'notes', 'source.txt');
        const target = join(peer.dir, 'notes', 'refused.txt');
        const { session, thread } = r;
        const events = since(r.events);
        const turn = session.prompt(say(copyPrompt(source, target)));
        const permission = await waitFor(() => permissionOf(events()), SLOW, 'the permission request for the write');
        session.answerPermission(permission.requestId, { outcome: 'selected', optionId: optionOfKind(permission, 'reject_once') });
        await turn;
        await assert.rejects(readFile(target));
        assert.equal(streamedText(events()), REFUSED);
        assert.equal(turnEnd(events())?.stopReason, 'end_turn');
        assert.notEqual(toolCards(thread).find((c) => c.toolCallId === permission.toolCallId)?.status, 'completed');
      });

      test('a subagent is announced as a child, its read and write arrive in the child, its write is asked for and allowed, and the parent answers', async () => {
        const source = join(peer.dir, 'notes', 'source.txt');
        const target = join(peer.dir, 'notes', 'helper.txt');
        const { session, thread } = r;
        const events = since(r.events);
        const requestsBefore = api.requests.length;
        const turn = session.prompt(say(delegatePrompt(source, target)));

        // Without child sessions the subagent's question would come on the parent, or nothing at all.
        const first = await waitFor(() => events().find((e) => ['subagent', 'permission_requested', 'turn_ended'].includes(e.kind)), SLOW, 'the subagent announced');
        assert.equal(first.kind, 'subagent', `the subagent is announced before anything else happens, not ${JSON.stringify(first)}`);
        const childId = (first as Subagent).childId;
        const ofChild = () => childEvents(events(), childId);
        const permission = await waitFor(() => permissionOf(ofChild()), SLOW, "the child's permission request for its write");
        assert.equal(permissionOf(events()), undefined, 'the question is the child\'s, not the parent\'s');
        const childCalls = () => ofChild().flatMap((e) => (e.kind === 'tool_call' ? [e] : []));
        assert.ok(childCalls().some((c) => c.patch.name === 'Read'), "the child's read arrived in the child");
        assert.ok(childCalls().some((c) => c.toolCallId === permission.toolCallId && c.patch.name === 'Write'), 'the question is bound to the child\'s write');
        await assert.rejects(readFile(target), 'nothing is written before the answer');

        const allow = optionOfKind(permission, 'allow_once');
        session.answerPermission(permission.requestId, { outcome: 'selected', optionId: allow });
        await turn;

        assert.equal(await readFile(target, 'utf8'), copiedText(SOURCE), 'the file holds what the subagent wrote from what it read');
        const answer = peer.wire.answersTo('session/request_permission').at(-1);
        assert.deepEqual(answer?.result, { outcome: { outcome: 'selected', optionId: allow } });
        assert.equal((peer.wire.received('session/request_permission').find((q) => q.id === answer?.id)?.params as { sessionId?: string })?.sessionId, childId);
        assert.ok(childCalls().some((c) => c.toolCallId === permission.toolCallId && c.patch.status === 'completed'), "the child's write completed");
        assert.equal(streamedText(events()), HELPER_COPIED, 'the parent answers after the subagent');
        assert.equal(turnEnd(events())?.stopReason, 'end_turn');
        const topLevelCalls = events().flatMap((e) => (e.kind === 'tool_call' ? [e.toolCallId] : []));
        for (const call of childCalls()) assert.ok(!topLevelCalls.includes(call.toolCallId), `${call.toolCallId} stays in the child`);
        const card = thread.entries.find((e): e is SubagentEntry => e.type === 'subagent' && e.childId === childId);
        assert.equal(card?.title, HELPER_DESCRIPTION);
        assert.equal(card?.toolCalls, 2);
        assert.equal(card?.filesChanged, 1);
        assert.notEqual(card?.state, 'running', 'the child is not shown running after the turn');
        // The card opens on the task the parent gave (session_message) and ends with the child's report.
        const inside = thread.childRows()[childId] ?? [];
        const said = (e: ThreadEntry) => (e.type === 'user' || e.type === 'agent' ? e.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : '');
        const tasks = inside.filter((e) => e.type === 'user' && e.delegated);
        assert.equal(tasks.length, 1, `one task row in the card: ${JSON.stringify(inside.map((e) => [e.type, said(e).slice(0, 60)]))}`);
        assert.equal(inside[0], tasks[0], 'the task is the card\'s first row');
        assert.match(said(tasks[0]!), /source\.txt/);
        assert.deepEqual(inside.filter((e) => e.type === 'agent' && e.report).map(said), [COPIED], 'the child\'s report is its answer, once');
        // The model's side: the subagent's own requests did the read and the write.
        const subagentRequests = api.requests.slice(requestsBefore).filter((q) => q.body && isSubagentRequest(q.body));
        const done = subagentRequests.find((q) => q.reply?.some((b) => b.type === 'text' && b.text === COPIED));
        assert.ok(done?.body, 'the subagent answered its parent');
        assert.deepEqual(toolHistory(done.body).map((h) => [h.name, !!h.result && !h.result.is_error]), [['Read', true], ['Write', true]]);
        assert.deepEqual(peer.wire.outgoingErrors(version), []);
        assert.deepEqual(peer.log.filter((l) => /wire fault|for unknown session/.test(l)), [], 'no traffic of the child was dropped');
      });

      // On v1 claude-agent-acp answers the prompt only once its background helpers have ended (and the
      // parent has answered their end), so only v2 has a helper that outlives its turn.
      if (version === 2) {
        test('a background subagent outlives the turn: its card keeps running, its write is asked and allowed after the turn, its end is announced and the parent answers again', async () => {
          const source = join(peer.dir, 'notes', 'source.txt');
          const target = join(peer.dir, 'notes', 'background.txt');
          const { session, thread } = r;
          const events = since(r.events);
          // The helper's write waits until the turn has ended, so it surely outlives it.
          let release!: () => void;
          const released = new Promise<void>((resolve) => (release = resolve));
          api.setScript((req) => (isSubagentRequest(req) && toolHistory(req).some((h) => h.name === 'Read') ? released.then(() => copyingModel(req)) : copyingModel(req)));
          try {
            await session.prompt(say(backgroundPrompt(source, target)));
            assert.equal(streamedText(events()), HELPER_STARTED);
            const card = () => thread.entries.find((e): e is SubagentEntry => e.type === 'subagent' && e.title === HELPER_DESCRIPTION && !!e.background);
            assert.equal(card()?.state, 'running', 'the helper is shown still running after the turn');
            const childId = card()!.childId;
            release();
            const permission = await waitFor(() => permissionOf(childEvents(events(), childId)), SLOW, "the helper's permission request after the turn");
            session.answerPermission(permission.requestId, { outcome: 'selected', optionId: optionOfKind(permission, 'allow_once') });
            await waitFor(() => thread.entries.some((e) => e.type === 'notice' && e.title.includes(HELPER_DESCRIPTION)) || undefined, SLOW, 'the end of the helper announced');
            assert.equal(await readFile(target, 'utf8'), copiedText(SOURCE));
            const ended = thread.entries.find((e): e is SubagentEntry => e.type === 'subagent' && e.childId === childId);
            assert.equal(ended?.state, 'idle');
            assert.equal(ended?.background, undefined);
            await waitFor(() => streamedText(events()) === HELPER_STARTED + HELPER_COPIED || undefined, SLOW, 'the parent answering the end of its helper');
          } finally {
            release();
            api.setScript(copyingModel);
          }
        });
      }
    });
  }

  test('every request the agent made of the API was one the fake answers', () => {
    assert.ok(api.requests.length > 0);
    assert.deepEqual(api.requests.filter((r) => r.status !== 200).map((r) => `${r.method} ${r.path} ${r.status}`), []);
  });
});
