/**
 * New Session in a Worktree: the folder is checked (not a repository, bare, no commit, git
 * missing: say so and offer a normal session; detached HEAD, shallow clone, submodules: say
 * what the worktree will be like and let the user go on), uncommitted changes are carried only
 * when the user says so, the worktree is made with a progress notification, and a new tab's
 * session opens in it.
 */
import * as vscode from 'vscode';
import { isA2aConfig, type AgentConfig } from '../../agents/api.js';
import type { AgentChatContext } from '../context.js';
import { workspaceRoots } from '../editor/workspaceRoots.js';
import { errorText } from '../errorText.js';
import type { WorktreeService } from './worktreeService.js';
import { problemText } from './repoProblems.js';
import type { WorktreeRef } from '../../worktrees/types.js';

/** What a caller (a test, a keybinding) may decide in advance instead of being asked. */
export interface WorktreeSessionArgs {
  folder?: string;
  title?: string;
  carry?: boolean;
  agent?: string;
}

export function parseWorktreeSessionArgs(value: unknown): WorktreeSessionArgs {
  const v = value && typeof value === 'object' ? value as Record<string, unknown> : {};
  return {
    ...(typeof v.folder === 'string' ? { folder: v.folder } : {}),
    ...(typeof v.title === 'string' ? { title: v.title } : {}),
    ...(typeof v.carry === 'boolean' ? { carry: v.carry } : {}),
    ...(typeof v.agent === 'string' ? { agent: v.agent } : {}),
  };
}

export type WorktreeSessionOutcome =
  | { kind: 'worktree'; tabId: string; worktree: WorktreeRef }
  | { kind: 'normal' }
  | { kind: 'cancelled' };

export async function newWorktreeSession(context: AgentChatContext, service: WorktreeService, args: WorktreeSessionArgs = {}): Promise<WorktreeSessionOutcome> {
  const config = agentFor(context, args.agent);
  if (!config) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: no agent named "{0}".', args.agent ?? ''));
    return { kind: 'cancelled' };
  }
  const normal = vscode.l10n.t('Start a normal session');
  const fallBack = async (message: string): Promise<WorktreeSessionOutcome> => {
    const answer = await vscode.window.showWarningMessage(message, { modal: true, detail: vscode.l10n.t('A normal session works in your folder itself, beside you.') }, normal);
    if (answer !== normal) return { kind: 'cancelled' };
    await context.newSession();
    return { kind: 'normal' };
  };
  if (isA2aConfig(config)) return fallBack(vscode.l10n.t('{0} runs remotely and works in no folder of this machine, so it cannot get a worktree.', config.name));
  const folder = args.folder ?? await pickFolder();
  if (!folder) return fallBack(vscode.l10n.t('Open a folder first: a worktree is made from the folder\'s git repository.'));
  const inspection = await service.inspect(folder);
  if (!inspection.ok) return fallBack(problemText(inspection.problem, folder));
  const facts = inspection.facts;
  if (facts.problems.length) {
    const go = vscode.l10n.t('Create the worktree');
    const answer = await vscode.window.showWarningMessage(vscode.l10n.t('Before the worktree is made:'),
      { modal: true, detail: facts.problems.map((p) => '• ' + problemText(p, folder)).join('\n') }, go, normal);
    if (answer === normal) {
      await context.newSession();
      return { kind: 'normal' };
    }
    if (answer !== go) return { kind: 'cancelled' };
  }
  let carry = args.carry ?? false;
  if (facts.dirty && args.carry === undefined) {
    const withChanges = vscode.l10n.t('Carry my changes');
    const fromCommit = vscode.l10n.t('Start from the last commit');
    const answer = await vscode.window.showInformationMessage(vscode.l10n.t('Your folder has uncommitted changes. Should the agent start from them?'), {
      modal: true,
      detail: vscode.l10n.t('Carry my changes: the worktree starts with your uncommitted changes, and your folder stays exactly as it is. Start from the last commit: the worktree holds {0} only.', facts.branch ?? facts.head.slice(0, 8)),
    }, withChanges, fromCommit);
    if (answer === undefined) return { kind: 'cancelled' };
    carry = answer === withChanges;
  }
  const title = args.title ?? await vscode.window.showInputBox({
    title: vscode.l10n.t('New Session in a Worktree'),
    prompt: vscode.l10n.t('What will the agent work on? A few words name its branch (agent/…).'),
    placeHolder: vscode.l10n.t('e.g. fix the login redirect'),
  });
  if (title === undefined) return { kind: 'cancelled' };
  let worktree: WorktreeRef;
  try {
    worktree = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Making a worktree for the agent…') },
      () => service.create(facts, title, carry));
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Agent Chat: the worktree could not be made: {0}', errorText(error)));
    return { kind: 'cancelled' };
  }
  const tabId = await context.newSessionIn(config, worktree);
  return { kind: 'worktree', tabId, worktree };
}

function agentFor(context: AgentChatContext, name: string | undefined): AgentConfig | undefined {
  if (name !== undefined) return context.configOf(name);
  return context.chosenAgent ?? context.configOf(context.agentName ?? '') ?? context.defaultAgent();
}

async function pickFolder(): Promise<string | undefined> {
  const roots = workspaceRoots();
  if (roots.length <= 1) return roots[0];
  const pick = await vscode.window.showQuickPick(roots.map((root) => ({ label: vscode.workspace.asRelativePath(root), description: root, root })), {
    title: vscode.l10n.t('New Session in a Worktree'), placeHolder: vscode.l10n.t('Which folder\'s repository?'),
  });
  return pick?.root;
}
