/**
 * Worktree threads in a real VS Code with a real agent (the scripted test agent, writing through
 * `fs/write_text_file`): the session works in a worktree of a real git repository on its own
 * branch, confined to it, while the user's folder stays untouched; Apply brings the changes in
 * through the three-way step (a line the user changed meanwhile is merged, the same line is a
 * question about that file); Discard, closing the tab and the clean-up of a worktree no tab
 * holds leave `git worktree list` and `git branch` as they were.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AgentChatApi } from '../../src/vscode/extension.js';
import type { WorktreeSessionOutcome } from '../../src/vscode/worktrees/newWorktreeSession.js';
import type { ApplyResult } from '../../src/vscode/worktrees/applyWorktree.js';
import { api, testAgent, textOf } from './agents.js';
import { test, until } from './harness.js';

const env = () => {
  const e: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) e[k] = v;
  return { ...e, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
};
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: env() }).trim();
const branches = (repo: string) => git(repo, 'branch', '--format=%(refname:short)').split('\n').filter(Boolean).sort();
const worktrees = (repo: string) => git(repo, 'worktree', 'list', '--porcelain').split('\n').filter((l) => l.startsWith('worktree ')).map((l) => l.slice(9));

async function repo(): Promise<string> {
  const root = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'exthost-worktree-')));
  await fsp.writeFile(path.join(root, 'a.txt'), 'a1\na2\na3\na4\na5\n');
  await fsp.writeFile(path.join(root, 'b.txt'), 'b1\nb2\n');
  await fsp.writeFile(path.join(root, 'c.txt'), 'c1\n');
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'start');
  return root;
}

async function snapshotOf(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await fsp.readdir(root)).filter((n) => n !== '.git').sort()) out[name] = await fsp.readFile(path.join(root, name), 'utf8');
  return out;
}

/** One prompt in the shown tab; every permission it asks is allowed. */
async function allowedTurn(chat: AgentChatApi, text: string): Promise<string> {
  const before = chat.context.entries.length;
  const answering = chat.context.onPermissionRequested((request) => {
    const option = request.options.find((o) => o.kind === 'allow_always') ?? request.options[0]!;
    setTimeout(() => chat.context.answerPermission(request.requestId, option.optionId), 20);
  });
  try {
    await chat.context.send({ text, attachments: [], images: [] });
    await until(`the end of "${text}"`, () => chat.context.entries.slice(before).some((e) => e.type === 'turn_end'), 30_000);
    return chat.context.entries.slice(before).map(textOf).join('');
  } finally {
    answering.dispose();
  }
}

/** Answers the modal questions with `answers` in order (by button text), recording each question. */
function answerModals(answers: string[]): { asked: string[]; restore(): void } {
  const window = vscode.window as unknown as { showWarningMessage: (...args: unknown[]) => Thenable<unknown>; showInformationMessage: (...args: unknown[]) => Thenable<unknown> };
  const warning = window.showWarningMessage;
  const info = window.showInformationMessage;
  const asked: string[] = [];
  const answer = (...args: unknown[]) => {
    const modal = typeof args[1] === 'object' && args[1] !== null && (args[1] as { modal?: boolean }).modal === true;
    if (!modal) return Promise.resolve(undefined);
    asked.push(String(args[0]));
    const next = answers.shift();
    assert.ok(next !== undefined, `an unexpected question: ${String(args[0])}`);
    assert.ok(args.includes(next), `"${next}" is offered for: ${String(args[0])}`);
    return Promise.resolve(next);
  };
  window.showWarningMessage = answer;
  window.showInformationMessage = answer;
  return { asked, restore: () => { window.showWarningMessage = warning; window.showInformationMessage = info; } };
}

test('worktree: a thread edits files in its own worktree, the folder stays untouched; Apply merges, asks about the same line, Discard leaves git clean', async () => {
  const chat = await api();
  const root = await repo();
  const agent = testAgent('worktree scripted (exthost)', 'scripted');
  assert.equal((await chat.context.start(agent)).state, 'ready');
  const untouched = await snapshotOf(root);
  const outcome = await vscode.commands.executeCommand<WorktreeSessionOutcome>('agentChat.newWorktreeSession', { folder: root, title: 'Three files', carry: false, agent: agent.name });
  assert.equal(outcome.kind, 'worktree');
  if (outcome.kind !== 'worktree') return;
  const ref = outcome.worktree;
  assert.equal(ref.branch, 'agent/three-files');
  assert.ok(!ref.path.startsWith(root + path.sep), `the worktree ${ref.path} is outside the folder`);
  const tabs = chat.context.tabsInfo();
  assert.equal(tabs.activeId, outcome.tabId);
  assert.equal(tabs.tabs.find((t) => t.id === outcome.tabId)?.branch, 'agent/three-files', 'the tab shows the branch');
  await until('the session to open in the worktree', () => chat.context.worktreeOf() !== undefined && chat.context.agentStatus.state === 'ready');

  // The agent writes three files through fs/*: they land in the worktree only.
  assert.match(await allowedTurn(chat, 'write a.txt a1\\na2\\na3\\na4\\nA5 by the agent\\n'), /Wrote a\.txt/);
  assert.match(await allowedTurn(chat, 'write b.txt B1 by the agent\\nb2\\n'), /Wrote b\.txt/);
  assert.match(await allowedTurn(chat, 'write new.txt made by the agent\\n'), /Wrote new\.txt/);
  assert.equal(await fsp.readFile(path.join(ref.path, 'a.txt'), 'utf8'), 'a1\na2\na3\na4\nA5 by the agent\n');
  assert.deepEqual(await snapshotOf(root), untouched, 'the user\'s folder is untouched');
  // Confined to the worktree: a path out of it (into the user's folder beside it) is refused.
  const escape = path.relative(ref.path, path.join(root, 'escape.txt'));
  assert.match(await allowedTurn(chat, `write ${escape} out of bounds`), /Write failed/);
  await assert.rejects(fsp.stat(path.join(root, 'escape.txt')));
  // Nor the workspace folders, which a session in the user's folder may reach.
  const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  assert.ok(workspace, 'the suite needs a workspace folder');
  const inWorkspace = path.join(workspace, 'exthost-worktree-escape.txt');
  assert.match(await allowedTurn(chat, `write ${path.relative(ref.path, inWorkspace)} out of bounds`), /Write failed/);
  await assert.rejects(fsp.stat(inWorkspace));

  // Meanwhile the user edits a.txt far from the agent's line, and b.txt on the agent's line.
  await fsp.writeFile(path.join(root, 'a.txt'), 'a1 by me\na2\na3\na4\na5\n');
  await fsp.writeFile(path.join(root, 'b.txt'), 'b1 by me\nb2\n');
  const keep = answerModals(['Keep mine']);
  let result: ApplyResult | undefined;
  try {
    result = await vscode.commands.executeCommand<ApplyResult>('agentChat.applyWorktree');
  } finally {
    keep.restore();
  }
  assert.equal(keep.asked.length, 1, 'one question, for the one file both changed on the same line');
  assert.match(keep.asked[0]!, /b\.txt/);
  assert.ok(result?.status === 'done', JSON.stringify(result));
  assert.deepEqual([...result.written].sort(), ['a.txt', 'new.txt']);
  assert.deepEqual(result.kept, ['b.txt']);
  assert.equal(await fsp.readFile(path.join(root, 'a.txt'), 'utf8'), 'a1 by me\na2\na3\na4\nA5 by the agent\n', 'both edits kept');
  assert.equal(await fsp.readFile(path.join(root, 'b.txt'), 'utf8'), 'b1 by me\nb2\n', 'the user\'s line stays');
  assert.equal(await fsp.readFile(path.join(root, 'new.txt'), 'utf8'), 'made by the agent\n');

  // Take the agent's: now b.txt is the agent's too.
  const take = answerModals(['Take the agent\'s']);
  try {
    result = await vscode.commands.executeCommand<ApplyResult>('agentChat.applyWorktree');
  } finally {
    take.restore();
  }
  assert.ok(result?.status === 'done' && result.written.includes('b.txt'), JSON.stringify(result));
  assert.equal(await fsp.readFile(path.join(root, 'b.txt'), 'utf8'), 'B1 by the agent\nb2\n');

  // Discard: asked first; then the worktree, its folder and its branch are gone.
  const discard = answerModals(['Discard']);
  try {
    assert.equal(await vscode.commands.executeCommand('agentChat.discardWorktree'), true);
  } finally {
    discard.restore();
  }
  assert.match(discard.asked[0]!, /agent\/three-files/);
  assert.deepEqual(worktrees(root), [root]);
  assert.deepEqual(branches(root), ['main']);
  await assert.rejects(fsp.stat(ref.path));
  assert.equal(chat.context.worktreeOf(outcome.tabId), undefined);
  assert.equal(chat.context.tabsInfo().tabs.find((t) => t.id === outcome.tabId)?.branch, undefined);
  await chat.context.closeTab(outcome.tabId);
}, 180_000);

test('worktree: closing the tab for good removes its worktree (or keeps the branch when asked); one no tab holds is cleaned up', async () => {
  const chat = await api();
  const root = await repo();
  const agent = testAgent('worktree close scripted (exthost)', 'scripted');
  assert.equal((await chat.context.start(agent)).state, 'ready');
  // No changes: closing asks nothing and leaves nothing.
  const quiet = await vscode.commands.executeCommand<WorktreeSessionOutcome>('agentChat.newWorktreeSession', { folder: root, title: 'quiet', carry: false, agent: agent.name });
  assert.ok(quiet.kind === 'worktree');
  await chat.context.closeTab(quiet.tabId);
  assert.deepEqual(worktrees(root), [root]);
  assert.deepEqual(branches(root), ['main']);
  // Changes not applied: the user keeps the branch; the work is committed there, the folder goes.
  const busy = await vscode.commands.executeCommand<WorktreeSessionOutcome>('agentChat.newWorktreeSession', { folder: root, title: 'busy', carry: false, agent: agent.name });
  assert.ok(busy.kind === 'worktree');
  await until('the session in the worktree', () => chat.context.worktreeOf() !== undefined && chat.context.agentStatus.state === 'ready');
  assert.match(await allowedTurn(chat, 'write c.txt C by the agent\\n'), /Wrote c\.txt/);
  const keep = answerModals(['Keep the branch']);
  try {
    await chat.context.closeTab(busy.tabId);
  } finally {
    keep.restore();
  }
  assert.equal(keep.asked.length, 1);
  assert.deepEqual(worktrees(root), [root]);
  assert.deepEqual(branches(root), ['agent/busy', 'main']);
  assert.equal(git(root, 'show', 'agent/busy:c.txt'), 'C by the agent');
  git(root, 'branch', '-D', 'agent/busy');
  // A worktree made before a crash, whose tab never got saved: the clean-up at activation removes it.
  const inspection = await chat.worktrees.inspect(root);
  assert.ok(inspection.ok);
  const orphan = await chat.worktrees.create(inspection.facts, 'crashed', false);
  assert.equal(worktrees(root).length, 2);
  assert.deepEqual(await chat.worktrees.pruneOrphans(chat.context.worktreesInUse()), ['agent/crashed']);
  assert.deepEqual(worktrees(root), [root]);
  assert.deepEqual(branches(root), ['main']);
  await assert.rejects(fsp.stat(orphan.path));
}, 180_000);
