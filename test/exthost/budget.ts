/**
 * Budgets in a real VS Code with the scripted SDK agent, whose `spend <amount>` turns report a
 * growing cumulative cost: `agentChat.budget` gives the agent $1.00 per session; at 80% a
 * warning, at 100% a notice and then every prompt asks first — Cancel sends nothing and gives
 * the prompt back to the composer, Send anyway sends it, a raised budget sends without asking.
 * An agent that reports no cost says so instead of $0.00.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { TranscriptStore } from '../../src/history/store.js';
import type { HostToWebview } from '../../src/shared/webviewProtocol.js';
import { Budgets } from '../../src/vscode/budget/budgets.js';
import { CommandId } from '../../src/vscode/commandIds.js';
import { api, testAgent, textOf, turn } from './agents.js';
import { test, until } from './harness.js';
import { closeWindow, openWindow, send, WorkspaceMemento } from './windows.js';

const AGENT = 'budget scripted (exthost)';

/** Records warnings (non-modal ones answered with nothing) and answers modal questions from `answers`, in order. */
function watchWarnings(): { warnings: string[]; asked: string[]; answers: Array<string | undefined>; restore(): void } {
  const window = vscode.window as unknown as { showWarningMessage: (...args: unknown[]) => Thenable<unknown> };
  const original = window.showWarningMessage;
  const seen = { warnings: [] as string[], asked: [] as string[], answers: [] as Array<string | undefined>, restore: () => { window.showWarningMessage = original; } };
  window.showWarningMessage = (...args: unknown[]) => {
    const modal = typeof args[1] === 'object' && args[1] !== null && (args[1] as { modal?: boolean }).modal === true;
    if (!modal) {
      seen.warnings.push(String(args[0]));
      return Promise.resolve(undefined);
    }
    seen.asked.push(String(args[0]));
    assert.ok(seen.answers.length > 0, `an unexpected question: ${String(args[0])}`);
    const answer = seen.answers.shift();
    if (answer !== undefined) assert.ok(args.includes(answer), `"${answer}" is offered for: ${String(args[0])}`);
    return Promise.resolve(answer);
  };
  return seen;
}

test('budget: warned at 80%, the next prompt past 100% asks (Cancel keeps it, Send anyway sends), a raised budget sends; no cost says so', async () => {
  const chat = await api();
  const config = vscode.workspace.getConfiguration('agentChat');
  const original = config.inspect('budget')?.globalValue;
  await config.update('budget', { [AGENT]: 1 }, vscode.ConfigurationTarget.Global);
  const seen = watchWarnings();
  const posted: HostToWebview[] = [];
  const view = chat.view as unknown as { post(m: HostToWebview): void };
  const post = view.post;
  view.post = (m: HostToWebview) => {
    posted.push(m);
    post.call(chat.view, m);
  };
  try {
    assert.equal((await chat.context.start(testAgent(AGENT, 'scripted'))).state, 'ready');
    await chat.context.newSession();
    const tabId = chat.context.tabsInfo().activeId;
    const rowOf = () => chat.overview.shown.find((r) => r.tabId === tabId);

    // Before any cost: the budget cannot be kept yet, and nothing pretends it is $0.00.
    assert.equal(chat.budgets.viewOf(tabId).text, 'no cost reported');

    await turn(chat, 'spend 0.5');
    await until('the header says $0.50 of $1.00', () => chat.budgets.viewOf(tabId).text === '$0.50 of $1.00');
    await until('the Threads view says it too', () => rowOf()?.description.endsWith('$0.50 of $1.00') === true);
    assert.equal(chat.budgets.viewOf(tabId).level, 'under');
    assert.deepEqual(seen.warnings, [], 'no warning at 50%');

    // 85%: warned once, the header tinted.
    await turn(chat, 'spend 0.35');
    await until('the warning at 80%', () => seen.warnings.length === 1);
    assert.match(seen.warnings[0]!, /has spent 85% of its budget of \$1\.00/);
    assert.equal(chat.budgets.viewOf(tabId).level, 'warn');
    assert.ok(posted.some((m) => m.type === 'budget' && m.tabId === tabId && m.budget.level === 'warn'), 'the header is told (its tint)');

    // 105%: the notice; nothing asked yet (this turn was already sent).
    await turn(chat, 'spend 0.2');
    await until('the notice at 100%', () => seen.warnings.length === 2);
    assert.match(seen.warnings[1]!, /has spent its budget of \$1\.00 \(\$1\.05 of \$1\.00\)/);
    assert.deepEqual(seen.asked, []);

    // The next prompt asks first. Cancel: not sent, and given back to the composer.
    const rowsBefore = chat.context.entries.length;
    seen.answers.push(undefined);
    await chat.context.send({ text: 'spend 0.1', attachments: [], images: [] });
    assert.equal(seen.asked.length, 1);
    assert.match(seen.asked[0]!, /has spent its budget: \$1\.05 of \$1\.00\. Send this message anyway\?/);
    assert.equal(chat.context.entries.length, rowsBefore, 'nothing sent');
    assert.ok(posted.some((m) => m.type === 'returnPrompt' && m.text === 'spend 0.1'), 'the prompt goes back to the composer');

    // Send anyway: sent (and the next one would ask again).
    seen.answers.push('Send anyway');
    const rows = await turn(chat, 'spend 0.1');
    assert.equal(seen.asked.length, 2);
    assert.ok(rows.some((e) => textOf(e).includes('Spent 1.15 USD')), 'the turn ran');
    assert.equal(chat.budgets.viewOf(tabId).text, '$1.15 of $1.00');
    assert.equal(seen.warnings.length, 2, 'each level told once');

    // A budget raised for this session (the header's button runs this command): sent without a question.
    await vscode.commands.executeCommand(CommandId.setSessionBudget, tabId, 5);
    assert.equal(chat.budgets.viewOf(tabId).text, '$1.15 of $5.00');
    await turn(chat, 'spend 0.05');
    assert.equal(seen.asked.length, 2, 'not asked under the raised budget');
    await until('the Threads view follows', () => rowOf()?.description.endsWith('$1.20 of $5.00') === true);

    // An agent turn that reports no cost: "no cost reported", not $0.00.
    await chat.context.newSession();
    const silentId = chat.context.tabsInfo().activeId;
    await turn(chat, 'hello');
    assert.equal(chat.budgets.viewOf(silentId).text, 'no cost reported');
    await until('the Threads view says no cost reported', () => chat.overview.shown.find((r) => r.tabId === silentId)?.description.endsWith('no cost reported') === true);
    for (const id of [silentId, tabId]) await chat.context.closeTab(id);
  } finally {
    view.post = post;
    seen.restore();
    await config.update('budget', original, vscode.ConfigurationTarget.Global);
  }
}, 120_000);

test('budget: the budget set for a session from the header survives a window reload; the other tab keeps the settings\' one', async () => {
  const state = new WorkspaceMemento();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-budget-reload-'));
  const transcripts = new TranscriptStore(path.join(dir, 'storage'), { debounceMs: 50 });
  const agent = testAgent('budget reload (exthost)', 'scripted');
  // agentChat.budget as the settings give it: $1.00 for this agent.
  const setting = () => ({ [agent.name]: 1 });
  const first = await openWindow(state, transcripts);
  const firstBudgets = new Budgets(first.context, () => undefined, setting);
  try {
    assert.equal((await first.context.start(agent)).state, 'ready');
    await send(first.context, 'spend 0.5');
    const raised = first.context.tabsInfo().activeId;
    firstBudgets.setFor(raised, { amount: 2.5 });
    assert.equal(firstBudgets.viewOf(raised).text, '$0.50 of $2.50');
    await first.context.newSession();
    await send(first.context, 'spend 0.25');
    const plain = first.context.tabsInfo().activeId;
    assert.equal(firstBudgets.viewOf(plain).text, '$0.25 of $1.00');
    const before = first.context.tabsInfo().tabs.map((t) => t.id);
    assert.deepEqual([before.indexOf(raised), before.indexOf(plain)], [0, 1]);
  } finally {
    firstBudgets.dispose();
    await closeWindow(first, transcripts);
  }

  const second = await openWindow(state, transcripts);
  const secondBudgets = new Budgets(second.context, () => undefined, setting);
  try {
    await second.context.restored;
    const [raised, plain] = second.context.tabsInfo().tabs.map((t) => t.id);
    assert.ok(raised && plain, 'both tabs are back');
    assert.deepEqual(secondBudgets.budgetOf(raised), { amount: 2.5 }, 'the session\'s own budget is kept');
    // What each session spent comes back with it: no "no cost reported" that would let the next prompt past the budget unasked.
    assert.equal(secondBudgets.viewOf(raised).text, '$0.50 of $2.50');
    assert.equal(secondBudgets.viewOf(plain).text, '$0.25 of $1.00');
    assert.deepEqual(secondBudgets.budgetOf(plain), { amount: 1 }, 'the other tab still follows the settings');
    // The agent cannot reopen its session: the next prompt goes to a new one, which has spent nothing yet.
    assert.equal(second.context.switchTab(raised), true);
    await second.context.start(agent);
    await send(second.context, 'hello');
    assert.doesNotMatch(secondBudgets.viewOf(raised).text, /\$0\.50/, 'the new session does not carry the old one\'s spend');
    // Cleared back to the settings' budget: the next window has that too.
    secondBudgets.setFor(raised, undefined);
    assert.deepEqual(secondBudgets.budgetOf(raised), { amount: 1 });
  } finally {
    secondBudgets.dispose();
    await closeWindow(second, transcripts);
  }

  const third = await openWindow(state, transcripts);
  const thirdBudgets = new Budgets(third.context, () => undefined, setting);
  try {
    await third.context.restored;
    assert.deepEqual(third.context.tabsInfo().tabs.map((t) => thirdBudgets.budgetOf(t.id)), [{ amount: 1 }, { amount: 1 }]);
  } finally {
    thirdBudgets.dispose();
    await closeWindow(third, transcripts);
    await fsp.rm(dir, { recursive: true, force: true });
  }
}, 90_000);
