// A thread in its own worktree across a window reload in the middle of a turn: the tab comes back
// with its branch, the worktree and its branch are still the thread's (nothing else is listed by
// git), and Discard then leaves `git worktree list` and `git branch` as before the thread — the
// user's folder untouched all along.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before } from 'node:test';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { answerDialog, modalDialog, runCommand, waitForActivityIcon } from '../../scripts/e2e/workbench.mjs';
import { expectText, expectValueOf } from '../../scripts/e2e/expect.mjs';

const win = chatWindow('worktree', { files: { 'a.txt': 'mine\n' } });

const gitEnv = () => {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  return { ...env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
};
const git = (...args) => execFileSync('git', args, { cwd: win.workspace, encoding: 'utf8', env: gitEnv() }).trim();
const worktrees = () => git('worktree', 'list', '--porcelain').split('\n').filter((l) => l.startsWith('worktree ')).length;
const branches = () => git('branch', '--format=%(refname:short)').split('\n').filter(Boolean).sort();

before(() => {
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'start');
});

journey(win, 'a worktree thread reloaded mid-turn comes back with its branch; Discard then leaves git clean', async ({ page, chat }) => {
  await runCommand(page, 'Agent Chat: New Session in a Worktree');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 60000 });
  await input.fill('Reload mid turn');
  await input.press('Enter');
  const branch = async () => (await chat.locator('.panel-header .worktree-branch')).first();
  await expectText(await branch(), 'agent/reload-mid-turn', { message: 'the header shows the branch', timeout: 30000 });
  await chat.waitReady();
  await expectValueOf(() => [worktrees(), branches()], [2, ['agent/reload-mid-turn', 'main']], { what: 'the thread\'s worktree and branch' });

  // A long turn is running when the window reloads.
  await chat.send('long');
  await chat.waitForRow('agent', 'tick');
  await runCommand(page, 'Developer: Reload Window');
  await page.waitForLoadState('load');
  await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
  await waitForActivityIcon(page, 'Agent Chat');
  await chat.open();
  await expectText(await branch(), 'agent/reload-mid-turn', { message: 'the restored tab still shows its branch', timeout: 30000 });
  // The thread is back, so its worktree is not a stray one: still exactly one besides the folder.
  await expectValueOf(() => [worktrees(), branches()], [2, ['agent/reload-mid-turn', 'main']], { what: 'the thread\'s worktree and branch after the reload' });

  await runCommand(page, 'Agent Chat: Discard Worktree');
  await answerDialog(page, /Discard the worktree of agent\/reload-mid-turn/, 'Discard');
  await expectValueOf(() => [worktrees(), branches()], [1, ['main']], { what: 'git worktree list and git branch as before the thread' });
  await chat.waitForRow('notice', 'Worktree agent/reload-mid-turn discarded');
  assert.equal((await (await chat.locator('.panel-header .worktree-branch')).count()), 0, 'no branch in the header any more');
  assert.equal(readFileSync(join(win.workspace, 'a.txt'), 'utf8'), 'mine\n');
  assert.equal(git('status', '--porcelain'), '', 'the user\'s folder is untouched');
}, { timeout: 180000 });

journey(win, 'a hand edit of the agent\'s line meanwhile is a question at Apply, about that file; the Threads view lists the thread with its branch', async ({ page, chat }) => {
  await runCommand(page, 'Agent Chat: New Session in a Worktree');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 60000 });
  await input.fill('Conflict shown');
  await input.press('Enter');
  await expectText((await chat.locator('.panel-header .worktree-branch')).first(), 'agent/conflict-shown', { message: 'the header shows the branch', timeout: 30000 });
  await chat.waitReady();
  const before = await chat.send('write a.txt agent line\\n');
  await chat.permissionButtons();
  await chat.answerPermission('Allow');
  assert.equal(await chat.turnEnd(before), 'end_turn');
  assert.equal(readFileSync(join(win.workspace, 'a.txt'), 'utf8'), 'mine\n', 'the agent wrote in its worktree, not here');
  // The Threads view in the same container: the thread, its agent, branch and state.
  const threads = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Threads' }) });
  await expectText(threads.locator('.monaco-list-row').filter({ hasText: 'agent/conflict-shown' }).first(), /scripted · agent\/conflict-shown · done/, { message: 'the thread in the Threads view', timeout: 20000 });

  // Meanwhile the user rewrites the same line by hand.
  writeFileSync(join(win.workspace, 'a.txt'), 'my own line\n');
  await runCommand(page, 'Agent Chat: Apply Worktree Changes to My Folder');
  // E2E_SCREENSHOTS=<dir>: the question as the user sees it, beside the Threads view.
  if (process.env.E2E_SCREENSHOTS) {
    await modalDialog(page).waitFor({ state: 'visible', timeout: 20000 });
    await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, 'worktree-apply-conflict.png') });
  }
  await answerDialog(page, /a\.txt: you changed lines the agent changed too \(your change: line 1\)/, 'Keep mine');
  await expectValueOf(() => readFileSync(join(win.workspace, 'a.txt'), 'utf8'), 'my own line\n', { what: 'the user\'s line kept' });
  await runCommand(page, 'Agent Chat: Apply Worktree Changes to My Folder');
  await answerDialog(page, /a\.txt/, 'Take the agent\'s');
  await expectValueOf(() => readFileSync(join(win.workspace, 'a.txt'), 'utf8'), 'agent line\n', { what: 'the agent\'s line once the user takes it' });

  await runCommand(page, 'Agent Chat: Discard Worktree');
  await answerDialog(page, /Discard the worktree of agent\/conflict-shown/, 'Discard');
  await expectValueOf(() => [worktrees(), branches()], [1, ['main']], { what: 'git worktree list and git branch clean' });
}, { timeout: 180000 });
