/**
 * The one place that owns the state of the chat, and the composition root of its parts: one
 * agent process per agent name (agentPool.ts, each an agentSlot.ts started on demand), the
 * tabs (sessionTabList.ts: each a thread bound to one agent, plus its session), the sessions
 * opened on them (sessionOpener.ts), and what the user does with them: tabs (tabActions.ts),
 * turns (turnActions.ts), past sessions and accounts (sessionHistory.ts). The open tab set is
 * kept for the next window (openTabsKeeper.ts). The status bar and panel header show the
 * active tab's agent. Everything else (view, status bar, commands, notifications) reads from
 * here and listens to its events.
 *
 * Two disposal scopes: `lifetime` lives as long as the extension; each agent slot's process
 * scope lives as long as one agent process (its listeners, its sessions, the process itself),
 * and is thrown away whole on restart, so a restart never leaks a listener. Each tab's session
 * scope nests inside its agent's.
 */
import * as vscode from 'vscode';
import type { AgentConfig, ElicitationAnswer, SessionSupport } from '../agents/api.js';
import type { StopTarget } from '../protocol/events.js';
import type { AgentChoice, AgentStatus, ComposerCapabilities, PanelSnapshot, SessionTabs } from '../shared/webviewProtocol.js';
import type { ElicitationEntry, SessionFacts, SubagentEntry, ThreadEntry, ToolCallEntry } from '../thread/types.js';
import { asksIn, cardOf } from './panel/childFeed.js';
import { AgentPool } from './tabs/agentPool.js';
import type { AgentSlot } from './agents/agentSlot.js';
import { NO_EXTRAS } from './agents/agentSlot.js';
import type { ChatThread, PermissionRequest } from './thread/chatThread.js';
import type { ChatCore, ChatStatus, ContextDeps } from './tabs/chatCore.js';
import { AgentCatalog } from './agents/agentCatalog.js';
import { SettingsChanges } from './agents/settingsChanges.js';
import type { AgentEntry } from './agents/config.js';
import { DisposableScope } from './disposables.js';
import type { TabBudget, TranscriptRef } from './tabs/openTabs.js';
import { OpenTabsKeeper } from './tabs/openTabsKeeper.js';
import type { ComposedPrompt } from './tabs/promptBlocks.js';
import { SessionHistory } from './tabs/sessionHistory.js';
import type { AgentSessionList } from './tabs/sessionHistory.js';
import { SessionOpener } from './tabs/sessionOpener.js';
import type { SessionOpening } from './tabs/sessionOpener.js';
import { SessionTabList } from './tabs/sessionTabList.js';
import { TabActions } from './tabs/tabActions.js';
import type { Thread } from './thread/threadStore.js';
import { TurnActions } from './tabs/turnActions.js';
import { editAndResend, type ResendMode } from './tabs/editResend.js';
import { forkFromHere } from './tabs/forkFromHere.js';
import { agentTitle, continueWith } from './tabs/continueWith.js';
import type { WorktreeRef } from '../worktrees/types.js';
import { TabQuestions, type PendingQuestion, type WaitingTab } from './tabs/tabQuestions.js';
import { TabWorktrees } from './tabs/tabWorktrees.js';

export type { ChatStatus, ContextDeps } from './tabs/chatCore.js';
export type { PermissionRequest } from './thread/chatThread.js';
export type { PendingQuestion, WaitingTab } from './tabs/tabQuestions.js';
export type { SessionOpening } from './tabs/sessionOpener.js';
export { workspaceRoots } from './editor/workspaceRoots.js';

export class AgentChatContext implements vscode.Disposable {
  private readonly lifetime = new DisposableScope();
  private readonly catalog: AgentCatalog;
  private readonly tabs: SessionTabList;
  private readonly pool: AgentPool;
  private readonly openTabs: OpenTabsKeeper;
  private readonly tabActions: TabActions;
  private readonly turns: TurnActions;
  private readonly chatCore: ChatCore;
  private readonly history: SessionHistory;
  private readonly questions: TabQuestions;
  private readonly worktrees: TabWorktrees;
  private readonly settingsChanges: SettingsChanges;

  private readonly agentEmitter = this.lifetime.add(new vscode.EventEmitter<void>());
  private readonly statusEmitter = this.lifetime.add(new vscode.EventEmitter<ChatStatus>());

  /** Agent lifecycle, the agent list or composer capabilities changed. */
  readonly onAgentChanged = this.agentEmitter.event;
  readonly onStatus = this.statusEmitter.event;
  /** Row changes of the active tab's thread (and whether its session facts changed). */
  readonly onRows;
  /** Another thread is shown (new session, tab switch, reopened history): views need a snapshot. */
  readonly onThreadReplaced;
  /** A permission question from any tab (a background tab's turn may need an answer too). */
  readonly onPermissionRequested;
  /** A pending permission was answered (from anywhere) or withdrawn. */
  readonly onPermissionSettled;
  /** Tabs were added, closed, renamed or changed state. */
  readonly onTabs;
  /** Row changes of any tab, shown or not (notifiers watch turn ends and forms in the background). */
  readonly onTabRows;
  /** The previous window's tabs are back, with their rows (at once when there were none). */
  readonly restored: Promise<void>;

  constructor(private readonly deps: ContextDeps) {
    this.catalog = new AgentCatalog(deps.extensionPath);
    this.tabs = new SessionTabList(deps.store, () => this.fireStatus());
    this.onRows = this.tabs.onRows;
    this.onThreadReplaced = this.tabs.onThreadReplaced;
    this.onPermissionRequested = this.tabs.onPermissionRequested;
    this.onPermissionSettled = this.tabs.onPermissionSettled;
    this.onTabs = this.tabs.onTabs;
    this.onTabRows = this.tabs.onTabRows;
    this.openTabs = new OpenTabsKeeper(deps, this.tabs);
    this.questions = new TabQuestions(this.tabs);
    this.settingsChanges = new SettingsChanges(deps.log);
    this.worktrees = new TabWorktrees(this.tabs, deps.log, () => this.openTabs.save());
    this.lifetime.add(this.tabs.onTabs(() => this.openTabs.save()));
    const opener = new SessionOpener({
      log: deps.log,
      transcripts: deps.transcripts,
      mcpServers: deps.mcpServers,
      tabChanged: (tab, statusChanged) => {
        if (statusChanged && tab === this.tabs.active) this.fireStatus();
        this.tabs.fireTabs();
        this.openTabs.save();
      },
      agentFailed: (status) => this.pool.get(status.state === 'failed' ? status.agentName : '')?.set(status, NO_EXTRAS),
    });
    this.pool = new AgentPool(deps, this.tabs, (tab, running, scope) => this.tabActions.attach(tab, running, scope), () => {
      this.agentEmitter.fire();
      this.fireStatus();
    });
    const core = (this.chatCore = this.core(opener));
    this.tabActions = new TabActions(core);
    this.turns = new TurnActions(core, this.tabActions);
    this.history = new SessionHistory(core);
    this.restored = this.openTabs.restore().catch((error: unknown) => deps.log.warn(`Open tabs not restored: ${String(error)}`));
  }

  /** The active tab's agent. */
  private get slot(): AgentSlot {
    return this.pool.slotOf(this.tabs.active);
  }

  private get thread(): ChatThread {
    return this.tabs.active.thread;
  }

  /** The shown tab's thread (review and checkpoints act on it). */
  get activeThread(): ChatThread {
    return this.tabs.active.thread;
  }

  get review(): ContextDeps['review'] {
    return this.deps.review;
  }

  get status(): ChatStatus {
    const session = this.thread.session;
    return {
      agent: this.slot.agent,
      turnRunning: this.thread.turnRunning,
      waitingForPermission: this.thread.waitingForPermission,
      waitingForInput: this.thread.waitingForInput,
      usage: session.usage,
      sessionTitle: session.title,
    };
  }

  get agentStatus(): AgentStatus { return this.slot.agent; }
  get composerCapabilities(): ComposerCapabilities { return this.slot.composer; }
  /** The configured agents; a running one carries its own title and description (a remote agent's card name and description). */
  get agents(): AgentChoice[] {
    return this.catalog.choices.map((choice) => {
      const status = this.pool.get(choice.name)?.agent;
      if (status?.state !== 'ready') return choice;
      const description = status.about?.description;
      const title = status.agentTitle && status.agentTitle !== choice.name ? status.agentTitle : choice.title;
      return { ...choice, ...(title ? { title } : {}), ...(description ? { description } : {}) };
    });
  }
  get sessionFacts(): SessionFacts { return this.thread.session; }
  get entries(): readonly ThreadEntry[] { return this.thread.entries; }

  /** The agent the user chose (running, starting or failed). */
  get chosenAgent(): AgentConfig | undefined { return this.slot.chosen; }

  /** The chosen (or running) agent's name, if any. */
  get agentName(): string | undefined { return this.slot.chosen?.name; }

  agentEntries(detected?: Parameters<AgentCatalog['entries']>[0]): AgentEntry[] { return this.catalog.entries(detected); }

  /** `name`'s config: from user settings, else the one it was last started with in this window. */
  configOf(name: string): AgentConfig | undefined { return this.catalog.configOf(name, this.pool.get(name)?.chosen); }

  /** The panel's snapshot: a subagent's rows are not in it (the panel asks for them when it opens a card), its questions are. */
  snapshot(): PanelSnapshot {
    const children = this.thread.childRows();
    const entries = [...this.thread.entries];
    return {
      agent: this.slot.agent,
      agents: this.agents,
      entries,
      ...(children ? { childIds: Object.keys(children), asks: asksIn(entries, children) } : {}),
      session: this.thread.session,
      composer: this.slot.composer,
      tabs: this.tabsInfo(),
    };
  }

  tabsInfo(): SessionTabs { return this.tabs.info(); }

  /** One subagent's rows (at any depth of the shown thread), if it has that child. */
  childEntries(childId: string): ThreadEntry[] | undefined { return this.thread.childRows()?.[childId]; }

  /** The card of a subagent of the shown thread (at any depth). */
  childCard(childId: string): SubagentEntry | undefined { return cardOf(childId, this.thread.entries, this.thread.childRows() ?? {}); }

  findToolCall(toolCallId: string, childId?: string): ToolCallEntry | undefined { return this.thread.findToolCall(toolCallId, childId); }

  /** Tabs whose agent waits for the user's answer (A2A input-required / auth-required), for the notifier. */
  waitingForAnswer(): WaitingTab[] { return this.questions.waitingForAnswer(); }

  /** Every tab's permission questions still waiting, for the notifier. */
  pendingPermissions(): PendingQuestion<PermissionRequest>[] { return this.questions.pendingPermissions(); }

  /** Every tab's forms or pages waiting for the user (elicitations of a live session), for the notifier. */
  pendingElicitations(): PendingQuestion<ElicitationEntry>[] { return this.questions.pendingElicitations(); }

  /** The agent of a tab (names a turn end in a notification). */
  agentNameOf(tabId: string): string | undefined { return this.tabs.find(tabId)?.agentName; }

  pendingPermission(requestId: string): PermissionRequest | undefined { return this.questions.pendingPermission(requestId); }

  /** Starts the active tab's agent (or the preferred one) unless one is chosen already (the chat was opened). */
  async ensureStarted(): Promise<void> {
    // A tab brought back from the last window names its agent once it is rebuilt.
    await this.restored;
    if (this.slot.agent.state !== 'none') return;
    await this.start(this.slot.chosen ?? this.defaultChoice());
  }

  /**
   * Starts `config` for the active tab. The active tab's own agent restarts; another agent gets
   * its own tab (the active one when it is blank or has no agent yet), and every other agent
   * keeps running. Resolves when it is ready or has failed.
   */
  start(config: AgentConfig, cancel?: vscode.CancellationToken): Promise<AgentStatus> { return this.pool.start(config, cancel); }

  /** Restarts the chosen agent; with none chosen, starts the preferred one. */
  async restart(): Promise<AgentStatus> {
    const config = this.slot.chosen ?? this.defaultChoice();
    // Pick up edited settings for the same name.
    const fresh = this.agentEntries().find((e) => e.config.name === config.name)?.config ?? config;
    return this.start(fresh);
  }

  /** Starts `config` unless it is ready already (history never restarts a running agent). */
  ensureAgent(config: AgentConfig): Promise<AgentStatus> { return this.history.ensureAgent(config); }

  /** A fresh thread and session on the running agent (or a start when none runs). */
  newSession(): Promise<void> { return this.tabActions.newSession(); }

  /** A new tab on `config`'s agent whose thread works in its own worktree (see TabActions.newSessionIn); resolves with the tab's id. */
  async newSessionIn(config: AgentConfig, worktree: WorktreeRef): Promise<string> { return (await this.tabActions.newSessionIn(config, worktree)).id; }

  /** The worktree of a tab (the shown one by default), if its thread has one. */
  worktreeOf(tabId?: string): WorktreeRef | undefined { return this.worktrees.worktreeOf(tabId); }

  /** Every tab's worktree: what the clean-up must leave alone. */
  worktreesInUse(): WorktreeRef[] { return this.worktrees.inUse(); }

  /** The worktree at `path` is going away (discarded): see TabWorktrees.release. */
  releaseWorktree(path: string, notice: { title: string; detail: string }): Promise<void> { return this.worktrees.release(path, notice); }

  /** Shows another tab; the status bar follows it. */
  switchTab(id: string): boolean { return this.tabActions.switchTab(id); }
  /** Shows the open tab that holds a saved conversation (agent + session id); false when none does. */
  showTabOf(agentName: string, sessionId: string): boolean {
    const tab = this.tabShowing(agentName, sessionId);
    return tab ? this.tabActions.switchTab(tab.id) : false;
  }

  /** The tab that holds a conversation (agent + session id), and whether its session is live there. */
  tabShowing(agentName: string, sessionId: string): { id: string; live: boolean } | undefined {
    const tab = this.tabs.all.find((t) => t.transcript?.agentName === agentName && t.transcript.sessionId === sessionId);
    return tab && { id: tab.id, live: tab.session !== undefined && !tab.session.isClosed };
  }

  /** Ends the tab's session and drops it; the last tab is replaced by a new-session tab. */
  closeTab(id: string): Promise<void> { return this.tabActions.closeTab(id); }

  send(prompt: ComposedPrompt): Promise<void> { return this.turns.send(prompt); }
  /** Steer / Stop and send: a prompt for the shown tab's running turn (see TurnActions.sendWhileWorking); false when none runs. */
  sendWhileWorking(prompt: ComposedPrompt, how: 'steer' | 'stop'): Promise<boolean> { return this.turns.sendWhileWorking(prompt, how); }
  /** "Continue with another agent…": the shown tab's conversation goes on with `config`'s agent, in this tab (see tabs/continueWith.ts). */
  continueWith(config: AgentConfig, title: string): Promise<boolean> {
    const from = this.tabs.active.agentName;
    const fromChoice = from === undefined ? undefined : this.agents.find((c) => c.name === from);
    return continueWith(this.chatCore, this.tabActions, config, title, fromChoice ? agentTitle(fromChoice) : from);
  }
  /** "Edit and resend" on a past message of the shown tab (see tabs/editResend.ts). */
  editAndResend(turnId: string): Promise<ResendMode | undefined> { return editAndResend(this.chatCore, (p) => this.turns.send(p), turnId); }
  /** "Fork from here" on the shown tab's latest turn: a new tab on a copy of the session (see tabs/forkFromHere.ts). */
  async forkFromHere(turnId: string): Promise<boolean> { return (await forkFromHere(this.chatCore, turnId)) !== undefined; }

  /** Sends to any tab's open session (the prompt queue of a tab in the background). */
  sendTo(tabId: string, prompt: ComposedPrompt): Promise<void> { return this.turns.sendTo(tabId, prompt); }

  /** Any tab's session facts (usage, title, turn state); undefined for a tab that is gone. */
  sessionFactsOf(tabId: string): SessionFacts | undefined { return this.tabs.find(tabId)?.thread.session; }

  /** The budget set for a tab's session from the header (undefined: none, or the tab is gone). */
  budgetOverrideOf(tabId: string): TabBudget | undefined { return this.tabs.find(tabId)?.budget; }

  /** Sets (undefined: clears) the budget of a tab's session; it is saved with the tab, so a reload keeps it. */
  setBudgetOverride(tabId: string, budget: TabBudget | undefined): void {
    const tab = this.tabs.find(tabId);
    if (!tab) return;
    tab.budget = budget ? { ...budget } : undefined;
    this.openTabs.save();
  }

  /** Any tab's rows (undefined for a tab that is gone). */
  entriesOf(tabId: string): readonly ThreadEntry[] | undefined { return this.tabs.find(tabId)?.thread.entries; }

  /** Cancels the running turn; false when there is none. */
  cancel(): Promise<boolean> { return this.turns.cancel(); }

  /** Stops one tool call or agent-owned terminal of the shown tab (v2); the turn goes on. */
  stopWork(target: StopTarget): Promise<void> { return this.turns.stopWork(target); }
  stopSubagent(childId: string): void { this.turns.stopSubagent(childId); }

  /** First answer wins: false when the request was already answered or withdrawn. */
  answerPermission(requestId: string, optionId: string): boolean { return this.turns.answerPermission(requestId, optionId); }

  /** The shown tab's answer to an elicitation (see TurnActions.answerElicitation). */
  answerElicitation(requestId: string, answer: ElicitationAnswer, openPage: (url: string) => Promise<boolean>): Promise<boolean> {
    return this.turns.answerElicitation(requestId, answer, openPage);
  }

  /** Mode picker: failures (the agent said no, no session) land in the thread, not in a toast. */
  setMode(modeId: string): Promise<void> { return this.turns.setMode(modeId); }

  /** Config option picker (model, thought level, toggles). */
  setConfigOption(configId: string, value: string | boolean): Promise<void> { return this.turns.setConfigOption(configId, value); }

  /** What the active tab's agent can do with past sessions (undefined when it is not ready). */
  get sessionSupport(): SessionSupport | undefined { return this.history.sessionSupport; }

  /** What `agentName` can do with past sessions (undefined unless it runs). */
  sessionSupportOf(agentName: string): SessionSupport | undefined { return this.history.sessionSupportOf(agentName); }

  /** The agents running and ready now. */
  get readyAgents(): string[] { return this.history.readyAgents; }

  /** The active tab's agent's own session list; undefined when it has none to offer. */
  agentSessions(): Promise<AgentSessionList | undefined> { return this.history.agentSessions(); }

  /** `agentName`'s own session list when it runs and can list; nothing is started for it. */
  agentSessionsOf(agentName: string): Promise<AgentSessionList | undefined> { return this.history.agentSessionsOf(agentName); }

  /** `session/delete` on `agentName` when it runs and supports it; false when it was not asked. */
  deleteAgentSession(agentName: string, sessionId: string): Promise<boolean> { return this.history.deleteAgentSession(agentName, sessionId); }

  /** Logs out of the active tab's agent; says which agent, or why not. */
  logout(): Promise<{ outcome: 'logged_out' | 'unsupported' | 'no_agent'; agentName?: string }> {
    return this.history.logout();
  }

  /** The agent's own login on the running agent; false when none is ready (restart it: its start asks). */
  logIn(): Promise<boolean> {
    return this.history.logIn();
  }

  /** Reopens a past conversation in a tab of `config`'s agent (see SessionHistory.reopen). */
  reopen(config: AgentConfig | undefined, thread: Thread, opening: SessionOpening | undefined, shows?: TranscriptRef): Promise<boolean> {
    return this.history.reopen(config, thread, opening, shows);
  }

  /** `agentChat.*` settings changed: refresh the list; offer a restart if the running agent changed. */
  settingsChanged(): void {
    this.settingsChanges.report(this.catalog.reload());
    this.agentEmitter.fire();
    const chosen = this.slot.chosen;
    if (!chosen || this.slot.agent.state === 'none') return;
    this.settingsChanges.offerRestart(chosen, this.agentEntries().find((e) => e.config.name === chosen.name)?.config, (config) => this.start(config));
  }

  /** Workspace trust was granted: start what the distrust held back. */
  trustGranted(): void {
    if (this.slot.agent.state === 'failed' || this.slot.agent.state === 'none') void this.restart();
  }

  dispose(): void {
    // Tabs losing their sessions as the window closes must still come back in the next one.
    this.openTabs.stop();
    this.pool.dispose();
    this.tabs.dispose();
    this.lifetime.dispose();
  }

  /** The agent a start without an explicit choice goes to. */
  defaultAgent(): AgentConfig { return this.defaultChoice(); }

  /** The active tab's agent, else the one picked last in this workspace, else the preferred one. */
  private defaultChoice(): AgentConfig {
    const own = this.tabs.active.agentName;
    return this.catalog.defaultChoice(own !== undefined ? this.configOf(own) : undefined, this.slot.lastName);
  }

  private fireStatus(): void {
    this.statusEmitter.fire(this.status);
  }

  /** The view of this context its parts work on. */
  private core(opener: SessionOpener): ChatCore {
    const self = this;
    return {
      deps: this.deps,
      tabs: this.tabs,
      pool: this.pool,
      opener,
      get slot() {
        return self.slot;
      },
      get restored() {
        return self.restored;
      },
      defaultChoice: () => this.defaultChoice(),
      start: (config, cancel) => this.start(config, cancel),
      ensureStarted: () => this.ensureStarted(),
      fireStatus: () => this.fireStatus(),
    };
  }
}
