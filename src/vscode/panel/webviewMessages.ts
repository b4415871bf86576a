/**
 * What each webview message does. Thin: state changes go to the context, editor effects to
 * editorActions / diffDocuments, agent choice to the same commands the palette runs.
 */
import { diffItemPath, turnOfToolCall } from '../../thread/review/reportedChanges.js';
import * as vscode from 'vscode';
import type { StopTarget } from '../../protocol/events.js';
import type { WebviewToHost } from '../../shared/webviewProtocol.js';
import type { ChatViewProvider } from './chatViewProvider.js';
import { CommandId } from '../commandIds.js';
import type { AgentChatContext } from '../context.js';
import type { DiffDocuments } from '../editor/diffDocuments.js';
import { activeAttachment, insertAtCursor, openLink, openLocation, openPlanFile } from '../editor/editorActions.js';
import type { ProtocolLog } from '../protocolLog.js';
import type { MentionService } from '../mentions/mentionService.js';
import type { FollowAgent } from '../editor/followAgent.js';
import type { ComposedPrompt } from '../tabs/promptBlocks.js';
import { PromptQueue } from '../tabs/promptQueue.js';
import type { QueueHost } from '../tabs/promptQueue.js';
import type { RuleActions } from '../permissions/ruleActions.js';

export interface MessageDeps {
  context: AgentChatContext;
  view: ChatViewProvider;
  diffs: DiffDocuments;
  log: ProtocolLog;
  /** @-mention completion and file drops (absent in tests that do not need them). */
  mentions?: MentionService;
  follow: Pick<FollowAgent, 'set' | 'typed'>;
  /** "Always allow …" and "Revoke rule" (absent in tests that do not need them). */
  rules?: Pick<RuleActions, 'alwaysAllow' | 'revoke'>;
}

/** Messages come from our own page, but carry agent-derived values: check shapes, not intent. */
function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** A stop target as the page sent it, or undefined when it is not one. */
function stopTarget(value: unknown): StopTarget | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const t = value as { type?: unknown; toolCallId?: unknown; terminalId?: unknown };
  if (t.type === 'tool_call' && isString(t.toolCallId)) return { type: 'tool_call', toolCallId: t.toolCallId };
  if (t.type === 'terminal' && isString(t.terminalId)) return { type: 'terminal', terminalId: t.terminalId };
  return undefined;
}

/**
 * A page the agent asked the user to open (they clicked "Open <host>…" beside its full address).
 * Opened like any external link, so VS Code's link protection applies; false when not opened.
 */
function openPage(url: string): Promise<boolean> {
  return Promise.resolve(vscode.env.openExternal(vscode.Uri.parse(url, true)));
}

function composed(message: { text?: unknown; attachments?: unknown; images?: unknown }): ComposedPrompt {
  return {
    text: typeof message.text === 'string' ? message.text : '',
    attachments: Array.isArray(message.attachments) ? message.attachments : [],
    images: Array.isArray(message.images) ? message.images : [],
  };
}

/** One prompt queue per context, made on the first message (the view has said `ready` by then). */
const queues = new WeakMap<AgentChatContext, PromptQueue>();

export function promptQueueOf(context: AgentChatContext, view: Pick<ChatViewProvider, 'post'>): PromptQueue {
  let queue = queues.get(context);
  if (!queue) queues.set(context, (queue = createPromptQueue(context, (tabId, items) => view.post({ type: 'queue', tabId, items }))));
  return queue;
}

/** A prompt queue on the context's tabs: any tab's queue is sent to that tab as its turn ends. */
export function createPromptQueue(context: AgentChatContext, publish: QueueHost['publish']): PromptQueue {
  const queue = new PromptQueue({
    tabs: () => context.tabsInfo(),
    entries: () => context.entries,
    send: (prompt) => context.send(prompt),
    sendTo: (tabId, prompt) => context.sendTo(tabId, prompt),
    entriesOf: (tabId) => context.entriesOf(tabId),
    publish,
    later: (fn) => setTimeout(fn, 0),
  });
  // Lives as long as the context: its emitter goes with it.
  context.onTabs((tabs) => queue.tabsChanged(tabs));
  return queue;
}

export async function handleWebviewMessage(message: WebviewToHost, deps: MessageDeps): Promise<void> {
  const { context, view, diffs, log } = deps;
  switch (message.type) {
    case 'ready':
    case 'childOpen':
      // Answered by the view itself (it owns the snapshot handshake and what of the children it sends).
      return;
    case 'send':
    case 'queuePrompt':
      // A `send` that raced a turn start (or a queued prompt on its way) waits in line too.
      await promptQueueOf(context, view).add(composed(message));
      return;
    case 'sendWhileWorking': {
      const how = message.how === 'stop' ? 'stop' : 'steer';
      const prompt = composed(message);
      // The turn ended between the click and now: an ordinary send.
      if (!(await context.sendWhileWorking(prompt, how))) await promptQueueOf(context, view).add(prompt);
      return;
    }
    case 'unqueuePrompt':
      if (isString(message.id)) promptQueueOf(context, view).remove(message.id);
      return;
    case 'sendQueued':
      if (isString(message.id)) promptQueueOf(context, view).sendNow(message.id);
      return;
    case 'getQueue': {
      const tabId = context.tabsInfo().activeId;
      view.post({ type: 'queue', tabId, items: promptQueueOf(context, view).items(tabId) });
      return;
    }
    case 'cancel':
      await context.cancel();
      return;
    case 'stopWork': {
      const target = stopTarget(message.target);
      if (target) await context.stopWork(target);
      return;
    }
    case 'stopSubagent':
      if (isString(message.childId)) context.stopSubagent(message.childId);
      return;
    case 'answerPermission':
      if (isString(message.requestId) && isString(message.optionId)) context.answerPermission(message.requestId, message.optionId);
      return;
    case 'allowAlways':
      if (isString(message.requestId)) await deps.rules?.alwaysAllow(message.requestId);
      return;
    case 'revokeRule':
      if (isString(message.ruleId)) await deps.rules?.revoke(message.ruleId);
      return;
    case 'answerElicitation': {
      const action = message.action;
      if (!isString(message.requestId) || (action !== 'accept' && action !== 'decline' && action !== 'cancel')) return;
      const content = typeof message.content === 'object' && message.content !== null && !Array.isArray(message.content) ? message.content : undefined;
      await context.answerElicitation(message.requestId, { action, ...(content ? { content } : {}) }, openPage);
      return;
    }
    case 'openDiff': {
      if (!isString(message.toolCallId) || !Number.isInteger(message.contentIndex)) return;
      const childId = isString(message.childId) ? message.childId : undefined;
      const toolCall = context.findToolCall(message.toolCallId, childId);
      // A file the turn's changes row lists opens the review's diff (before the turn ↔ the disk now).
      const path = toolCall && !childId ? diffItemPath(toolCall, message.contentIndex) : undefined;
      const turnId = path ? turnOfToolCall(context.activeThread.entries, message.toolCallId) : undefined;
      if (path && turnId && context.review && (await context.review.actions.openReviewDiff(context.activeThread, turnId, path))) return;
      if (!toolCall || !(await diffs.open(toolCall, message.contentIndex))) {
        log.warn(`openDiff: no diff at ${message.toolCallId}[${message.contentIndex}]`);
      }
      return;
    }
    case 'openLocation':
      if (isString(message.path)) await openLocation(message.path, typeof message.line === 'number' ? message.line : undefined);
      return;
    case 'openLink':
      if (isString(message.href)) await openLink(message.href, log);
      return;
    case 'openPlanFile':
      if (isString(message.uri)) await openPlanFile(message.uri, log);
      return;
    case 'copy':
      if (isString(message.text)) await vscode.env.clipboard.writeText(message.text);
      return;
    case 'insertAtCursor':
      if (isString(message.text)) await insertAtCursor(message.text);
      return;
    case 'attachActive': {
      const attachment = activeAttachment(message.selectionOnly);
      if (attachment) view.post({ type: 'attach', attachment });
      else void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: open a file to attach it.'));
      return;
    }
    case 'selectAgent':
      await vscode.commands.executeCommand(CommandId.selectAgent, isString(message.name) ? message.name : undefined);
      return;
    case 'newSession':
      await vscode.commands.executeCommand(CommandId.newSession);
      return;
    case 'restartAgent':
      await vscode.commands.executeCommand(CommandId.restartAgent);
      return;
    case 'manageTrust':
      await vscode.commands.executeCommand('workbench.trust.manage');
      return;
    case 'logIn':
      // A ready agent logs in where it is; one that stopped at its login starts again, and its
      // first session asks for the login the same way.
      if (!(await context.logIn())) await vscode.commands.executeCommand(CommandId.restartAgent);
      return;
    case 'showLog':
      await vscode.commands.executeCommand(CommandId.showLog);
      return;
    case 'openSettings':
      await vscode.commands.executeCommand('workbench.action.openSettings', 'agentChat.agents');
      return;
    case 'setMode':
      if (isString(message.modeId)) await context.setMode(message.modeId);
      return;
    case 'setConfigOption':
      if (isString(message.configId) && (isString(message.value) || typeof message.value === 'boolean')) {
        await context.setConfigOption(message.configId, message.value);
      }
      return;
    case 'reviewChanges': {
      const action = message.action === 'keep' || message.action === 'undo' ? message.action : 'review';
      if (isString(message.turnId) && context.review) {
        await context.review.actions.run(context.activeThread, message.turnId, action, isString(message.root) ? message.root : undefined, isString(message.path) ? message.path : undefined);
      }
      return;
    }
    case 'undoHunk':
      if (isString(message.turnId) && isString(message.root) && isString(message.path) && context.review
        && [message.oldStart, message.oldCount, message.newCount].every((n) => Number.isInteger(n) && n >= 0)) {
        await context.review.actions.undoHunk(context.activeThread, message.turnId, message.root, message.path,
          { oldStart: message.oldStart, oldCount: message.oldCount, newCount: message.newCount });
      }
      return;
    case 'forkFromHere':
      if (isString(message.turnId)) await context.forkFromHere(message.turnId);
      return;
    case 'checkpoint':
      if (message.action === 'edit') {
        if (isString(message.turnId)) await context.editAndResend(message.turnId);
        return;
      }
      if (isString(message.turnId) && context.review) {
        const { checkpoints } = context.review;
        await (message.action === 'redo' ? checkpoints.redo(context.activeThread, message.turnId) : checkpoints.restore(context.activeThread, message.turnId));
      }
      return;
    case 'switchTab':
      if (isString(message.id)) context.switchTab(message.id);
      return;
    case 'worktreeChanges':
      await vscode.commands.executeCommand(CommandId.worktreeChanges);
      return;
    case 'closeTab':
      if (isString(message.id)) await context.closeTab(message.id);
      return;
    case 'mentionQuery':
      if (Number.isInteger(message.id) && isString(message.text)) await deps.mentions?.query(message.id, message.text.slice(0, 200), (m) => view.post(m));
      return;
    case 'dropUris':
      if (Array.isArray(message.uris)) await deps.mentions?.drop(message.uris.filter(isString), (m) => view.post(m));
      return;
    case 'setFollow':
      if (typeof message.on === 'boolean') await deps.follow.set(message.on);
      return;
    case 'composerTyping':
      deps.follow.typed();
      return;
    case 'setBudget':
      await vscode.commands.executeCommand(CommandId.setSessionBudget);
      return;
    default: {
      const unknown: never = message;
      log.warn(`Ignored an unknown message from the chat view: ${JSON.stringify(unknown).slice(0, 200)}`);
    }
  }
}
