// Add Agent… from the ACP registry, as a person does it: the registry (a fixture on 127.0.0.1,
// named in the user's settings) lists its agents, the confirmation spells out the download and
// its checksum, the archive is downloaded, verified and unpacked, the entry lands in the user's
// settings, and "Start Chat" opens a chat with the new agent, which answers.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after } from 'node:test';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { answerDialog, pickQuickItem, quickPickShown, runCommand } from '../../scripts/e2e/workbench.mjs';
import { expectCount } from '../../scripts/e2e/expect.mjs';
import { waitUntil } from '../../scripts/e2e/wait.mjs';
import { editUserSettings, readUserSettings, testAgentsDir } from '../../scripts/e2e/settings.mjs';
import { registryPlatform } from '../../src/registry/platform.ts';
import { launcherScript, tarGz } from '../support/agentArchive.ts';
import { binaryEntry, npxEntry, registry } from '../support/registryFixture.ts';
import { startRegistryServer } from '../support/registryServer.ts';

const NAME = 'Echo (binary)';
const platform = registryPlatform();
// The fixture registry and its setting exist before the window opens: VS Code reads a changed
// settings.json a moment after the file changes, and the command reads the setting when it runs.
const server = await startRegistryServer();
const archive = tarGz({ 'echo-agent': launcherScript(process.execPath, [join(testAgentsDir, 'scripted.agent.mjs')]) });
server.serve('/echo.tar.gz', archive.bytes);
server.serve('/registry.json', JSON.stringify(registry([
  npxEntry(),
  ...(platform ? [binaryEntry({ [platform]: { archive: `${server.base}/echo.tar.gz`, sha256: archive.sha256, args: [] } })] : []),
])));
editUserSettings((s) => { s['agentChat.registryUrl'] = `${server.base}/registry.json`; });
after(async () => {
  editUserSettings((s) => {
    delete s['agentChat.registryUrl'];
    if (s['agentChat.agents']) delete s['agentChat.agents'][NAME];
  });
  await server.close();
});

const win = chatWindow('add-agent');

/** Runs Add Agent… until its picker shows; an error naming the default registry means the setting had not reached the window yet. */
async function openAddAgent(page) {
  const picker = page.locator('.quick-input-widget .quick-input-title', { hasText: 'Add Agent from the ACP Registry' });
  const tooEarly = page.locator('.notifications-toasts .notification-toast-container').filter({ hasText: 'cdn.agentclientprotocol.com' });
  await waitUntil(async () => {
    if (await tooEarly.count()) await tooEarly.locator('.codicon-notifications-clear').first().click().catch(() => undefined);
    if (!(await picker.count())) await runCommand(page, 'Agent Chat: Add Agent…');
    await Promise.race([picker.first().waitFor({ timeout: 10000 }), tooEarly.first().waitFor({ timeout: 10000 })]).catch(() => undefined);
    return (await picker.count()) > 0;
  }, { timeout: 60000, message: 'the Add Agent picker over the fixture registry' });
}

journey(win, 'add an agent from the registry: see what it runs, install it, start a chat and get an answer', async ({ page, chat }) => {
  assert.ok(platform, `a platform the registry knows (${process.platform}-${process.arch})`);
  await openAddAgent(page);
  const listed = await quickPickShown(page, 'Add Agent from the ACP Registry');
  assert.deepEqual(listed, ['Echo (binary)', 'Echo (npx)'], 'the registry\'s agents by name');
  await pickQuickItem(page, NAME);
  // The confirmation names the download and its checksum before anything is fetched.
  assert.ok(!server.requested.includes('/echo.tar.gz'), 'nothing downloaded before the user confirms');
  await answerDialog(page, new RegExp(`Add Echo \\(binary\\) 2\\.0\\.0\\?[\\s\\S]*Downloads: ${server.base.replace(/[.]/g, '\\.')}/echo\\.tar\\.gz[\\s\\S]*sha256 ${archive.sha256}`), 'Download and Add');

  const toast = page.locator('.notifications-toasts .notification-toast-container').filter({ hasText: `"${NAME}" was added to your agents` });
  await toast.getByRole('button', { name: 'Start Chat' }).click({ timeout: 30000 });
  await expectCount(toast, 0, { message: 'the notification closes once answered' });
  const entry = readUserSettings()['agentChat.agents']?.[NAME];
  assert.match(entry?.command ?? '', /registry-agents\/echo-bin\/2\.0\.0\/echo-agent$/, `the user settings hold the installed program (${JSON.stringify(entry)})`);

  // The shown tab is the new agent's (its label's tooltip names the agent).
  await (await chat.locator(`.session-tab.active .session-tab-label[title$="— ${NAME}"]`)).waitFor({ timeout: 30000 });
  await chat.waitReady(30000);
  assert.equal(await chat.turn('hello'), 'end_turn');
  await chat.expectLast('agent', /Hello from the scripted agent/);
}, { timeout: 150000 });
