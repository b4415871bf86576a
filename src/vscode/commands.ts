/**
 * The palette commands. Always registered; each does the sensible thing in every state (no
 * agent, starting, failed, running). Thin: state lives in the context.
 */
import * as vscode from 'vscode';
import type { AgentConfig } from '../agents/api.js';
import { loginShellPath } from '../services/process/loginShellPath.js';
import { detectPresets } from '../agents/acp/presets/detect.js';
import { AGENT_PRESETS } from '../agents/acp/presets/presets.js';
import type { AgentStatus } from '../shared/webviewProtocol.js';
import type { ChatViewProvider } from './panel/chatViewProvider.js';
import { CommandId, ContextKey } from './commandIds.js';
import { sameAgentConfig } from './agents/config.js';
import type { AgentEntry } from './agents/config.js';
import type { AgentChatContext } from './context.js';
import { DisposableScope } from './disposables.js';
import type { ProtocolLog } from './protocolLog.js';
import { showHistory } from './history/historyPicker.js';
import { searchThreads, type SearchDeps } from './history/threadSearchPicker.js';
import { ThreadSearch } from '../history/threadSearch.js';
import type { TranscriptStore } from '../history/store.js';
import { isUntrusted } from './agents/statusText.js';
import type { FollowAgent } from './editor/followAgent.js';
import { agentWantsWorktree } from './worktrees/worktreeSettings.js';
import { agentTitle, pickAgentToContinueWith } from './tabs/continueWith.js';

export interface CommandDeps {
  context: AgentChatContext;
  view: ChatViewProvider;
  log: ProtocolLog;
  transcripts: TranscriptStore;
  follow: Pick<FollowAgent, 'toggle'>;
}

export function registerCommands(deps: CommandDeps): vscode.Disposable {
  const { context, view, log, transcripts, follow } = deps;
  const scope = new DisposableScope();
  const register = (id: string, run: (...args: unknown[]) => unknown) => scope.add(vscode.commands.registerCommand(id, run));

  register(CommandId.open, async () => {
    await view.reveal();
    await context.ensureStarted();
  });
  // Works in every state: with no agent or no tool call yet it only switches the mode.
  register(CommandId.toggleFollow, () => follow.toggle());
  register(CommandId.newSession, async () => {
    // An agent set to `"worktree": true` gets every new session in a worktree of its own.
    if (agentWantsWorktree(context.chosenAgent?.name ?? context.defaultAgent().name)) {
      await vscode.commands.executeCommand(CommandId.newWorktreeSession);
      return;
    }
    await view.reveal();
    await context.newSession();
  });
  register(CommandId.selectAgent, async (name?: unknown) => {
    const config = typeof name === 'string' ? context.agentEntries().find((e) => e.config.name === name)?.config : await pickAgent(context);
    if (typeof name === 'string' && !config) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: no agent named "{0}".', name));
      return;
    }
    if (!config) return;
    // Picking the agent that already runs just brings the chat up; Restart Agent restarts it.
    const current = context.chosenAgent;
    if (current && sameAgentConfig(current, config) && context.agentStatus.state === 'ready') await view.reveal();
    else await startWithProgress(context, config, log);
  });
  register(CommandId.continueWith, async () => {
    const choice = await pickAgentToContinueWith(context.agents, context.agentNameOf(context.tabsInfo().activeId));
    if (!choice) return;
    const config = context.configOf(choice.name);
    if (!config) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: no agent named "{0}".', choice.name));
      return;
    }
    await view.reveal();
    await context.continueWith(config, agentTitle(choice));
  });
  register(CommandId.reviewChanges, async () => {
    const review = context.review;
    const thread = context.activeThread;
    const turnId = review?.actions.latestTurn(thread);
    if (!review || !turnId) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: no turn in this chat has changed files yet.'));
      return;
    }
    await review.actions.run(thread, turnId, 'review');
  });
  register(CommandId.restoreCheckpoint, async () => {
    const review = context.review;
    const thread = context.activeThread;
    const items = thread.entries.flatMap((e) => (e.type === 'user' && e.turnId && e.checkpoint?.length ? [{
      label: messageLabel(e.content), description: e.undone ? vscode.l10n.t('undone') : undefined, turnId: e.turnId,
    }] : [])).reverse();
    if (!review || !items.length) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: no message in this chat has a checkpoint yet.'));
      return;
    }
    const pick = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Restore the files to before a message'), placeHolder: vscode.l10n.t('Pick the message') });
    if (pick) await review.checkpoints.restore(thread, pick.turnId);
  });
  register(CommandId.cancel, async () => {
    if (!(await context.cancel())) void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: no turn is running.'));
  });
  register(CommandId.restartAgent, async () => {
    const name = context.agentName;
    if (!name) {
      await vscode.commands.executeCommand(CommandId.selectAgent);
      return;
    }
    const config = context.agentEntries().find((e) => e.config.name === name)?.config;
    if (config) await startWithProgress(context, config, log);
    else await context.restart();
  });
  register(CommandId.showLog, () => log.show());
  // One search for the window: each thread's lines are read once and kept until it changes.
  const search: SearchDeps = { context, transcripts, search: new ThreadSearch(transcripts), log, reveal: (entryId) => view.revealEntry(entryId) };
  register(CommandId.showHistory, async () => {
    // "Search in threads…" picked: the words typed to filter the list are the search's start.
    const chosen = await showHistory(context, transcripts, log);
    if (chosen) return searchThreads(search, chosen.search);
    await view.reveal();
  });
  register(CommandId.searchThreads, async (query?: unknown) => {
    await searchThreads(search, typeof query === 'string' ? query : '');
  });
  register(CommandId.logout, async () => {
    const { outcome, agentName } = await context.logout().catch((error: unknown) => {
      void vscode.window.showErrorMessage(vscode.l10n.t('Agent Chat: logging out failed: {0}', error instanceof Error ? error.message : String(error)));
      return { outcome: 'failed' as const, agentName: undefined };
    });
    switch (outcome) {
      case 'logged_out':
        void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: logged out of {0}.', agentName ?? ''));
        return true;
      case 'unsupported':
        void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: {0} does not support logging out.', agentName ?? ''));
        return false;
      case 'no_agent':
        void vscode.window.showInformationMessage(agentName
          ? vscode.l10n.t('Agent Chat: {0} is not running; nothing to log out of.', agentName)
          : vscode.l10n.t('Agent Chat: no agent is running; nothing to log out of.'));
        return false;
      case 'failed':
        return false;
    }
  });
  // Escape cancels only while a turn runs (package.json keybinding `when`).
  let turnRunning: boolean | undefined;
  const syncContextKey = () => {
    const running = context.status.turnRunning;
    if (running === turnRunning) return;
    turnRunning = running;
    void vscode.commands.executeCommand('setContext', ContextKey.turnRunning, running);
  };
  scope.add(context.onStatus(syncContextKey));
  syncContextKey();
  return scope;
}

/** Longest the picker waits for the PATH lookup before it opens without preset hints. */
const PATH_WAIT_MS = 1_000;

async function pickAgent(context: AgentChatContext): Promise<AgentConfig | undefined> {
  type Item = vscode.QuickPickItem & { entry?: AgentEntry; addAgent?: true };
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = vscode.l10n.t('Agent Chat: Select Agent');
  pick.placeholder = vscode.l10n.t('Pick the agent to chat with');
  pick.matchOnDescription = true;
  const toItems = (entries: AgentEntry[]): Item[] => {
    const current = context.agentName;
    // A running agent's own title and description (a remote agent's card name and description).
    const known = new Map(context.agents.map((c) => [c.name, c]));
    const groups: Array<[AgentEntry['source'], string]> = [
      ['settings', vscode.l10n.t('Your agents')], ['example', vscode.l10n.t('Built in')], ['preset', vscode.l10n.t('Presets')],
    ];
    const items: Item[] = [];
    for (const [source, label] of groups) {
      const inGroup = entries.filter((e) => e.source === source);
      if (inGroup.length === 0) continue;
      items.push({ label, kind: vscode.QuickPickItemKind.Separator });
      for (const entry of inGroup) {
        const isCurrent = entry.config.name === current;
        const title = known.get(entry.config.name)?.title ?? entry.title;
        const about = known.get(entry.config.name)?.description;
        items.push({
          label: `${isCurrent ? '$(check) ' : ''}${title}`,
          description: [title !== entry.config.name ? entry.config.name : '', isCurrent ? stateWord(context.agentStatus) : '']
            .filter(Boolean)
            .join(' · '),
          detail: [about, entry.hint].filter(Boolean).join(' — ') || undefined,
          entry,
        });
      }
    }
    // Where a person looking for an agent they do not have yet will look.
    items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
    items.push({
      label: `$(cloud-download) ${vscode.l10n.t('Add Agent from the ACP Registry…')}`,
      detail: vscode.l10n.t('Browse the registry, see exactly what an agent runs, and add it to your agents'),
      addAgent: true,
    });
    return items;
  };
  // Preset hints ("not found on PATH") need the login-shell PATH, warmed when the chat is first
  // shown (extension.ts; a picker opened before that starts the lookup here). The list
  // is filled once: replacing items under the user's pointer could make a click pick another row.
  const pathValue = await Promise.race<string | undefined>([
    loginShellPath().catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), PATH_WAIT_MS)),
  ]);
  pick.items = toItems(context.agentEntries(pathValue === undefined ? undefined : detectPresets(AGENT_PRESETS, pathValue)));
  try {
    return await new Promise<AgentConfig | undefined>((resolve) => {
      pick.onDidAccept(() => {
        const chosen = pick.selectedItems[0];
        if (chosen?.addAgent) void vscode.commands.executeCommand(CommandId.addAgent);
        resolve(chosen?.entry?.config);
        pick.hide();
      });
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
  } finally {
    pick.dispose();
  }
}

function stateWord(status: AgentStatus): string {
  switch (status.state) {
    case 'none':
      return '';
    case 'starting':
      return vscode.l10n.t('starting');
    case 'ready':
      return vscode.l10n.t('running');
    case 'failed':
      return vscode.l10n.t('failed');
    case 'exited':
      return vscode.l10n.t('stopped');
  }
}

async function startWithProgress(context: AgentChatContext, config: AgentConfig, log: ProtocolLog): Promise<void> {
  const status = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting {0}…', config.name), cancellable: true },
    (_progress, token) => context.start(config, token),
  );
  // Untrusted: trust.ts explains and offers the trust editor.
  if (status.state !== 'failed' || isUntrusted(status)) return;
  const showLog = vscode.l10n.t('Show Log');
  const settings = vscode.l10n.t('Open Settings');
  const answer = await vscode.window.showErrorMessage(
    vscode.l10n.t('{0} did not start: {1}', config.name, status.reason) + (status.fix ? ` — ${status.fix}` : ''),
    showLog,
    settings,
  );
  if (answer === showLog) log.show();
  if (answer === settings) await vscode.commands.executeCommand('workbench.action.openSettings', 'agentChat.agents');
}

/** A message's first line, for pickers. */
function messageLabel(content: readonly { type: string; text?: string }[]): string {
  const text = content.find((b) => b.type === 'text')?.text ?? vscode.l10n.t('(attachment)');
  const line = text.split('\n')[0]!.trim();
  return line.length > 80 ? line.slice(0, 79) + '…' : line || vscode.l10n.t('(empty)');
}
