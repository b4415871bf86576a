/**
 * The review of a turn's changes: every file at once in VS Code's multi-file diff editor, or one
 * in the diff editor (reviewDiffs.ts: left = the snapshot from before the turn, right = the file
 * on disk), Keep and Undo per file or for all of them.
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { ChangedFile } from '../../protocol/events.js';
import type { ChatThread } from '../thread/chatThread.js';
import type { CheckpointService } from './checkpointService.js';
import { findChanges, findUser } from './checkpointService.js';
import { openFileDiff, openTurnDiffs } from './reviewDiffs.js';
import { undoReported } from './reportedUndo.js';
import { goneMessage } from './snapshotGone.js';
import { undoFiles, type UndoTarget } from './undoFile.js';
import { undoHunkOf, type HunkTarget } from './hunkUndo.js';
import type { ConflictAsker } from './carryBack.js';
import { busyReason } from './turnBusy.js';
import { SnapshotIncomplete } from '../../checkpoints/restore.js';
import { lostMessage } from './restoreFlow.js';

export type ReviewAction = 'review' | 'keep' | 'undo';

export class ReviewActions {
  /** `ask` answers conflict questions (the modal dialog unless a test gives its own). */
  constructor(private readonly checkpoints: CheckpointService, private readonly ask?: ConflictAsker) {}

  /** The latest turn with changes in `thread`, for the palette command. */
  latestTurn(thread: ChatThread): string | undefined {
    for (let i = thread.entries.length - 1; i >= 0; i--) {
      const e = thread.entries[i]!;
      if (e.type === 'changes') return e.turnId;
    }
    return undefined;
  }

  async run(thread: ChatThread, turnId: string, action: ReviewAction, root?: string, path?: string): Promise<void> {
    const changes = findChanges(thread, turnId);
    if (!changes) return;
    // Files outside the workspace are only named: nothing to review against, keep or undo.
    const open = changes.files.filter((f) => !f.state && f.source !== 'outside');
    const one = path !== undefined ? changes.files.find((f) => f.path === path && (root === undefined || f.root === root)) : undefined;
    if (path !== undefined && (!one || one.source === 'outside')) return;
    switch (action) {
      case 'review':
        // One file from its row; otherwise every open file of the turn at once.
        if (one) await openFileDiff(this.checkpoints, thread, turnId, one);
        else if (!open.length) void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: every change of this turn is kept or undone.'));
        else await openTurnDiffs(this.checkpoints, thread, turnId, open);
        return;
      case 'keep':
        thread.apply({ kind: 'turn_file_settled', turnId, ...(one ? { path: one.path } : {}), state: 'kept' });
        return;
      case 'undo':
        if (busyReason(thread)) {
          void vscode.window.showInformationMessage(busyReason(thread)!);
          return;
        }
        await this.undo(thread, turnId, one ? [one] : open).catch(sayLost);
        return;
    }
  }

  /** "Undo this hunk": one hunk of one file back as it was before the turn; the row's counts follow. */
  async undoHunk(thread: ChatThread, turnId: string, root: string, path: string, target: HunkTarget): Promise<void> {
    const file = findChanges(thread, turnId)?.files.find((f) => f.root === root && f.path === path);
    const before = findUser(thread, turnId)?.checkpoint?.find((r) => r.root === root)?.id;
    const after = findChanges(thread, turnId)?.after?.find((r) => r.root === root)?.id;
    if (!file || file.state) return;
    if (busyReason(thread)) {
      void vscode.window.showInformationMessage(busyReason(thread)!);
      return;
    }
    if (!before || !after || !(await this.checkpoints.snapshots.exists(root, before)) || !(await this.checkpoints.snapshots.exists(root, after))) {
      void vscode.window.showWarningMessage(goneMessage('hunk', [], vscode.l10n.t));
      return;
    }
    const r = await undoHunkOf(this.checkpoints.snapshots, file, before, after, target, vscode.l10n.t('Undo this hunk'), this.ask)
      .catch((e: unknown) => { sayLost(e); return { ok: false as const, reason: 'no-snapshot' as const }; });
    if (!r.ok) {
      // The panel disabled the button when it was pressed: the same row again re-enables it.
      thread.apply({ kind: 'turn_file_updated', turnId, root, path, added: file.added, deleted: file.deleted, hunks: file.hunks ?? [] });
      if (r.reason === 'gone') void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: {0} changed since; that hunk is not there any more.', path));
      else if (r.reason === 'failed' || r.reason === 'no-snapshot') void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: the hunk could not be undone.'));
      return;
    }
    thread.apply({ kind: 'turn_file_updated', turnId, root, path, added: r.added, deleted: r.deleted, hunks: r.hunks });
  }

  /**
   * The review's diff of one absolute path the turn changed (from a tool card's Open diff):
   * false when the changes row does not list it, so the card's own diff opens instead.
   */
  async openReviewDiff(thread: ChatThread, turnId: string, absPath: string): Promise<boolean> {
    const file = findChanges(thread, turnId)?.files.find((f) => f.source !== 'outside' && join(f.root, f.path) === absPath);
    if (!file) return false;
    await openFileDiff(this.checkpoints, thread, turnId, file);
    return true;
  }

  private async undo(thread: ChatThread, turnId: string, files: readonly ChangedFile[]): Promise<void> {
    const reported = files.filter((f) => f.source === 'reported');
    if (reported.length) {
      for (const path of await undoReported(reported)) thread.apply({ kind: 'turn_file_settled', turnId, path, state: 'undone' });
    }
    const user = findUser(thread, turnId);
    const changes = findChanges(thread, turnId);
    const targets: UndoTarget[] = [];
    const gone = new Set<string>();
    for (const file of files) {
      if (file.source) continue;
      const before = user?.checkpoint?.find((r) => r.root === file.root)?.id;
      if (!before) continue;
      // A reopened thread whose snapshot was collected: say so rather than mark it undone.
      if (gone.has(file.root) || !(await this.checkpoints.snapshots.exists(file.root, before))) { gone.add(file.root); continue; }
      const after = changes?.after?.find((r) => r.root === file.root)?.id;
      targets.push({ file, before, ...(after ? { after } : {}) });
    }
    if (gone.size) void vscode.window.showWarningMessage(goneMessage('undo', [...gone], vscode.l10n.t) + (targets.length ? ` ${vscode.l10n.t('The files of the other folders are undone.')}` : ''));
    if (!targets.length) return;
    const r = await undoFiles(this.checkpoints.snapshots, targets, vscode.l10n.t('Undo'), this.ask);
    if (r.status === 'failed') void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: the undo could not be applied.'));
    // Files the user kept (or that changed meanwhile) stay open in the review.
    for (const f of r.undone ?? []) thread.apply({ kind: 'turn_file_settled', turnId, path: f.path, state: 'undone' });
  }
}

/** A checkpoint that lost a saved copy: say which files (nothing was written); anything else is not ours to swallow. */
function sayLost(e: unknown): void {
  if (!(e instanceof SnapshotIncomplete)) throw e;
  void vscode.window.showErrorMessage(lostMessage(e));
}
