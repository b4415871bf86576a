/**
 * The review of a whole turn in a real VS Code: the changes row counts while the turn's list may
 * still grow and stops at the final list; Review opens every file of the turn at once in the
 * multi-file diff editor; one file from its row opens on its own in the diff editor.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Snapshotter } from '../../src/checkpoints/snapshotter.js';
import { CheckpointService, findChanges } from '../../src/vscode/review/checkpointService.js';
import { ReviewActions } from '../../src/vscode/review/reviewActions.js';
import { ChatThread } from '../../src/vscode/thread/chatThread.js';
import { ThreadStore } from '../../src/vscode/thread/threadStore.js';
import { test, until } from './harness.js';

test('review: the row counts until the final list; Review opens every file in the multi-file diff editor, a row one file on its own', async () => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  const root = folder.uri.fsPath;
  const dir = path.join(root, 'exthost-review-all');
  const at = (name: string) => path.join(dir, name);
  await fsp.mkdir(dir, { recursive: true });
  await fsp.writeFile(at('a.txt'), 'one\n');
  await fsp.writeFile(at('c.txt'), 'to delete\n');
  const storageDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'exthost-review-all-'));
  const memento: vscode.Memento = { get: () => undefined, update: async () => undefined, keys: () => [] };
  const thread = new ChatThread(new ThreadStore(memento), false);
  const infos: string[] = [];
  const window = vscode.window as unknown as { showInformationMessage: (...args: unknown[]) => Thenable<unknown> };
  const original = window.showInformationMessage;
  window.showInformationMessage = (...args: unknown[]) => { infos.push(String(args[0])); return Promise.resolve(undefined); };
  try {
    const checkpoints = new CheckpointService(new Snapshotter({ storageDir }), () => [root]);
    const before = await checkpoints.beforePrompt(thread);
    thread.apply({ kind: 'prompt_sent', turnId: 't1', content: [{ type: 'text', text: 'edit three files' }] });
    thread.apply({ kind: 'checkpoint', turnId: 't1', snapshots: before });
    await fsp.writeFile(at('a.txt'), 'two\n');
    // The live count saw the first file; the rest lands after it (a write the agent did not wait for).
    const rel = (name: string) => `exthost-review-all/${name}`;
    thread.apply({ kind: 'turn_changes', turnId: 't1', files: [{ root, path: rel('a.txt'), status: 'modified', added: 1, deleted: 1, binary: false }], counting: true });
    assert.equal(findChanges(thread, 't1')?.counting, true, 'the row says it is still counting');
    await fsp.writeFile(at('b.txt'), 'new\n');
    await fsp.rm(at('c.txt'));
    thread.apply({ kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' });
    await checkpoints.afterTurn(thread, 't1', before);
    const row = findChanges(thread, 't1');
    assert.equal(row?.counting, undefined, 'the final list: no longer counting');
    assert.deepEqual(row?.files.map((f) => [f.path, f.status]).sort(), [[rel('a.txt'), 'modified'], [rel('b.txt'), 'added'], [rel('c.txt'), 'deleted']]);

    const review = new ReviewActions(checkpoints);
    await review.run(thread, 't1', 'review');
    const all = await until('the multi-file diff tab', () => {
      const active = vscode.window.tabGroups.activeTabGroup.activeTab;
      return active && /^Changes of the turn \(3 files\)/.test(active.label) ? active : undefined;
    });
    assert.equal(all.input instanceof vscode.TabInputTextDiff, false, 'one editor for all the files, not a diff of one');

    await review.run(thread, 't1', 'review', root, rel('a.txt'));
    const one = await until('the diff tab of a.txt', () => {
      const active = vscode.window.tabGroups.activeTabGroup.activeTab;
      return active?.input instanceof vscode.TabInputTextDiff && active.label.startsWith(rel('a.txt')) ? active : undefined;
    });
    assert.equal((one.input as vscode.TabInputTextDiff).modified.fsPath, at('a.txt'));
    assert.deepEqual(infos, [], 'nothing to say: every file had its diff');
  } finally {
    window.showInformationMessage = original;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    thread.dispose();
    await fsp.rm(dir, { recursive: true, force: true });
    await fsp.rm(storageDir, { recursive: true, force: true });
  }
}, 90_000);
