/** What the user is told about a folder that cannot have a worktree, or about what a worktree there will lack. */
import * as vscode from 'vscode';
import type { RepoProblem } from '../../worktrees/inspect.js';

export function problemText(problem: RepoProblem, folder: string): string {
  switch (problem.kind) {
    case 'git-missing': return vscode.l10n.t('git was not found on PATH, so no worktree can be made.');
    case 'not-a-repo': return vscode.l10n.t('{0} is not in a git repository, so the agent cannot get a worktree of its own.', folder);
    case 'bare': return vscode.l10n.t('{0} is a bare repository: there is no working tree to branch from.', folder);
    case 'no-commits': return vscode.l10n.t('The repository in {0} has no commit yet, and a worktree starts from a commit.', folder);
    case 'detached': return vscode.l10n.t('HEAD is detached at {0}: the new branch starts from that commit.', problem.commit.slice(0, 8));
    case 'shallow': return vscode.l10n.t('This is a shallow clone: the worktree works, but its history stops where the clone\'s does.');
    case 'submodules': return vscode.l10n.t('Submodules are not checked out in the worktree ({0}): their folders stay empty there, so the agent cannot read or change them.', problem.paths.slice(0, 5).join(', ') + (problem.paths.length > 5 ? ', …' : ''));
  }
}
