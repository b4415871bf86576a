/**
 * Agents that consult local agents, over real processes: the editor-tools test agent (ACP v2,
 * the official MCP client) calls `ask_agent` on the editor's MCP server; the product's consult
 * desk starts the consulted agent — another ACP test agent whose entry says `"consultable": true`
 * — as a process of its own through the product's AgentClient, one fresh session per
 * conversation, and the next round with the same handle goes to the same session.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EditorToolsOptions } from '../../src/agents/acp/editorTools/sessionEditorTools.js';
import { agentDirectory } from '../../src/agents/consult/agentDirectory.js';
import { localPeer } from '../../src/agents/consult/localPeer.js';
import type { AgentConfig } from '../../src/agents/api.js';
import type { SessionEvent } from '../../src/protocol/events.js';
import type { ToolCallEntry } from '../../src/thread/types.js';
import { BufferedEditorHost } from './support/bufferedEditorHost.js';
import { peerClient, record, startPeer, streamedText, testAgent, waitFor, type Peer, type Recorded } from './support/harness.js';
import type { WireLog } from './support/wireLog.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const bridge = { command: process.execPath, args: ['--import', import.meta.resolve('tsx'), join(repo, 'src/services/editorTools/bridgeMain.ts')], env: {} };

type ToolAnswer = { content: Array<{ type: string; text: string }>; isError?: boolean };
const textOf = (a: ToolAnswer) => a.content.map((c) => c.text).join('');

async function ask(r: Recorded, prompt: string): Promise<unknown> {
  const before = r.events.length;
  await r.session.prompt([{ type: 'text', text: prompt }]);
  return JSON.parse(streamedText(r.events.slice(before)));
}
const consultEach = async (r: Recorded, agent: string, messages: string[]): Promise<ToolAnswer[]> => (await ask(r, `consult-each ${JSON.stringify({ agent, messages })}`)) as ToolAnswer[];
const cards = (r: Recorded): ToolCallEntry[] => r.thread.entries.filter((e): e is ToolCallEntry => e.type === 'tool_call' && e.consultation !== undefined);
const said = (card: ToolCallEntry, from: 'caller' | 'agent' | 'note') =>
  card.content.flatMap((c, i) => (card.consultation!.from[i] === from && c.type === 'content' && c.content.type === 'text' ? [c.content.text] : []));

/** Allows every consultation as it is asked (the consulted agents' own questions are left to the test). */
function allowConsultations(r: Recorded): void {
  r.session.onEvent((e) => {
    if (e.kind === 'permission_requested' && e.toolCallId.startsWith('agent-chat-consult-') && !e.requestId.startsWith('agent-chat-consult-')) {
      setTimeout(() => r.session.answerPermission(e.requestId, { outcome: 'selected', optionId: 'allow' }), 0);
    }
  });
}

describe('consulting local agents through the editor (ask_agent, "consultable": true)', () => {
  let peer: Peer;
  let maxDepth = 1;
  /** Every consulted agent started, with the depth it runs at and its wire. */
  const started: Array<{ name: string; depth: number; wire: WireLog }> = [];

  const agents = (): AgentConfig[] => [
    { ...testAgent('editor-tools', [], 2), name: 'helper', consultable: true, description: 'Reads files through the editor' },
    { ...testAgent('scripted'), name: 'scripted', consultable: true },
    { ...testAgent('scripted'), name: 'plain' },
  ];
  const toolsAt = (depth: number): EditorToolsOptions => ({
    host: new BufferedEditorHost(),
    bridge,
    enabled: () => true,
    consult: { enabled: () => true, directory, limits: () => ({ perTurn: 10, timeoutMs: 60_000 }), depth, maxDepth: () => maxDepth },
  });
  const directory = agentDirectory({
    agents,
    start: async (config, place) => {
      if (config.kind === 'a2a') throw new Error('not local');
      const { client, wire } = peerClient(config, [peer.dir], { editorTools: toolsAt(place.depth + 1), initializeTimeoutMs: 30_000 });
      const lifecycle = await client.start();
      if (lifecycle.state !== 'ready') throw new Error(`${config.name} did not start: ${lifecycle.state}`);
      started.push({ name: config.name, depth: place.depth + 1, wire });
      const info = client.facts?.info;
      return localPeer(config, {
        ...(info?.title ? { agentTitle: info.title } : {}),
        get lifecycle() { return client.lifecycle; },
        newSession: (p) => client.newSession(p),
        dispose: () => client.dispose(),
      });
    },
  });

  before(async () => {
    peer = await startPeer(testAgent('editor-tools', [], 2), { editorTools: toolsAt(0), initializeTimeoutMs: 30_000 });
    const life = await peer.client.start();
    assert.equal(life.state, 'ready', JSON.stringify(life));
  });
  after(async () => {
    directory.dispose();
    await peer.close();
  });

  test('list_agents names the local agents that opted in, with their own title and the description of their entry', async () => {
    const r = record(await peer.client.newSession());
    const text = textOf((await ask(r, 'call list_agents {}')) as ToolAnswer);
    assert.match(text, /- helper \(Editor Tools Agent\): Reads files through the editor/);
    assert.match(text, /- scripted \(Scripted Agent\)/);
    assert.doesNotMatch(text, /plain/, 'a local agent without "consultable": true is not offered');
  });

  test('two rounds with a consulted local agent: one fresh session of it, the same one for the second round; it is not offered the consult tools (depth 1) and its attempt is a clear tool error', async () => {
    const r = record(await peer.client.newSession());
    allowConsultations(r);
    const answers = await consultEach(r, 'helper', ['tools', `call ask_agent ${JSON.stringify({ agent: 'scripted', message: 'hello' })}`]);
    assert.equal(answers.length, 2, JSON.stringify(answers));
    const [a1, a2] = answers.map(textOf) as [string, string];
    assert.ok(answers.every((a) => !a.isError), JSON.stringify(answers));
    assert.match(a1, /^State: completed$/m);
    const handle = /^Conversation: (\S+)$/m.exec(a1)?.[1];
    assert.ok(handle);
    assert.equal(/^Conversation: (\S+)$/m.exec(a2)?.[1], handle, 'one conversation throughout');
    // Round 1: the consulted agent's tools — the editor's, not the consult tools.
    const tools = (JSON.parse(a1.slice(a1.indexOf('{'))) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    assert.deepEqual(tools, ['read_file', 'write_file', 'get_problems', 'get_selection']);
    // Round 2: its attempt to consult is refused by the server, in words it can read.
    assert.match(a2, /Unknown tool: ask_agent/);

    const helper = started.find((s) => s.name === 'helper' && s.depth === 1);
    assert.ok(helper, 'the consulted agent runs one level deep');
    const prompts = helper.wire.sent('session/prompt').map((m) => (m.params as { sessionId: string }).sessionId);
    const news = helper.wire.sent('session/new');
    assert.equal(prompts.length, 2);
    assert.equal(prompts[0], prompts[1], 'the second round went to the same session');
    assert.equal(news.length, 1, 'one session for the conversation');

    const [card] = cards(r);
    assert.ok(card);
    assert.match(card.title, /Consulting Editor Tools Agent/);
    assert.equal(card.consultation!.agent, 'helper');
    assert.equal(said(card, 'caller').length, 2);
    assert.equal(said(card, 'agent').length, 2, 'each reply one message on the card, however it was streamed');
  });

  test('with agentChat.consultMaxDepth 2 the consulted agent is offered the consult tools', async () => {
    maxDepth = 2;
    try {
      const r = record(await peer.client.newSession());
      allowConsultations(r);
      // The limit is read as each session opens: the consulted agent's new session gets the tools.
      const [a1] = await consultEach(r, 'helper', ['tools']);
      const tools = (JSON.parse(textOf(a1!).slice(textOf(a1!).indexOf('{'))) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
      assert.ok(tools.includes('ask_agent') && tools.includes('list_agents'), JSON.stringify(tools));
    } finally {
      maxDepth = 1;
    }
  });

  test('the consulted agent\'s own permission question reaches the user in the calling thread; Stop on the card cancels just that consultation (session/cancel) and the calling agent reads "stopped by the user"', async () => {
    const r = record(await peer.client.newSession());
    allowConsultations(r);
    const forwarded: Array<Extract<SessionEvent, { kind: 'permission_requested' }>> = [];
    r.session.onEvent((e) => { if (e.kind === 'permission_requested' && e.requestId.startsWith('agent-chat-consult-')) forwarded.push(e); });
    const turn = consultEach(r, 'scripted', ['long']);
    const question = await waitFor(() => forwarded[0], 20_000, 'the consulted agent\'s question in the calling thread');
    assert.match(question.toolCall.title ?? '', /^Scripted Agent: Edit long\.txt$/);
    const row = r.thread.entries.find((e): e is ToolCallEntry => e.type === 'tool_call' && e.permission?.requestId === question.requestId);
    assert.ok(row, 'the question is on a card of the calling thread');

    const card = cards(r).at(-1)!;
    // The card's Stop names the card by its tool call id.
    r.session.stopSubagent(card.toolCallId);
    const [answer] = await turn;
    assert.equal(answer!.isError, true);
    assert.match(textOf(answer!), /stopped by the user/);
    const scripted = started.find((s) => s.name === 'scripted')!;
    assert.ok(scripted.wire.sent('session/cancel').length >= 1, 'session/cancel sent to the consulted agent');
    assert.equal(cards(r).at(-1)!.status, 'cancelled');
    assert.ok(said(cards(r).at(-1)!, 'note').includes('Stopped by the user.'));
    await waitFor(() => r.thread.entries.find((e): e is ToolCallEntry => e.type === 'tool_call' && e.permissionOutcome !== undefined && e.id === row.id), 10_000, 'the forwarded question to be withdrawn');
    // The calling turn went on: it ended normally.
    const ended = r.events.filter((e): e is Extract<SessionEvent, { kind: 'turn_ended' }> => e.kind === 'turn_ended').at(-1);
    assert.equal(ended?.stopReason, 'end_turn');
  });

  test('the consulted agent\'s form reaches the user in the calling thread, named after it; the answer goes back to its session', async () => {
    const r = record(await peer.client.newSession());
    allowConsultations(r);
    const asked: Array<Extract<SessionEvent, { kind: 'elicitation_requested' }>> = [];
    r.session.onEvent((e) => {
      if (e.kind !== 'elicitation_requested') return;
      asked.push(e);
      setTimeout(() => {
        const verdict = r.session.answerElicitation(e.requestId, { action: 'accept', content: { name: 'api', replicas: 2, region: 'eu', notify: false } });
        assert.deepEqual(verdict, { ok: true });
      }, 0);
    });
    const [answer] = await consultEach(r, 'scripted', ['elicit']);
    assert.equal(asked.length, 1, 'one form, forwarded');
    assert.match(asked[0]!.requestId, /^agent-chat-consult-/);
    assert.equal(asked[0]!.prompt.mode === 'form' && asked[0]!.prompt.title, 'Scripted Agent: Deployment');
    assert.ok(!answer!.isError, textOf(answer!));
    assert.match(textOf(answer!), /ELICIT:accept \{"name":"api","replicas":2,"region":"eu","notify":false\}/);
    const row = r.thread.entries.find((e) => e.type === 'elicitation');
    assert.ok(row, 'the form is a row of the calling thread');
  });

  test('a forwarded question answered by the user goes back to the consulted agent\'s session', async () => {
    const r = record(await peer.client.newSession());
    allowConsultations(r);
    r.session.onEvent((e) => {
      if (e.kind === 'permission_requested' && e.requestId.startsWith('agent-chat-consult-')) {
        const allow = e.options.find((o) => o.kind === 'allow_once')!;
        setTimeout(() => r.session.answerPermission(e.requestId, { outcome: 'selected', optionId: allow.optionId }), 0);
      }
    });
    const [answer] = await consultEach(r, 'scripted', ['write consulted.txt written by the consulted agent']);
    assert.ok(!answer!.isError, textOf(answer!));
    assert.match(textOf(answer!), /^State: completed$/m);
    const { readFile } = await import('node:fs/promises');
    assert.equal(await readFile(join(peer.dir, 'consulted.txt'), 'utf8'), 'written by the consulted agent');
  });
});
