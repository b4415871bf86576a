/**
 * The Threads view's states and the notifications agree: three threads in the background of a
 * real VS Code with the scripted agent — one finishes (done), one stops refusing (failed), one
 * waits for a permission (waiting for you) — each notifies exactly once, by the notifier of its
 * state, naming the thread as the Threads view does; showing a thread withdraws its notice while
 * its state stays.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ElicitationNotifier } from '../../src/vscode/notifications/elicitationNotifier.js';
import { InputNotifier } from '../../src/vscode/notifications/inputNotifier.js';
import { PermissionNotifier } from '../../src/vscode/notifications/permissionNotifier.js';
import type { NoticeSurroundings } from '../../src/vscode/notifications/surroundings.js';
import { TurnEndNotifier } from '../../src/vscode/notifications/turnEndNotifier.js';
import { api, testAgent, turn } from './agents.js';
import { test, until } from './harness.js';

test('thread states feed the notifications: done, failed and waiting in the background each notify once, naming the thread; seen, withdrawn', async () => {
  const chat = await api();
  const { context } = chat;
  const agentName = 'threads notify scripted (exthost)';
  assert.equal((await context.start(testAgent(agentName, 'scripted'))).state, 'ready');
  // The window focused and the chat shown: only the shown tab is seen.
  const changed = new vscode.EventEmitter<void>();
  const surroundings: NoticeSurroundings = {
    attention: (tabId) => ({ windowFocused: true, chatVisible: true, tabShown: tabId === undefined || tabId === context.tabsInfo().activeId }),
    settings: () => ({ turnEnd: true, permission: true, elicitation: true, inputRequired: true }),
    onDidChange: changed.event,
  };
  const turnEnds = new TurnEndNotifier(context, surroundings, 'agentChat.test.threadNotices.show');
  const permissions = new PermissionNotifier(context, surroundings, 'agentChat.test.threadNotices.answer');
  const forms = new ElicitationNotifier(context, surroundings, 'agentChat.test.threadNotices.form');
  const inputs = new InputNotifier(context, surroundings, 'agentChat.test.threadNotices.input');
  const ids: string[] = [];
  try {
    // Three threads, each named by its first message, then a fourth one shown.
    for (const title of ['hello one', 'hello two', 'hello three']) {
      await context.newSession();
      ids.push(context.tabsInfo().activeId);
      await turn(chat, title);
    }
    await context.newSession();
    const shownId = context.tabsInfo().activeId;
    const [doneId, failedId, waitingId] = ids as [string, string, string];
    ids.push(shownId);
    assert.equal(turnEnds.showing.length + permissions.showing.length, 0, 'nothing for turns the user watched');

    // In the background: one finishes, one stops refusing, one asks a permission and works on.
    await context.sendTo(doneId, { text: 'hello', attachments: [], images: [] });
    await context.sendTo(failedId, { text: 'stop refusal', attachments: [], images: [] });
    void context.sendTo(waitingId, { text: 'long', attachments: [], images: [] });
    const stateOf = (id: string) => chat.overview.shown.find((r) => r.tabId === id)?.state;
    await until('the Threads view: done, failed, waiting for you', () => stateOf(doneId) === 'done' && stateOf(failedId) === 'failed' && stateOf(waitingId) === 'waiting', 20_000);
    await until('a notification for each', () => turnEnds.showing.length === 2 && permissions.showing.length === 1);

    // Each by the notifier of its state, once, naming the thread as its row does.
    const endOf = (id: string) => turnEnds.showing.filter((k) => k.startsWith(`${id}:`));
    assert.equal(endOf(doneId).length, 1);
    assert.equal(endOf(failedId).length, 1);
    assert.equal(endOf(waitingId).length, 0, 'a thread waiting for the user is not also "finished"');
    assert.deepEqual([...turnEnds.showingTitles].sort(), [`${agentName} finished — hello one`, `${agentName} stopped: it refused to continue — hello two`].sort());
    assert.ok(context.pendingPermissions().every((p) => p.tabId === waitingId));
    assert.deepEqual([forms.showing, inputs.showing], [[], []]);

    // Told again by every event (tabs changing, the window changing): still once each.
    changed.fire();
    context.switchTab(shownId);
    await until('the same three notifications', () => turnEnds.showing.length === 2 && permissions.showing.length === 1);

    // Shown: its notification goes, its state stays.
    context.switchTab(doneId);
    await until('the finished thread\'s notice withdrawn once seen', () => endOf(doneId).length === 0);
    assert.equal(stateOf(doneId), 'done');
    assert.equal(endOf(failedId).length, 1, 'the others stay');
    assert.equal(permissions.showing.length, 1);

    // The waiting thread shown and stopped: cancelled, nothing to tell.
    context.switchTab(waitingId);
    await until('the permission notice withdrawn once seen', () => permissions.showing.length === 0);
    assert.equal(await context.cancel(), true);
    await until('the thread cancelled', () => stateOf(waitingId) === 'cancelled', 20_000);
    assert.equal(endOf(waitingId).length, 0);
  } finally {
    for (const n of [turnEnds, permissions, forms, inputs]) n.dispose();
    changed.dispose();
    for (const id of ids) await context.closeTab(id);
  }
}, 120_000);
