/**
 * Add Agent's install step in a real VS Code: the registry read from the URL in the user's
 * `agentChat.registryUrl` (a fixture on 127.0.0.1), a real tar.gz agent downloaded, verified and
 * unpacked, the entry written to the user's settings (never the workspace's), and the agent
 * found there by the product and spoken to.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { installPlans } from '../../src/registry/installPlan.js';
import { iconFile, loadRegistryIcons } from '../../src/registry/registryIcons.js';
import { loadRegistry } from '../../src/registry/loadRegistry.js';
import { registryPlatform } from '../../src/registry/platform.js';
import { readAgentSettings } from '../../src/vscode/agents/config.js';
import { installRegistryAgent } from '../../src/vscode/registry/installWithProgress.js';
import { registryPickItems } from '../../src/vscode/registry/registryPickItems.js';
import { readRegistryUrl } from '../../src/vscode/registry/registrySettings.js';
import { launcherScript, tarGz } from '../support/agentArchive.js';
import { binaryEntry, npxEntry, registry } from '../support/registryFixture.js';
import { startRegistryServer } from '../support/registryServer.js';
import { api, EXTENSION_ID, turn, textOf } from './agents.js';
import { test } from './harness.js';

const NAME = 'Echo (binary)';

test('registry: an agent added from the registry lands in user settings only, and answers', async () => {
  const chat = await api();
  const platform = registryPlatform();
  assert.ok(platform, `a platform the registry knows (${process.platform}-${process.arch})`);
  const server = await startRegistryServer();
  const storage = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-registry-'));
  const config = vscode.workspace.getConfiguration('agentChat');
  const originalAgents = config.inspect('agents')?.globalValue;
  const originalUrl = config.inspect('registryUrl')?.globalValue;
  try {
    const script = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'out', 'test-agents', 'scripted.agent.mjs');
    const archive = tarGz({ 'echo-agent': launcherScript(process.execPath, [script, '--delay', '0']) });
    server.serve('/echo.tar.gz', archive.bytes);
    server.serve('/echo.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16"/></svg>');
    server.serve('/registry.json', JSON.stringify(registry([
      { ...npxEntry(), icon: `${server.base}/echo.svg` },
      binaryEntry({ [platform]: { archive: `${server.base}/echo.tar.gz`, sha256: archive.sha256, args: [], env: { ELECTRON_RUN_AS_NODE: '1' } } }),
    ])));
    await config.update('registryUrl', `${server.base}/registry.json`, vscode.ConfigurationTarget.Global);
    assert.equal(readRegistryUrl(), `${server.base}/registry.json`);

    const { registry: parsed, origin } = await loadRegistry(readRegistryUrl(), storage);
    assert.equal(origin.kind, 'live');
    const agent = parsed.agents.find((a) => a.name === NAME);
    assert.ok(agent);

    // The picker's row shows the icon from the file stored in global storage.
    const icons = await loadRegistryIcons(parsed.agents.flatMap((a) => (a.icon ? [a.icon] : [])), storage);
    const items = registryPickItems(parsed, storage, icons);
    const withIcon = items.find((i) => i.agent?.id === 'echo-npx');
    assert.ok(withIcon?.iconPath instanceof vscode.Uri, 'the npx entry has an icon');
    assert.equal(withIcon.iconPath.fsPath, iconFile(storage, `${server.base}/echo.svg`, 'svg'));
    assert.equal(items.find((i) => i.agent?.id === 'echo-bin')?.iconPath, undefined, 'an entry without an icon shows none');
    const plans = installPlans(agent, platform);
    assert.ok('plans' in plans && plans.plans[0]?.kind === 'binary', JSON.stringify(plans));
    const entry = await installRegistryAgent(agent, plans.plans[0], storage);

    const written = vscode.workspace.getConfiguration('agentChat').inspect<Record<string, unknown>>('agents');
    assert.deepEqual(written?.globalValue?.[NAME], entry, 'the entry is in the user settings');
    assert.equal(written?.workspaceValue?.[NAME], undefined, 'and not in the workspace settings');
    assert.equal(written?.workspaceFolderValue?.[NAME], undefined);
    for (const [name, value] of Object.entries((originalAgents ?? {}) as Record<string, unknown>)) {
      assert.deepEqual(written?.globalValue?.[name], value, `the user's agent "${name}" is kept`);
    }
    assert.equal(entry.command, path.join(storage, 'registry-agents', 'echo-bin', '2.0.0', 'echo-agent'));

    const configured = readAgentSettings().agents.find((a) => a.name === NAME);
    assert.ok(configured, 'the product reads the new agent from settings');
    assert.equal((await chat.context.start(configured)).state, 'ready');
    const rows = await turn(chat, 'hello');
    assert.ok(rows.some((e) => e.type === 'agent' && textOf(e).startsWith('## Hello from the scripted agent')), JSON.stringify(rows.map(textOf)));
  } finally {
    await config.update('agents', originalAgents, vscode.ConfigurationTarget.Global);
    await config.update('registryUrl', originalUrl, vscode.ConfigurationTarget.Global);
    await server.close();
    await fsp.rm(storage, { recursive: true, force: true });
  }
});
