/**
 * The overview of threads in a real VS Code with the scripted agent: one thread done, one whose
 * agent asks a permission (waiting for you: the badge counts it), then cancelled; a row's
 * command shows its tab.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, testAgent, turn } from './agents.js';
import { test, until } from './harness.js';

test('overview: each thread with its agent and state; the badge counts the one waiting for the user; a row shows its tab', async () => {
  const chat = await api();
  const agent = testAgent('overview scripted (exthost)', 'scripted');
  assert.equal((await chat.context.start(agent)).state, 'ready');
  await chat.context.newSession();
  await turn(chat, 'hello');
  const doneId = chat.context.tabsInfo().activeId;
  const rowOf = (id: string) => chat.overview.shown.find((r) => r.tabId === id);
  await until('the first thread shown as done', () => rowOf(doneId)?.state === 'done');
  assert.match(rowOf(doneId)!.description, /^overview scripted \(exthost\) · done/);
  assert.equal(rowOf(doneId)!.label, 'hello');

  // A second thread whose agent asks a permission and keeps working: waiting for the user.
  await chat.context.newSession();
  const waitingId = chat.context.tabsInfo().activeId;
  assert.notEqual(waitingId, doneId);
  void chat.context.send({ text: 'long', attachments: [], images: [] });
  await until('the second thread waiting for the user', () => rowOf(waitingId)?.state === 'waiting', 20_000);
  await until('the badge counts it', () => chat.overview.badge === 1);
  assert.match(rowOf(waitingId)!.description, /waiting for you/);

  // Cancelled: nothing waits any more.
  assert.equal(await chat.context.cancel(), true);
  await until('the second thread cancelled', () => rowOf(waitingId)?.state === 'cancelled', 20_000);
  await until('no badge', () => chat.overview.badge === 0);

  // A row's command shows its thread.
  const item = chat.overview.getTreeItem(doneId);
  assert.ok(item.command);
  await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
  assert.equal(chat.context.tabsInfo().activeId, doneId);
  for (const id of [waitingId, doneId]) await chat.context.closeTab(id);
}, 120_000);
