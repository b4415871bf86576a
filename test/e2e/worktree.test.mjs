// A thread in its own worktree across a window reload in the middle of a turn: the tab comes back
// with its branch, the worktree and its branch are still the thread's (nothing else is listed by
// git), and Discard then leaves `git worktree list` and `git branch` as before the thread — the
// user's folder untouched all along.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before } from 'node:test';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { answerDialog, runCommand, waitForActivityIcon } from '../../scripts/e2e/workbench.mjs';
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
  await input.waitFor({ state: 'visible', timeout: 20000 });
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
