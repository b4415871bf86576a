/**
 * Undo of one hunk of a turn's change in a real VS Code: the hunk goes back through a
 * WorkspaceEdit on the file's document, the other hunk stays, the file is saved, and the
 * counts the review shows follow.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Snapshotter } from '../../src/checkpoints/snapshotter.js';
import { hunkViews } from '../../src/checkpoints/hunks.js';
import { undoHunkOf } from '../../src/vscode/review/hunkUndo.js';
import { test } from './harness.js';

test('review: Undo this hunk puts back one hunk of a file through the editor and saves it', async () => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  const root = folder.uri.fsPath;
  const rel = path.join('exthost-review', 'hunks.txt');
  const abs = path.join(root, rel);
  const before = 'one\r\ntwo\r\nthree\r\nfour\r\nfive\r\nsix\r\nseven\r\neight\r\n';
  const after = 'ONE\r\ntwo\r\nthree\r\nfour\r\nfive\r\nsix\r\nseven\r\nEIGHT\r\nnine\r\n';
  await fsp.mkdir(path.dirname(abs), { recursive: true });
  await fsp.writeFile(abs, before);
  const storageDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'exthost-review-'));
  const snapshots = new Snapshotter({ storageDir });
  try {
    const snap = await snapshots.take(root, 'before the turn');
    await fsp.writeFile(abs, after);
    const hunks = hunkViews(before, after);
    assert.equal(hunks.length, 2);
    const file = { root, path: rel.split(path.sep).join('/'), status: 'modified' as const, added: 3, deleted: 2, binary: false };
    const r = await undoHunkOf(snapshots, file, snap.id, hunks[1]!);
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual([r.added, r.deleted, r.hunks.length], [1, 1, 1]);
    assert.equal(await fsp.readFile(abs, 'utf8'), 'ONE\r\ntwo\r\nthree\r\nfour\r\nfive\r\nsix\r\nseven\r\neight\r\n', 'CRLF kept, the first hunk stays');
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === abs);
    assert.equal(doc?.isDirty, false, 'saved');
    // The same hunk a second time is gone: nothing is written.
    const again = await undoHunkOf(snapshots, file, snap.id, hunks[1]!);
    assert.deepEqual(again, { ok: false, reason: 'gone' });
    const last = await undoHunkOf(snapshots, file, snap.id, hunks[0]!);
    assert.ok(last.ok && last.hunks.length === 0);
    assert.equal(await fsp.readFile(abs, 'utf8'), before);
  } finally {
    await fsp.rm(path.dirname(abs), { recursive: true, force: true });
    await fsp.rm(storageDir, { recursive: true, force: true });
  }
}, 120_000);
