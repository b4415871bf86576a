/**
 * The budget's wiring: `agentChat.setSessionBudget` (the header's budget button; a test passes the
 * tab and the amount), and the prompt gate that asks before a prompt goes over budget and gives
 * a prompt it holds back to the composer.
 */
import * as vscode from 'vscode';
import type { AgentChatContext } from '../context.js';
import { CommandId } from '../commandIds.js';
import type { ComposedPrompt } from '../tabs/promptBlocks.js';
import type { HostToWebview } from '../../shared/webviewProtocol.js';
import { parseAmountInput, type Budget } from './budgetModel.js';
import type { Budgets } from './budgets.js';

export function registerBudgetCommand(context: Pick<AgentChatContext, 'tabsInfo'>, budgets: Budgets): vscode.Disposable {
  return vscode.commands.registerCommand(CommandId.setSessionBudget, async (tabId?: unknown, amount?: unknown): Promise<Budget | undefined> => {
    const id = typeof tabId === 'string' ? tabId : context.tabsInfo().activeId;
    if (amount === undefined) return budgets.askFor(id);
    // Given by a caller: a number or text as typed; null goes back to the settings' budget.
    const budget = typeof amount === 'number' ? parseAmountInput(String(amount)) : typeof amount === 'string' ? parseAmountInput(amount) : undefined;
    if (amount !== null && !budget) throw new Error(vscode.l10n.t('Not an amount: {0}', String(amount)));
    budgets.setFor(id, budget ?? undefined);
    return budgets.budgetOf(id);
  });
}

/** The gate `TurnActions` asks before each prompt: over budget the user decides; a prompt held back returns to the composer. */
export function budgetGate(budgets: () => Budgets, post: (message: HostToWebview) => void): (tabId: string, prompt: ComposedPrompt) => Promise<boolean> {
  return async (tabId, prompt) => {
    if (await budgets().allows(tabId)) return true;
    post({ type: 'returnPrompt', text: prompt.text, attachments: [...prompt.attachments], images: [...prompt.images] });
    return false;
  };
}
