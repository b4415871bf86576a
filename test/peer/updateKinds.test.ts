/**
 * Compaction, notices, agent-owned terminals, plan variants and v2 diff change lists from real
 * SDK agents over stdio, through the real session and thread model.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ThreadEntry } from '../../src/thread/types.js';
import { record, say, startPeer, streamedText, testAgent, turnEnd, type Peer } from './support/harness.js';
import { V2_TERMINAL_COMMAND, V2_TERMINAL_OUTPUT } from '../agents/lib/texts.js';
import { COMPACTION_ERROR, COMPACTION_RETRY_SUMMARY } from '../agents/lib/v1-scenarios-compaction.js';
import { OWN_TERMINAL, PLAN_MARKDOWN, V2_COMPACTION_SUMMARY, changesPatch } from '../agents/lib/v2-scenarios-updates.js';

function rows<T extends ThreadEntry['type']>(r: ReturnType<typeof record>, type: T): Array<Extract<ThreadEntry, { type: T }>> {
  return r.thread.entries.filter((e): e is Extract<ThreadEntry, { type: T }> => e.type === type);
}

describe('v1: notices and compaction (advertised, so the agent sends them)', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('scripted', ['--delay', '0']));
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(() => peer.close());

  test('initialize advertises session.notices and session.compaction', () => {
    const params = peer.wire.sent('initialize')[0]?.params as { clientCapabilities: { session?: Record<string, unknown> } };
    assert.deepEqual(params.clientCapabilities.session, { configOptions: { boolean: {} }, notices: {}, compaction: {} });
  });

  test('notices become severity rows, in order, custom severity kept', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('notice'));
    assert.match(streamedText(r.events), /NOTICE:sent/);
    assert.deepEqual(rows(r, 'notice').map((n) => [n.severity, n.title, n.detail]), [
      ['info', 'Heads up', 'An informational notice.'],
      ['warning', 'Rate limit close', undefined],
      ['_scripted', 'A custom severity', undefined],
    ]);
  });

  test('compaction: one row, in progress then completed, summary grown from chunks', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('compaction'));
    assert.match(streamedText(r.events), /COMPACTION:sent/);
    assert.deepEqual(r.events.filter((e) => e.kind === 'compaction' || e.kind === 'compaction_chunk').map((e) => e.kind),
      ['compaction', 'compaction_chunk', 'compaction_chunk', 'compaction']);
    const [row, ...more] = rows(r, 'compaction');
    assert.equal(more.length, 0);
    assert.equal(row?.status, 'completed');
    assert.deepEqual(row?.summary, [{ type: 'text', text: 'Summary: the user asked for a demo.' }]);
    assert.equal(r.events.filter((e) => e.kind === 'unknown').length, 0);
  });

  test('a failed compaction keeps its error; the retry is its own row with a whole summary', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('compaction-fail'));
    assert.deepEqual(rows(r, 'compaction').map((c) => [c.status, c.error, c.summary]), [
      ['failed', COMPACTION_ERROR, []],
      ['completed', undefined, [{ type: 'text', text: COMPACTION_RETRY_SUMMARY }]],
    ]);
    assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
  });

  test('everything we sent is valid against the v1 JSON Schema', () => {
    assert.deepEqual(peer.wire.outgoingErrors(1), []);
  });
});

describe('v2: agent-owned terminals, plan variants, diff file states, compaction', () => {
  let peer: Peer;
  before(async () => {
    peer = await startPeer(testAgent('v2', ['--delay', '0'], 2));
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(() => peer.close());

  test('a terminal embedded by its tool call: bytes split inside characters decode whole; command, cwd, exit', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('terminal'));
    assert.equal(rows(r, 'terminal').length, 0, 'no row of its own');
    const call = rows(r, 'tool_call')[0];
    const view = Object.values(call?.terminals ?? {})[0];
    assert.equal(view?.output, V2_TERMINAL_OUTPUT);
    assert.equal(view?.command, V2_TERMINAL_COMMAND);
    assert.equal(view?.cwd, peer.dir);
    assert.deepEqual(view?.exitStatus, { exitCode: 0 });
    assert.equal(r.events.filter((e) => e.kind === 'unknown').length, 0);
  });

  test('a terminal no tool call embeds gets its own row', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('terminal-own'));
    const [own, ...more] = rows(r, 'terminal');
    assert.equal(more.length, 0);
    assert.deepEqual(own?.terminal, { terminalId: own?.terminalId, command: OWN_TERMINAL.command, cwd: peer.dir, output: OWN_TERMINAL.output, truncated: false, exitStatus: { exitCode: 3 } });
    assert.equal(own?.embedded, undefined);
  });

  test('a terminal embedded late: its own row folds, the tool call shows the snapshot and every chunk', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('terminal-late'));
    const [own] = rows(r, 'terminal');
    assert.equal(own?.embedded, true);
    const view = rows(r, 'tool_call')[0]?.terminals?.[own!.terminalId];
    assert.equal(view?.output, `earlier\n${OWN_TERMINAL.output}`);
    assert.deepEqual(view?.exitStatus, { exitCode: 0 });
  });

  test('plans by id: checklist, file, Markdown (then removed)', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('plans'));
    assert.deepEqual(rows(r, 'plan').map((p) => [p.planId, p.entries.map((e) => e.status), p.body, p.removed]), [
      ['main', ['completed'], undefined, undefined],
      ['file-plan', [], { type: 'file', uri: `file://${peer.dir}/PLAN.md` }, undefined],
      ['md-plan', [], undefined, true],
    ]);
    const markdown = r.events.find((e) => e.kind === 'plan' && e.body?.type === 'markdown');
    assert.deepEqual(markdown?.kind === 'plan' && markdown.body, { type: 'markdown', content: PLAN_MARKDOWN });
    assert.equal(r.events.filter((e) => e.kind === 'unknown').length, 0);
  });

  test('a v2 diff arrives as a file change list with its git patch', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('changes'));
    const call = rows(r, 'tool_call')[0];
    assert.equal(call?.status, 'completed');
    assert.deepEqual(call?.content, [{
      type: 'file_changes',
      changes: [
        { operation: 'modify', path: `${peer.dir}/src/app.ts`, fileType: 'text' },
        { operation: 'add', path: `${peer.dir}/NOTES.md` },
        { operation: 'delete', path: `${peer.dir}/old.txt` },
        { operation: 'move', oldPath: `${peer.dir}/a.ts`, path: `${peer.dir}/lib/a.ts` },
      ],
      patch: { format: 'git_patch', text: changesPatch(peer.dir) },
    }]);
  });

  test('compaction and a notice without any client capability (v2)', async () => {
    const r = record(await peer.client.newSession());
    await r.session.prompt(say('compaction'));
    const [row] = rows(r, 'compaction');
    assert.equal(row?.status, 'completed');
    assert.deepEqual(row?.summary, [{ type: 'text', text: V2_COMPACTION_SUMMARY.join('') }]);
    assert.deepEqual(rows(r, 'notice').map((n) => [n.severity, n.title]), [['warning', 'Context was compacted']]);
    assert.equal(turnEnd(r.events)?.stopReason, 'end_turn');
  });

  test('everything we sent is valid against the v2 JSON Schema', () => {
    assert.deepEqual(peer.wire.outgoingErrors(2), []);
  });
});
