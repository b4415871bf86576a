/**
 * What the review shows of a turn's changed files: one file in the diff editor (its row's path
 * pressed), every open file of the turn at once in VS Code's multi-file diff editor (Review, and
 * Agent Chat: Review Changes), as Source Control's "Open Changes" does. Left: the file before
 * the turn (its snapshot, or the text the agent reported where no snapshot was taken); right:
 * the file now.
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { ChangedFile } from '../../protocol/events.js';
import type { ChatThread } from '../thread/chatThread.js';
import type { CheckpointService } from './checkpointService.js';
import { findUser } from './checkpointService.js';
import { reportedUri, snapshotUri } from './snapshotDocuments.js';
import { goneMessage } from './snapshotGone.js';

/** One file's diff, or why there is none. */
type Sides =
  | { kind: 'diff'; file: ChangedFile; resource: vscode.Uri; left: vscode.Uri; right: vscode.Uri; title: string }
  /** The snapshot from before the turn is gone (collected, or the storage cleared). */
  | { kind: 'gone'; file: ChangedFile }
  /** Only the name is known (the agent reported it without its texts): the file itself is what there is. */
  | { kind: 'name'; file: ChangedFile; resource: vscode.Uri };

async function sidesOf(checkpoints: CheckpointService, thread: ChatThread, turnId: string, f: ChangedFile): Promise<Sides> {
  const now = vscode.Uri.file(join(f.root, f.path));
  if (f.source === 'reported') {
    if (!f.reported) return { kind: 'name', file: f, resource: now };
    const left = reportedUri(f.path, f.reported.oldText ?? '');
    const right = f.reported.newText === null ? reportedUri(f.path, '') : now;
    return { kind: 'diff', file: f, resource: now, left, right, title: vscode.l10n.t('{0} (as the agent reported it ↔ now; no snapshot)', f.path) };
  }
  const before = findUser(thread, turnId)?.checkpoint?.find((r) => r.root === f.root);
  if (!before || !(await checkpoints.snapshots.exists(f.root, before.id))) return { kind: 'gone', file: f };
  const left = snapshotUri(f.root, before.id, f.oldPath ?? f.path);
  const right = f.status === 'deleted' ? snapshotUri(f.root, 'empty', f.path) : now;
  return { kind: 'diff', file: f, resource: now, left, right, title: vscode.l10n.t('{0} (before the turn ↔ now)', f.path) };
}

/** One file in the diff editor. */
export async function openFileDiff(checkpoints: CheckpointService, thread: ChatThread, turnId: string, f: ChangedFile): Promise<void> {
  const sides = await sidesOf(checkpoints, thread, turnId, f);
  switch (sides.kind) {
    case 'diff':
      await vscode.commands.executeCommand('vscode.diff', sides.left, sides.right, sides.title);
      return;
    case 'gone':
      void vscode.window.showWarningMessage(goneMessage('diff', [], vscode.l10n.t));
      return;
    case 'name':
      if (f.status !== 'deleted') await vscode.commands.executeCommand('vscode.open', sides.resource);
      else void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: the agent reported deleting {0}; there is no snapshot to show it from.', f.path));
  }
}

/**
 * Every file at once in the multi-file diff editor (one file: the diff editor). Files without a
 * diff are named in a message instead: a snapshot that is gone, or a file known by name only.
 */
export async function openTurnDiffs(checkpoints: CheckpointService, thread: ChatThread, turnId: string, files: readonly ChangedFile[]): Promise<void> {
  if (files.length === 1) return openFileDiff(checkpoints, thread, turnId, files[0]!);
  const all = await Promise.all(files.map((f) => sidesOf(checkpoints, thread, turnId, f)));
  const diffs = all.flatMap((s) => (s.kind === 'diff' ? [s] : []));
  const gone = all.filter((s) => s.kind === 'gone');
  const named = all.filter((s) => s.kind === 'name').map((s) => s.file.path);
  if (gone.length) void vscode.window.showWarningMessage(goneMessage('diff', [...new Set(gone.map((s) => s.file.root))], vscode.l10n.t));
  if (named.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: {0} not shown in the diff: the agent reported only the name, not the text.', named.join(', ')));
  }
  if (diffs.length === 0) return;
  const title = vscode.l10n.t('Changes of the turn ({0} files)', diffs.length);
  await vscode.commands.executeCommand('vscode.changes', title, diffs.map((s) => [s.resource, s.left, s.right]));
}
