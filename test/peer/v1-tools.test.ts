import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionEvent } from '../../src/protocol/events.js';
import { record, say, startPeer, streamedText, testAgent, turnEnd, waitFor, type Peer } from './support/harness.js';

type Permission = Extract<SessionEvent, { kind: 'permission_requested' }>;
const permissionOf = (events: SessionEvent[]) => events.find((e): e is Permission => e.kind === 'permission_requested');

describe('v1 tools: fs, permissions, terminals', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('scripted', ['--delay', '0']));
    assert.equal((await peer.client.start()).state, 'ready');
    await mkdir(join(peer.dir, 'src'));
    await writeFile(join(peer.dir, 'src', 'lines.txt'), 'one\ntwo\nthree\nfour\n');
  });
  after(() => peer.close());

  test('write asks permission bound to its tool call; allow writes the file', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    const turn = session.prompt(say('write notes/new.md Hello\\nworld'));
    const permission = await waitFor(() => permissionOf(events), 3000, 'permission');
    assert.equal(permission.toolCallId, 'call_1');
    assert.deepEqual(permission.options.map((o) => o.optionId), ['allow', 'allow_always', 'reject', 'reject_always']);
    assert.equal(session.turnState, 'requires_action');
    const card = thread.entries.find((e) => e.type === 'tool_call');
    assert.equal(card?.type === 'tool_call' && card.permission?.requestId, permission.requestId);
    session.answerPermission(permission.requestId, { outcome: 'selected', optionId: 'allow' });
    await turn;
    assert.equal(await readFile(join(peer.dir, 'notes', 'new.md'), 'utf8'), 'Hello\nworld');
    assert.equal(streamedText(events), 'Wrote notes/new.md');
    assert.deepEqual(peer.wire.answersTo('session/request_permission').at(-1)?.result, { outcome: { outcome: 'selected', optionId: 'allow' } });
    const done = thread.entries.find((e) => e.type === 'tool_call');
    assert.equal(done?.type === 'tool_call' && done.status, 'completed');
  });

  test('reject leaves the disk untouched', async () => {
    const { session, events } = record(await peer.client.newSession());
    const turn = session.prompt(say('write rejected.txt nope'));
    const permission = await waitFor(() => permissionOf(events), 3000, 'permission');
    session.answerPermission(permission.requestId, { outcome: 'selected', optionId: 'reject' });
    await turn;
    assert.equal(streamedText(events), 'Rejected: reject');
    await assert.rejects(readFile(join(peer.dir, 'rejected.txt')));
  });

  test('a write outside the workspace is refused on the wire and in the thread', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    const turn = session.prompt(say('write ../escape.txt gotcha'));
    const permission = await waitFor(() => permissionOf(events), 3000, 'permission');
    session.answerPermission(permission.requestId, { outcome: 'selected', optionId: 'allow' });
    await turn;
    assert.match(streamedText(events), /^Write failed: -32001 Refused: .*escape\.txt is outside the workspace folders/);
    assert.ok(thread.entries.some((e) => e.type === 'notice' && e.title === 'Refused fs/write_text_file'));
    await assert.rejects(readFile(join(peer.dir, '..', 'escape.txt')));
  });

  test('a symlink leaving the workspace is refused for reads', async () => {
    await symlink('/etc', join(peer.dir, 'etc-link'));
    const { session, events } = record(await peer.client.newSession());
    await session.prompt(say('read etc-link/hostname'));
    assert.match(streamedText(events), /^READ-ERROR:-32001 Refused: .*outside the workspace folders \(it resolves to (\/private)?\/etc\/hostname\)/);
    assert.ok(events.some((e) => e.kind === 'notice_local' && e.title === 'Refused fs/read_text_file'));
  });

  test('read returns the file; line (1-based) and limit select lines', async () => {
    const { session, events } = record(await peer.client.newSession());
    await session.prompt(say('read src/lines.txt'));
    assert.equal(streamedText(events), '```text\nREAD:one\ntwo\nthree\nfour\n\n```');
    const second = record(await peer.client.newSession());
    await second.session.prompt(say('read src/lines.txt 2 2'));
    assert.equal(streamedText(second.events), '```text\nREAD:two\nthree\n\n```');
    const req = peer.wire.received('fs/read_text_file').at(-1);
    assert.deepEqual(req?.params, { sessionId: second.session.sessionId, path: join(peer.dir, 'src', 'lines.txt'), line: 2, limit: 2 });
  });

  test('a missing file is a not-found error without a notice', async () => {
    const { session, events } = record(await peer.client.newSession());
    await session.prompt(say('read missing.txt'));
    assert.match(streamedText(events), /^READ-ERROR:-32002 File not found/);
    assert.ok(!events.some((e) => e.kind === 'notice_local'));
  });

  test('terminal runs the command without a shell and shows live output in the tool card', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    await session.prompt(say(`terminal ${process.execPath} -e "console.log(1+1)"`));
    assert.match(streamedText(events), /^EXIT:0 SIGNAL:null TRUNCATED:false\n\n```text\nOUTPUT:2\n\n```$/);
    const outputs = events.filter((e) => e.kind === 'terminal_output');
    assert.ok(outputs.length >= 1);
    const card = thread.entries.find((e) => e.type === 'tool_call');
    const view = card?.type === 'tool_call' ? Object.values(card.terminals ?? {})[0] : undefined;
    assert.equal(view?.output, '2\n');
    assert.ok(peer.wire.received('terminal/release').length >= 1);
  });

  test('terminal-limit keeps the last bytes at a character boundary and says truncated', async () => {
    const { session, events } = record(await peer.client.newSession());
    // 8 × "€" (24 bytes) with a 10-byte limit: the last 3 whole characters (9 bytes).
    await session.prompt(say(`terminal-limit 10 ${process.execPath} -e 'process.stdout.write("€".repeat(8))'`));
    assert.equal(streamedText(events), 'EXIT:0 SIGNAL:null TRUNCATED:true\n\n```text\nOUTPUT:€€€\n```');
  });

  test('a command that does not exist is a clear terminal error', async () => {
    const { session, events } = record(await peer.client.newSession());
    await session.prompt(say('terminal no-such-command-here'));
    assert.match(streamedText(events), /^TERMINAL-ERROR:-32002 Command not found: no-such-command-here/);
    assert.equal(turnEnd(events)?.stopReason, 'end_turn');
  });

  test('the showcase turn ("all") with allow runs to end_turn', async () => {
    const { session, events, thread } = record(await peer.client.newSession());
    const turn = session.prompt(say('all'));
    const permission = await waitFor(() => permissionOf(events), 5000, 'permission');
    session.answerPermission(permission.requestId, { outcome: 'selected', optionId: 'allow' });
    await turn;
    assert.equal(turnEnd(events)?.stopReason, 'end_turn');
    assert.ok(thread.entries.some((e) => e.type === 'plan'));
    assert.ok(thread.entries.filter((e) => e.type === 'tool_call').length >= 2);
    assert.ok(events.some((e) => e.kind === 'usage'));
  });

  test('everything we sent (including our answers to fs/terminal/permission) is schema-valid', () => {
    assert.ok(peer.wire.answersTo('terminal/output').length > 0);
    assert.deepEqual(peer.wire.outgoingErrors(1), []);
  });
});
