/**
 * "Agent Chat: Show History": past conversations of every agent, one group per agent — our
 * saved transcripts merged with the `session/list` of each agent that runs now (none is started
 * just to list; a configured agent that does not run is offered as "List sessions from …") —
 * and reopening the one picked the best way its agent allows (planReopen): replay, resume
 * under the saved transcript, or read-only. Each row has a delete button: the saved transcript
 * goes, and the agent's copy too when it runs and supports `session/delete`.
 */
import * as vscode from 'vscode';
import type { AgentConfig } from '../../agents/api.js';
import { groupHistory, type AgentList } from '../../history/historyGroups.js';
import { planReopen, type HistoryItem, type ReopenPlan } from '../../history/reopen.js';
import { readOnlyThread, threadForPlan } from '../tabs/reopenThread.js';
import type { TranscriptStore } from '../../history/store.js';
import type { AgentChatContext } from '../context.js';
import type { ProtocolLog } from '../protocolLog.js';

interface Pick extends vscode.QuickPickItem {
  item: HistoryItem;
  /** Whether the agent's list was asked (false: we do not know if the agent still has it). */
  listed: boolean;
}

/** Starts an agent that does not run, to show its own session list. */
interface ListOffer extends vscode.QuickPickItem {
  listFrom: AgentConfig;
}

/** "Search in threads…": leaves the list for the thread search. */
interface SearchOffer extends vscode.QuickPickItem {
  search: true;
}

type Row = Pick | ListOffer | SearchOffer | vscode.QuickPickItem;

const SEARCH_OFFER: SearchOffer = {
  label: `$(search) ${vscode.l10n.t('Search in threads…')}`,
  detail: vscode.l10n.t('Find a past conversation by words in its title or text'),
  alwaysShow: true,
  search: true,
};

/** Every saved transcript, plus the list of every running agent that has one; grouped by agent, newest first. */
export async function historyItems(context: AgentChatContext, transcripts: TranscriptStore, log: ProtocolLog): Promise<Pick[]> {
  // A session that never got a message is saved too (its setup is an event); it is not history.
  const local = (await transcripts.list()).filter((t) => t.entryCount > 0);
  const lists = await Promise.all(context.readyAgents.map((name) => withinTime(context.agentSessionsOf(name), LIST_WAIT_MS).catch((error: unknown) => {
    // The list is a bonus; the saved transcripts still make a history.
    log.warn(`session/list of ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  })));
  const asked: AgentList[] = lists.filter((l) => l !== undefined);
  return groupHistory(local, asked, context.agentName).flatMap((g) => g.items.map((item) => toPick(item, g.listed)));
}

/** Longest Show History waits for one agent's list: one slow agent must not hold up the others. */
const LIST_WAIT_MS = 5_000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Configured agents that do not run: picking one starts it and lists its sessions. */
export function listOffers(context: AgentChatContext): ListOffer[] {
  const running = new Set(context.readyAgents);
  return context.agentEntries()
    .filter((e) => e.source !== 'preset' && !running.has(e.config.name))
    .map((e) => ({ label: `$(list-unordered) ${vscode.l10n.t('List sessions from {0}…', e.config.name)}`, detail: vscode.l10n.t('Starts the agent and asks for its sessions'), listFrom: e.config }));
}

const DELETE_BUTTON: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('trash'), tooltip: vscode.l10n.t('Delete this conversation') };

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

/** The rows as shown: the search offer, a separator per agent above its conversations, then the list offers. */
export function historyRows(picks: readonly Pick[], offers: readonly ListOffer[]): Row[] {
  const rows: Row[] = picks.length > 0 ? [SEARCH_OFFER] : [];
  let agent: string | undefined;
  for (const pick of picks) {
    if (pick.item.agentName !== agent) {
      agent = pick.item.agentName;
      const label = pick.listed ? `${agent} · saved here and listed by the agent` : `${agent} · saved here`;
      rows.push({ label, kind: vscode.QuickPickItemKind.Separator });
    }
    rows.push(pick);
  }
  if (offers.length > 0) rows.push({ label: vscode.l10n.t('Agents not running'), kind: vscode.QuickPickItemKind.Separator }, ...offers);
  return rows;
}

const isPick = (row: Row | undefined): row is Pick => !!row && 'item' in row;
const isOffer = (row: Row | undefined): row is ListOffer => !!row && 'listFrom' in row;
const isSearch = (row: Row | undefined): row is SearchOffer => !!row && 'search' in row;

/** `search`: the user chose "Search in threads…" (the caller opens the search with the words they had typed to filter the list). */
export async function showHistory(context: AgentChatContext, transcripts: TranscriptStore, log: ProtocolLog): Promise<{ search: string } | undefined> {
  for (;;) {
    const picks = await historyItems(context, transcripts, log);
    const offers = listOffers(context);
    if (picks.length === 0 && offers.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: no past conversations yet.'));
      return undefined;
    }
    const { picked, typed } = await pickRow(context, transcripts, log, historyRows(picks, offers), picks.length === 0);
    if (isPick(picked)) {
      await reopenItem(context, transcripts, picked.item, picked.listed);
      return undefined;
    }
    if (isSearch(picked)) return { search: typed };
    if (!isOffer(picked)) return undefined;
    const outcome = await startToList(context, picked.listFrom);
    if (outcome === 'not_started') return undefined;
    // Back to the list, now with this agent's sessions (or saying it keeps none to list).
    if (outcome === 'cannot_list') void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: {0} does not list its sessions.', picked.listFrom.name));
  }
}

/** A "List sessions from …" row was picked: the agent starts (in a tab of its own) so its list can be asked. */
export async function startToList(context: AgentChatContext, config: AgentConfig): Promise<'listable' | 'cannot_list' | 'not_started'> {
  const status = await context.ensureAgent(config);
  if (status.state !== 'ready') return 'not_started';
  return context.sessionSupportOf(config.name)?.list ? 'listable' : 'cannot_list';
}

/** The row picked (none: dismissed), and what was typed in the filter by then. */
async function pickRow(context: AgentChatContext, transcripts: TranscriptStore, log: ProtocolLog, rows: Row[], empty: boolean): Promise<{ picked: Row | undefined; typed: string }> {
  const quickPick = vscode.window.createQuickPick<Row>();
  quickPick.title = vscode.l10n.t('Agent Chat: History');
  quickPick.placeholder = empty ? vscode.l10n.t("No saved conversations yet; list an agent's own sessions") : vscode.l10n.t('Reopen a conversation');
  quickPick.matchOnDescription = true;
  quickPick.matchOnDetail = true;
  quickPick.items = rows;
  try {
    const picked = await new Promise<Row | undefined>((resolve) => {
      let confirming = false;
      quickPick.onDidAccept(() => {
        resolve(quickPick.selectedItems[0]);
        quickPick.hide();
      });
      quickPick.onDidHide(() => {
        if (!confirming) resolve(undefined);
      });
      quickPick.onDidTriggerItemButton(async ({ item }) => {
        if (!isPick(item)) return;
        // The modal takes the focus; the list stays open behind it.
        confirming = true;
        quickPick.ignoreFocusOut = true;
        const remove = vscode.l10n.t('Delete');
        const answer = await vscode.window.showWarningMessage(
          vscode.l10n.t('Delete "{0}"?', item.item.title),
          { modal: true, detail: vscode.l10n.t("The saved conversation is removed, and the agent's copy too when it can delete sessions.") },
          remove,
        );
        confirming = false;
        quickPick.ignoreFocusOut = false;
        if (answer !== remove) return quickPick.show();
        await deleteItem(context, transcripts, item.item, log);
        quickPick.items = dropEmptyGroups(quickPick.items.filter((p) => p !== item));
        if (!quickPick.items.some((r) => isPick(r) || isOffer(r))) quickPick.hide();
        else quickPick.show();
      });
      quickPick.show();
    });
    return { picked, typed: quickPick.value };
  } finally {
    quickPick.dispose();
  }
}

/** Separators left with nothing under them go too. */
function dropEmptyGroups(rows: readonly Row[]): Row[] {
  return rows.filter((row, i) => row.kind !== vscode.QuickPickItemKind.Separator || (rows[i + 1] !== undefined && rows[i + 1]!.kind !== vscode.QuickPickItemKind.Separator));
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
    void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: {0} did not delete the session: {1}', item.agentName, message));
  }
}

/** Reopens one history entry in a tab of its agent (started first if it does not run). */
export async function reopenItem(context: AgentChatContext, transcripts: TranscriptStore, item: HistoryItem, listed: boolean): Promise<void> {
  // A conversation live in a tab is shown there, not reopened beside it: two tabs on one
  // session would split its updates. A tab that only shows it (read-only) is where it is reopened.
  const shown = context.tabShowing(item.agentName, item.sessionId);
  if (shown) context.switchTab(shown.id);
  if (shown?.live) return;
  const transcript = item.transcriptId ? await transcripts.load(item.transcriptId) : undefined;
  const shows = { agentName: item.agentName, sessionId: item.sessionId, cwd: transcript?.cwd ?? item.cwd };
  const config = context.configOf(item.agentName);
  if (!config) {
    if (transcript) await context.reopen(undefined, readOnlyThread(transcript, vscode.l10n.t('{0} is no longer configured', item.agentName)), undefined, shows);
    else void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: no agent named "{0}" is configured.', item.agentName));
    return;
  }
  // What the agent supports is known once it runs; a running agent is not restarted for this.
  await context.ensureAgent(config);
  const support = context.sessionSupportOf(config.name);
  const plan: ReopenPlan = support
    ? planReopen(support, transcript !== undefined, listed ? item.onAgent : undefined)
    : { kind: 'read_only', reason: vscode.l10n.t('{0} is not running', config.name) };
  const [thread, opening] = threadForPlan(plan, item, transcript);
  if (!thread) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: cannot reopen "{0}": {1}.', item.title, plan.kind === 'unavailable' ? plan.reason : vscode.l10n.t('nothing to show')));
    return;
  }
  await context.reopen(config, thread, opening, opening ? undefined : shows);
}
