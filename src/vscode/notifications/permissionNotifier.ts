/**
 * A notification for a permission question the user does not see (the window unfocused, the
 * chat hidden, or the asking tab in the background): one link per option of the agent, in its
 * own words, allowing before denying (permissionLinks.ts), and a link to the chat. It is
 * withdrawn as soon as the question is settled anywhere — answered in the panel, cancelled,
 * the turn or the tab gone — or the user sees it in the chat, so a stale one cannot be
 * clicked. Its Cancel button only dismisses it: the question stays in the chat and the status
 * bar. `agentChat.notifications.permission` turns it off.
 */
import * as vscode from 'vscode';
import type { AgentChatContext } from '../context.js';
import type { PermissionRequest } from '../thread/chatThread.js';
import type { PendingQuestion } from '../tabs/tabQuestions.js';
import { ANSWER_FROM_NOTIFICATION, answerLinks, inertText } from './permissionLinks.js';
import { NoticeBoard, type Notice } from './noticeBoard.js';
import { wantsNotice } from './noticePolicy.js';
import type { NoticeSurroundings } from './surroundings.js';
import { pathsInText } from '../../shared/workspacePaths.js';
import { workspaceFolderRefs } from '../editor/workspaceRoots.js';

/** What the notifier needs from the context (a narrow view, so tests can tell what it uses). */
export type NotifierContext = Pick<
  AgentChatContext,
  'onPermissionRequested' | 'onPermissionSettled' | 'onTabs' | 'pendingPermissions' | 'answerPermission'
>;

interface Question extends Notice {
  tabId: string;
}

export class PermissionNotifier implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[];
  private readonly board = new NoticeBoard();

  constructor(
    private readonly context: NotifierContext,
    private readonly surroundings: NoticeSurroundings,
    /** The command the option links run (a second notifier, as in tests, needs its own). */
    private readonly command = ANSWER_FROM_NOTIFICATION,
  ) {
    this.subscriptions = [
      context.onPermissionRequested(() => this.refresh()),
      context.onPermissionSettled(() => this.refresh()),
      // A tab closed or its session went away without settling: nothing left to answer.
      context.onTabs(() => this.refresh()),
      surroundings.onDidChange(() => this.refresh()),
      vscode.commands.registerCommand(command, (requestId: unknown, optionId: unknown) => {
        if (typeof requestId !== 'string' || typeof optionId !== 'string') return false;
        // A request settled meanwhile is not an error: the first answer won, nothing to do.
        const answered = this.context.answerPermission(requestId, optionId);
        this.board.close(requestId);
        return answered;
      }),
    ];
  }

  /** Requests with a notification on screen (for tests). */
  get showing(): string[] {
    return this.board.showing;
  }

  private refresh(): void {
    const settings = this.surroundings.settings();
    const questions = this.context.pendingPermissions().map((p) => this.notice(p));
    this.board.sync(questions, (q) => wantsNotice('permission', settings, this.surroundings.attention(q.tabId)));
  }

  private notice({ tabId, agentName, question }: PendingQuestion<PermissionRequest>): Question {
    return {
      key: question.requestId,
      tabId,
      // Paths as a person reads them: relative to the workspace folders, one outside them said so.
      title: vscode.l10n.t('{0} asks: {1}', inertText(agentName ?? vscode.l10n.t('The agent')), inertText(pathsInText(question.title, workspaceFolderRefs(), (p) => vscode.l10n.t('{0} (outside the workspace)', p)))),
      message: answerLinks(question, this.command),
    };
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.board.dispose();
  }
}
