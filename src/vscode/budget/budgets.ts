/**
 * Budgets kept (budgetModel.ts says what they mean): each tab's spend is the latest cost its
 * agent reported; its budget is the one set for the session from the header
 * (`agentChat.setSessionBudget`, kept with the tab across reloads), else `agentChat.budget` for
 * its agent. At 80% a warning says
 * so once, at 100% once more; after that each prompt asks before it is sent (`allows`): Send
 * anyway, Raise budget, or Cancel — the prompt is then given back to the composer by the caller.
 */
import * as vscode from 'vscode';
import type { AgentChatContext } from '../context.js';
import type { BudgetView } from '../../shared/webviewProtocol.js';
import { readBudgetSetting } from '../agents/config.js';
import { budgetFor, budgetText, newlyReached, parseAmountInput, parseBudgets, percent, spendText, standing, standingDetail, type Budget, type BudgetStanding, type Cost } from './budgetModel.js';

export type BudgetContext = Pick<AgentChatContext, 'onTabRows' | 'onTabs' | 'tabsInfo' | 'sessionFactsOf' | 'budgetOverrideOf' | 'setBudgetOverride'>;

interface Told {
  /** The budget the levels were told for: another one is told afresh. */
  budget: string;
  levels: Set<'warn' | 'over'>;
}

export class Budgets implements vscode.Disposable {
  private settings = new Map<string, Budget>();
  /** The latest cost each tab's agent reported (a later usage update without one keeps it). */
  private readonly spends = new Map<string, Cost>();
  private readonly told = new Map<string, Told>();
  private readonly changed = new vscode.EventEmitter<string>();
  /** A tab's spend or budget changed (its id). */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly context: BudgetContext,
    private readonly log: (line: string) => void = () => undefined,
    private readonly read: () => unknown = readBudgetSetting,
  ) {
    this.reload();
    this.subscriptions = [
      this.changed,
      context.onTabRows(({ tabId, result }) => {
        if (result.session) this.update(tabId);
      }),
      context.onTabs(() => this.forgetClosed()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration('agentChat.budget')) return;
        this.reload();
        for (const tab of this.context.tabsInfo().tabs) this.update(tab.id);
      }),
    ];
  }

  /** Where a tab stands against its budget. */
  standingOf(tabId: string): BudgetStanding {
    return standing(this.spendOf(tabId), this.budgetOf(tabId));
  }

  /** What the header shows for a tab. */
  viewOf(tabId: string): BudgetView {
    const s = this.standingOf(tabId);
    return { level: s.level, text: spendText(s, vscode.l10n.t) ?? '', detail: standingDetail(s, vscode.l10n.t) };
  }

  /** The budget of a tab: set for its session, else its agent's from the settings. */
  budgetOf(tabId: string): Budget | undefined {
    return this.context.budgetOverrideOf(tabId) ?? budgetFor(this.settings, this.agentOf(tabId));
  }

  /**
   * Sets (or with `undefined`, clears back to the settings') the budget of one tab's session. It
   * is kept with the tab (tabs/openTabs.ts), so the next window has it too.
   */
  setFor(tabId: string, budget: Budget | undefined): void {
    this.context.setBudgetOverride(tabId, budget);
    this.update(tabId);
  }

  /**
   * Asks the user for a tab's budget (prefilled with the current one, or twice the spend when it
   * is spent). Resolves with the budget set, or undefined when the user cancelled.
   */
  async askFor(tabId: string): Promise<Budget | undefined> {
    const s = this.standingOf(tabId);
    const current = s.budget;
    const suggested = s.level === 'over' && s.spend ? Math.ceil(s.spend.amount * 2 * 100) / 100 : current?.amount;
    const currency = current?.currency ?? s.spend?.currency;
    const typed = await vscode.window.showInputBox({
      title: vscode.l10n.t('Budget for this session'),
      prompt: s.spend
        ? vscode.l10n.t('Spent so far: {0}. An amount in {1}; empty goes back to the agent\'s budget from the settings.', spendText(standing(s.spend, undefined), vscode.l10n.t) ?? '', currency ?? '')
        : vscode.l10n.t('An amount in the currency the agent reports; empty goes back to the agent\'s budget from the settings.'),
      value: suggested !== undefined ? String(suggested) : '',
      validateInput: (text) => (!text.trim() || parseAmountInput(text) ? undefined : vscode.l10n.t('A positive amount, such as 2.50 or 2.50 EUR')),
    });
    if (typed === undefined) return undefined;
    const budget = typed.trim() ? parseAmountInput(typed) : undefined;
    this.setFor(tabId, budget ? { ...budget, ...(budget.currency || !currency ? {} : { currency }) } : undefined);
    return this.budgetOf(tabId);
  }

  /**
   * Before a prompt goes to a tab: true to send. Over budget, the user is asked first — Send
   * anyway (this message only), Raise budget (then sent once under it), or Cancel.
   */
  async allows(tabId: string): Promise<boolean> {
    for (;;) {
      const s = this.standingOf(tabId);
      if (s.level !== 'over') return true;
      const sendAnyway = vscode.l10n.t('Send anyway');
      const raise = vscode.l10n.t('Raise budget…');
      const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t('"{0}" has spent its budget: {1}. Send this message anyway?', this.titleOf(tabId), spendText(s, vscode.l10n.t) ?? ''),
        { modal: true, detail: vscode.l10n.t('Send anyway sends this message only; the next one asks again. Cancel keeps the message in the composer.') },
        sendAnyway,
        raise,
      );
      if (choice === sendAnyway) return true;
      if (choice !== raise) return false;
      if (!(await this.askFor(tabId))) return false;
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  private reload(): void {
    const { budgets, problems } = parseBudgets(this.read());
    for (const problem of problems) this.log(`Settings: ${problem}`);
    this.settings = budgets;
  }

  private update(tabId: string): void {
    const cost = this.context.sessionFactsOf(tabId)?.usage?.cost;
    if (cost) this.spends.set(tabId, { amount: cost.amount, currency: cost.currency });
    this.tell(tabId);
    this.changed.fire(tabId);
  }

  /** The warning at 80% and the notice at 100%, each once per budget. */
  private tell(tabId: string): void {
    const s = this.standingOf(tabId);
    if (!s.budget) return;
    const key = `${s.budget.amount} ${s.budget.currency ?? ''}`;
    let told = this.told.get(tabId);
    if (!told || told.budget !== key) this.told.set(tabId, (told = { budget: key, levels: new Set() }));
    const level = newlyReached(s, told.levels);
    if (!level) return;
    told.levels.add('warn');
    if (level === 'over') told.levels.add('over');
    const title = this.titleOf(tabId);
    const budget = budgetText(s.budget, s.spend?.currency);
    const message = level === 'over'
      ? vscode.l10n.t('Agent Chat: "{0}" has spent its budget of {1} ({2}). The next message asks before it is sent.', title, budget, spendText(s, vscode.l10n.t) ?? '')
      : vscode.l10n.t('Agent Chat: "{0}" has spent {1} of its budget of {2}.', title, percent(s.share ?? 0), budget);
    const raise = vscode.l10n.t('Raise budget…');
    void vscode.window.showWarningMessage(message, raise).then((answer) => {
      if (answer === raise) void this.askFor(tabId);
    });
  }

  private forgetClosed(): void {
    const open = new Set(this.context.tabsInfo().tabs.map((t) => t.id));
    for (const map of [this.spends, this.told]) for (const id of [...map.keys()]) if (!open.has(id)) map.delete(id);
  }

  private spendOf(tabId: string): Cost | undefined {
    return this.context.sessionFactsOf(tabId)?.usage?.cost ?? this.spends.get(tabId);
  }

  private agentOf(tabId: string): string | undefined {
    return this.context.tabsInfo().tabs.find((t) => t.id === tabId)?.agentName;
  }

  private titleOf(tabId: string): string {
    return this.context.tabsInfo().tabs.find((t) => t.id === tabId)?.title ?? vscode.l10n.t('This session');
  }
}
