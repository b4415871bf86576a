/**
 * Steer, Stop and send, and Continue with another agent on the real context with the bundled
 * test agents: a v2 agent that takes prompts while working gets the message inside the running
 * turn; a v1 agent is stopped (its partial answer stays) and then gets it; Stop and send stops a
 * v2 turn on purpose; a conversation handed to another agent in the same tab reaches it as the
 * context of its first prompt, which the scripted agent echoes.
 */
import assert from 'node:assert/strict';
import type { AcpAgentConfig } from '../../src/agents/api.js';
import type { ThreadEntry, UserEntry } from '../../src/thread/types.js';
import type { AgentChatApi } from '../../src/vscode/extension.js';
import { api, testAgent, textOf } from './agents.js';
import { test, until } from './harness.js';

const v2Agent = (name: string, flags = ''): AcpAgentConfig => ({ ...testAgent(name, 'v2', flags ? { ACP_TEST_AGENT_FLAGS: flags } : {}), protocolVersion: 2 });
const say = (text: string) => ({ text, attachments: [], images: [] });
/** The user messages and turn ends, in order ("user:text[delivery]", "end:reason"). */
const outline = (entries: readonly ThreadEntry[]) => entries.flatMap((e) => e.type === 'user' ? [`user:${textOf(e)}${e.delivery ? `[${e.delivery}]` : ''}`]
  : e.type === 'turn_end' ? [`end:${e.stopReason}`] : []);
const agentTexts = (entries: readonly ThreadEntry[]) => entries.filter((e) => e.type === 'agent').map(textOf);

/** Waits for `promise` at most `ms`: a turn that is never stopped fails here by name, not by the case's own bound. */
async function settles(promise: Promise<unknown>, what: string, ms = 20_000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([promise, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A `long` turn streaming in a new session of `config`: resolves once its first ticks are shown,
 * with the send still running (wrapped: an async function returning the bare promise would wait
 * for the whole turn).
 */
async function longTurn(chat: AgentChatApi, config: AcpAgentConfig): Promise<{ sent: Promise<void> }> {
  const context = chat.context;
  assert.equal((await context.start(config)).state, 'ready');
  await context.newSession();
  const sent = context.send(say('long'));
  await until('the long turn to stream', () => context.entries.some((e) => e.type === 'agent' && textOf(e).includes('tick')), 20_000);
  return { sent };
}

test('steer: a v2 agent that takes prompts while working gets the message in the running turn', async () => {
  const chat = await api();
  const context = chat.context;
  const { sent: first } = await longTurn(chat, v2Agent('steer v2 (exthost)', '--accept-while-working'));
  assert.equal(await context.sendWhileWorking(say('look at the tests instead'), 'steer'), true);
  await settles(first, 'the long turn\'s send to settle');
  await until('the turn to end', () => context.entries.some((e) => e.type === 'turn_end'), 20_000);
  assert.deepEqual(outline(context.entries), ['user:long', 'user:look at the tests instead[steered]', 'end:end_turn'], 'one turn, nothing cancelled');
  const answers = agentTexts(context.entries);
  assert.match(answers[0] ?? '', /^(tick )+$/, 'what the agent wrote before stays');
  assert.equal(answers.at(-1), 'STEERED:look at the tests instead');
}, 60_000);

test('steer: a v1 agent is stopped, keeps its partial answer, then gets the message', async () => {
  const chat = await api();
  const context = chat.context;
  const { sent: first } = await longTurn(chat, testAgent('steer v1 (exthost)', 'scripted'));
  assert.equal(await context.sendWhileWorking(say('echo after the stop'), 'steer'), true);
  await settles(first, 'the long turn\'s send to settle');
  await until('the second turn to end', () => context.entries.filter((e) => e.type === 'turn_end').length >= 2, 20_000);
  assert.deepEqual(outline(context.entries), ['user:long', 'end:cancelled', 'user:echo after the stop[stopped_first]', 'end:end_turn']);
  const answers = agentTexts(context.entries);
  assert.match(answers[0] ?? '', /tick/, 'the stopped turn\'s partial answer stays');
  assert.match(answers.at(-1) ?? '', /ECHO:.*echo after the stop/);
}, 60_000);

test('steer: Stop and send stops a v2 turn on purpose, then sends', async () => {
  const chat = await api();
  const context = chat.context;
  const { sent: first } = await longTurn(chat, v2Agent('stop and send v2 (exthost)', '--accept-while-working'));
  assert.equal(await context.sendWhileWorking(say('hello'), 'stop'), true);
  await settles(first, 'the long turn\'s send to settle');
  await until('the second turn to end', () => context.entries.filter((e) => e.type === 'turn_end').length >= 2, 20_000);
  assert.deepEqual(outline(context.entries), ['user:long', 'end:cancelled', 'user:hello[stopped_and_sent]', 'end:end_turn']);
  assert.equal(await context.sendWhileWorking(say('nothing runs'), 'steer'), false, 'with no turn running it is an ordinary send');
}, 60_000);

test('steer: Continue with another agent carries the conversation into its first prompt, in the same tab', async () => {
  const chat = await api();
  const context = chat.context;
  const from = v2Agent('continue from v2 (exthost)');
  const to = testAgent('continue to scripted (exthost)', 'scripted');
  assert.equal((await context.start(from)).state, 'ready');
  await context.newSession();
  await context.send(say('hello'));
  const tab = context.tabsInfo().activeId;
  assert.equal(await context.continueWith(to, 'Scripted Agent'), true);
  assert.equal(context.tabsInfo().activeId, tab, 'the same tab');
  assert.equal(context.agentNameOf(tab), to.name);
  await until('the new session', () => context.tabsInfo().tabs.find((t) => t.id === tab)?.state === 'idle');
  const notice = context.entries.find((e) => e.type === 'notice' && /Continued with Scripted Agent/.test(e.title));
  assert.ok(notice, `a notice says who took over: ${JSON.stringify(outline(context.entries))}`);
  const before = context.entries.length;
  await context.send(say('echo what did we talk about'));
  await until('its answer', () => context.entries.slice(before).some((e) => e.type === 'turn_end'), 20_000);
  const echo = agentTexts(context.entries.slice(before)).join('');
  assert.match(echo, /ECHO:/, 'the echo scenario ran: the user\'s message chose it');
  assert.match(echo, /This continues an earlier conversation/);
  assert.match(echo, /User: hello/);
  assert.match(echo, /Agent: ## Hello from the scripted agent/);
  assert.match(echo, /echo what did we talk about/);
  // Only the first prompt carries it.
  const again = context.entries.length;
  await context.send(say('echo second'));
  await until('the second answer', () => context.entries.slice(again).some((e) => e.type === 'turn_end'), 20_000);
  assert.doesNotMatch(agentTexts(context.entries.slice(again)).join(''), /earlier conversation/);
  assert.ok(context.entries.some((e): e is UserEntry => e.type === 'user' && textOf(e) === 'hello'), 'the earlier part stays in the tab');
}, 90_000);
