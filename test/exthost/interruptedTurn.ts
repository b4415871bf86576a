/**
 * A turn cut short by a window reload, in a real VS Code with a real agent: the agent has
 * edited a file by itself when the window goes away mid-turn; the next window brings the tab
 * back with that turn's changes row (from the message's checkpoint to the disk) under a note
 * saying the turn was cut short.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Snapshotter } from '../../src/checkpoints/snapshotter.js';
import { TranscriptStore } from '../../src/history/store.js';
import type { ChangesEntry, UserEntry } from '../../src/thread/types.js';
import { CheckpointService } from '../../src/vscode/review/checkpointService.js';
import { ReviewActions } from '../../src/vscode/review/reviewActions.js';
import { testAgent } from './agents.js';
import { test, until } from './harness.js';
import { closeWindow, openWindow, withAgentSettings, WorkspaceMemento } from './windows.js';

test('review: a turn cut short by a reload gets its changes row in the next window, under a note', async () => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  const root = folder.uri.fsPath;
  // The edits agent works in the session's folder: the workspace root.
  const files = ['a.txt', 'b.txt', 'go'].map((f) => path.join(root, f));
  await fsp.writeFile(files[0]!, 'one\ntwo\nthree\n');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-interrupted-'));
  const transcripts = new TranscriptStore(path.join(dir, 'transcripts'), { debounceMs: 50 });
  const checkpoints = new CheckpointService(new Snapshotter({ storageDir: path.join(dir, 'snapshots') }), () => [root]);
  const review = { checkpoints, actions: new ReviewActions(checkpoints) };
  const edits = testAgent('interrupted edits (exthost)', 'edits');
  try {
    await withAgentSettings([edits], async () => {
      const state = new WorkspaceMemento();
      const first = await openWindow(state, transcripts, undefined, review);
      assert.equal((await first.context.start(edits)).state, 'ready');
      // `stepwise` edits a.txt, then holds the turn until a file `go` appears (it never will).
      void first.context.send({ text: 'stepwise', attachments: [], images: [] });
      await until('the agent edited a.txt', async () => (await fsp.readFile(files[0]!, 'utf8')).includes('TWO'), 20_000);
      await until('the message has its checkpoint', () => first.context.entries.some((e) => e.type === 'user' && e.checkpoint?.length));
      await closeWindow(first, transcripts);

      const second = await openWindow(state, transcripts, undefined, review);
      await second.context.restored;
      const row = await until('the changes row of the cut-short turn', () =>
        second.context.entries.find((e): e is ChangesEntry => e.type === 'changes' && e.files.some((f) => f.path === 'a.txt')), 20_000);
      assert.deepEqual(row.files.map((f) => [f.path, f.status, f.added, f.deleted]), [['a.txt', 'modified', 1, 1]]);
      const user = second.context.entries.find((e): e is UserEntry => e.type === 'user');
      assert.equal(row.turnId, user?.turnId, 'the row belongs to the cut-short message');
      const rows = second.context.entries.map((e) => e.type);
      const note = second.context.entries.findIndex((e) => e.type === 'notice' && e.title === 'This turn was cut short when the window closed');
      assert.ok(note >= 0 && note === rows.lastIndexOf('changes') - 1, `the note stands right above the row (${rows.join(', ')})`);
      await closeWindow(second, transcripts);

      // Computed once: the next window shows the saved row and no second note.
      const third = await openWindow(state, transcripts, undefined, review);
      await third.context.restored;
      await until('the saved rows are back', () => third.context.entries.some((e) => e.type === 'changes'));
      // The turn has its row now, so the restore decides at once (synchronously) not to compute again.
      assert.equal(third.context.entries.filter((e) => e.type === 'notice' && e.title === 'This turn was cut short when the window closed').length, 1);
      assert.equal(third.context.entries.filter((e) => e.type === 'changes').length, 1);
      await closeWindow(third, transcripts);
    });
  } finally {
    for (const f of files) await fsp.rm(f, { force: true });
    await fsp.rm(dir, { recursive: true, force: true });
  }
}, 90_000);
