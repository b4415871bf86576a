import { test } from 'node:test';
import assert from 'node:assert/strict';
import { budgetFor, newlyReached, parseAmountInput, parseBudgets, spendText, standing, standingDetail } from '../../../src/vscode/budget/budgetModel.js';

test('the setting: a number or { amount, currency } per agent, "*" for every other agent; bad entries named, not used', () => {
  const { budgets, problems } = parseBudgets({ codex: 2, claude: { amount: 5, currency: 'EUR' }, '*': 1, bad: -1, worse: { amount: 'x' }, zero: 0, blank: { amount: 1, currency: ' ' } });
  assert.deepEqual(budgetFor(budgets, 'codex'), { amount: 2 });
  assert.deepEqual(budgetFor(budgets, 'claude'), { amount: 5, currency: 'EUR' });
  assert.deepEqual(budgetFor(budgets, 'gemini'), { amount: 1 });
  assert.deepEqual(budgetFor(budgets, undefined), { amount: 1 });
  assert.deepEqual(problems.map((p) => p.split(':')[0]), ['agentChat.budget.bad', 'agentChat.budget.worse', 'agentChat.budget.zero', 'agentChat.budget.blank']);
  assert.equal(budgetFor(parseBudgets({ codex: 2 }).budgets, 'gemini'), undefined);
  assert.equal(parseBudgets(undefined).budgets.size, 0);
  assert.equal(parseBudgets([1]).problems.length, 1);
});

test('standing: under, warn from 80%, over from 100%; no cost reported; another currency is not compared', () => {
  const usd = (amount: number) => ({ amount, currency: 'USD' });
  assert.equal(standing(usd(0.79), { amount: 1 }).level, 'under');
  assert.equal(standing(usd(0.8), { amount: 1 }).level, 'warn');
  assert.equal(standing(usd(0.99), { amount: 1 }).level, 'warn');
  assert.equal(standing(usd(1), { amount: 1 }).level, 'over');
  assert.equal(standing(usd(3), { amount: 1, currency: 'USD' }).level, 'over');
  assert.equal(standing(usd(3), { amount: 1, currency: 'EUR' }).level, 'otherCurrency');
  assert.equal(standing(undefined, { amount: 1 }).level, 'noCost');
  assert.equal(standing(usd(3), undefined).level, 'none');
});

test('words: "$0.42 of $1.00", "no cost reported" instead of a false zero, a cost alone without a budget', () => {
  assert.equal(spendText(standing({ amount: 0.42, currency: 'USD' }, { amount: 1 })), '$0.42 of $1.00');
  assert.equal(spendText(standing({ amount: 3, currency: 'credits' }, { amount: 10 })), '3 credits of 10 credits');
  assert.equal(spendText(standing({ amount: 0.5, currency: 'EUR' }, { amount: 2, currency: 'EUR' })), '0.50 EUR of 2.00 EUR');
  assert.equal(spendText(standing(undefined, { amount: 1 })), 'no cost reported');
  assert.equal(spendText(standing({ amount: 0.5, currency: 'USD' }, { amount: 2, currency: 'EUR' })), '$0.50 (budget 2.00 EUR)');
  assert.equal(spendText(standing({ amount: 0.42, currency: 'USD' }, undefined)), '$0.42');
  assert.equal(spendText(standing(undefined, undefined)), undefined);
  assert.match(standingDetail(standing({ amount: 0.85, currency: 'USD' }, { amount: 1 })), /85%.*100%.*asks/);
  assert.match(standingDetail(standing({ amount: 1.2, currency: 'USD' }, { amount: 1 })), /spent \(120%\)/);
});

test('a typed amount: plain, with $, a decimal comma, a currency; anything else refused', () => {
  assert.deepEqual(parseAmountInput('2'), { amount: 2 });
  assert.deepEqual(parseAmountInput(' $2.50 '), { amount: 2.5, currency: 'USD' });
  assert.deepEqual(parseAmountInput('2,50'), { amount: 2.5 });
  assert.deepEqual(parseAmountInput('3 eur'), { amount: 3, currency: 'EUR' });
  assert.deepEqual(parseAmountInput('100 credits'), { amount: 100, currency: 'credits' });
  for (const bad of ['', '0', '-1', 'abc', '1e3', '1.2.3', '$']) assert.equal(parseAmountInput(bad), undefined, bad);
});

test('each level is told once per budget; straight past 100% tells "over" only', () => {
  const s = (amount: number) => standing({ amount, currency: 'USD' }, { amount: 1 });
  assert.equal(newlyReached(s(0.5), new Set()), undefined);
  assert.equal(newlyReached(s(0.8), new Set()), 'warn');
  assert.equal(newlyReached(s(0.9), new Set(['warn'])), undefined);
  assert.equal(newlyReached(s(1.1), new Set(['warn'])), 'over');
  assert.equal(newlyReached(s(1.1), new Set()), 'over');
  assert.equal(newlyReached(s(1.2), new Set(['warn', 'over'])), undefined);
});
