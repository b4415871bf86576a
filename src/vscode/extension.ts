/**
 * Agent Chat's entry point: the table of contents. Each line wires one part; the parts own
 * their logic. Everything created here is registered for disposal with the extension.
 */
import { installGroupReaper, uninstallGroupReaper } from '../services/process/groupReaper.js';
import { loginShellPath } from '../services/process/loginShellPath.js';
import { join } from 'node:path';
import { Snapshotter } from '../checkpoints/snapshotter.js';
import { SnapshotDocuments } from './review/snapshotDocuments.js';
import { CheckpointService } from './review/checkpointService.js';
import { ReviewActions } from './review/reviewActions.js';
import { consultAgentsEnabled, editorToolsEnabled, readCheckpointLimits, readConsultLimits, readConsultMaxDepth } from './agents/config.js';
import type { EditorToolsOptions } from '../agents/acp/editorTools/sessionEditorTools.js';
import { consultDirectory } from './agents/consultDirectory.js';
import * as vscode from 'vscode';
import { agentLauncher } from './agents/agentLauncher.js';
import { ChatViewProvider, CHAT_VIEW_ID } from './panel/chatViewProvider.js';
import { registerCommands } from './commands.js';
import { registerAddAgent } from './registry/addAgentCommand.js';
import { affectsAgentSettings } from './agents/config.js';
import { AgentChatContext } from './context.js';
import { DiffDocuments } from './editor/diffDocuments.js';
import { PermissionNotifier } from './notifications/permissionNotifier.js';
import { InputNotifier } from './notifications/inputNotifier.js';
import { TurnEndNotifier } from './notifications/turnEndNotifier.js';
import { ElicitationNotifier } from './notifications/elicitationNotifier.js';
import { WindowSurroundings } from './notifications/surroundings.js';
import { registerShowTab } from './notifications/showTab.js';
import { FollowAgent } from './editor/followAgent.js';
import { ProtocolLog } from './protocolLog.js';
import { AgentStatusBar } from './status/statusBar.js';
import { ThreadStore } from './thread/threadStore.js';
import { watchWorkspaceTrust } from './agents/trust.js';
import { VscodeFileSystem } from './editor/vscodeFileSystem.js';
import { VscodeEditorTools } from './editor/vscodeEditorTools.js';
import { TranscriptStore } from '../history/store.js';
import { readMcpServers } from './agents/mcpServers.js';
import { AgentSecrets } from './agents/agentSecrets.js';
import { deleteItem, historyItems, reopenItem } from './history/historyPicker.js';
import { handleWebviewMessage } from './panel/webviewMessages.js';
import { LastTerminalCommand } from './mentions/lastTerminalCommand.js';
import { MentionService } from './mentions/mentionService.js';
import { vscodeMentionSources } from './mentions/vscodeMentionSources.js';
import { WorkspaceFileIndex } from './mentions/workspaceFileIndex.js';
import { AutoApproveRules } from './permissions/registerRules.js';
import { useTranslate } from './translate.js';
import { WorktreeService } from './worktrees/worktreeService.js';
import { workspaceRoots } from './editor/workspaceRoots.js';
import { WorktreeLedger } from './worktrees/worktreeLedger.js';
import { worktreeParentDir } from './worktrees/worktreeSettings.js';
import { closeWorktreeTab } from './worktrees/closeWorktree.js';
import { registerWorktreeCommands } from './worktrees/worktreeCommands.js';
import { OverviewView } from './overview/overviewView.js';
import { Budgets } from './budget/budgets.js';
import { budgetGate, registerBudgetCommand } from './budget/budgetCommands.js';

/** What `activate` returns: the extension-host test suite drives the real state through it. */
export interface AgentChatApi {
  context: AgentChatContext;
  statusBar: AgentStatusBar;
  store: ThreadStore;
  view: ChatViewProvider;
  diffs: DiffDocuments;
  fs: VscodeFileSystem;
  transcripts: TranscriptStore;
  /** "Follow the agent" in the editor. */
  follow: FollowAgent;
  /** Worktree threads' git side (the commands run the same). */
  worktrees: WorktreeService;
  /** The overview view of every thread (its rows and badge). */
  overview: OverviewView;
  /** Each session's spend against its budget (agentChat.budget, the header's override). */
  budgets: Budgets;
  /** Variables entered at env-var logins, per agent. */
  secrets: AgentSecrets;
  /** The history list and reopening, as the Show History command runs them. */
  history: {
    items(): ReturnType<typeof historyItems>;
    reopen(pick: Awaited<ReturnType<typeof historyItems>>[number]): Promise<void>;
    /** The delete button after its confirmation. */
    delete(pick: Awaited<ReturnType<typeof historyItems>>[number]): Promise<void>;
  };
}

/** Saved conversations kept across windows (the oldest beyond this go at activation). */
const MAX_TRANSCRIPTS = 200;

let current: { context: AgentChatContext; store: ThreadStore; transcripts: TranscriptStore } | undefined;

export function activate(extension: vscode.ExtensionContext): AgentChatApi {
  // Host code without `vscode` (thread notices, notification titles) speaks the editor's language too.
  useTranslate(vscode.l10n.t);
  const own = <T extends vscode.Disposable>(d: T): T => {
    extension.subscriptions.push(d);
    return d;
  };

  // Should this extension host end without deactivating (a closed window in a server, a crash),
  // a watchdog ends the agents and terminal commands it started (groupReaper.ts).
  installGroupReaper();

  // Services the agent layer calls back into.
  const log = own(new ProtocolLog());
  const store = own(new ThreadStore(extension.workspaceState));
  const fs = new VscodeFileSystem();
  // Every conversation, for the history list; in global storage so it outlives the workspace window.
  const transcripts = new TranscriptStore(extension.globalStorageUri.fsPath, {
    onError: (error, id) => {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn(`Transcript ${id} not saved: ${reason}`);
      void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: conversations cannot be saved to history ({0}). Open chats stay as they are; saving resumes once writing works again.', reason));
    },
  });

  const secrets = new AgentSecrets(extension.secrets);
  // Snapshots of the roots before each prompt, in global storage (never the user's repository).
  const snapshots = new Snapshotter({ storageDir: join(extension.globalStorageUri.fsPath, 'snapshots'), limits: readCheckpointLimits() });
  own(vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('agentChat.checkpoints')) snapshots.setLimits(readCheckpointLimits());
  }));
  own(new SnapshotDocuments(snapshots));
  const checkpoints = new CheckpointService(snapshots);
  const review = { checkpoints, actions: new ReviewActions(checkpoints) };

  // @-mentions: the file index is built on the first `@`, the terminal tracker listens from now.
  const mentionFiles = own(new WorkspaceFileIndex());
  const lastCommand = own(new LastTerminalCommand());
  const mentions = own(new MentionService(mentionFiles, lastCommand, transcripts));
  const mentionSources = vscodeMentionSources({ fs, files: mentionFiles, terminal: lastCommand, transcripts });

  // Auto-approve rules: the user's own, in global state (a repository cannot plant one).
  const rules = own(new AutoApproveRules(extension.globalState));

  // Worktree threads: git worktrees outside the user's folder, recorded per workspace until removed.
  const storageDir = (extension.storageUri ?? extension.globalStorageUri).fsPath;
  const worktrees = new WorktreeService({ ledger: new WorktreeLedger(extension.workspaceState), parentDir: () => worktreeParentDir(storageDir), log: (line) => log.info(line) });

  // ACP v2 agents have no fs/*: they reach the editor through this MCP server, which the
  // extension host's own binary runs as plain Node. Local agents may also consult the configured
  // agents (agentChat.consultAgents); a consulted local agent gets the same tools, one level deeper.
  const editorTools: EditorToolsOptions = {
    host: new VscodeEditorTools(),
    bridge: { command: process.execPath, args: [join(extension.extensionPath, 'dist', 'editor-tools.cjs')], env: { ELECTRON_RUN_AS_NODE: '1' } },
    enabled: editorToolsEnabled,
  };
  const consultAgents = own(consultDirectory(log, extension.secrets, {
    fs,
    secrets,
    permissionAdvisor: (agentName) => rules.advisor.forAgent(agentName),
    editorTools: () => editorTools,
  }));
  editorTools.consult = { enabled: consultAgentsEnabled, directory: consultAgents, limits: readConsultLimits, maxDepth: readConsultMaxDepth };

  // The one owner of chat state (agent process, session, thread, permissions).
  const context = own(new AgentChatContext({
    extensionPath: extension.extensionPath,
    state: extension.workspaceState,
    launch: agentLauncher(extension.secrets),
    fs,
    log,
    secrets,
    store,
    transcripts,
    mcpServers: readMcpServers,
    review,
    mentionSources,
    permissionAdvisor: (agentName) => rules.advisor.forAgent(agentName),
    editorTools,
    closeWorktree: (worktree, title, endSession) => closeWorktreeTab(worktrees, worktree, title, endSession),
    // Over its budget a session asks before a prompt goes out; one held back returns to the composer.
    promptGate: budgetGate((): Budgets => budgets, (message) => view.post(message)),
  }));
  current = { context, store, transcripts };

  // Views onto that state.
  const view = own(new ChatViewProvider(extension.extensionUri, context));
  own(vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, view));
  const diffs = own(new DiffDocuments());
  // A thread in its own worktree is followed there (its roots are the worktree, not the workspace).
  const follow = own(new FollowAgent(context, extension.workspaceState, () => {
    const worktree = context.worktreeOf();
    return worktree ? [worktree.path] : workspaceRoots();
  }));
  view.setFollow(follow);
  view.setRules(rules);
  // Spend against budget, per session: the header, the Threads view and the prompt gate read it.
  const budgets: Budgets = own(new Budgets(context, (line) => log.warn(line)));
  view.setBudgets(budgets);
  const ruleActions = rules.actions(context);
  view.setMessageHandler((message) => handleWebviewMessage(message, { context, view, diffs, log, mentions, follow, rules: ruleActions }));
  const statusBar = own(new AgentStatusBar(context));

  // Work only the chat needs waits until the chat is first shown, so a window where it stays
  // closed starts no process at all (activation was spawning a login shell and git).
  let chatShown = false;
  own(view.onDidShowFirst(() => {
    chatShown = true;
    // The first snapshot of a root is the slow one (every file hashed): done now, in the
    // background, so the first prompt's checkpoint only looks at what changed since.
    checkpoints.prime();
    // The login-shell PATH agent launches and the agent picker's hints use.
    void loginShellPath().catch(() => undefined);
    // Bounded: history is for picking recent work up again, not an archive that grows forever.
    void transcripts.prune(MAX_TRANSCRIPTS).catch(() => undefined);
  }));
  own(vscode.workspace.onDidChangeWorkspaceFolders(() => {
    if (chatShown) checkpoints.prime();
  }));

  // Notifications for what the user does not see (each kind has its setting).
  const surroundings = own(new WindowSurroundings(() => view.visible, view.onDidChangeVisible, () => context.tabsInfo().activeId));
  own(registerShowTab(context));
  // Every thread at a glance; the badge counts those waiting for the user.
  const overview = own(new OverviewView(context, budgets));
  own(new PermissionNotifier(context, surroundings));
  own(new InputNotifier(context, surroundings));
  own(new ElicitationNotifier(context, surroundings));
  own(new TurnEndNotifier(context, surroundings));

  // User intents and editor events.
  own(registerCommands({ context, view, log, transcripts, follow }));
  own(registerWorktreeCommands(context, worktrees, () => view.reveal()));
  own(registerBudgetCommand(context, budgets));
  // Worktrees no tab holds (a crash, a reload between making one and saving its tab) go once the
  // tabs are back. Only when this workspace ever made one: activation starts no git otherwise.
  if (worktrees.anyRecorded) {
    void context.restored.then(() => worktrees.pruneOrphans(context.worktreesInUse()))
      .then((removed) => { if (removed.length) log.info(`stray worktrees removed: ${removed.join(', ')}`); })
      .catch((error: unknown) => log.warn(`stray worktrees not checked: ${String(error)}`));
  }
  // Add Agent…: the registry is fetched, and binaries kept, in global storage (never the workspace).
  own(registerAddAgent({ storageDir: extension.globalStorageUri.fsPath, log }));
  rules.register();
  own(watchWorkspaceTrust(context));
  own(vscode.workspace.onDidChangeConfiguration((event) => {
    if (affectsAgentSettings(event)) context.settingsChanged();
  }));

  const history: AgentChatApi['history'] = {
    items: () => historyItems(context, transcripts, log),
    reopen: (pick) => reopenItem(context, transcripts, pick.item, pick.listed),
    delete: (pick) => deleteItem(context, transcripts, pick.item, log),
  };
  // Last, so the orderly shutdown above runs first; the watchdog ends whatever it left.
  own({ dispose: uninstallGroupReaper });
  return { context, statusBar, store, view, diffs, fs, transcripts, secrets, history, follow, worktrees, overview, budgets };
}

export async function deactivate(): Promise<void> {
  // Save the thread before the host goes away; the agent processes are killed by dispose.
  const state = current;
  current = undefined;
  if (state) await Promise.all([state.store.flush(), state.transcripts.flush()]);
}
