/**
 * Agents that consult agents, over real processes and real servers: the product's AgentClient
 * starts a v2 agent built on the ACP SDK, which gets the editor's MCP server in `session/new`
 * and calls `list_agents` / `ask_agent` with the official MCP SDK client; each consultation
 * crosses the private socket into this process, where the product's consult desk talks to real
 * A2A agents — the seed-shaped v0.3 server (plain node:http) and the v1.0 one on @a2a-js/sdk.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EditorToolsOptions } from '../../src/agents/acp/editorTools/sessionEditorTools.js';
import type { PermissionAdvisor } from '../../src/agents/acp/permissions/permissionAdvice.js';
import { startRemoteAgent } from '../../src/agents/a2a/connection/remoteAgent.js';
import { agentDirectory } from '../../src/agents/consult/agentDirectory.js';
import type { ConsultLimits } from '../../src/agents/consult/consultDesk.js';
import type { AgentConfig } from '../../src/agents/api.js';
import { advise } from '../../src/permissions/advisor.js';
import { pathFlavor } from '../../src/services/platformPaths.js';
import type { AutoApproveRule } from '../../src/permissions/rule.js';
import { OfferShelf } from '../../src/permissions/offerShelf.js';
import type { SessionEvent } from '../../src/protocol/events.js';
import type { ToolCallEntry } from '../../src/thread/types.js';
import { startV03Server, type V03Server } from '../a2a/v03Server.js';
import { startV10Server, type V10Server } from '../a2a/v10Server.js';
import { FINAL_CHUNKS, HOSTILE, PRELIM, Q1, Q2 } from '../a2a/conversation.js';
import { BufferedEditorHost } from './support/bufferedEditorHost.js';
import { record, startPeer, streamedText, testAgent, waitFor, type Peer, type Recorded } from './support/harness.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const bridge = { command: process.execPath, args: ['--import', import.meta.resolve('tsx'), join(repo, 'src/services/editorTools/bridgeMain.ts')], env: {} };
const TOKEN = 'sesame';

type ToolAnswer = { content: Array<{ type: string; text: string }>; isError?: boolean };
const textOf = (a: ToolAnswer) => a.content.map((c) => c.text).join('');

async function ask(r: Recorded, prompt: string): Promise<unknown> {
  const before = r.events.length;
  await r.session.prompt([{ type: 'text', text: prompt }]);
  return JSON.parse(streamedText(r.events.slice(before)));
}
const consult = async (r: Recorded, agent: string, messages: string[]): Promise<ToolAnswer[]> => (await ask(r, `consult ${JSON.stringify({ agent, messages })}`)) as ToolAnswer[];
const call = async (r: Recorded, tool: string, args: unknown = {}): Promise<ToolAnswer> => (await ask(r, `call ${tool} ${JSON.stringify(args)}`)) as ToolAnswer;

/** The consultation cards of the thread, oldest first. */
const cards = (r: Recorded): ToolCallEntry[] => r.thread.entries.filter((e): e is ToolCallEntry => e.type === 'tool_call' && e.consultation !== undefined);
/** What each side said on a card, in order. */
const said = (card: ToolCallEntry, from: 'caller' | 'agent' | 'note') =>
  card.content.flatMap((c, i) => (card.consultation!.from[i] === from && c.type === 'content' && c.content.type === 'text' ? [c.content.text] : []));

/** Answers every consultation question with `optionId` as it is asked, and counts them. */
function answering(r: Recorded, optionId: 'allow' | 'deny' | (() => 'allow' | 'deny')): { asked: Array<Extract<SessionEvent, { kind: 'permission_requested' }>> } {
  const asked: Array<Extract<SessionEvent, { kind: 'permission_requested' }>> = [];
  r.session.onEvent((e) => {
    if (e.kind !== 'permission_requested') return;
    asked.push(e);
    const option = typeof optionId === 'function' ? optionId() : optionId;
    setTimeout(() => r.session.answerPermission(e.requestId, { outcome: 'selected', optionId: option }), 0);
  });
  return { asked };
}

describe('consulting remote agents through the editor (ask_agent)', () => {
  let v03: V03Server;
  let v10: V10Server;
  let peer: Peer;
  let rules: AutoApproveRule[] = [];
  const secretAsks: string[] = [];
  const taps: unknown[] = [];
  let limits: ConsultLimits = { perTurn: 10, timeoutMs: 60_000 };

  const agents = (): AgentConfig[] => [
    { kind: 'a2a', name: 'analyst-v03', url: v03.url, headers: {} },
    { kind: 'a2a', name: 'analyst-v10', url: v10.url, headers: {} },
    { kind: 'a2a', name: 'locked', url: `${v03.url}/auth`, headers: {} },
    { kind: 'a2a', name: 'private', url: v10.url, headers: {}, consultable: false },
  ];
  const directory = agentDirectory({
    agents,
    start: async (config) => {
      if (config.kind !== 'a2a') throw new Error('not remote');
      const started = await startRemoteAgent({
        config,
        tap: (_d, m) => taps.push(m),
        log: () => {},
        backoffMs: [20, 40, 80],
        cancelTimeoutMs: 1_000,
        secrets: {
          get: async () => undefined,
          ask: async ({ url }) => { secretAsks.push(url); return TOKEN; },
          forget: async () => {},
        },
      });
      if (!started.ok) throw new Error(started.failure.message);
      return started.agent;
    },
  });
  // The product's rule check (src/permissions/advisor.ts) over a list the tests fill.
  const shelf = new OfferShelf();
  const advisor: PermissionAdvisor = async (question, options) => shelf.shelve(await advise(question, options, {
    flavor: pathFlavor(process.platform), roots: [peer.dir], realPath: async (p) => p, trusted: true, agent: 'editor-tools', workspace: 'ws', rules,
  }));
  const options = (): EditorToolsOptions => ({
    host: new BufferedEditorHost(),
    bridge,
    enabled: () => true,
    consult: { enabled: () => true, directory, limits: () => limits },
  });

  before(async () => {
    v03 = await startV03Server();
    v10 = await startV10Server();
    peer = await startPeer(testAgent('editor-tools', [], 2), { editorTools: options(), permissionAdvisor: advisor, initializeTimeoutMs: 30_000 });
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(async () => {
    await peer.close();
    await v03.close();
    await v10.close();
  });

  test('tools/list offers list_agents and ask_agent beside the editor tools; list_agents reads each card', async () => {
    const r = record(await peer.client.newSession());
    const listed = (await ask(r, 'tools')) as { instructions: string; tools: Array<{ name: string; inputSchema: { required?: string[] } }> };
    assert.deepEqual(listed.tools.map((t) => t.name), ['read_file', 'write_file', 'get_problems', 'get_selection', 'list_agents', 'ask_agent']);
    assert.deepEqual(listed.tools.find((t) => t.name === 'ask_agent')?.inputSchema.required, ['agent', 'message']);
    assert.match(listed.instructions, /input-required/);
    const text = textOf(await call(r, 'list_agents'));
    assert.match(text, /- analyst-v03 \(Seed Analyst \(v0\.3\)\): Analyses datasets/);
    assert.match(text, /- analyst-v10 \(Seed Analyst \(v1\.0\)\)/);
    assert.match(text, /skill Analyze a dataset: Revenue analysis in a few questions\. Examples: "Analyze this dataset"/);
    assert.doesNotMatch(text, /private/, 'an agent marked "consultable": false is not offered');
  });

  for (const [agent, version] of [['analyst-v03', 'v0.3'], ['analyst-v10', 'v1.0']] as const) {
    test(`${version}: two input-required rounds answered by the calling agent, to the final artifact, one task, one card`, async () => {
      const r = record(await peer.client.newSession());
      const { asked } = answering(r, 'allow');
      const requestsBefore = (version === 'v0.3' ? v03.requests : v10.requests).length;
      const answers = await consult(r, agent, ['Analyze this dataset', 'Revenue and profit margin', 'Yes, include it but flag the anomalies']);
      assert.equal(answers.length, 3);
      const [a1, a2, a3] = answers.map(textOf) as [string, string, string];
      assert.match(a1, /^State: input-required$/m);
      assert.ok(a1.includes(Q1), a1);
      const handle = /^Conversation: (\S+)$/m.exec(a1)?.[1];
      assert.ok(handle);
      assert.match(a2, /^State: input-required$/m);
      assert.ok(a2.includes(Q2) && a2.includes(PRELIM), a2);
      assert.match(a3, /^State: completed$/m);
      assert.ok(a3.includes(FINAL_CHUNKS.join('')), a3);
      assert.equal(/^Conversation: (\S+)$/m.exec(a3)?.[1], handle, 'one conversation handle throughout');
      assert.ok(answers.every((a) => !a.isError));
      assert.equal(asked.length, 1, 'the user was asked once, for the new conversation');

      // Task-id continuity on the wire: the answers went to the task that asked.
      const sends = (version === 'v0.3' ? v03.requests : v10.requests).slice(requestsBefore).filter((q) => /message\/stream|SendStreamingMessage/.test(q.method));
      const taskIds = sends.map((q) => (q.params as { message: { taskId?: string } }).message.taskId);
      assert.equal(taskIds.length, 3);
      assert.equal(taskIds[0], undefined);
      assert.ok(taskIds[1] && taskIds[1] === taskIds[2], `follow-ups on the same task: ${JSON.stringify(taskIds)}`);

      // The card: every message both ways, the final state, the artifact.
      const [card] = cards(r);
      assert.ok(card);
      assert.equal(cards(r).length, 1);
      assert.equal(card.status, 'completed');
      assert.equal(card.consultation!.state, 'completed');
      assert.equal(card.consultation!.agent, agent);
      assert.match(card.title, /Consulting Seed Analyst/);
      assert.deepEqual(said(card, 'caller'), ['Analyze this dataset', 'Revenue and profit margin', 'Yes, include it but flag the anomalies']);
      const agentSaid = said(card, 'agent');
      for (const text of [Q1, PRELIM, Q2, FINAL_CHUNKS.join('')]) assert.ok(agentSaid.includes(text), `${text} on the card: ${JSON.stringify(agentSaid)}`);
      assert.equal(card.permissionLabel, 'Allow');
    });
  }

  test('denied: the calling agent reads a clear refusal, the card says so, the remote agent never hears of it', async () => {
    const r = record(await peer.client.newSession());
    answering(r, 'deny');
    const before = v03.requests.length;
    const [answer] = await consult(r, 'analyst-v03', ['Analyze this dataset']);
    assert.equal(answer!.isError, true);
    assert.match(textOf(answer!), /The user did not allow consulting analyst-v03/);
    assert.equal(v03.requests.length, before, 'nothing was sent to the agent');
    const [card] = cards(r);
    assert.equal(card!.status, 'failed');
    assert.equal(card!.consultation!.state, 'denied');
    assert.equal(card!.permissionLabel, 'Deny');
  });

  test('"always" for this agent: a rule answers the next consultation without asking; the card offers it and says which rule', async () => {
    const r = record(await peer.client.newSession());
    const { asked } = answering(r, 'allow');
    await consult(r, 'analyst-v10', ['reject this']);
    assert.equal(asked.length, 1);
    assert.deepEqual(asked[0]!.ruleOffer && { title: asked[0]!.ruleOffer.title, words: asked[0]!.ruleOffer.words }, { title: 'Allow consulting the agent analyst-v10', words: 'consulting the agent analyst-v10' });
    rules = [{ id: 'rule-1', agent: 'editor-tools', workspace: 'ws', action: 'consult', scope: { type: 'agent', agent: 'analyst-v10' }, created: 0 }];
    try {
      const [answer] = await consult(r, 'analyst-v10', ['reject this']);
      assert.match(textOf(answer!), /^State: rejected$/m);
      assert.equal(asked.length, 1, 'not asked again');
      assert.deepEqual(cards(r).at(-1)!.autoApproved, { ruleId: 'rule-1', title: 'Allow consulting the agent analyst-v10' });
      // The rule is for that agent only.
      await consult(r, 'analyst-v03', ['reject this']);
      assert.equal(asked.length, 2);
    } finally {
      rules = [];
    }
  });

  test('Stop on the calling turn cancels the consultation: the remote task is cancelled (tasks/cancel), the card and the tool result say so', async () => {
    const r = record(await peer.client.newSession());
    answering(r, 'allow');
    const turn = ask(r, `consult ${JSON.stringify({ agent: 'analyst-v03', messages: ['slow please'] })}`);
    await waitFor(() => cards(r).some((c) => said(c, 'agent').some((t) => t.includes('line 2'))), 20_000, 'the slow task to stream onto the card');
    await r.session.cancel();
    const [answer] = (await turn) as ToolAnswer[];
    assert.equal(answer!.isError, true);
    assert.match(textOf(answer!), /stopped/);
    assert.ok(v03.requests.some((q) => q.method === 'tasks/cancel'), 'the server was asked to cancel');
    const card = cards(r).at(-1)!;
    assert.equal(card.status, 'cancelled');
  });

  test('the calling agent gives up on the call (its MCP request times out: notifications/cancelled): the remote task is cancelled', async () => {
    const r = record(await peer.client.newSession());
    answering(r, 'allow');
    const cancels = () => v10.requests.filter((q) => q.method === 'CancelTask').length;
    const cancelsBefore = cancels();
    let cancelsAtTurnEnd = -1;
    r.session.onEvent((e) => { if (e.kind === 'turn_ended') cancelsAtTurnEnd = cancels(); });
    const answer = (await ask(r, `call-within 1500 ask_agent ${JSON.stringify({ agent: 'analyst-v10', message: 'slow please' })}`)) as { thrown?: string };
    assert.match(String(answer.thrown), /timed out/i, 'the MCP client gave up');
    assert.equal(cancelsAtTurnEnd, cancelsBefore + 1, 'cancelled while the calling turn still ran: by the call\'s cancel, not the turn\'s end');
    await waitFor(() => cards(r).at(-1)?.status === 'cancelled', 10_000, 'the card to show the cancel');
  });

  test('a consultation still running when the calling turn ends is cancelled', async () => {
    const r = record(await peer.client.newSession());
    answering(r, 'allow');
    const cancelsBefore = v03.requests.filter((q) => q.method === 'tasks/cancel').length;
    // The agent asks, then ends its turn while the consulted agent still works.
    const started = ask(r, `call-and-end ask_agent ${JSON.stringify({ agent: 'analyst-v03', message: 'slow please' })}`);
    await waitFor(() => cards(r).some((c) => c.status === 'in_progress' && said(c, 'agent').some((t) => t.includes('line 1'))), 20_000, 'the consultation to be running');
    assert.deepEqual(await started, { started: 'ask_agent' });
    assert.equal(cards(r).at(-1)!.status, 'in_progress', 'still running when the calling turn ended');
    await waitFor(() => v03.requests.filter((q) => q.method === 'tasks/cancel').length > cancelsBefore, 10_000, 'tasks/cancel after the turn ended');
    await waitFor(() => cards(r).at(-1)?.status === 'cancelled', 10_000, 'the card to show the cancel');
  });

  test('a consulted agent that fails: an error result with its words, the card failed', async () => {
    const r = record(await peer.client.newSession());
    answering(r, 'allow');
    const [answer] = await consult(r, 'analyst-v10', ['fail now']);
    assert.equal(answer!.isError, true);
    assert.match(textOf(answer!), /^State: failed$/m);
    assert.match(textOf(answer!), /disk on fire/);
    const card = cards(r).at(-1)!;
    assert.equal(card.status, 'failed');
    assert.ok(said(card, 'note').includes('disk on fire'));
  });

  test('an agent that needs a token: asked of the user once, sent on the requests — never in a tool result, the thread or the ACP wire', async () => {
    const r = record(await peer.client.newSession());
    answering(r, 'allow');
    const answers = await consult(r, 'locked', ['Analyze this dataset', 'Revenue and profit margin', 'Yes']);
    assert.match(textOf(answers.at(-1)!), /^State: completed$/m);
    assert.deepEqual(secretAsks, [`${v03.url}/auth`]);
    assert.ok(v03.requests.filter((q) => q.method === 'message/stream').slice(-3).every((q) => q.auth === `Bearer ${TOKEN}`));
    assert.ok(!JSON.stringify(answers).includes(TOKEN), 'not in the tool results');
    assert.ok(!JSON.stringify(r.events).includes(TOKEN), 'not in the thread');
    assert.ok(!JSON.stringify(peer.wire).includes(TOKEN), 'not on the ACP wire');
    assert.ok(!JSON.stringify(taps).includes(TOKEN), 'not in the A2A protocol log');
  });

  test('a hostile artifact reaches the calling agent as text and the card as an agent message (rendered by the sanitizing Markdown view)', async () => {
    const r = record(await peer.client.newSession());
    answering(r, 'allow');
    const [answer] = await consult(r, 'analyst-v03', ['hostile']);
    assert.ok(textOf(answer!).includes(HOSTILE));
    const card = cards(r).at(-1)!;
    assert.deepEqual(said(card, 'agent'), [HOSTILE]);
    assert.equal(card.content.length, card.consultation!.from.length);
  });

  test('bounds: a per-turn limit and a per-call time limit, each a clear tool error; the timed-out task is cancelled', async () => {
    const r = record(await peer.client.newSession());
    answering(r, 'allow');
    limits = { perTurn: 2, timeoutMs: 60_000 };
    try {
      const answers = await consult(r, 'analyst-v03', ['Analyze this dataset', 'Revenue', 'Yes']);
      assert.equal(answers.length, 3);
      assert.equal(answers[2]!.isError, true);
      assert.match(textOf(answers[2]!), /Limit reached: at most 2 ask_agent calls per turn/);
      // The next turn may consult again.
      limits = { perTurn: 2, timeoutMs: 300 };
      const cancelsBefore = v10.requests.filter((q) => q.method === 'CancelTask').length;
      const [slow] = await consult(r, 'analyst-v10', ['slow please']);
      assert.equal(slow!.isError, true);
      assert.match(textOf(slow!), /did not finish within 0 s|did not finish within 1 s/);
      assert.equal(v10.requests.filter((q) => q.method === 'CancelTask').length, cancelsBefore + 1);
      assert.equal(cards(r).at(-1)!.consultation!.state, 'timed out');
    } finally {
      limits = { perTurn: 10, timeoutMs: 60_000 };
    }
  });

  test('bad arguments get clear errors', async () => {
    const r = record(await peer.client.newSession());
    assert.match(textOf(await call(r, 'ask_agent', { agent: 'nobody', message: 'hi' })), /No consultable agent is named "nobody"/);
    assert.match(textOf(await call(r, 'ask_agent', { agent: 'private', message: 'hi' })), /No consultable agent is named "private"/);
    assert.match(textOf(await call(r, 'ask_agent', { agent: 'analyst-v03', message: 'hi', conversation: 'consult-nope' })), /Unknown conversation/);
    assert.match(textOf(await call(r, 'ask_agent', { agent: 'analyst-v03', message: '' })), /message must be a non-empty string/);
  });
});
