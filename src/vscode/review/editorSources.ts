/**
 * What the three-way plans read in the editor: snapshots from the private store, and "mine" —
 * an open editor's unsaved text when it has some (those bytes are the user's too), else the disk.
 */
import * as vscode from 'vscode';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Snapshotter } from '../../checkpoints/snapshotter.js';
import type { Sources } from '../../checkpoints/merge/plans.js';

export function openDocumentAt(abs: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.scheme === 'file' && d.uri.fsPath === abs);
}

export async function mineAt(abs: string): Promise<Uint8Array | undefined> {
  const doc = openDocumentAt(abs);
  if (doc?.isDirty) return new TextEncoder().encode(doc.getText());
  return readFile(abs).catch(() => undefined);
}

export function editorSources(snapshots: Snapshotter): Sources {
  return {
    snapshotFile: (root, id, path) => snapshots.readFile(root, id, path),
    mine: (root, path) => mineAt(join(root, path)),
    changedSince: async (root, id) => {
      const set = await snapshots.changes(root, id);
      return [...new Set(set.files.flatMap((f) => (f.oldPath ? [f.path, f.oldPath] : [f.path])))];
    },
    changedBetween: async (root, from, to) => {
      const set = await snapshots.between(root, from, to);
      return [...new Set(set.files.flatMap((f) => (f.oldPath ? [f.path, f.oldPath] : [f.path])))];
    },
  };
}
