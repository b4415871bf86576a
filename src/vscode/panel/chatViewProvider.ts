/**
 * The `agentChat.chat` webview view: a projection of the context's state.
 *
 * Protocol (src/shared/webviewProtocol.ts): each page load sends `ready` and gets a full
 * snapshot; afterwards row changes go out batched (rowBatcher.ts), then `session` / `agent`. While
 * the view is hidden VS Code tears the page down (no retainContextWhenHidden), so messages are
 * dropped and the next `ready` gets a fresh snapshot: nothing is lost because the host owns
 * the thread.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import type { BudgetView, HostToWebview, WebviewToHost } from '../../shared/webviewProtocol.js';
import type { AgentChatContext } from '../context.js';
import { DisposableScope } from '../disposables.js';
import { RowBatcher } from './rowBatcher.js';
import { ChildFeed, childOpened } from './childFeed.js';
import { workspaceFolderRefs } from '../editor/workspaceRoots.js';
import { renderChatHtml, webviewOptions } from './webviewHtml.js';
import { packForPost } from '../../shared/postedText.js';

export const CHAT_VIEW_ID = 'agentChat.chat';
/** The panel folds runs of finished uneventful tool calls into one line unless this is false. */
const FOLD_SETTING = 'agentChat.foldToolCalls';
/** How long a requested reveal is repeated after snapshots (a page loading while it was asked). */
const REVEAL_PENDING_MS = 5_000;

/** "Follow the agent" as the header sees it (editor/followAgent.ts). */
export interface FollowState {
  readonly enabled: boolean;
  readonly onDidChange: vscode.Event<boolean>;
}

/** The auto-approve rules in force, as the cards need them (ids only). */
export interface RuleSource {
  activeIds(): string[];
  readonly onDidChange: vscode.Event<void>;
}

export interface BudgetSource {
  viewOf(tabId: string): BudgetView;
  /** A tab's spend or budget changed (its id). */
  readonly onDidChange: vscode.Event<string>;
}

export type WebviewMessageHandler = (message: WebviewToHost) => Promise<void> | void;

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private viewScope = new DisposableScope();
  /** The page said `ready` and has had its snapshot: row updates make sense to it. */
  private pageReady = false;
  /** Focus the composer once the page is ready (after `agentChat.open` on a page still loading). */
  private focusWhenReady = false;
  private readonly batcher: RowBatcher;
  /** Which subagent cards the page has open: only their rows are sent (childFeed.ts). */
  private readonly childFeed: ChildFeed;
  private readonly lifetime = new DisposableScope();
  private handler: WebviewMessageHandler = () => undefined;
  /**
   * A row to scroll to (a search hit), sent after each snapshot until a few seconds have passed:
   * a page shown again may get a snapshot it drops (still loading) and then its own on `ready`.
   */
  private pendingReveal: { entryId: string; until: number } | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly context: AgentChatContext,
  ) {
    this.childFeed = new ChildFeed((childId) => context.childCard(childId));
    this.batcher = this.lifetime.add(
      new RowBatcher((rows, sessionChanged, children, asks) => {
        if (rows.length > 0 || children || asks) this.post({ type: 'rows', changes: rows, ...(children ? { children } : {}), ...(asks ? { asks } : {}) });
        if (sessionChanged) this.post({ type: 'session', session: this.context.sessionFacts });
      }),
    );
    this.lifetime.add(context.onRows((result) => {
      if (!this.pageReady || !this.view?.visible) return;
      const { children, asks } = this.childFeed.take(result.children);
      this.batcher.push(result.rows, result.session, children, asks);
    }));
    this.lifetime.add(context.onThreadReplaced(() => this.sendSnapshot()));
    // Paths are shown relative to the workspace folders: a new snapshot redraws them all.
    this.lifetime.add(vscode.workspace.onDidChangeWorkspaceFolders(() => {
      if (this.pageReady && this.view?.visible) this.sendSnapshot();
    }));
    // The page draws its rows folded or not from the snapshot: a change redraws them.
    this.lifetime.add(vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(FOLD_SETTING) && this.pageReady && this.view?.visible) this.sendSnapshot();
    }));
    this.lifetime.add(context.onTabs((tabs) => {
      if (this.pageReady && this.view?.visible) this.post({ type: 'tabs', tabs });
    }));
    this.lifetime.add(context.onAgentChanged(() => {
      this.batcher.flush();
      const s = this.context.snapshot();
      this.post({ type: 'agent', agent: s.agent, agents: s.agents, composer: s.composer });
    }));
  }

  /** Set once by the wiring (the handler needs this provider too). */
  setMessageHandler(handler: WebviewMessageHandler): void {
    this.handler = handler;
  }

  private follow: FollowState | undefined;

  /** Set once by the wiring: the header shows whether "Follow the agent" is on. */
  setFollow(follow: FollowState): void {
    this.follow = follow;
    this.lifetime.add(follow.onDidChange((on) => this.post({ type: 'follow', on })));
  }

  private rules: RuleSource | undefined;

  /** Set once by the wiring: cards a rule answered offer "Revoke rule" while the rule stands. */
  setRules(rules: RuleSource): void {
    this.rules = rules;
    this.lifetime.add(rules.onDidChange(() => this.post({ type: 'rules', active: rules.activeIds() })));
  }

  private budgets: BudgetSource | undefined;

  /** Set once by the wiring: the header shows the shown session's spend against its budget. */
  setBudgets(budgets: BudgetSource): void {
    this.budgets = budgets;
    this.lifetime.add(budgets.onDidChange((tabId) => this.post({ type: 'budget', tabId, budget: budgets.viewOf(tabId) })));
  }

  get visible(): boolean {
    return this.view?.visible ?? false;
  }

  private readonly visibilityEmitter = new vscode.EventEmitter<boolean>();
  /** The chat was shown or hidden (notifiers withdraw what the user now sees). */
  readonly onDidChangeVisible = this.visibilityEmitter.event;

  private shownBefore = false;
  private readonly firstShownEmitter = new vscode.EventEmitter<void>();
  /** The chat is shown for the first time in this window: work only the chat needs may start. */
  readonly onDidShowFirst = this.firstShownEmitter.event;

  resolveWebviewView(view: vscode.WebviewView): void {
    this.viewScope.dispose();
    const scope = (this.viewScope = new DisposableScope());
    this.view = view;
    this.pageReady = false;
    view.webview.options = webviewOptions(this.extensionUri);
    scope.add(view.webview.onDidReceiveMessage((message: WebviewToHost) => this.receive(message)));
    scope.add(view.onDidChangeVisibility(() => {
      // Hidden: the page is torn down and messages are dropped. Shown again: a reloaded page
      // says `ready`; a page that survived gets this snapshot. Either way it resynchronises.
      this.pageReady = false;
      this.batcher.clear();
      if (view.visible) this.sendSnapshot();
      this.visibilityEmitter.fire(view.visible);
    }));
    scope.add(view.onDidDispose(() => {
      if (this.view === view) this.view = undefined;
      this.pageReady = false;
      this.batcher.clear();
      scope.dispose();
    }));
    view.webview.html = renderChatHtml(view.webview, this.extensionUri);
    void this.context.ensureStarted();
    if (!this.shownBefore) {
      this.shownBefore = true;
      this.firstShownEmitter.fire();
    }
  }

  /** Reveals the view and focuses its composer. */
  async reveal(): Promise<void> {
    this.focusWhenReady = true;
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
    if (this.pageReady) this.focusComposer();
  }

  /** Shows the chat scrolled to a row of the shown thread (sent now, or after the snapshot a loading page gets). */
  async revealEntry(entryId: string | undefined): Promise<void> {
    this.pendingReveal = entryId === undefined ? undefined : { entryId, until: Date.now() + REVEAL_PENDING_MS };
    if (this.pageReady && this.view?.visible) this.sendReveal();
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  }

  private sendReveal(): void {
    const pending = this.pendingReveal;
    if (!pending) return;
    if (Date.now() > pending.until) {
      this.pendingReveal = undefined;
      return;
    }
    const entryId = pending.entryId;
    // Rows still batched for this frame come first: the row may be one of them.
    this.batcher.flush();
    this.post({ type: 'revealEntry', entryId });
  }

  post(message: HostToWebview): void {
    const view = this.view;
    if (!view || !view.visible) return;
    if (message.type !== 'snapshot' && !this.pageReady) return;
    void view.webview.postMessage(packForPost(message)).then(undefined, () => undefined);
  }

  dispose(): void {
    this.viewScope.dispose();
    this.visibilityEmitter.dispose();
    this.firstShownEmitter.dispose();
    this.lifetime.dispose();
  }

  private receive(message: WebviewToHost): void {
    if (!message || typeof message !== 'object' || typeof (message as { type?: unknown }).type !== 'string') return;
    if (message.type === 'ready') {
      this.sendSnapshot();
      return;
    }
    if (message.type === 'childOpen') {
      if (typeof message.childId === 'string' && typeof message.open === 'boolean') this.childOpened(message.childId, message.open);
      return;
    }
    Promise.resolve()
      .then(() => this.handler(message))
      .catch((error: unknown) => {
        void vscode.window.showErrorMessage(vscode.l10n.t('Agent Chat: {0}', error instanceof Error ? error.message : String(error)));
      });
  }

  /** The page opened or folded a subagent card (childFeed.ts). */
  private childOpened(childId: string, open: boolean): void {
    if (!this.pageReady || !this.view?.visible) return;
    childOpened(childId, open, this.childFeed, this.batcher, (id) => this.context.childEntries(id), (m) => this.post(m));
  }

  private sendSnapshot(): void {
    this.batcher.clear();
    if (!this.view?.visible) {
      this.pageReady = false;
      return;
    }
    // A thread in its own worktree shows its paths relative to the worktree, named like the user's folder.
    const worktree = this.context.worktreeOf();
    const roots = worktree ? [{ name: basename(worktree.repo), path: worktree.path }] : workspaceFolderRefs();
    const snapshot = this.context.snapshot();
    this.childFeed.reset(snapshot.asks);
    this.post({ type: 'snapshot', snapshot: { ...snapshot, follow: this.follow?.enabled ?? false, roots, foldToolCalls: foldToolCalls() } });
    this.pageReady = true;
    if (this.rules) this.post({ type: 'rules', active: this.rules.activeIds() });
    const shown = this.context.tabsInfo().activeId;
    if (this.budgets) this.post({ type: 'budget', tabId: shown, budget: this.budgets.viewOf(shown) });
    this.sendReveal();
    if (this.focusWhenReady) this.focusComposer();
  }

  private focusComposer(): void {
    this.focusWhenReady = false;
    this.post({ type: 'focusComposer' });
  }
}

function foldToolCalls(): boolean {
  return vscode.workspace.getConfiguration().get<unknown>(FOLD_SETTING) !== false;
}
