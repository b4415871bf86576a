/**
 * Undo of one hunk of a turn's change in a real VS Code: the hunk goes back through a
 * WorkspaceEdit, the other hunk stays, nothing is left unsaved, the counts the review shows
 * follow — and a line the user rewrote since the turn is theirs until they say otherwise.
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
import type { ConflictAsker } from '../../src/vscode/review/carryBack.js';
import type { ChangedFile } from '../../src/protocol/events.js';

interface TurnFixture { root: string; abs: string; snapshots: Snapshotter; before: string; after: string; file: ChangedFile }

/** A file in the workspace changed by a "turn" from `before` to `after`, with both snapshots taken; cleaned up after `run`. */
async function withTurn(folderName: string, before: string, after: string, run: (t: TurnFixture) => Promise<void>): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  const root = folder.uri.fsPath;
  const rel = path.join(folderName, 'file.txt');
  const abs = path.join(root, rel);
  await fsp.mkdir(path.dirname(abs), { recursive: true });
  await fsp.writeFile(abs, before);
  const storageDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'exthost-review-'));
  const snapshots = new Snapshotter({ storageDir });
  try {
    const snap = await snapshots.take(root, 'before the turn');
    await fsp.writeFile(abs, after);
    const end = await snapshots.take(root, 'after the turn');
    const hunks = hunkViews(before, after);
    const file: ChangedFile = { root, path: rel.split(path.sep).join('/'), status: 'modified', added: 0, deleted: 0, binary: false, hunks };
    await run({ root, abs, snapshots, before: snap.id, after: end.id, file });
  } finally {
    await fsp.rm(path.dirname(abs), { recursive: true, force: true });
    await fsp.rm(storageDir, { recursive: true, force: true });
  }
}

const noQuestions: ConflictAsker = async (conflicts) => assert.fail(`asked about ${conflicts.map((c) => c.path).join(', ')} although nobody edited them`);

test('review: Undo this hunk puts back one hunk of a file through the editor and saves it', async () => {
  const before = 'one\r\ntwo\r\nthree\r\nfour\r\nfive\r\nsix\r\nseven\r\neight\r\n';
  const after = 'ONE\r\ntwo\r\nthree\r\nfour\r\nfive\r\nsix\r\nseven\r\nEIGHT\r\nnine\r\n';
  await withTurn('exthost-review', before, after, async ({ abs, snapshots, before: snap, after: end, file }) => {
    const hunks = file.hunks!;
    assert.equal(hunks.length, 2);
    const r = await undoHunkOf(snapshots, file, snap, end, hunks[1]!, 'Undo this hunk', noQuestions);
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual([r.added, r.deleted, r.hunks.length], [1, 1, 1]);
    assert.equal(await fsp.readFile(abs, 'utf8'), 'ONE\r\ntwo\r\nthree\r\nfour\r\nfive\r\nsix\r\nseven\r\neight\r\n', 'CRLF kept, the first hunk stays');
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === abs);
    assert.notEqual(doc?.isDirty, true, 'nothing left unsaved');
    // The same hunk a second time is gone: nothing is written.
    const row = { ...file, hunks: r.hunks };
    const again = await undoHunkOf(snapshots, row, snap, end, hunks[1]!, 'Undo this hunk', noQuestions);
    assert.deepEqual(again, { ok: false, reason: 'gone' });
    const last = await undoHunkOf(snapshots, row, snap, end, hunks[0]!, 'Undo this hunk', noQuestions);
    assert.ok(last.ok && last.hunks.length === 0);
    assert.equal(await fsp.readFile(abs, 'utf8'), before);
  });
}, 120_000);

test('review: Undo this hunk keeps the user\'s saved edit of the same line unless they say take the earlier version', async () => {
  const before = 'a\nb\nc\nd\ne\nf\ng\n';
  await withTurn('exthost-review-mine', before, 'A\nb\nc\nd\ne\nf\nG\n', async ({ abs, snapshots, before: snap, after: end, file }) => {
    const hunks = file.hunks!;
    // The user rewrites the line of the first hunk (same number of lines) in the editor and saves.
    const doc = await vscode.workspace.openTextDocument(abs);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(0, 0, 0, 1), 'mine');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await doc.save());
    const asked: string[] = [];
    const keep: ConflictAsker = async (conflicts) => { asked.push(...conflicts.map((c) => c.path)); return 'keep'; };
    const kept = await undoHunkOf(snapshots, file, snap, end, hunks[0]!, 'Undo this hunk', keep);
    assert.deepEqual(kept, { ok: false, reason: 'kept' });
    assert.deepEqual(asked, [file.path], 'the user was asked about the file');
    assert.equal(await fsp.readFile(abs, 'utf8'), 'mine\nb\nc\nd\ne\nf\nG\n', 'their line is still there');
    // The other hunk's lines were not touched by the user: it goes back, their line stays.
    const clean = await undoHunkOf(snapshots, file, snap, end, hunks[1]!, 'Undo this hunk', noQuestions);
    assert.ok(clean.ok, JSON.stringify(clean));
    assert.equal(await fsp.readFile(abs, 'utf8'), 'mine\nb\nc\nd\ne\nf\ng\n');
    // Taking the earlier version is the user's call, and only then is their line replaced.
    const take = await undoHunkOf(snapshots, { ...file, hunks: clean.ok ? clean.hunks : [] }, snap, end, hunks[0]!, 'Undo this hunk', async () => 'take');
    assert.ok(take.ok, JSON.stringify(take));
    assert.equal(await fsp.readFile(abs, 'utf8'), before);
  });
}, 120_000);
