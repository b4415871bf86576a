/**
 * Workspace Trust: agents run programs, so they start only in trusted workspaces. When a start
 * is held back we say why once and offer the trust editor; granting trust starts the agent.
 *
 * The explanation is a progress notification, not a plain warning: VS Code closes a notification
 * from code only when it was shown by `withProgress` and its task ends. So once trust is granted
 * (from our link, the panel's button or anywhere else) the notice goes away instead of staying
 * on screen saying something that is no longer true.
 */
import * as vscode from 'vscode';
import type { AgentStatus } from '../../shared/webviewProtocol.js';
import { DisposableScope } from '../disposables.js';
import { isUntrusted } from './statusText.js';

/** What the trust watch needs of the chat: the shown agent's state, and a start once trust is granted. */
export interface TrustSubject {
  readonly agentStatus: AgentStatus;
  readonly onAgentChanged: vscode.Event<void>;
  trustGranted(): void;
}

export function watchWorkspaceTrust(context: TrustSubject): vscode.Disposable {
  const scope = new DisposableScope();
  let explained = false;
  let withdraw: (() => void) | undefined;
  scope.add(vscode.workspace.onDidGrantWorkspaceTrust(() => {
    withdraw?.();
    context.trustGranted();
  }));
  scope.add({ dispose: () => withdraw?.() });
  scope.add(context.onAgentChanged(() => {
    if (explained || !isUntrusted(context.agentStatus) || vscode.workspace.isTrusted) return;
    explained = true;
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Agent Chat starts agents only in trusted workspaces: an agent runs programs and edits files here.'), cancellable: true },
      (progress, token) => {
        progress.report({ message: `[${vscode.l10n.t('Manage Workspace Trust')}](command:workbench.trust.manage)` });
        return new Promise<void>((resolve) => {
          const cancelled = token.onCancellationRequested(() => done());
          const done = () => {
            cancelled.dispose();
            withdraw = undefined;
            resolve();
          };
          withdraw = done;
        });
      },
    );
  }));
  return scope;
}
