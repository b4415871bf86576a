/**
 * What a v2 permission request says reaches the card: its title, its description, a command
 * subject's command line and cwd (on the tool call it names), and the tool call's `name`.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../src/protocol/events.js';
import type { ToolCallEntry } from '../../src/thread/types.js';
import { record, say, startPeer, streamedText, testAgent, waitFor, type Peer } from './support/harness.js';
import { COMMAND_SUBJECT } from '../agents/lib/v2-scenarios-subject.js';

type Permission = Extract<SessionEvent, { kind: 'permission_requested' }>;
const permissionOf = (events: SessionEvent[]) => events.find((e): e is Permission => e.kind === 'permission_requested');
const card = (entries: readonly { type: string }[]) => entries.find((e): e is ToolCallEntry => e.type === 'tool_call');

describe('v2 permission requests on the card', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('v2', ['--delay', '0'], 2));
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(() => peer.close());

  test('a tool call subject: title and description on the card', async () => {
    const r = record(await peer.client.newSession());
    const turn = r.session.prompt(say('permission'));
    const asked = await waitFor(() => permissionOf(r.events), 3000, 'permission');
    const pending = card(r.thread.entries)?.permission;
    assert.equal(pending?.title, 'Allow editing notes.txt?');
    assert.equal(pending?.description, 'The agent wants to replace "todo" with "done".');
    assert.equal(pending?.command, undefined);
    r.session.answerPermission(asked.requestId, { outcome: 'selected', optionId: 'allow' });
    await turn;
  });

  test('a command subject: the command line and cwd on the card of the tool call it names, which shows the tool name', async () => {
    const r = record(await peer.client.newSession());
    const turn = r.session.prompt(say('command-permission'));
    const asked = await waitFor(() => permissionOf(r.events), 3000, 'permission');
    const calls = r.thread.entries.filter((e): e is ToolCallEntry => e.type === 'tool_call');
    assert.equal(calls.length, 1, 'the request is shown on the call it names, not a card of its own');
    assert.equal(calls[0]?.title, COMMAND_SUBJECT.toolTitle);
    assert.equal(calls[0]?.name, COMMAND_SUBJECT.toolName);
    assert.deepEqual(calls[0]?.permission && { title: calls[0].permission.title, description: calls[0].permission.description, command: calls[0].permission.command }, {
      title: COMMAND_SUBJECT.title,
      description: COMMAND_SUBJECT.description,
      command: { command: COMMAND_SUBJECT.command, cwd: peer.dir },
    });
    r.session.answerPermission(asked.requestId, { outcome: 'selected', optionId: 'reject' });
    await turn;
    assert.match(streamedText(r.events), /PERMISSION:reject/);
  });

  test('everything we sent is valid against the v2 JSON Schema', () => {
    assert.deepEqual(peer.wire.outgoingErrors(2), []);
  });
});
