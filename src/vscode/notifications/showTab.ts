/**
 * The "Open" action of a notification: shows the tab it is about and brings the chat up.
 * Registered once by the extension; notifiers put it in their messages as a `command:` link.
 */
import * as vscode from 'vscode';
import type { AgentChatContext } from '../context.js';
import { CommandId } from '../commandIds.js';

/** Internal (not in package.json): what a notification's Open link runs, with the tab's id. */
export const SHOW_TAB = 'agentChat.showTabFromNotification';

export function registerShowTab(context: Pick<AgentChatContext, 'switchTab'>, command = SHOW_TAB): vscode.Disposable {
  return vscode.commands.registerCommand(command, async (tabId: unknown) => {
    // A tab closed since the notification was shown: nothing to show.
    if (typeof tabId !== 'string' || !context.switchTab(tabId)) return false;
    await vscode.commands.executeCommand(CommandId.open);
    return true;
  });
}

/** The Markdown link that runs `command` for `tabId`. */
export function showTabLink(label: string, tabId: string, command = SHOW_TAB): string {
  return `[${label}](command:${command}?${encodeURIComponent(JSON.stringify([tabId]))})`;
}
