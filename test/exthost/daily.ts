/**
 * Daily use with real (scripted) agents inside VS Code: mode/model pickers against the options
 * agent, history reopened by resume and by load replay against the history agent, MCP servers
 * from the user setting against the mcp-echo agent.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { api, testAgent, textOf, turn } from './agents.js';
import { test, until } from './harness.js';

test('pickers: modes and config options come from the agent; changes reach it; a refused value leaves a notice', async () => {
  const chat = await api();
  assert.equal((await chat.context.start(testAgent('options (exthost)', 'options'))).state, 'ready');
  const facts = await until('config options', () => chat.context.sessionFacts.configOptions?.length ? chat.context.sessionFacts : undefined);
  assert.deepEqual(facts.configOptions!.map((o) => o.id).sort(), ['fast', 'mode', 'model', 'thought_level'], 'boolean options advertised and received');
  assert.equal(facts.modes?.currentModeId, 'ask');

  await chat.context.setConfigOption('model', 'gpt-5');
  await chat.context.setConfigOption('fast', true);
  await chat.context.setMode('architect');
  const now = chat.context.sessionFacts;
  assert.equal(now.configOptions!.find((o) => o.id === 'model')?.currentValue, 'gpt-5');
  assert.equal(now.configOptions!.find((o) => o.id === 'fast')?.currentValue, true);
  assert.equal(now.modes?.currentModeId, 'architect');
  const rows = await turn(chat, 'status');
  assert.ok(rows.some((r) => /model=gpt-5/.test(textOf(r)) && /fast=true/.test(textOf(r))), 'the agent uses the picked values');

  // Agent-side change (current_mode_update + config_option_update) lands in the facts.
  await turn(chat, 'mode code');
  assert.equal(chat.context.sessionFacts.modes?.currentModeId, 'code');

  await chat.context.setConfigOption('model', 'no-such-model');
  const last = chat.context.entries.at(-1)!;
  assert.ok(last.type === 'notice' && /did not change/.test(last.title), 'refusal shown in the thread');
  assert.equal(chat.context.sessionFacts.configOptions!.find((o) => o.id === 'model')?.currentValue, 'gpt-5');
}, 60_000);

test('history: a conversation is saved, listed, resumed under its transcript, and replayed by load without one', async () => {
  const chat = await api();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-history-'));
  const agent = testAgent('history (exthost)', 'history', { HISTORY_AGENT_DIR: dir });
  assert.equal((await chat.context.start(agent)).state, 'ready');
  await turn(chat, 'remember apples');
  await until('the title from session_info_update', () => chat.context.sessionFacts.title === 'remember apples');
  await chat.context.newSession();
  await turn(chat, 'remember pears');
  await chat.transcripts.flush();

  const items = await chat.history.items();
  const apples = items.find((i) => i.item.title === 'remember apples' && i.item.agentName === agent.name);
  assert.ok(apples, 'the first conversation is listed');
  assert.equal(items.filter((i) => i.item.agentName === agent.name)[0]!.item.title, 'remember pears', 'newest first');
  assert.ok(apples.item.transcriptId && apples.item.onAgent, 'known both locally and to the agent');

  // Saved transcript + resume: the rows come from the transcript, the session continues.
  await chat.history.reopen(apples);
  await until('the saved rows', () => chat.context.entries.some((e) => textOf(e) === 'noted: remember apples'));
  const more = await turn(chat, 'and bananas');
  assert.ok(more.some((e) => textOf(e) === 'noted: and bananas'), 'the resumed session takes prompts');

  // Without a transcript the agent replays the conversation (session/load).
  await chat.transcripts.delete(apples.item.transcriptId!);
  const again = (await chat.history.items()).find((i) => i.item.sessionId === apples.item.sessionId)!;
  assert.equal(again.item.transcriptId, undefined);
  await chat.context.newSession();
  await chat.history.reopen(again);
  await until('the replayed rows', () => chat.context.entries.some((e) => textOf(e) === 'noted: and bananas'));
  const replayed = chat.context.entries;
  assert.ok(replayed.some((e) => e.type === 'user' && textOf(e) === 'remember apples'));
  assert.ok(replayed.some((e) => e.type === 'tool_call' && e.title === 'Recall "remember apples"'));
  await fsp.rm(dir, { recursive: true, force: true });
}, 90_000);

test('history: reopening a conversation live in a tab shows that tab; its session goes on there', async () => {
  const chat = await api();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-history-live-'));
  const agent = testAgent('history live (exthost)', 'history', { HISTORY_AGENT_DIR: dir });
  assert.equal((await chat.context.start(agent)).state, 'ready');
  await turn(chat, 'remember kiwis');
  await until('the title from session_info_update', () => chat.context.sessionFacts.title === 'remember kiwis');
  const live = chat.context.tabsInfo().activeId;
  await vscode.commands.executeCommand('agentChat.newSession');
  assert.notEqual(chat.context.tabsInfo().activeId, live);
  await chat.transcripts.flush();
  const kiwis = (await chat.history.items()).find((i) => i.item.title === 'remember kiwis' && i.item.agentName === agent.name);
  assert.ok(kiwis, 'the live conversation is listed');
  const tabs = chat.context.tabsInfo().tabs.length;

  await chat.history.reopen(kiwis);
  assert.equal(chat.context.tabsInfo().activeId, live, 'its tab is shown');
  assert.equal(chat.context.tabsInfo().tabs.length, tabs, 'no second tab on the same session');
  // Reopened beside itself, the tab's session object would have been superseded and refuse this.
  const more = await turn(chat, 'and figs');
  assert.ok(more.some((e) => textOf(e) === 'noted: and figs'), 'the session goes on in its tab');
  await fsp.rm(dir, { recursive: true, force: true });
}, 60_000);

test('MCP: servers from the user setting reach the agent; ones it cannot take are named in the thread', async () => {
  const chat = await api();
  const config = vscode.workspace.getConfiguration('agentChat');
  const original = config.inspect('mcpServers')?.globalValue;
  try {
    await config.update('mcpServers', {
      files: { command: process.execPath, args: ['--version'], env: { MCP_X: '1' } },
      old: { type: 'sse', url: 'https://example.invalid/sse' },
    }, vscode.ConfigurationTarget.Global);
    assert.equal((await chat.context.start(testAgent('mcp-echo (exthost)', 'mcp-echo'))).state, 'ready');
    const notice = await until('the skipped-server notice', () => chat.context.entries.find((e) => e.type === 'notice' && /"old"/.test(e.title)));
    assert.equal(notice.type === 'notice' && notice.severity, 'warning');
    const rows = await turn(chat, 'echo');
    const echoed = JSON.parse(textOf(rows.find((r) => r.type === 'agent')!)) as { mcpServers: Array<{ name: string; command?: string; env?: unknown }>; cwd: string };
    assert.deepEqual(echoed.mcpServers.map((s) => s.name), ['files']);
    assert.equal(echoed.mcpServers[0]!.command, process.execPath);
    assert.deepEqual(echoed.mcpServers[0]!.env, [{ name: 'MCP_X', value: '1' }]);
    assert.equal(echoed.cwd, vscode.workspace.workspaceFolders![0]!.uri.fsPath);
  } finally {
    await config.update('mcpServers', original, vscode.ConfigurationTarget.Global);
  }
}, 60_000);

test('tabs: two sessions of one agent side by side, each with its own thread and settings; closing one keeps the other', async () => {
  const chat = await api();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-tabs-'));
  assert.equal((await chat.context.start(testAgent('history tabs (exthost)', 'history', { HISTORY_AGENT_DIR: dir }))).state, 'ready');
  await turn(chat, 'first tab');
  const first = chat.context.tabsInfo().activeId;
  await vscode.commands.executeCommand('agentChat.newSession');
  const second = chat.context.tabsInfo().activeId;
  assert.notEqual(second, first);
  assert.equal(chat.context.entries.length, 0, 'the new tab starts empty');
  await turn(chat, 'second tab');
  assert.deepEqual(chat.context.tabsInfo().tabs.filter((t) => t.id === first || t.id === second).map((t) => t.title), ['first tab', 'second tab']);

  assert.ok(chat.context.switchTab(first));
  assert.ok(chat.context.entries.some((e) => textOf(e) === 'noted: first tab'));
  assert.ok(!chat.context.entries.some((e) => textOf(e) === 'noted: second tab'));
  assert.match(chat.statusBar.tooltip, /first tab/, 'the status bar follows the active tab');
  // The first tab's session still takes prompts after the switch.
  await turn(chat, 'still here');

  await chat.context.closeTab(second);
  assert.ok(!chat.context.tabsInfo().tabs.some((t) => t.id === second));
  assert.equal(chat.context.tabsInfo().activeId, first);
  await fsp.rm(dir, { recursive: true, force: true });
}, 60_000);
