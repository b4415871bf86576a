/**
 * Discard, and closing a worktree tab for good: the user confirms, the session working there
 * ends, then the worktree and its branch go (`git worktree list` and `git branch` as before the
 * thread). Closing the tab also offers to keep the branch, so work not applied can be had later.
 */
import * as vscode from 'vscode';
import type { WorktreeRef } from '../../worktrees/types.js';
import { errorText } from '../errorText.js';
import type { WorktreeService } from './worktreeService.js';

/** Asks before a discard; tests pass their own answer. */
export type DiscardConfirm = (ref: WorktreeRef, changed: number) => Promise<boolean>;

export async function confirmDiscard(ref: WorktreeRef, changed: number): Promise<boolean> {
  const discard = vscode.l10n.t('Discard');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Discard the worktree of {0}?', ref.branch),
    { modal: true, detail: changed
      ? (changed === 1 ? vscode.l10n.t('Its changed file that was not applied is lost. The worktree folder and the branch {0} are removed; your folder is not touched.', ref.branch) : vscode.l10n.t('Its {0} changed files that were not applied are lost. The worktree folder and the branch {1} are removed; your folder is not touched.', changed, ref.branch))
      : vscode.l10n.t('The worktree folder and the branch {0} are removed; your folder is not touched.', ref.branch) },
    discard);
  return answer === discard;
}

/** True once the worktree and branch are gone. */
export async function discardWorktree(service: WorktreeService, ref: WorktreeRef, endSession: () => Promise<void>, confirm: DiscardConfirm = confirmDiscard): Promise<boolean> {
  const changed = await service.changes(ref).then((c) => c.changes.length, () => 0);
  if (!(await confirm(ref, changed))) return false;
  await endSession();
  try {
    await service.remove(ref);
    return true;
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Agent Chat: the worktree {0} could not be removed: {1}', ref.path, errorText(error)));
    return false;
  }
}

/** Closing a worktree tab for good: discard it, keep its branch, or leave the tab open. */
export async function closeWorktreeTab(service: WorktreeService, ref: WorktreeRef, title: string, endSession: () => Promise<void>): Promise<boolean> {
  const changed = await service.changes(ref).then((c) => c.changes.length, () => 0);
  const discard = vscode.l10n.t('Discard');
  const keep = vscode.l10n.t('Keep the branch');
  let keepBranch = false;
  if (changed > 0) {
    const answer = await vscode.window.showWarningMessage(vscode.l10n.t('Close "{0}" and remove its worktree?', title), {
      modal: true,
      detail: (changed === 1 ? vscode.l10n.t('{0} has 1 changed file not applied to your folder. Discard: the worktree and the branch are removed and the change is lost. Keep the branch: the change is committed on {0} and only the worktree folder goes.', ref.branch) : vscode.l10n.t('{0} has {1} changed files not applied to your folder. Discard: the worktree and the branch are removed and the changes are lost. Keep the branch: the changes are committed on {0} and only the worktree folder goes.', ref.branch, changed)),
    }, discard, keep);
    if (answer === undefined) return false;
    keepBranch = answer === keep;
  }
  await endSession();
  try {
    if (keepBranch) await service.commit(ref, `Agent Chat: ${title}`);
    await service.remove(ref, keepBranch);
    if (keepBranch) void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: the work of "{0}" is on the branch {1}.', title, ref.branch));
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Agent Chat: the worktree {0} could not be removed: {1}', ref.path, errorText(error)));
  }
  return true;
}
