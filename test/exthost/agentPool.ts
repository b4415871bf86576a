/**
 * Several agents at once: each tab is bound to one agent's process; a second agent gets its own
 * tab while the first keeps running, and restarting one leaves the other's session alive.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AgentConfig } from '../../src/agent/api.js';
import type { ThreadEntry } from '../../src/thread/types.js';
import type { AgentChatApi } from '../../src/vscode/extension.js';
import { test, until } from './harness.js';

const EXTENSION_ID = 'agent-chat.agent-chat';

async function api(): Promise<AgentChatApi> {
  const extension = vscode.extensions.getExtension<AgentChatApi>(EXTENSION_ID);
  assert.ok(extension);
  return extension.isActive ? extension.exports : extension.activate();
}

function testAgent(name: string, file: string): AgentConfig {
  const script = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'out', 'test-agents', `${file}.agent.mjs`);
  assert.ok(existsSync(script), `test agent built at ${script}`);
  return { name, command: process.execPath, args: [script], env: { ELECTRON_RUN_AS_NODE: '1' }, protocolVersion: 1 };
}

const textOf = (e: ThreadEntry) => (e.type === 'agent' || e.type === 'user' ? e.content.map((c) => (c.type === 'text' ? c.text : '')).join('') : '');

async function turn(chat: AgentChatApi, text: string): Promise<ThreadEntry[]> {
  const before = chat.context.entries.length;
  await chat.context.send({ text, attachments: [], images: [] });
  await until(`the end of "${text}"`, () => chat.context.entries.slice(before).some((e) => e.type === 'turn_end'), 20_000);
  return chat.context.entries.slice(before);
}

test('agents side by side: two agents answer in their own tabs; switching shows each; restarting one leaves the other running', async () => {
  const chat = await api();
  const scripted = testAgent('pool scripted (exthost)', 'scripted');
  const options = testAgent('pool options (exthost)', 'options');
  assert.equal((await chat.context.start(scripted)).state, 'ready');
  const first = chat.context.tabsInfo().activeId;
  const hello = await turn(chat, 'hello');
  assert.ok(hello.some((e) => e.type === 'agent'), 'the scripted agent answers');

  assert.equal((await chat.context.start(options)).state, 'ready');
  const second = chat.context.tabsInfo().activeId;
  assert.notEqual(second, first, 'another agent opens its own tab');
  const status = await turn(chat, 'status');
  assert.ok(status.some((e) => /model=/.test(textOf(e))), 'the options agent answers');
  assert.equal(chat.context.agentStatus.state === 'ready' && chat.context.agentStatus.agentName, options.name);

  assert.ok(chat.context.switchTab(first));
  assert.equal(chat.context.agentStatus.state === 'ready' && chat.context.agentStatus.agentName, scripted.name, 'the header follows the tab');
  assert.match(chat.statusBar.text, /pool scripted/, 'the status bar follows the tab');
  assert.ok(chat.context.entries.some((e) => e.type === 'user' && textOf(e) === 'hello'));
  assert.ok(!chat.context.entries.some((e) => e.type === 'user' && textOf(e) === 'status'));

  // Restart the options agent: the scripted tab keeps its session.
  assert.ok(chat.context.switchTab(second));
  assert.equal((await chat.context.restart()).state, 'ready');
  assert.ok(chat.context.entries.some((e) => e.type === 'user' && textOf(e) === 'status'), 'the restarted agent\'s thread stays');
  assert.ok(chat.context.switchTab(first));
  assert.notEqual(chat.context.tabsInfo().tabs.find((t) => t.id === first)?.state, 'closed', 'the other agent\'s session is still open');
  const again = await turn(chat, 'hello');
  assert.ok(again.some((e) => e.type === 'agent'));
  assert.ok(!again.some((e) => e.type === 'notice'), 'no new session was needed');

  // Closing the last tab of an agent ends that agent.
  await chat.context.closeTab(second);
  assert.ok(!chat.context.tabsInfo().tabs.some((t) => t.id === second));
  assert.equal(chat.context.agentStatus.state === 'ready' && chat.context.agentStatus.agentName, scripted.name);
}, 90_000);
