/**
 * A worktree thread's changes, as a list: what its branch changed against where it started,
 * each file opening its diff (base ↔ the worktree's file), and the ways on — Apply to my
 * folder, Commit on the branch, Open the worktree in a new window, Discard.
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import { readObjects } from '../../checkpoints/git.js';
import type { BranchChange } from '../../worktrees/changes.js';
import type { WorktreeRef } from '../../worktrees/types.js';
import { reportedUri } from '../review/snapshotDocuments.js';
import { CommandId } from '../commandIds.js';
import type { WorktreeService } from './worktreeService.js';

type Item = vscode.QuickPickItem & { change?: BranchChange; command?: string };

export async function showBranchChanges(service: WorktreeService, ref: WorktreeRef, tabId: string | undefined): Promise<void> {
  const { changes } = await service.changes(ref);
  const actions: Item[] = [
    { label: `$(check) ${vscode.l10n.t('Apply to my folder')}`, command: CommandId.applyWorktree },
    { label: `$(git-commit) ${vscode.l10n.t('Commit on the branch')}`, command: CommandId.commitWorktree },
    { label: `$(empty-window) ${vscode.l10n.t('Open the worktree in a new window')}`, command: CommandId.openWorktree },
    { label: `$(trash) ${vscode.l10n.t('Discard')}`, command: CommandId.discardWorktree },
  ];
  const files: Item[] = changes.map((change) => ({
    label: `$(${change.status === 'added' ? 'diff-added' : change.status === 'deleted' ? 'diff-removed' : 'diff-modified'}) ${change.path}`,
    description: change.binary ? vscode.l10n.t('binary') : `+${change.added} −${change.deleted}`,
    change,
  }));
  const pick = await vscode.window.showQuickPick<Item>([
    ...actions,
    { label: changes.length ? (changes.length === 1 ? vscode.l10n.t('1 file changed on {0}', ref.branch) : vscode.l10n.t('{0} files changed on {1}', changes.length, ref.branch)) : vscode.l10n.t('No changes on {0} yet', ref.branch), kind: vscode.QuickPickItemKind.Separator },
    ...files,
  ], { title: vscode.l10n.t('Worktree {0}', ref.branch), placeHolder: vscode.l10n.t('Pick a file to see its diff, or what to do with the changes') });
  if (!pick) return;
  if (pick.command) await vscode.commands.executeCommand(pick.command, tabId);
  else if (pick.change) await openChangeDiff(ref, pick.change);
}

/** The file at the branch's start ↔ the worktree's file now. */
export async function openChangeDiff(ref: WorktreeRef, change: BranchChange): Promise<void> {
  const base = (await readObjects([], [`${ref.base}:${change.path}`], { cwd: ref.path })).get(`${ref.base}:${change.path}`);
  const left = reportedUri(change.path, base ? base.body.toString('utf8') : '');
  const right = change.status === 'deleted' ? reportedUri(change.path, '') : vscode.Uri.file(join(ref.path, change.path));
  await vscode.commands.executeCommand('vscode.diff', left, right, vscode.l10n.t('{0} (start of {1} ↔ agent\'s)', change.path, ref.branch), { preview: true });
}
