/**
 * Undo of a file the agent reported changing where no snapshot was taken, in a real VS Code:
 * the old text goes back through the editor while the disk holds what the agent reported; a
 * file changed since is named in a warning and left as it is.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ChangedFile } from '../../src/protocol/events.js';
import { undoReported } from '../../src/vscode/review/reportedUndo.js';
import { test } from './harness.js';

test('review: Undo of a reported file writes the reported old text back, or says it changed since and leaves it', async () => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  const root = folder.uri.fsPath;
  const dir = path.join(root, 'exthost-reported');
  await fsp.mkdir(dir, { recursive: true });
  const window = vscode.window as unknown as { showWarningMessage: (...args: unknown[]) => Thenable<unknown> };
  const original = window.showWarningMessage;
  const warned: string[] = [];
  window.showWarningMessage = (...args: unknown[]) => { warned.push(String(args[0])); return Promise.resolve(undefined); };
  try {
    const file = (name: string, oldText: string | null, newText: string | null): ChangedFile => ({
      root, path: `exthost-reported/${name}`, status: oldText === null ? 'added' : 'modified', added: 1, deleted: 1, binary: false, source: 'reported', reported: { oldText, newText },
    });
    await fsp.writeFile(path.join(dir, 'kept.txt'), 'reported edit\n');
    await fsp.writeFile(path.join(dir, 'created.txt'), 'new file\n');
    await fsp.writeFile(path.join(dir, 'edited.txt'), 'reported edit\nthen the user typed\n');
    const done = await undoReported([
      file('kept.txt', 'one\ntwo\n', 'reported edit\n'),
      file('created.txt', null, 'new file\n'),
      file('edited.txt', 'one\n', 'reported edit\n'),
    ]);
    assert.deepEqual(done, ['exthost-reported/kept.txt', 'exthost-reported/created.txt']);
    assert.equal(await fsp.readFile(path.join(dir, 'kept.txt'), 'utf8'), 'one\ntwo\n');
    assert.equal(await fsp.stat(path.join(dir, 'created.txt')).then(() => true, () => false), false, 'a file the agent created is removed');
    assert.equal(await fsp.readFile(path.join(dir, 'edited.txt'), 'utf8'), 'reported edit\nthen the user typed\n', 'changed since: left alone');
    assert.deepEqual(warned, ['Agent Chat: exthost-reported/edited.txt changed since the agent reported it; not undone.']);
  } finally {
    window.showWarningMessage = original;
    await fsp.rm(dir, { recursive: true, force: true });
  }
}, 60_000);
