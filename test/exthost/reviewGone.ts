/**
 * A thread reopened after its snapshot was collected, in a real VS Code: Review, Undo and
 * Restore to here on its changes row each say the snapshot is gone, and nothing is marked
 * undone or written.
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
import { test } from './harness.js';

test('review: a reopened thread whose snapshot is gone says so on Review, Undo and Restore, and changes nothing', async () => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  const root = folder.uri.fsPath;
  const rel = 'exthost-gone/a.txt';
  const abs = path.join(root, rel);
  await fsp.mkdir(path.dirname(abs), { recursive: true });
  await fsp.writeFile(abs, 'before\n');
  const storageDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'exthost-gone-'));
  const window = vscode.window as unknown as { showWarningMessage: (...args: unknown[]) => Thenable<unknown> };
  const original = window.showWarningMessage;
  const warned: string[] = [];
  window.showWarningMessage = (...args: unknown[]) => { warned.push(String(args[0])); return Promise.resolve(undefined); };
  const memento: vscode.Memento = { get: () => undefined, update: async () => undefined, keys: () => [] };
  const thread = new ChatThread(new ThreadStore(memento), false);
  try {
    const snap = await new Snapshotter({ storageDir }).take(root, 'before a prompt');
    await fsp.writeFile(abs, 'after\n');
    thread.apply({ kind: 'prompt_sent', turnId: 't1', content: [{ type: 'text', text: 'edit a.txt' }] });
    thread.apply({ kind: 'checkpoint', turnId: 't1', snapshots: [{ root, id: snap.id }] });
    thread.apply({ kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' });
    thread.apply({ kind: 'turn_changes', turnId: 't1', files: [{ root, path: rel, status: 'modified', added: 1, deleted: 1, binary: false }] });

    // The next window: the storage was cleared; the thread still names the snapshot.
    await fsp.rm(storageDir, { recursive: true, force: true });
    const checkpoints = new CheckpointService(new Snapshotter({ storageDir }), () => [root]);
    const review = new ReviewActions(checkpoints);
    await review.run(thread, 't1', 'review', root, rel);
    await review.run(thread, 't1', 'undo', root, rel);
    assert.equal(await checkpoints.restore(thread, 't1'), 'cancelled');
    assert.deepEqual(warned, [
      'Agent Chat: the snapshot from before this turn is gone (collected or storage cleared); the diff cannot be shown.',
      `Agent Chat: the snapshot of ${root} is gone (collected or storage cleared); nothing was undone.`,
      `Agent Chat: the snapshot of ${root} is gone (collected or storage cleared); nothing was restored.`,
    ]);
    assert.equal(findChanges(thread, 't1')?.files[0]?.state, undefined, 'not marked undone');
    assert.equal(await fsp.readFile(abs, 'utf8'), 'after\n', 'nothing written');
  } finally {
    window.showWarningMessage = original;
    thread.dispose();
    await fsp.rm(path.dirname(abs), { recursive: true, force: true });
    await fsp.rm(storageDir, { recursive: true, force: true });
  }
}, 60_000);
