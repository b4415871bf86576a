/**
 * The overview view (`agentChat.overview`): every thread of every agent in this window, one row
 * each with its state, agent, branch, time, files changed and cost (overviewModel.ts); a click or
 * Enter shows it in the chat. The Agent Chat icon's badge counts the threads waiting for the
 * user. Refreshed when tabs or their rows change (coalesced), and each second while one works.
 */
import * as vscode from 'vscode';
import type { AgentChatContext } from '../context.js';
import { SHOW_TAB } from '../notifications/showTab.js';
import { inTurn, overviewRow, threadFacts, TurnClocks, waitingCount, type ThreadFacts, type ThreadState } from './overviewModel.js';
import type { BudgetStanding } from '../budget/budgetModel.js';

/** Each thread's spend against its budget (budget/budgets.ts). */
export interface OverviewBudgets {
  standingOf(tabId: string): BudgetStanding;
  readonly onDidChange: vscode.Event<string>;
}

export const OVERVIEW_VIEW_ID = 'agentChat.overview';

type OverviewContext = Pick<AgentChatContext, 'tabsInfo' | 'entriesOf' | 'sessionFactsOf' | 'pendingPermissions' | 'pendingElicitations' | 'onTabs' | 'onTabRows'>;

const ICONS: Record<ThreadState, [string, string | undefined]> = {
  working: ['loading~spin', undefined],
  waiting: ['bell-dot', 'notificationsWarningIcon.foreground'],
  done: ['pass', 'testing.iconPassed'],
  failed: ['error', 'testing.iconFailed'],
  cancelled: ['debug-stop', undefined],
  new: ['circle-outline', undefined],
};

export class OverviewView implements vscode.TreeDataProvider<string>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<string>;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly clocks = new TurnClocks();
  private rows = new Map<string, ReturnType<typeof overviewRow>>();
  private order: string[] = [];
  private pending: ReturnType<typeof setTimeout> | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly context: OverviewContext, private readonly budgets?: OverviewBudgets, private readonly now: () => number = Date.now) {
    this.view = vscode.window.createTreeView(OVERVIEW_VIEW_ID, { treeDataProvider: this });
    this.subscriptions.push(this.view, this.changed, context.onTabs(() => this.schedule()), context.onTabRows(() => this.schedule()));
    if (budgets) this.subscriptions.push(budgets.onDidChange(() => this.schedule()));
    this.refresh();
  }

  /** The rows as shown (for tests). */
  get shown(): ReturnType<typeof overviewRow>[] {
    return this.order.map((id) => this.rows.get(id)!);
  }

  get badge(): number {
    return typeof this.view.badge?.value === 'number' ? this.view.badge.value : 0;
  }

  getChildren(element?: string): string[] {
    return element ? [] : this.order;
  }

  getTreeItem(tabId: string): vscode.TreeItem {
    const row = this.rows.get(tabId);
    const item = new vscode.TreeItem(row?.label ?? tabId);
    if (!row) return item;
    item.id = tabId;
    item.description = row.description;
    item.tooltip = row.tooltip;
    const [icon, color] = ICONS[row.state];
    item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
    item.accessibilityInformation = { label: `${row.label}, ${row.description}` };
    item.command = { command: SHOW_TAB, title: vscode.l10n.t('Show'), arguments: [tabId] };
    return item;
  }

  private schedule(): void {
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.refresh();
    }, 100);
  }

  refresh(): void {
    const now = this.now();
    const { tabs } = this.context.tabsInfo();
    const asking = new Set([...this.context.pendingPermissions(), ...this.context.pendingElicitations()].map((q) => q.tabId));
    const all: ThreadFacts[] = tabs.map((tab) => {
      const entries = this.context.entriesOf(tab.id) ?? [];
      this.clocks.see(tab.id, tab.state, now);
      return {
        tab, ...threadFacts(entries), cost: this.context.sessionFactsOf(tab.id)?.usage?.cost, budget: this.budgets?.standingOf(tab.id),
        ...this.clocks.of(tab.id), asking: asking.has(tab.id),
      };
    });
    const ids = new Set(tabs.map((t) => t.id));
    this.clocks.keepOnly(ids);
    this.rows = new Map(all.map((f) => [f.tab.id, overviewRow(f, now, vscode.l10n.t)]));
    this.order = tabs.map((t) => t.id);
    const waiting = waitingCount(all);
    this.view.badge = waiting ? { value: waiting, tooltip: vscode.l10n.t('{0} thread(s) waiting for you', waiting) } : undefined;
    this.changed.fire();
    // Elapsed time moves while a turn is on (working or waiting for the user): once a second, only then.
    const working = all.some((f) => inTurn(f.tab.state));
    if (working && !this.ticker) this.ticker = setInterval(() => this.refresh(), 1000);
    if (!working && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  dispose(): void {
    clearTimeout(this.pending);
    clearInterval(this.ticker);
    for (const s of this.subscriptions) s.dispose();
  }
}
