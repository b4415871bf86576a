/**
 * Open diff for a v2 diff (file change list + git patch) in a real VS Code: one file in the diff
 * editor with whole before/after texts, several in the multi-file diff editor.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AgentChatApi } from '../../src/vscode/extension.js';
import type { ToolCallContent } from '../../src/protocol/events.js';
import type { ToolCallEntry } from '../../src/thread/types.js';
import { test, until } from './harness.js';

async function api(): Promise<AgentChatApi> {
  const extension = vscode.extensions.getExtension<AgentChatApi>('agent-chat.agent-chat');
  assert.ok(extension);
  return extension.isActive ? extension.exports : extension.activate();
}

async function file(name: string, text: string): Promise<string> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  const p = path.join(folder.uri.fsPath, 'exthost-changes', name);
  await fsp.mkdir(path.dirname(p), { recursive: true });
  await fsp.writeFile(p, text);
  return p;
}

const call = (content: ToolCallContent): ToolCallEntry => ({
  type: 'tool_call', id: 'e1', toolCallId: 'call_changes', title: 'Refactor', name: null, kind: 'edit', status: 'completed', content: [content], locations: [],
});

test('v2 diff: Open diff shows the whole file before and after (the patch applied backwards)', async () => {
  const chat = await api();
  const p = await file('app.ts', 'const a = 1;\nconst b = 3;\nconst c = 4;\n');
  const patch = [`diff --git ${p} ${p}`, `--- ${p}`, `+++ ${p}`, '@@ -1,2 +1,3 @@', ' const a = 1;', '-const b = 2;', '+const b = 3;', '+const c = 4;', ''].join('\n');
  const toolCall = call({ type: 'file_changes', changes: [{ operation: 'modify', path: p }], patch: { format: 'git_patch', text: patch } });
  assert.equal(await chat.diffs.open(toolCall, 0), true);
  const tab = await until('the diff tab', () => {
    const active = vscode.window.tabGroups.activeTabGroup.activeTab;
    return active?.input instanceof vscode.TabInputTextDiff && active.label.startsWith('app.ts') ? active : undefined;
  });
  assert.equal(tab.label, 'app.ts (agent edit)');
  const input = tab.input as vscode.TabInputTextDiff;
  assert.equal((await vscode.workspace.openTextDocument(input.original)).getText(), 'const a = 1;\nconst b = 2;\n');
  assert.equal((await vscode.workspace.openTextDocument(input.modified)).getText(), 'const a = 1;\nconst b = 3;\nconst c = 4;\n');
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
});

test('v2 diff: several files open together; a diff without a patch has nothing to open', async () => {
  const chat = await api();
  const a = await file('one.md', 'ONE\n');
  const b = await file('two.md', '# Two\n');
  const patch = [
    `diff --git ${a} ${a}`, `--- ${a}`, `+++ ${a}`, '@@ -1 +1 @@', '-one', '+ONE',
    `diff --git ${b} ${b}`, 'new file mode 100644', '--- /dev/null', `+++ ${b}`, '@@ -0,0 +1 @@', '+# Two', '',
  ].join('\n');
  const changes: ToolCallContent = { type: 'file_changes', changes: [{ operation: 'modify', path: a }, { operation: 'add', path: b }], patch: { format: 'git_patch', text: patch } };
  const before = vscode.window.tabGroups.all.flatMap((g) => g.tabs).length;
  assert.equal(await chat.diffs.open(call(changes), 0), true);
  const tab = await until('the multi-file diff tab', () => {
    const active = vscode.window.tabGroups.activeTabGroup.activeTab;
    return active && /Agent edit \(2 files\)/.test(active.label) ? active : undefined;
  });
  assert.ok(vscode.window.tabGroups.all.flatMap((g) => g.tabs).length > before, `a tab opened (${tab.label})`);
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  assert.equal(await chat.diffs.open(call({ type: 'file_changes', changes: [{ operation: 'delete', path: a }] }), 0), false);
});
