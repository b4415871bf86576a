/**
 * The permission notification shown while the chat is hidden: answered from its option link
 * (the command the link runs), withdrawn when the question is settled anywhere else, and a
 * late click on a settled question is a quiet no-op. A notifier of the test's own (its own
 * link command) on the real context, with the scripted agent asking.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PermissionRequest } from '../../src/vscode/thread/chatThread.js';
import { PermissionNotifier } from '../../src/vscode/notifications/permissionNotifier.js';
import { api, testAgent, textOf } from './agents.js';
import { test, until } from './harness.js';
import { testSurroundings } from './surroundings.js';

const LINK_COMMAND = 'agentChat.test.answerFromNotification';

test('permission notification: answered from its link, withdrawn when settled elsewhere, a stale link does nothing', async () => {
  const chat = await api();
  assert.equal((await chat.context.start(testAgent('notice scripted (exthost)', 'scripted'))).state, 'ready');
  await chat.context.newSession();
  const surroundings = testSurroundings(chat.context, () => false);
  const notifier = new PermissionNotifier(chat.context, surroundings, LINK_COMMAND);
  const asked: PermissionRequest[] = [];
  const listening = chat.context.onPermissionRequested((r) => asked.push(r));
  try {
    const ask = async (text: string) => {
      const count = asked.length;
      const turn = chat.context.send({ text, attachments: [], images: [] });
      const request = await until(`the question of "${text}"`, () => asked[count]);
      await until('its notification', () => notifier.showing.includes(request.requestId));
      return { request, turn };
    };

    // Answered from the notification's Allow link.
    const first = await ask('write exthost-notice-allowed.txt yes');
    const allow = first.request.options.find((o) => o.optionId === 'allow')!;
    assert.equal(await vscode.commands.executeCommand(LINK_COMMAND, first.request.requestId, allow.optionId), true);
    await first.turn;
    assert.deepEqual(notifier.showing, [], 'the notification closed with the answer');
    assert.ok(chat.context.entries.some((e) => e.type === 'agent' && /Wrote exthost-notice-allowed\.txt/.test(textOf(e))));
    // A click on it now (a stale toast) is a no-op: no error, no second answer.
    assert.equal(await vscode.commands.executeCommand(LINK_COMMAND, first.request.requestId, 'reject'), false);

    // Answered in the panel: the notification is withdrawn.
    const second = await ask('write exthost-notice-panel.txt yes');
    assert.ok(chat.context.answerPermission(second.request.requestId, 'reject'));
    await until('the notification to be withdrawn', () => notifier.showing.length === 0);
    await second.turn;
    assert.ok(chat.context.entries.some((e) => e.type === 'agent' && /Rejected: reject/.test(textOf(e))));

    // The turn is cancelled: withdrawn too.
    const third = await ask('write exthost-notice-cancelled.txt no');
    assert.ok(await chat.context.cancel());
    await until('the notification to be withdrawn after the cancel', () => notifier.showing.length === 0);
    await third.turn;
    assert.equal(await vscode.commands.executeCommand(LINK_COMMAND, third.request.requestId, 'allow'), false);
  } finally {
    listening.dispose();
    notifier.dispose();
    surroundings.dispose();
  }
}, 60_000);
