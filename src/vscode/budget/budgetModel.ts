/**
 * Spending budgets as plain data (no `vscode` import, unit-tested): what `agentChat.budget`
 * says for an agent, how a session's spend compares with its budget, and the words the header,
 * the Threads view and the questions use.
 *
 * A budget holds for each session (thread) of its agent: ACP's `usage_update.cost` is the
 * session's cumulative spend, so a thread's spend is the latest cost its agent reported. The
 * setting maps an agent's settings key (or `"*"`, any other agent) to a number in the currency
 * the agent reports, or to `{ "amount": 5, "currency": "USD" }` — then it applies only while the
 * agent reports that currency (a budget in EUR says nothing about a spend in USD).
 */
import type { Usage } from '../../protocol/events.js';
import { formatCost } from '../../thread/present.js';
import { english, type Translate } from '../../thread/translate.js';

export interface Budget {
  amount: number;
  /** Absent: the currency the agent reports. */
  currency?: string;
}

export type Cost = NonNullable<Usage['cost']>;

/** The key for every agent the setting does not name. */
export const ANY_AGENT = '*';
/** At this share of the budget the user is warned (notification and header tint). */
export const WARN_AT = 0.8;

/** The setting as read: budgets by agent key, and the entries that could not be used (logged). */
export function parseBudgets(raw: unknown): { budgets: Map<string, Budget>; problems: string[] } {
  const budgets = new Map<string, Budget>();
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { budgets, problems };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { budgets, problems: ['agentChat.budget must be an object mapping agent names to amounts'] };
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const budget = budgetOf(value);
    if (budget) budgets.set(key, budget);
    else problems.push(`agentChat.budget.${key}: expected a positive number or { "amount": number, "currency": "USD" }`);
  }
  return { budgets, problems };
}

function budgetOf(value: unknown): Budget | undefined {
  if (typeof value === 'number') return value > 0 && Number.isFinite(value) ? { amount: value } : undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { amount, currency } = value as { amount?: unknown; currency?: unknown };
  if (typeof amount !== 'number' || !(amount > 0) || !Number.isFinite(amount)) return undefined;
  if (currency === undefined) return { amount };
  if (typeof currency !== 'string' || !currency.trim()) return undefined;
  return { amount, currency: currency.trim() };
}

/** The budget of a session of `agentName`: its own entry, else the `"*"` one. */
export function budgetFor(budgets: ReadonlyMap<string, Budget>, agentName: string | undefined): Budget | undefined {
  return (agentName !== undefined ? budgets.get(agentName) : undefined) ?? budgets.get(ANY_AGENT);
}

/**
 * Where a session stands:
 * - `none`: no budget for it;
 * - `noCost`: a budget, but its agent has reported no cost (the budget cannot be kept);
 * - `otherCurrency`: the budget is in another currency than the agent reports;
 * - `under` / `warn` (≥ 80%) / `over` (≥ 100%).
 */
export type BudgetLevel = 'none' | 'noCost' | 'otherCurrency' | 'under' | 'warn' | 'over';

export interface BudgetStanding {
  level: BudgetLevel;
  spend: Cost | undefined;
  budget: Budget | undefined;
  /** spend / budget, when both are in one currency. */
  share?: number;
}

export function standing(spend: Cost | undefined, budget: Budget | undefined): BudgetStanding {
  if (!budget) return { level: 'none', spend, budget };
  if (!spend) return { level: 'noCost', spend, budget };
  if (budget.currency !== undefined && budget.currency !== spend.currency) return { level: 'otherCurrency', spend, budget };
  const share = spend.amount / budget.amount;
  return { level: share >= 1 ? 'over' : share >= WARN_AT ? 'warn' : 'under', spend, budget, share };
}

/** A budget as a person reads it: in its own currency, else the spend's, else a plain amount. */
export function budgetText(budget: Budget, spendCurrency?: string): string {
  const currency = budget.currency ?? spendCurrency;
  return currency ? formatCost(budget.amount, currency) : budget.amount.toFixed(2);
}

/**
 * Spend against budget in a few words: "$0.42 of $1.00"; "no cost reported" (never a false
 * "$0.00"); a spend without a budget is just "$0.42"; nothing at all: undefined.
 */
export function spendText(s: BudgetStanding, t: Translate = english): string | undefined {
  switch (s.level) {
    case 'none':
      return s.spend ? formatCost(s.spend.amount, s.spend.currency) : undefined;
    case 'noCost':
      return t('no cost reported');
    case 'otherCurrency':
      return t('{0} (budget {1})', formatCost(s.spend!.amount, s.spend!.currency), budgetText(s.budget!));
    default:
      return t('{0} of {1}', formatCost(s.spend!.amount, s.spend!.currency), budgetText(s.budget!, s.spend!.currency));
  }
}

/** A longer line for tooltips and the header button: what the budget is and what happens next. */
export function standingDetail(s: BudgetStanding, t: Translate = english): string {
  switch (s.level) {
    case 'none':
      return t('No budget for this session. Click to set one.');
    case 'noCost':
      return t('Budget {0}, but this agent reports no cost, so it cannot be kept. Click to change it.', budgetText(s.budget!));
    case 'otherCurrency':
      return t('The budget is in {0}, but the agent reports {1}: it cannot be compared. Click to change it.', s.budget!.currency!, s.spend!.currency);
    case 'under':
      return t('{0} of the budget spent. Click to change it.', percent(s.share!));
    case 'warn':
      return t('{0} of the budget spent: at 100% the next message asks before it is sent. Click to change it.', percent(s.share!));
    case 'over':
      return t('The budget is spent ({0}): the next message asks before it is sent. Click to raise it.', percent(s.share!));
  }
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/**
 * A typed amount: "2", "2.50", "$2.50", "2,50" (a decimal comma), "2.50 EUR". Undefined when it
 * is not a positive number; `currency` only when the user typed one.
 */
export function parseAmountInput(text: string): Budget | undefined {
  let rest = text.trim();
  let currency: string | undefined;
  if (rest.startsWith('$')) {
    currency = 'USD';
    rest = rest.slice(1).trim();
  }
  const unit = /^([0-9.,]+)\s*([A-Za-z]{3,})$/.exec(rest);
  if (unit) {
    rest = unit[1]!;
    currency = unit[2]!.length === 3 ? unit[2]!.toUpperCase() : unit[2]!;
  }
  if (!/^\d+([.,]\d+)?$/.test(rest)) return undefined;
  const amount = Number(rest.replace(',', '.'));
  if (!(amount > 0) || !Number.isFinite(amount)) return undefined;
  return currency ? { amount, currency } : { amount };
}

/**
 * Which level, if any, has just been reached and not yet told for this budget: each of `warn`
 * and `over` is told once per budget (a raised budget is told afresh).
 */
export function newlyReached(s: BudgetStanding, told: ReadonlySet<'warn' | 'over'>): 'warn' | 'over' | undefined {
  if (s.level === 'over') return told.has('over') ? undefined : 'over';
  if (s.level === 'warn') return told.has('warn') ? undefined : 'warn';
  return undefined;
}
