/**
 * The worktree commands: New Session in a Worktree, the thread's changes, Apply to my folder,
 * Commit on the branch, Open the worktree in a new window, Discard. Each acts on the tab given
 * (the tab strip, a test) or the shown one, and says so when that tab has no worktree.
 */
import * as vscode from 'vscode';
import type { AgentChatContext } from '../context.js';
import { CommandId, ContextKey } from '../commandIds.js';
import { DisposableScope } from '../disposables.js';
import { errorText } from '../errorText.js';
import type { WorktreeRef } from '../../worktrees/types.js';
import type { WorktreeService } from './worktreeService.js';
import { newWorktreeSession, parseWorktreeSessionArgs } from './newWorktreeSession.js';
import { applySummary, applyWorktree } from './applyWorktree.js';
import { discardWorktree } from './closeWorktree.js';
import { showBranchChanges } from './branchChangesPick.js';

export function registerWorktreeCommands(context: AgentChatContext, service: WorktreeService, reveal: () => Promise<void>): vscode.Disposable {
  const scope = new DisposableScope();
  const register = (id: string, run: (...args: unknown[]) => unknown) => scope.add(vscode.commands.registerCommand(id, run));
  const worktreeOf = (tabId: unknown): { ref: WorktreeRef; tabId: string | undefined } | undefined => {
    const id = typeof tabId === 'string' ? tabId : undefined;
    const ref = context.worktreeOf(id);
    if (ref) return { ref, tabId: id };
    void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: this chat does not work in a worktree. Use "New Session in a Worktree" to start one.'));
    return undefined;
  };

  register(CommandId.newWorktreeSession, async (args?: unknown) => {
    await reveal();
    return newWorktreeSession(context, service, parseWorktreeSessionArgs(args));
  });
  register(CommandId.worktreeChanges, async (tabId?: unknown) => {
    const found = worktreeOf(tabId);
    if (found) await showBranchChanges(service, found.ref, found.tabId);
  });
  register(CommandId.applyWorktree, async (tabId?: unknown) => {
    const found = worktreeOf(tabId);
    if (!found) return undefined;
    const result = await applyWorktree(service, found.ref).catch((error: unknown) => {
      void vscode.window.showErrorMessage(vscode.l10n.t('Agent Chat: Apply failed: {0}', errorText(error)));
      return undefined;
    });
    if (!result) return undefined;
    const summary = applySummary(result, found.ref);
    if (result.status === 'done' && !result.kept.length && !result.compared.length) {
      const discard = vscode.l10n.t('Discard the worktree');
      void vscode.window.showInformationMessage(summary, discard).then((answer) => {
        if (answer === discard) void vscode.commands.executeCommand(CommandId.discardWorktree, found.tabId);
      });
    } else void vscode.window.showInformationMessage(summary);
    return result;
  });
  register(CommandId.discardWorktree, async (tabId?: unknown) => {
    const found = worktreeOf(tabId);
    if (!found) return false;
    const notice = {
      title: vscode.l10n.t('Worktree {0} discarded', found.ref.branch),
      detail: vscode.l10n.t('Its folder and branch are gone. A new message here starts a session in your own folder.'),
    };
    return discardWorktree(service, found.ref, () => context.releaseWorktree(found.ref.path, notice));
  });
  register(CommandId.commitWorktree, async (tabId?: unknown) => {
    const found = worktreeOf(tabId);
    if (!found) return undefined;
    const message = await vscode.window.showInputBox({ title: vscode.l10n.t('Commit on {0}', found.ref.branch), prompt: vscode.l10n.t('Commit message'), value: vscode.l10n.t('Agent work on {0}', found.ref.branch) });
    if (!message) return undefined;
    const commit = await service.commit(found.ref, message).catch((error: unknown) => {
      void vscode.window.showErrorMessage(vscode.l10n.t('Agent Chat: the commit failed: {0}', errorText(error)));
      return null;
    });
    if (commit === undefined) void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: nothing new to commit on {0}.', found.ref.branch));
    else if (commit) void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: committed {0} on {1}.', commit.slice(0, 8), found.ref.branch));
    return commit ?? undefined;
  });
  register(CommandId.openWorktree, async (tabId?: unknown) => {
    const found = worktreeOf(tabId);
    if (found) await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(found.ref.path), { forceNewWindow: true });
  });
  // The view's menu offers Apply and Discard while the shown tab has a worktree.
  let shown: boolean | undefined;
  const syncContextKey = () => {
    const has = context.worktreeOf() !== undefined;
    if (has === shown) return;
    shown = has;
    void vscode.commands.executeCommand('setContext', ContextKey.worktreeTab, has);
  };
  scope.add(context.onTabs(syncContextKey));
  syncContextKey();
  return scope;
}
