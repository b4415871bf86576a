/**
 * A prompt queued in a tab that is then left for another: it goes to its own tab's session as
 * soon as that tab's turn ends, while the user is looking at the other tab (which gets nothing).
 * The product's queue wiring on the real context, with the scripted agent holding the first
 * turn open on a permission question until the test answers it.
 */
import assert from 'node:assert/strict';
import type { PermissionRequest } from '../../src/vscode/thread/chatThread.js';
import { createPromptQueue } from '../../src/vscode/panel/webviewMessages.js';
import { api, testAgent, textOf } from './agents.js';
import { test, until } from './harness.js';

test('prompt queue: a background tab sends its queued prompt when its own turn ends', async () => {
  const chat = await api();
  const context = chat.context;
  assert.equal((await context.start(testAgent('queue scripted (exthost)', 'scripted'))).state, 'ready');
  await context.newSession();
  const queue = createPromptQueue(context, () => {});
  const asked: PermissionRequest[] = [];
  const listening = context.onPermissionRequested((r) => asked.push(r));
  try {
    const first = context.tabsInfo().activeId;
    const turn = context.send({ text: 'write exthost-queue-bg.txt yes', attachments: [], images: [] });
    const request = await until('the first turn to ask', () => asked[0]);
    assert.equal(await queue.add({ text: 'queued for the first tab', attachments: [], images: [] }), 'queued');

    await context.newSession();
    const second = context.tabsInfo().activeId;
    assert.notEqual(second, first);

    assert.ok(context.answerPermission(request.requestId, 'allow'));
    await turn;
    const rows = () => context.entriesOf(first) ?? [];
    await until('the queued prompt in the first tab', () => rows().some((e) => e.type === 'user' && textOf(e) === 'queued for the first tab'));
    await until('its turn to end', () => rows().filter((e) => e.type === 'turn_end').length >= 2, 20_000);
    assert.deepEqual(queue.items(first), [], 'nothing left queued');
    assert.equal(context.tabsInfo().activeId, second, 'the user stays on the tab they chose');
    assert.ok(!(context.entriesOf(second) ?? []).some((e) => e.type === 'user'), 'the shown tab got nothing');
  } finally {
    listening.dispose();
  }
}, 60_000);
