/**
 * Workspace Trust: agents run programs, so they start only in trusted workspaces. When a start
 * is held back we say why once and offer the trust editor; granting trust starts the agent.
 */
import * as vscode from 'vscode';
import type { AgentChatContext } from '../context.js';
import { DisposableScope } from '../disposables.js';
import { isUntrusted } from './statusText.js';

export function watchWorkspaceTrust(context: AgentChatContext): vscode.Disposable {
  const scope = new DisposableScope();
  let explained = false;
  scope.add(vscode.workspace.onDidGrantWorkspaceTrust(() => context.trustGranted()));
  scope.add(context.onAgentChanged(() => {
    if (explained || !isUntrusted(context.agentStatus)) return;
    explained = true;
    void explainUntrusted();
  }));
  return scope;
}

async function explainUntrusted(): Promise<void> {
  const manage = 'Manage Workspace Trust';
  const answer = await vscode.window.showWarningMessage(
    'Agent Chat starts agents only in trusted workspaces: an agent runs programs and edits files here.',
    manage,
  );
  if (answer === manage) await vscode.commands.executeCommand('workbench.trust.manage');
}
