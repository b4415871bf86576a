/**
 * The extension-host suite: the extension under test, loaded by a real VS Code (code-server or
 * desktop), driven through its commands and the API `activate` returns. Real agents (the
 * bundled example agent and the scripted test agent) run as child processes.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpAgentConfig } from '../../src/agents/api.js';
import type { AgentChatApi } from '../../src/vscode/extension.js';
import type { ToolCallEntry } from '../../src/thread/types.js';
import { test, until } from './harness.js';

const EXTENSION_ID = 'agent-chat.agent-chat';
const COMMANDS = [
  'agentChat.open',
  'agentChat.newSession',
  'agentChat.manageRules',
  'agentChat.selectAgent',
  'agentChat.cancel',
  'agentChat.restartAgent',
  'agentChat.showLog',
  'agentChat.showHistory',
  'agentChat.toggleFollow',
  'agentChat.addAgent',
];

async function api(): Promise<AgentChatApi> {
  const extension = vscode.extensions.getExtension<AgentChatApi>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is loaded`);
  return extension.isActive ? extension.exports : extension.activate();
}

function extensionPath(): string {
  return vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
}

function workspaceDir(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  return folder.uri.fsPath;
}

async function scratch(name: string, text?: string): Promise<string> {
  const file = path.join(workspaceDir(), 'exthost-scratch', name);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  if (text !== undefined) await fsp.writeFile(file, text);
  return file;
}

/** Processes (Linux /proc) whose NUL-separated command line matches. */
async function countProcesses(match: (cmdline: string) => boolean): Promise<number> {
  let count = 0;
  for (const pid of await fsp.readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const cmdline = await fsp.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline && match(cmdline)) count++;
  }
  return count;
}

function nodeAgent(name: string, script: string): AcpAgentConfig {
  return { name, command: process.execPath, args: [script], env: { ELECTRON_RUN_AS_NODE: '1' }, protocolVersion: 1 };
}

function scriptedAgent(): AcpAgentConfig {
  const script = path.join(extensionPath(), 'out', 'test-agents', 'scripted.agent.mjs');
  assert.ok(existsSync(script), `scripted test agent built at ${script}`);
  return nodeAgent('scripted (exthost)', script);
}

/** Sends a prompt and waits for its turn_end row; answers permissions with `answer`. */
async function runTurn(chat: AgentChatApi, text: string, answer: 'allow' | 'reject' = 'allow', timeoutMs = 20_000) {
  const { context } = chat;
  const before = context.entries.length;
  const seen: string[] = [];
  const subscription = context.onPermissionRequested((request) => {
    seen.push(chat.statusBar.text);
    const option = request.options.find((o) => o.kind.startsWith(answer)) ?? request.options[0]!;
    setTimeout(() => context.answerPermission(request.requestId, option.optionId), 50);
  });
  try {
    await context.send({ text, attachments: [], images: [] });
    const end = await until(`the end of turn "${text}"`, () => context.entries.slice(before).find((e) => e.type === 'turn_end'), timeoutMs);
    return { end, rows: context.entries.slice(before), statusWhilePermission: seen };
  } finally {
    subscription.dispose();
  }
}

test('every public command is registered and contributed', async () => {
  await api();
  const registered = await vscode.commands.getCommands(true);
  const contributed = (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.commands as Array<{ command: string; category: string }>);
  for (const id of COMMANDS) {
    assert.ok(registered.includes(id), `${id} registered`);
    assert.equal(contributed.find((c) => c.command === id)?.category, 'Agent Chat', `${id} contributed in category Agent Chat`);
  }
});

test('agentChat.open reveals the chat view', async () => {
  const chat = await api();
  await vscode.commands.executeCommand('agentChat.open');
  await until('the chat view to be visible', () => chat.view.visible);
});

test('agent settings come from user settings only, never from the workspace', async () => {
  const chat = await api();
  const config = vscode.workspace.getConfiguration('agentChat');
  const original = config.inspect('agents')?.globalValue;
  const settingsFile = path.join(workspaceDir(), '.vscode', 'settings.json');
  const hadSettings = existsSync(settingsFile) ? await fsp.readFile(settingsFile, 'utf8') : undefined;
  try {
    await fsp.mkdir(path.dirname(settingsFile), { recursive: true });
    await fsp.writeFile(settingsFile, JSON.stringify({
      'agentChat.agents': { 'repo-agent': { command: '/bin/sh', args: ['-c', 'echo pwned'] } },
      'agentChat.defaultAgent': 'repo-agent',
      'editor.tabSize': 7,
    }));
    // The workspace file was read once a normal setting from it shows up.
    await until('the workspace settings file to load', () => vscode.workspace.getConfiguration('editor').get('tabSize') === 7, 10_000);
    chat.context.settingsChanged();
    assert.ok(!chat.context.agents.some((a) => a.name === 'repo-agent'), 'workspace agent ignored');
    assert.ok(!chat.context.agentEntries().some((e) => 'command' in e.config && e.config.command === '/bin/sh'), 'workspace command never offered');

    await config.update('agents', { ...(original as object | undefined), 'user-agent': { command: 'user-agent-cmd' } }, vscode.ConfigurationTarget.Global);
    await until('the user agent to be offered', () => {
      chat.context.settingsChanged();
      return chat.context.agents.some((a) => a.name === 'user-agent' && a.source === 'settings');
    });
  } finally {
    await config.update('agents', original, vscode.ConfigurationTarget.Global);
    if (hadSettings === undefined) await fsp.rm(settingsFile, { force: true });
    else await fsp.writeFile(settingsFile, hadSettings);
  }
});

test('file system: reads serve the unsaved editor text, with 1-based line and limit', async () => {
  const chat = await api();
  const file = await scratch('read.txt', 'one\ntwo\nthree\n');
  const document = await vscode.workspace.openTextDocument(file);
  const editor = await vscode.window.showTextDocument(document);
  await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), 'zero\n'));
  assert.ok(document.isDirty);
  assert.equal(await chat.fs.readTextFile(file), 'zero\none\ntwo\nthree\n');
  assert.equal(await chat.fs.readTextFile(file, 2, 2), 'one\ntwo\n');
  assert.equal(await fsp.readFile(file, 'utf8'), 'one\ntwo\nthree\n', 'disk untouched');
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await assert.rejects(chat.fs.readTextFile(path.join(path.dirname(file), 'missing.txt')), /not found/i);
});

test('file system: writes go through a workspace edit, are saved, and can be undone', async () => {
  const chat = await api();
  const file = await scratch('write.txt', 'before\n');
  const document = await vscode.workspace.openTextDocument(file);
  await vscode.window.showTextDocument(document);
  await chat.fs.writeTextFile(file, 'after\n');
  assert.equal(document.getText(), 'after\n', 'open editor updated');
  assert.equal(document.isDirty, false, 'saved');
  assert.equal(await fsp.readFile(file, 'utf8'), 'after\n', 'on disk');
  await vscode.commands.executeCommand('undo');
  await until('undo to restore the text', () => document.getText() === 'before\n');
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
});

test('file system: writes create missing folders and files', async () => {
  const chat = await api();
  const dir = await scratch(`deep-${Date.now()}`);
  const file = path.join(dir, 'a', 'b', 'new.txt');
  await chat.fs.writeTextFile(file, 'fresh\ncontent\n');
  assert.equal(await fsp.readFile(file, 'utf8'), 'fresh\ncontent\n');
});

test('a tool call diff opens in the diff editor with the agent edit title', async () => {
  const chat = await api();
  const file = await scratch('diffed.ts');
  const toolCall: ToolCallEntry = {
    type: 'tool_call',
    id: 'e1',
    toolCallId: 'call_diff',
    title: 'Edit diffed.ts',
    name: null,
    kind: 'edit',
    status: 'completed',
    content: [{ type: 'diff', path: file, oldText: 'const a = 1;\n', newText: 'const a = 2;\n' }],
    locations: [],
  };
  assert.equal(await chat.diffs.open(toolCall, 0), true);
  const tab = await until('the diff tab', () => {
    const active = vscode.window.tabGroups.activeTabGroup.activeTab;
    return active?.input instanceof vscode.TabInputTextDiff ? active : undefined;
  });
  assert.equal(tab.label, 'diffed.ts (agent edit)');
  const input = tab.input as vscode.TabInputTextDiff;
  assert.equal(input.original.scheme, 'agent-chat-diff');
  assert.equal((await vscode.workspace.openTextDocument(input.original)).getText(), 'const a = 1;\n');
  assert.equal((await vscode.workspace.openTextDocument(input.modified)).getText(), 'const a = 2;\n');
  assert.equal(await chat.diffs.open(toolCall, 5), false, 'no diff at that index');
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
});

test('the example agent starts and answers one turn through the real session', async () => {
  const chat = await api();
  const example = chat.context.agentEntries().find((e) => e.source === 'example');
  assert.ok(example, 'example agent offered');
  const status = await chat.context.start(example.config);
  assert.equal(status.state, 'ready', JSON.stringify(status));
  await until('the session', () => chat.statusBar.text.startsWith('$(hubot) Example Agent'));
  const { end, rows } = await runTurn(chat, 'hello', 'allow', 30_000);
  assert.equal(end.type === 'turn_end' && end.stopReason, 'end_turn', JSON.stringify(end));
  assert.ok(rows.some((r) => r.type === 'user'), 'user row');
  assert.ok(rows.some((r) => r.type === 'agent' && r.content.length > 0), 'agent answered');
  await until('the status bar to settle', () => chat.statusBar.text.startsWith('$(hubot) Example Agent'));
}, 60_000);

test('scripted agent: permission, fs/write through the editor, usage in the status bar, cancel', async () => {
  const chat = await api();
  const status = await chat.context.start(scriptedAgent());
  assert.equal(status.state, 'ready', JSON.stringify(status));

  const rel = `exthost-scratch/written-${Date.now()}.txt`;
  const write = await runTurn(chat, `write ${rel} hello\\nworld`);
  assert.equal(write.end.type === 'turn_end' && write.end.stopReason, 'end_turn');
  assert.ok(write.statusWhilePermission[0]?.startsWith('$(bell) '), `status while asking: ${write.statusWhilePermission[0]}`);
  assert.equal(await fsp.readFile(path.join(workspaceDir(), rel), 'utf8'), 'hello\nworld');
  const call = write.rows.find((r): r is ToolCallEntry => r.type === 'tool_call');
  assert.equal(call?.status, 'completed');
  assert.equal(call?.permission, undefined, 'permission settled');

  await runTurn(chat, 'usage');
  await until('usage in the status bar', () => chat.statusBar.text.includes('53k / 200k (27%) · $0.05'));
  assert.match(chat.statusBar.text, /^\$\(hubot\) scripted \(exthost\) · 53k \/ 200k \(27%\) · \$0\.05$/);

  const before = chat.context.entries.length;
  const turn = chat.context.send({ text: 'long', attachments: [], images: [] });
  // `long` asks a permission question right away and keeps streaming: cancel answers it too.
  await until('the long turn to ask', () => chat.context.status.waitingForPermission && chat.statusBar.text.startsWith('$(bell) '));
  await vscode.commands.executeCommand('agentChat.cancel');
  assert.equal(chat.context.status.waitingForPermission, false, 'cancel withdrew the permission question');
  await turn;
  const end = await until('the cancelled turn end', () => chat.context.entries.slice(before).find((e) => e.type === 'turn_end'));
  assert.equal(end.type === 'turn_end' && end.stopReason, 'cancelled');
  assert.equal(chat.context.status.turnRunning, false);
}, 90_000);

test('attachments: the unsaved text of an attached selection is embedded as a resource', async () => {
  const chat = await api();
  const status = await chat.context.start(scriptedAgent());
  assert.equal(status.state, 'ready');
  assert.equal(chat.context.composerCapabilities.embeddedContext, true);
  const file = await scratch('attached.ts', 'line one\nline two\nline three\n');
  const document = await vscode.workspace.openTextDocument(file);
  const editor = await vscode.window.showTextDocument(document);
  await editor.edit((edit) => edit.replace(new vscode.Range(1, 0, 1, 8), 'line 2 (unsaved)'));
  const before = chat.context.entries.length;
  await chat.context.send({
    text: 'echo',
    attachments: [{ uri: document.uri.toString(), name: 'attached.ts', range: { startLine: 2, endLine: 3 } }],
    images: [],
  });
  await until('the echo', () => chat.context.entries.slice(before).find((e) => e.type === 'turn_end'));
  const answer = chat.context.entries.slice(before).find((e) => e.type === 'agent');
  const text = answer?.type === 'agent' ? answer.content.map((c) => (c.type === 'text' ? c.text : '')).join('') : '';
  const json = /ECHO:(.*)\n/.exec(text)?.[1];
  assert.ok(json, `echo in ${text.slice(0, 200)}`);
  const blocks = JSON.parse(json) as Array<Record<string, unknown>>;
  assert.deepEqual(blocks[0], { type: 'text', text: 'echo' });
  const resource = blocks[1] as { type: string; resource: { uri: string; text: string } };
  assert.equal(resource.type, 'resource');
  assert.equal(resource.resource.text, 'line 2 (unsaved)\nline three');
  assert.match(resource.resource.uri, /attached\.ts#L2-L3$/);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
}, 60_000);

test('restarting the agent leaves exactly one agent process', async () => {
  const chat = await api();
  const marker = String(20 + (Date.now() % 20));
  const config = { ...scriptedAgent(), args: [...scriptedAgent().args, '--delay', marker] };
  const running = () => countProcesses((cmd) => cmd.includes('scripted.agent.mjs') && cmd.endsWith(`--delay\0${marker}\0`));
  for (let i = 0; i < 3; i++) assert.equal((await chat.context.start(config)).state, 'ready');
  await until('one agent process', async () => (await running()) === 1, 10_000);
  const { end } = await runTurn(chat, 'hello');
  assert.equal(end.type === 'turn_end' && end.stopReason, 'end_turn');
}, 60_000);

/**
 * Watches the quick pick titled `title` that the extension opens (same extension, so the same
 * `vscode` API object): VS Code reports its active item once it is on screen with its items,
 * and again whenever the selection moves, so a test can wait for it instead of guessing.
 */
function watchQuickPick(title: string): { active(): string | undefined; dispose(): void } {
  type Show = (items: unknown, options?: vscode.QuickPickOptions, token?: vscode.CancellationToken) => Thenable<unknown>;
  const window = vscode.window as unknown as { showQuickPick: Show };
  const original = window.showQuickPick;
  let active: string | undefined;
  window.showQuickPick = (items: unknown, options?: vscode.QuickPickOptions, token?: vscode.CancellationToken) => {
    if (options?.title !== title) return original.call(vscode.window, items, options, token);
    const onDidSelectItem = (item: vscode.QuickPickItem | string) => {
      active = typeof item === 'string' ? item : item.label;
      return options.onDidSelectItem?.(item);
    };
    return original.call(vscode.window, items, { ...options, onDidSelectItem }, token);
  };
  return { active: () => active, dispose: () => { window.showQuickPick = original; } };
}

test('login: the agent asks for one, the user picks the terminal method, the login runs in a VS Code terminal', async () => {
  const chat = await api();
  const script = path.join(extensionPath(), 'out', 'test-agents', 'auth.agent.mjs');
  assert.ok(existsSync(script), `auth test agent built at ${script}`);
  const credentials = await fsp.mkdtemp(path.join(workspaceDir(), 'exthost-scratch', 'auth-'));
  const config = { ...nodeAgent('auth (exthost)', script), env: { ELECTRON_RUN_AS_NODE: '1', AUTH_AGENT_DIR: credentials } };
  const picker = watchQuickPick('auth (exthost): log in');
  const opened = vscode.window.onDidOpenTerminal((t) => terminals.push(t));
  const terminals: vscode.Terminal[] = [];
  try {
    const starting = chat.context.start(config);
    // The method picker opens (agent, terminal, API key) with its first entry active: move to
    // the second, the terminal, and take it once the picker shows that one active.
    await until('the login method picker on screen', () => picker.active() === 'Log in', 20_000);
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await until('the terminal method active in the picker', () => picker.active() === 'Log in in a terminal');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const status = await starting;
    assert.equal(status.state, 'ready', JSON.stringify(status));
  } finally {
    opened.dispose();
    picker.dispose();
  }
  assert.ok(terminals.some((t) => t.name === 'auth (exthost): log in'), 'the login ran in a terminal');
  assert.match(await fsp.readFile(path.join(credentials, 'credentials'), 'utf8'), /^terminal/);
  const { rows } = await runTurn(chat, 'hi');
  assert.ok(rows.some((r) => r.type === 'agent' && r.content.some((c) => c.type === 'text' && c.text.includes('logged in via terminal'))));
}, 60_000);

test('the thread is saved and comes back as history after a reload', async () => {
  const chat = await api();
  // In the whole suite the thread holds the turns of the tests before; run alone, it gets one.
  if (chat.context.entries.length === 0) {
    assert.equal((await chat.context.start(scriptedAgent())).state, 'ready');
    await runTurn(chat, 'hello');
  }
  assert.ok(chat.context.entries.length > 0);
  await chat.store.flush();
  const restored = chat.store.restore();
  assert.ok(restored, 'a saved thread');
  assert.ok(restored.entries.some((e) => e.type === 'user'));
  const last = restored.entries[restored.entries.length - 1]!;
  assert.ok(last.type === 'notice' && /Restored/.test(last.title));
  assert.equal(restored.session.turnState, 'idle');
});

test('commands behave in every state: cancel with no turn, restart, new session', async () => {
  const chat = await api();
  await vscode.commands.executeCommand('agentChat.cancel');
  await vscode.commands.executeCommand('agentChat.newSession');
  await until('a fresh ready session', () => chat.context.agentStatus.state === 'ready' && chat.context.entries.length === 0);
  await chat.context.restart();
  assert.equal(chat.context.agentStatus.state, 'ready');
  await vscode.commands.executeCommand('agentChat.showLog');

  // While starting: New Session waits for the start instead of starting again; Cancel has nothing to cancel.
  const starting = chat.context.start(scriptedAgent());
  await vscode.commands.executeCommand('agentChat.newSession');
  await vscode.commands.executeCommand('agentChat.cancel');
  assert.equal((await starting).state, 'ready');
  assert.equal(chat.context.entries.length, 0);
  const { end } = await runTurn(chat, 'hello');
  assert.equal(end.type === 'turn_end' && end.stopReason, 'end_turn');

  const missing: AcpAgentConfig = { name: 'missing (exthost)', command: '/nonexistent/agent-chat/agent', args: [], env: {}, protocolVersion: 1 };
  const failed = await chat.context.start(missing);
  assert.equal(failed.state, 'failed');
  assert.match(chat.statusBar.text, /^\$\(error\) missing \(exthost\)$/);
  await vscode.commands.executeCommand('agentChat.cancel');
}, 60_000);
