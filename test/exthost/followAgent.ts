/**
 * "Follow the agent" with the scripted agent's `read <path> <line>` (a tool call with that
 * location): on, the file opens as a preview at that line, without the focus leaving where it
 * was; off, nothing opens; a location outside the workspace never opens. The toggle command
 * flips the state the header shows.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { api, testAgent, turn } from './agents.js';
import { test, until } from './harness.js';

function workspaceDir(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  return folder.uri.fsPath;
}

async function scratchFile(name: string): Promise<string> {
  const file = path.join(workspaceDir(), 'exthost-scratch', name);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await fsp.writeFile(file, Array.from({ length: 80 }, (_, i) => `line ${i + 1} of ${name}`).join('\n'));
  return file;
}

const editorOf = (file: string) => vscode.window.visibleTextEditors.find((e) => e.document.uri.fsPath === file);

test('follow the agent: on, a tool call location opens at its line as a preview without taking the focus; off, nothing opens', async () => {
  const chat = await api();
  const [first, skipped, last] = await Promise.all(['follow-first.txt', 'follow-skipped.txt', 'follow-last.txt'].map(scratchFile));
  // A real file beside the workspace folder: it could be opened, but is not the workspace's.
  const outside = path.join(path.dirname(workspaceDir()), 'follow-outside.txt');
  await fsp.writeFile(outside, 'outside\n'.repeat(5));
  assert.equal((await chat.context.start(testAgent('follow scripted (exthost)', 'scripted'))).state, 'ready');
  await chat.context.newSession();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const wasOn = chat.follow.enabled;
  try {
    // The command flips it; the header hears of each change.
    const heard: boolean[] = [];
    const listening = chat.follow.onDidChange((on) => heard.push(on));
    await chat.follow.set(false);
    await vscode.commands.executeCommand('agentChat.toggleFollow');
    assert.equal(chat.follow.enabled, true);
    listening.dispose();
    assert.deepEqual(heard.at(-1), true);

    // On: the file opens at line 40, centred, as a preview, while the chat keeps the focus.
    await vscode.commands.executeCommand('agentChat.open');
    await until('the chat view to be visible', () => chat.view.visible);
    const before = chat.follow.revealCount;
    await turn(chat, 'read exthost-scratch/follow-first.txt 40');
    const editor = await until('the followed file in an editor', () => editorOf(first));
    assert.equal(editor.selection.active.line, 39, 'the cursor on the location\'s line');
    await until('line 40 revealed', () => editor.visibleRanges.some((r) => r.start.line <= 39 && r.end.line >= 39));
    const tab = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputText && t.input.uri.fsPath === first);
    assert.equal(tab?.isPreview, true, 'opened as a preview');
    await until('the reveal counted', () => chat.follow.revealCount === before + 1);
    assert.ok(chat.view.visible, 'the chat stays shown');

    // Off: the next location does not open. Then on again, a location outside the workspace
    // and one inside: only the inside one opens (reveals go in order, so once it is there the
    // others were passed over).
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('agentChat.toggleFollow');
    assert.equal(chat.follow.enabled, false);
    await turn(chat, 'read exthost-scratch/follow-skipped.txt 3');
    await chat.follow.set(true);
    await turn(chat, 'read ../follow-outside.txt 2');
    await turn(chat, 'read exthost-scratch/follow-last.txt 7');
    const lastEditor = await until('the last followed file in an editor', () => editorOf(last));
    assert.equal(lastEditor.selection.active.line, 6);
    await until('the last reveal counted', () => chat.follow.revealCount >= before + 2);
    assert.equal(chat.follow.revealCount, before + 2, 'only the first and the last location opened');
    for (const file of [skipped, outside]) {
      assert.equal(editorOf(file), undefined, `${path.basename(file)} not shown`);
    }
  } finally {
    await chat.follow.set(wasOn);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fsp.rm(outside, { force: true });
  }
}, 90_000);
