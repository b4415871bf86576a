/** Why an undo or restore is refused on a tab right now (a turn is running there), or undefined. */
import * as vscode from 'vscode';
import type { ChatThread } from '../thread/chatThread.js';

export function busyReason(thread: Pick<ChatThread, 'turnRunning'>): string | undefined {
  return thread.turnRunning ? vscode.l10n.t('Agent Chat: {0}.', vscode.l10n.t('Not while a turn is running: wait for it to end or stop it first')) : undefined;
}
