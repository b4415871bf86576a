/**
 * The editor tools in a real VS Code: an ACP v2 agent gets the `agent-chat-editor` MCP server
 * (dist/editor-tools.cjs, run by the extension host's binary), and what its tools read is the
 * editor's unsaved buffer and selection; a write goes through the editor, is saved, and the
 * turn's changes row lists it.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AgentChatApi } from '../../src/vscode/extension.js';
import { api, testAgent, textOf, turn } from './agents.js';
import { test, until } from './harness.js';

type ToolAnswer = { content: Array<{ text: string }>; isError?: boolean };

async function callTool(chat: AgentChatApi, tool: string, args: unknown): Promise<{ answer: ToolAnswer; rows: ReturnType<AgentChatApi['context']['entries']['slice']> }> {
  const rows = await turn(chat, `call ${tool} ${JSON.stringify(args)}`);
  const agent = rows.find((e) => e.type === 'agent');
  assert.ok(agent, `the agent answered ${tool}`);
  return { answer: JSON.parse(textOf(agent)) as ToolAnswer, rows };
}
const text = (a: ToolAnswer) => a.content.map((c) => c.text).join('');

test('editor tools: read_file returns the unsaved buffer, get_selection the selection, write_file lands in the changes row', async () => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  const dir = path.join(folder.uri.fsPath, 'exthost-editor-tools');
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, 'draft.ts');
  await fsp.writeFile(file, 'const onDisk = 1;\n');
  const chat = await api();
  let draft: vscode.TextDocument | undefined;
  try {
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
    assert.ok(await editor.edit((e) => e.replace(new vscode.Range(0, 0, 1, 0), 'const unsaved = 2;\nconst more = 3;\n')));
    draft = editor.document;
    assert.equal(editor.document.isDirty, true);
    editor.selection = new vscode.Selection(1, 6, 1, 10);

    assert.equal((await chat.context.start({ ...testAgent('editor tools (exthost)', 'editor-tools'), protocolVersion: 2 })).state, 'ready');
    const read = await callTool(chat, 'read_file', { path: file });
    assert.equal(text(read.answer), 'const unsaved = 2;\nconst more = 3;\n', 'the tool reads what the editor shows, not the disk');
    assert.equal(await fsp.readFile(file, 'utf8'), 'const onDisk = 1;\n');

    await vscode.window.showTextDocument(editor.document);
    const selection = await callTool(chat, 'get_selection', {});
    assert.equal(text(selection.answer), `${file}\nSelected from line 2, column 7 to line 2, column 11:\nmore`);

    const target = path.join(dir, 'written.ts');
    const wrote = await callTool(chat, 'write_file', { path: target, content: 'export const written = true;\n' });
    assert.equal(wrote.answer.isError, undefined, text(wrote.answer));
    assert.equal(await fsp.readFile(target, 'utf8'), 'export const written = true;\n', 'written through the editor and saved');
    const changes = await until('the changes row listing the written file', () =>
      chat.context.entries.find((e) => e.type === 'changes' && e.files.some((f) => f.path.endsWith('written.ts'))), 20_000);
    assert.ok(changes.type === 'changes');

    const refused = await callTool(chat, 'write_file', { path: path.join(folder.uri.fsPath, '..', 'escape.ts'), content: 'x' });
    assert.equal(refused.answer.isError, true);
    assert.match(text(refused.answer), /outside the workspace folders/);
  } finally {
    if (draft?.isDirty) {
      await vscode.window.showTextDocument(draft);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fsp.rm(dir, { recursive: true, force: true });
  }
}, 90_000);
