/**
 * A remote agent's task waiting for the user in a tab the user does not see: the tab reads
 * "answer" (waiting for your answer) and a notification says so, like a permission question from
 * a hidden tab. It goes away once the tab is shown, and comes for the shown tab while the chat
 * is hidden; answering (or the task finishing) withdraws it. A notifier of the test's own (its
 * own link command) on the real context, with a real A2A v0.3 server on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { InputNotifier } from '../../src/vscode/notifications/inputNotifier.js';
import { startV03Server } from '../a2a/v03Server.js';
import { Q1, Q2 } from '../a2a/conversation.js';
import { api, textOf } from './agents.js';
import { test, until } from './harness.js';
import { testSurroundings } from './surroundings.js';

const LINK_COMMAND = 'agentChat.test.showWaitingTab';

test('remote input-required: a background tab waits with a notification, withdrawn when shown or answered', async () => {
  const server = await startV03Server();
  const chat = await api();
  const context = chat.context;
  let visible = true;
  const surroundings = testSurroundings(context, () => visible);
  const notifier = new InputNotifier(context, surroundings, LINK_COMMAND);
  try {
    assert.equal((await context.start({ kind: 'a2a', name: 'notice remote (exthost)', url: server.url, headers: {} })).state, 'ready');
    await context.newSession();
    const first = context.tabsInfo().activeId;
    const stateOf = (id: string) => context.tabsInfo().tabs.find((t) => t.id === id)?.state;
    const said = (id: string, text: string) => (context.entriesOf(id) ?? []).some((e) => e.type === 'agent' && textOf(e) === text);

    await context.send({ text: 'Analyze this dataset', attachments: [], images: [] });
    await until('the first question', () => said(first, Q1) && stateOf(first) === 'answer');
    assert.deepEqual(notifier.showing, [], 'the shown tab of a visible chat needs no notification');

    await context.newSession();
    const second = context.tabsInfo().activeId;
    assert.notEqual(second, first);
    await until('a notification for the tab left waiting', () => notifier.showing.some((k) => k.startsWith(`${first}:`)));
    assert.equal(stateOf(first), 'answer', 'the tab shows it waits for an answer');

    // Its link brings the tab back: seen, so withdrawn.
    assert.equal(await vscode.commands.executeCommand(LINK_COMMAND, first), true);
    assert.equal(context.tabsInfo().activeId, first);
    await until('the notification to be withdrawn once the tab is shown', () => notifier.showing.length === 0);

    // The chat hidden: the shown tab's next question gets one too.
    visible = false;
    surroundings.changed();
    await context.send({ text: 'Revenue and profit margin', attachments: [], images: [] });
    await until('the second question', () => said(first, Q2) && stateOf(first) === 'answer');
    await until('a notification while the chat is hidden', () => notifier.showing.some((k) => k.startsWith(`${first}:`)));
    const asked = notifier.showing[0];

    // Answered: the task goes on to the end; nothing is left on screen.
    await context.send({ text: 'Yes, include it but flag the anomalies', attachments: [], images: [] });
    await until('the task to finish', () => stateOf(first) === 'idle');
    await until('the notification to be withdrawn', () => !notifier.showing.includes(asked!));
    assert.deepEqual(notifier.showing, []);
  } finally {
    notifier.dispose();
    surroundings.dispose();
    await server.close();
  }
}, 60_000);
