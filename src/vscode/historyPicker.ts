/**
 * "Agent Chat: Show History": past conversations, newest first — our saved transcripts merged
 * with the running agent's own `session/list` — and reopening the one picked the best way
 * the agent allows (planReopen): replay, resume under the saved transcript, or read-only.
 * Each row has a delete button: the saved transcript goes, and the agent's copy too when it
 * runs and supports `session/delete`.
 */
import * as vscode from 'vscode';
import type { AgentConfig } from '../agent/api.js';
import { mergeHistory, planReopen, type HistoryItem, type ReopenPlan } from '../history/reopen.js';
import { readOnlyThread, threadForPlan } from './reopenThread.js';
import type { TranscriptStore } from '../history/store.js';
import type { TranscriptMeta } from '../history/types.js';
import type { AgentChatContext } from './context.js';
import type { ProtocolLog } from './protocolLog.js';

interface Pick extends vscode.QuickPickItem {
  item: HistoryItem;
  /** Whether the running agent's list was asked (false: we do not know if the agent still has it). */
  listed: boolean;
}

/** Every saved transcript, plus the running agent's list when it has one; newest first. */
export async function historyItems(context: AgentChatContext, transcripts: TranscriptStore, log: ProtocolLog): Promise<Pick[]> {
  // A session that never got a message is saved too (its setup is an event); it is not history.
  const local = (await transcripts.list()).filter((t) => t.entryCount > 0);
  let remote: Awaited<ReturnType<AgentChatContext['agentSessions']>>;
  try {
    remote = await context.agentSessions();
  } catch (error) {
    // The list is a bonus; the saved transcripts still make a history.
    log.warn(`session/list failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const names = new Set<string>(local.map((t: TranscriptMeta) => t.agentName));
  if (remote) names.add(remote.agentName);
  const items: Pick[] = [];
  for (const name of names) {
    const listed = remote?.agentName === name;
    for (const item of mergeHistory(name, local, listed ? remote!.sessions : [])) items.push(toPick(item, listed));
  }
  return items.sort((a, b) => (b.item.updatedAt ?? '').localeCompare(a.item.updatedAt ?? ''));
}

const DELETE_BUTTON: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('trash'), tooltip: 'Delete this conversation' };

function toPick(item: HistoryItem, listed: boolean): Pick {
  const when = item.updatedAt ? new Date(item.updatedAt).toLocaleString() : undefined;
  return {
    label: item.title,
    description: [item.agentName, when].filter(Boolean).join(' · '),
    detail: item.cwd,
    item,
    listed,
    buttons: [DELETE_BUTTON],
  };
}

export async function showHistory(context: AgentChatContext, transcripts: TranscriptStore, log: ProtocolLog): Promise<void> {
  const picks = await historyItems(context, transcripts, log);
  if (picks.length === 0) {
    void vscode.window.showInformationMessage('Agent Chat: no past conversations yet.');
    return;
  }
  const quickPick = vscode.window.createQuickPick<Pick>();
  quickPick.title = 'Agent Chat: History';
  quickPick.placeholder = 'Reopen a conversation';
  quickPick.matchOnDescription = true;
  quickPick.matchOnDetail = true;
  quickPick.items = picks;
  const picked = await new Promise<Pick | undefined>((resolve) => {
    let confirming = false;
    quickPick.onDidAccept(() => {
      resolve(quickPick.selectedItems[0]);
      quickPick.hide();
    });
    quickPick.onDidHide(() => {
      if (!confirming) resolve(undefined);
    });
    quickPick.onDidTriggerItemButton(async ({ item }) => {
      // The modal takes the focus; the list stays open behind it.
      confirming = true;
      quickPick.ignoreFocusOut = true;
      const answer = await vscode.window.showWarningMessage(
        `Delete "${item.item.title}"?`,
        { modal: true, detail: 'The saved conversation is removed, and the agent\'s copy too when it can delete sessions.' },
        'Delete',
      );
      confirming = false;
      quickPick.ignoreFocusOut = false;
      if (answer !== 'Delete') return quickPick.show();
      await deleteItem(context, transcripts, item.item, log);
      quickPick.items = quickPick.items.filter((p) => p !== item);
      if (quickPick.items.length === 0) quickPick.hide();
      else quickPick.show();
    });
    quickPick.show();
  });
  quickPick.dispose();
  if (picked) await reopenItem(context, transcripts, picked.item, picked.listed);
}

/** Removes a conversation: our transcript, and the agent's session when it can delete it. */
export async function deleteItem(context: AgentChatContext, transcripts: TranscriptStore, item: HistoryItem, log: ProtocolLog): Promise<void> {
  let failure: unknown;
  // The agent side first: a tab still recording the session stops before its transcript goes.
  await context.deleteAgentSession(item.agentName, item.sessionId).catch((error: unknown) => (failure = error ?? 'failed'));
  if (item.transcriptId) await transcripts.delete(item.transcriptId);
  if (failure !== undefined) {
    const message = failure instanceof Error ? failure.message : String(failure);
    log.warn(`session/delete failed: ${message}`);
    void vscode.window.showWarningMessage(`Agent Chat: ${item.agentName} did not delete the session: ${message}`);
  }
}

/** Reopens one history entry; what happens depends on the agent (started first if needed). */
export async function reopenItem(context: AgentChatContext, transcripts: TranscriptStore, item: HistoryItem, listed: boolean): Promise<void> {
  const transcript = item.transcriptId ? await transcripts.load(item.transcriptId) : undefined;
  const chosen = context.chosenAgent;
  const config = chosen?.name === item.agentName ? chosen : context.agentEntries().find((e) => e.config.name === item.agentName)?.config;
  if (!config) {
    if (transcript) await context.reopen(undefined, readOnlyThread(transcript, `${item.agentName} is no longer configured`), undefined);
    else void vscode.window.showWarningMessage(`Agent Chat: no agent named "${item.agentName}" is configured.`);
    return;
  }
  // What the agent supports is known once it runs; start it when the history belongs to another one.
  if (context.chosenAgent?.name !== config.name || context.agentStatus.state !== 'ready') await context.start(config);
  const support = context.sessionSupport;
  const plan: ReopenPlan = support
    ? planReopen(support, transcript !== undefined, listed ? item.onAgent : undefined)
    : { kind: 'read_only', reason: `${config.name} is not running` };
  const [thread, opening] = threadForPlan(plan, item, transcript);
  if (!thread) {
    void vscode.window.showWarningMessage(`Agent Chat: cannot reopen "${item.title}": ${plan.kind === 'unavailable' ? plan.reason : 'nothing to show'}.`);
    return;
  }
  await context.reopen(config, thread, opening);
}
