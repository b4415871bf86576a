/**
 * Turn-end and elicitation notifications on the real window's surroundings (the chat view's
 * visibility, the settings), with the window taken as focused: with the chat hidden, a turn
 * end shows "<agent> finished" whose Open link brings the chat back and the notification goes
 * once the tab is seen; a stop is said in words; a form the agent waits for is notified and
 * withdrawn when answered; `agentChat.notifications.turnEnd` off shows nothing for a turn end.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ElicitationNotifier } from '../../src/vscode/notifications/elicitationNotifier.js';
import { SHOW_TAB } from '../../src/vscode/notifications/showTab.js';
import { WindowSurroundings } from '../../src/vscode/notifications/surroundings.js';
import { TurnEndNotifier } from '../../src/vscode/notifications/turnEndNotifier.js';
import { api, testAgent, turn } from './agents.js';
import { test, until } from './harness.js';

/** Shows another view container in the side bar: the chat view is hidden. */
async function hideChat(visible: () => boolean): Promise<void> {
  await vscode.commands.executeCommand('workbench.view.explorer');
  await until('the chat to be hidden', () => !visible());
}

test('turn-end notification: with the chat hidden, "<agent> finished" whose Open brings the chat back; stops in words; a waiting form too; the setting turns it off', async () => {
  const chat = await api();
  const { context, view } = chat;
  const agentName = 'Notify scripted (exthost)';
  assert.equal((await context.start(testAgent(agentName, 'scripted'))).state, 'ready');
  await context.newSession();
  const tabId = context.tabsInfo().activeId;
  const surroundings = new WindowSurroundings(() => view.visible, view.onDidChangeVisible, () => context.tabsInfo().activeId, () => true);
  const turnEnds = new TurnEndNotifier(context, surroundings);
  const forms = new ElicitationNotifier(context, surroundings);
  const settings = vscode.workspace.getConfiguration('agentChat.notifications');
  try {
    // Seen: the chat is shown with this tab, so a turn end needs no notification.
    await vscode.commands.executeCommand('agentChat.open');
    await until('the chat to be visible', () => view.visible);
    await turn(chat, 'hello');
    assert.deepEqual(turnEnds.showing, [], 'nothing for a turn the user watched');

    // Hidden: the turn end is notified, in words.
    await hideChat(() => view.visible);
    await turn(chat, 'hello');
    await until('a turn-end notification', () => turnEnds.showing.some((k) => k.startsWith(`${tabId}:`)));
    assert.deepEqual(turnEnds.showingTitles, [`${agentName} finished — hello`]);

    // A new turn replaces it with its own ending.
    await turn(chat, 'stop max_tokens');
    await until('the stop in words', () => turnEnds.showingTitles.join() === `${agentName} stopped: it reached its token limit — hello`);
    assert.equal(turnEnds.showing.length, 1, 'one notification per tab: the latest ending');

    // Open: the tab is shown in the chat, which comes back; seen, so the notification goes.
    assert.equal(await vscode.commands.executeCommand(SHOW_TAB, tabId), true);
    await until('the chat to be visible again', () => view.visible);
    assert.equal(context.tabsInfo().activeId, tabId);
    await until('the notification to be withdrawn once seen', () => turnEnds.showing.length === 0);

    // A form the agent waits for, with the chat hidden: notified, withdrawn once answered.
    await hideChat(() => view.visible);
    const before = context.entries.length;
    const turnDone = context.send({ text: 'elicit', attachments: [], images: [] });
    const form = await until('the form row', () => context.entries.slice(before).find((e) => e.type === 'elicitation' && e.status === 'pending'));
    assert.ok(form.type === 'elicitation');
    await until('an elicitation notification', () => forms.showing.includes(`${tabId}:${form.requestId}`));
    assert.match(forms.showingTitles[0] ?? '', new RegExp(`^${agentName.replace(/[()]/g, '\\$&')} asks you to fill in a form: `));
    assert.ok(await context.answerElicitation(form.requestId, { action: 'decline' }, async () => false));
    await until('the elicitation notification to be withdrawn', () => forms.showing.length === 0);
    await turnDone;

    // The setting off: a turn end while hidden shows nothing (the decision is made as the end row arrives).
    await until('the form turn\'s ending notified', () => turnEnds.showing.length === 1);
    await settings.update('turnEnd', false, vscode.ConfigurationTarget.Global);
    await until('the notification to go with the setting', () => turnEnds.showing.length === 0);
    await turn(chat, 'hello');
    assert.deepEqual(turnEnds.showing, [], 'no notification with agentChat.notifications.turnEnd off');
  } finally {
    await settings.update('turnEnd', undefined, vscode.ConfigurationTarget.Global);
    turnEnds.dispose();
    forms.dispose();
    surroundings.dispose();
    await vscode.commands.executeCommand('agentChat.open');
  }
}, 90_000);
