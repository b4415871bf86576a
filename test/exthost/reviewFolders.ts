/**
 * Workspace folders added and removed while a turn runs, in a real VS Code: a folder removed
 * mid-turn still has its changes from its snapshot (never named "outside the workspace"), and a
 * folder added mid-turn (no snapshot before the prompt) lists what the agent reported there.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { Snapshotter } from '../../src/checkpoints/snapshotter.js';
import { CheckpointService, findChanges } from '../../src/vscode/review/checkpointService.js';
import { ChatThread } from '../../src/vscode/thread/chatThread.js';
import { ThreadStore } from '../../src/vscode/thread/threadStore.js';
import { test } from './harness.js';

test('review: a folder removed mid-turn keeps its changes from its snapshot; one added mid-turn lists what the agent reported', async () => {
  const base = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-folders-')));
  const removed = path.join(base, 'removed');
  const added = path.join(base, 'added');
  await fsp.mkdir(removed);
  await fsp.mkdir(added);
  await fsp.writeFile(path.join(removed, 'x.txt'), 'one\n');
  await fsp.writeFile(path.join(added, 'y.txt'), 'old\n');
  let roots = [removed];
  const checkpoints = new CheckpointService(new Snapshotter({ storageDir: path.join(base, 'storage') }), () => roots);
  const memento: vscode.Memento = { get: () => undefined, update: async () => undefined, keys: () => [] };
  const thread = new ChatThread(new ThreadStore(memento), false);
  try {
    const before = await checkpoints.beforePrompt(thread);
    assert.deepEqual(before.map((r) => r.root), [removed]);
    thread.apply({ kind: 'prompt_sent', turnId: 't1', content: [{ type: 'text', text: 'edit both' }] });
    thread.apply({ kind: 'checkpoint', turnId: 't1', snapshots: before });
    // The agent writes through the client in the first folder, which is then removed from the
    // workspace; a second folder is added and the agent writes there too.
    await fsp.writeFile(path.join(removed, 'x.txt'), 'two\n');
    thread.apply({ kind: 'file_written', path: path.join(removed, 'x.txt'), oldText: 'one\n', newText: 'two\n' });
    roots = [added];
    await fsp.writeFile(path.join(added, 'y.txt'), 'new\n');
    thread.apply({ kind: 'file_written', path: path.join(added, 'y.txt'), oldText: 'old\n', newText: 'new\n' });
    thread.apply({ kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' });
    await checkpoints.afterTurn(thread, 't1', before);

    const row = findChanges(thread, 't1');
    assert.ok(row, 'the turn has a changes row');
    assert.deepEqual(row.files.map((f) => [f.root, f.path, f.status, f.source ?? 'disk']), [
      [removed, 'x.txt', 'modified', 'disk'],
      [added, 'y.txt', 'modified', 'reported'],
    ]);
  } finally {
    thread.dispose();
    await fsp.rm(base, { recursive: true, force: true });
  }
}, 60_000);
