import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeStopReason, formatCost, formatTokens, formatUsage } from '../../../src/thread/present.js';

const tokenCases: Array<[number, string]> = [
  [0, '0'],
  [950, '950'],
  [999, '999'],
  [1000, '1k'],
  [1500, '1.5k'],
  [9_949, '9.9k'],
  [9_950, '10k'],
  [53_000, '53k'],
  [200_000, '200k'],
  [999_999, '1M'],
  [1_200_000, '1.2M'],
  [15_000_000, '15M'],
  [2_500_000_000, '2.5B'],
  [-1500, '-1.5k'],
  [Number.NaN, '?'],
];

for (const [n, expected] of tokenCases) {
  test(`formatTokens(${n}) = ${expected}`, () => assert.equal(formatTokens(n), expected));
}

const usageCases: Array<[Parameters<typeof formatUsage>[0], string]> = [
  [{ used: 53_000, size: 200_000 }, '53k / 200k (27%)'],
  [{ used: 53_000, size: 200_000, cost: { amount: 0.045, currency: 'USD' } }, '53k / 200k (27%) · $0.05'],
  [{ used: 53_000, size: 200_000, cost: null }, '53k / 200k (27%)'],
  [{ used: 1_200_000, size: 2_000_000, cost: { amount: 0.05, currency: 'EUR' } }, '1.2M / 2M (60%) · 0.05 EUR'],
  [{ used: 950, size: 1000, cost: { amount: 12, currency: 'credits' } }, '950 / 1k (95%) · 12 credits'],
  [{ used: 10, size: 0 }, '10 / 0'],
];

for (const [usage, expected] of usageCases) {
  test(`formatUsage → ${expected}`, () => assert.equal(formatUsage(usage), expected));
}

test('formatCost: currency-aware', () => {
  assert.equal(formatCost(1234.5, 'USD'), '$1,234.50');
  assert.equal(formatCost(0, 'USD'), '$0.00');
  assert.equal(formatCost(0.001, 'USD'), '<$0.01');
  assert.equal(formatCost(0.001, 'GBP'), '<0.01 GBP');
  assert.equal(formatCost(2.5, 'credits'), '2.5 credits');
});

const stopCases: Array<[string, string, string]> = [
  ['end_turn', 'quiet', 'Done'],
  ['max_tokens', 'warning', 'Stopped: token limit'],
  ['max_turn_requests', 'warning', 'Stopped: request limit'],
  ['refusal', 'warning', 'Refused'],
  ['cancelled', 'info', 'Cancelled'],
  ['error', 'error', 'Stopped by an error'],
  ['_rate_limited', 'info', 'Stopped: rate limited'],
  ['_paused_for_review', 'info', 'Stopped: paused for review'],
  ['_vendor.pausedForReview', 'info', 'Stopped: paused for review'],
  ['future_reason', 'info', 'Stopped'],
];

for (const [reason, tone, label] of stopCases) {
  test(`describeStopReason(${reason})`, () => {
    const d = describeStopReason(reason);
    assert.equal(d.tone, tone);
    assert.equal(d.label, label);
    assert.ok(d.detail.length > 10);
  });
}

test('describeStopReason: unknown reasons are named in the detail; custom ones read as words, raw value kept', () => {
  assert.match(describeStopReason('future_reason').detail, /future_reason/);
  assert.equal(describeStopReason('_mine').raw, '_mine');
  assert.equal(describeStopReason('_paused_for_review').label, 'Stopped: paused for review');
  assert.match(describeStopReason('refusal').detail, /not part of the conversation/);
});
