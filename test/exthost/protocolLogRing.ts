/**
 * The protocol log in VS Code: while it is not on screen a streamed reply is only kept in memory;
 * Show Protocol Log writes what was kept (the reply's chunks joined into one line, with a note),
 * and while the log is on screen messages are written as they come.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { api, testAgent, turn } from './agents.js';
import { test, until } from './harness.js';
import { filesUnder } from './filesUnder.js';

const KEPT_NOTE = 'kept in memory while the log was not shown';

const showsProtocolLog = () =>
  vscode.window.visibleTextEditors.some((e) => e.document.uri.scheme === 'output' && decodeURIComponent(e.document.uri.toString()).includes('Agent Chat Protocol'));

test('protocol log: a reply streamed while the log is closed is written joined when it opens, and while open messages are written as they come', async () => {
  // The logs folder also holds the logs of every window the journeys opened before this suite: only those written since are read.
  const started = Date.now() - 5_000;
  const chat = await api();
  const name = `log ring ${randomBytes(4).toString('hex')}`;
  await vscode.commands.executeCommand('workbench.action.closePanel');
  await until('no output view on screen', () => !vscode.window.visibleTextEditors.some((e) => e.document.uri.scheme === 'output'));
  assert.equal((await chat.context.start(testAgent(name, 'scripted'))).state, 'ready');
  await turn(chat, 'flood 5');

  await vscode.commands.executeCommand('agentChat.showLog');
  // <user-data>/User/globalStorage/<extension id>/transcripts → <user-data>/logs/…/Agent Chat Protocol.log
  const userData = path.resolve((chat.transcripts as unknown as { dir: string }).dir, '..', '..', '..', '..');
  const ours = (line: string) => line.includes(`[${name}] ← `) && line.includes('"session/update"');
  const joined = '"text":"line 1\\nline 2\\nline 3\\nline 4\\nline 5\\n"';
  const lines = await until('the kept reply written to the log, joined', async () => {
    for (const f of await filesUnder(path.join(userData, 'logs'))) {
      if (!f.includes('Agent Chat Protocol') || (await fsp.stat(f)).mtimeMs < started) continue;
      const all = (await fsp.readFile(f, 'utf8')).split('\n');
      if (all.some((l) => ours(l) && l.includes(joined))) return all;
    }
    return undefined;
  }, 20_000);
  const reply = lines.findIndex((l) => ours(l) && l.includes(joined));
  assert.match(lines[reply]!, /\(5 streamed chunks joined\)$/, 'the line says its chunks were joined');
  let note = reply;
  while (note >= 0 && !lines[note]!.includes(KEPT_NOTE)) note--;
  assert.ok(note >= 0, 'the kept messages come under a note that says what they are');
  assert.deepEqual(lines.slice(0, note).filter(ours), [], 'nothing of the stream was written while the log was closed');

  // On screen now: the next reply is written as it comes, with no Show Protocol Log. Chunks the
  // transport read at once reach the log as one joined line that says how many it joins; however
  // the reads fell, the lines hold the reply's text once, in order, and account for all 3 chunks.
  await until('the protocol log on screen', showsProtocolLog);
  await turn(chat, 'flood 3');
  await until('the next reply written as it came', async () => {
    for (const f of await filesUnder(path.join(userData, 'logs'))) {
      if (!f.includes('Agent Chat Protocol') || (await fsp.stat(f)).mtimeMs < started) continue;
      const after = (await fsp.readFile(f, 'utf8')).split('\n').slice(reply + 1).filter(ours);
      const chunks = after.filter((l) => /"text":"line [123]\\n/.test(l));
      const text = chunks.map((l) => /"text":"((?:[^"\\]|\\.)*)"/.exec(l)![1]).join('');
      const count = chunks.reduce((n, l) => n + Number(/\((\d+) streamed chunks joined\)$/.exec(l)?.[1] ?? 1), 0);
      if (text === 'line 1\\nline 2\\nline 3\\n' && count === 3) return true;
    }
    return false;
  }, 20_000);
  await vscode.commands.executeCommand('workbench.action.closePanel');
}, 90_000);
