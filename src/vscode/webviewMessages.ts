/**
 * What each webview message does. Thin: state changes go to the context, editor effects to
 * editorActions / diffDocuments, agent choice to the same commands the palette runs.
 */
import * as vscode from 'vscode';
import type { WebviewToHost } from '../shared/webviewProtocol.js';
import type { ChatViewProvider } from './chatViewProvider.js';
import { CommandId } from './commandIds.js';
import type { AgentChatContext } from './context.js';
import type { DiffDocuments } from './diffDocuments.js';
import { activeAttachment, insertAtCursor, openLink, openLocation } from './editorActions.js';
import type { ProtocolLog } from './protocolLog.js';

export interface MessageDeps {
  context: AgentChatContext;
  view: ChatViewProvider;
  diffs: DiffDocuments;
  log: ProtocolLog;
}

export async function handleWebviewMessage(message: WebviewToHost, deps: MessageDeps): Promise<void> {
  const { context, view, diffs, log } = deps;
  switch (message.type) {
    case 'ready':
      // Answered by the view itself (it owns the snapshot handshake).
      return;
    case 'send':
      await context.send({
        text: typeof message.text === 'string' ? message.text : '',
        attachments: Array.isArray(message.attachments) ? message.attachments : [],
        images: Array.isArray(message.images) ? message.images : [],
      });
      return;
    case 'cancel':
      await context.cancel();
      return;
    case 'answerPermission':
      context.answerPermission(message.requestId, message.optionId);
      return;
    case 'openDiff': {
      const toolCall = context.findToolCall(message.toolCallId);
      if (!toolCall || !(await diffs.open(toolCall, message.contentIndex))) {
        log.warn(`openDiff: no diff at ${message.toolCallId}[${message.contentIndex}]`);
      }
      return;
    }
    case 'openLocation':
      await openLocation(message.path, message.line);
      return;
    case 'openLink':
      await openLink(message.href, log);
      return;
    case 'copy':
      await vscode.env.clipboard.writeText(message.text);
      return;
    case 'insertAtCursor':
      await insertAtCursor(message.text);
      return;
    case 'attachActive': {
      const attachment = activeAttachment(message.selectionOnly);
      if (attachment) view.post({ type: 'attach', attachment });
      else void vscode.window.showInformationMessage('Agent Chat: open a file to attach it.');
      return;
    }
    case 'selectAgent':
      await vscode.commands.executeCommand(CommandId.selectAgent, message.name);
      return;
    case 'newSession':
      await vscode.commands.executeCommand(CommandId.newSession);
      return;
    case 'restartAgent':
      await vscode.commands.executeCommand(CommandId.restartAgent);
      return;
    case 'showLog':
      await vscode.commands.executeCommand(CommandId.showLog);
      return;
    case 'openSettings':
      await vscode.commands.executeCommand('workbench.action.openSettings', 'agentChat.agents');
      return;
    default: {
      const unknown: never = message;
      log.warn(`Ignored an unknown message from the chat view: ${JSON.stringify(unknown).slice(0, 200)}`);
    }
  }
}
