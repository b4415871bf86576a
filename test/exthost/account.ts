/**
 * Deleting a conversation from history (our transcript and the agent's `session/delete`) and
 * the Log Out command, against the history and auth test agents.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { api, testAgent, turn } from './agents.js';
import { test } from './harness.js';

test('history: deleting a conversation removes its transcript and the agent\'s session; the others stay', async () => {
  const chat = await api();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-delete-'));
  const agent = testAgent('history delete (exthost)', 'history', { HISTORY_AGENT_DIR: dir });
  assert.equal((await chat.context.start(agent)).state, 'ready');
  await turn(chat, 'keep plums');
  await chat.context.newSession();
  await turn(chat, 'forget figs');
  await chat.transcripts.flush();

  const mine = async () => (await chat.history.items()).filter((i) => i.item.agentName === agent.name);
  const figs = (await mine()).find((i) => i.item.title === 'forget figs');
  assert.ok(figs?.item.transcriptId && figs.item.onAgent, 'listed locally and by the agent');
  await chat.history.delete(figs);

  assert.ok(!(await chat.transcripts.list()).some((t) => t.id === figs.item.transcriptId), 'the transcript is gone');
  const listed = await chat.context.agentSessions();
  assert.ok(listed && !listed.sessions.some((s) => s.sessionId === figs.item.sessionId), 'session/delete reached the agent');
  assert.deepEqual((await mine()).map((i) => i.item.title), ['keep plums']);
  // The tab that showed it keeps its rows; the next prompt there opens a new session.
  await turn(chat, 'after delete');
  assert.ok(chat.context.entries.some((e) => e.type === 'agent' && e.content.some((c) => c.type === 'text' && c.text === 'noted: after delete')));
  await fsp.rm(dir, { recursive: true, force: true });
}, 60_000);

test('log out: an agent that supports it forgets its login; one that does not is left alone', async () => {
  const chat = await api();
  const credentials = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-logout-'));
  const marker = path.join(credentials, 'credentials');
  await fsp.writeFile(marker, 'agent');
  assert.equal((await chat.context.start(testAgent('auth logout (exthost)', 'auth', { AUTH_AGENT_DIR: credentials }))).state, 'ready');
  assert.equal(await vscode.commands.executeCommand('agentChat.logout'), true);
  assert.ok(!existsSync(marker), 'the agent deleted its login marker');

  assert.equal((await chat.context.start(testAgent('options logout (exthost)', 'options'))).state, 'ready');
  assert.equal(await vscode.commands.executeCommand('agentChat.logout'), false, 'no logout capability: an info message only');
  assert.equal(chat.context.agentStatus.state, 'ready');
  await fsp.rm(credentials, { recursive: true, force: true });
}, 60_000);

test('env-var login: values kept in secret storage are set on the agent at its next start', async () => {
  const chat = await api();
  const name = 'auth env secret (exthost)';
  const credentials = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-secret-'));
  // As if the user had answered the API-key login once: the agent starts logged in, no prompt.
  await chat.secrets.save(name, { AUTH_AGENT_API_KEY: 'from-secret-storage' });
  try {
    assert.equal((await chat.context.start(testAgent(name, 'auth', { AUTH_AGENT_DIR: credentials }))).state, 'ready');
    await turn(chat, 'hello');
    const answer = chat.context.entries.filter((e) => e.type === 'agent').at(-1);
    assert.ok(answer && answer.content.some((c) => c.type === 'text' && /logged in via/.test(c.text)), 'the agent saw the stored key');
  } finally {
    await chat.secrets.forget(name);
    await fsp.rm(credentials, { recursive: true, force: true });
  }
}, 60_000);
