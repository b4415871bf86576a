// Workspace Trust, in a window where it is on (a code-server of this journey's own; the shared
// one runs with trust off): in an untrusted folder no agent starts, the panel says why and
// offers the trust editor, and the folder's own agent settings (restricted settings) are never
// read. Once the user trusts the folder, the chosen agent starts and answers.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { expectText, expectValueOf } from '../../scripts/e2e/expect.mjs';

// Outside the folder, so nothing the journey does there can create it.
const MARKER = join(process.env.E2E_BASE ?? '.', 'folder-agent-ran');
// What a hostile folder could carry: an agent of its own, made the default, that leaves a file
// behind if it ever runs.
const folderAgent = {
  command: process.execPath,
  args: ['-e', `require('fs').writeFileSync(${JSON.stringify(MARKER)}, 'ran')`],
};
const win = chatWindow('trust', {
  openChat: false,
  workspaceTrust: true,
  files: {
    '.vscode/settings.json': JSON.stringify({
      'agentChat.agents': { 'folder-agent': folderAgent },
      'agentChat.defaultAgent': 'folder-agent',
    }, null, 2),
  },
});

journey(win, 'untrusted folder: no agent starts, the panel says why and offers trust; trusting starts the agent, which answers', async ({ page, chat }) => {
  await chat.open();
  const panel = await chat.locator('.failure-panel');
  await expectText(panel.locator('.failure-reason'), /This workspace is not trusted, so no agent was started\./, { timeout: 30000 });
  await expectText(panel.locator('.failure-fix'), /Trust this workspace/);
  // The default agent is the user's (scripted), never the one the folder's settings name.
  await expectText(panel.locator('.failure-head'), /^scripted could not start$/);
  const picker = await chat.locator('select.agent-picker');
  await expectValueOf(async () => (await picker.locator('option').evaluateAll((os) => os.map((o) => o.value))).includes('folder-agent'), false,
    { what: 'the folder\'s own agent in the picker' });

  // Said once more as a notification (the panel may be closed later), which goes away by itself
  // once trust is granted instead of staying on screen after it stopped being true.
  const notice = page.locator('.notifications-toasts .notification-toast-container').filter({ hasText: /starts agents only in trusted workspaces/ });
  await notice.waitFor({ state: 'visible', timeout: 30000 });
  await expectText(notice, /Manage Workspace Trust/);

  await panel.getByRole('button', { name: 'Manage Workspace Trust' }).click();
  const trustEditor = page.locator('.workspace-trust-editor');
  await trustEditor.waitFor({ state: 'visible', timeout: 20000 });
  await trustEditor.getByRole('button', { name: 'Trust', exact: true }).first().click();

  // Granting trust starts the chosen agent; the panel's problem goes away.
  await chat.waitReady(60000);
  await panel.waitFor({ state: 'hidden', timeout: 15000 });
  await notice.waitFor({ state: 'detached', timeout: 15000 });
  assert.equal(await chat.turn('hello'), 'end_turn');
  const answer = await chat.lastOf('agent');
  await answer.locator('h2', { hasText: 'Hello from the scripted agent' }).waitFor();
  // Trusted now, and still the folder's agent never ran: agent commands are read from user settings only.
  await expectValueOf(async () => (await picker.locator('option').evaluateAll((os) => os.map((o) => o.value))).includes('folder-agent'), false,
    { what: 'the folder\'s own agent in the picker once trusted' });
  assert.equal(existsSync(MARKER), false, 'the folder\'s agent command never ran');
}, { timeout: 180000 });
