/**
 * Plant-and-search: a distinctive secret in every place a user can give one — an MCP server's
 * `env`, `headers` and a `--token` argument in `agentChat.mcpServers`, an agent entry's `env` and
 * an `--api-key=` argument in `agentChat.agents`,
 * an env-var login's value, a remote agent's token — then real turns with agents that use them
 * (the mcp-echo agent even answers with the `session/new` it got, secrets included, as an agent
 * printing its configuration would), the protocol log opened, transcripts flushed. Then every
 * file under the user-data folder (logs, global and workspace storage, transcripts) and the
 * workspace is searched for each secret, as are the values kept in workspaceState: 0 hits. The
 * only file allowed to hold them is the settings file the user wrote them into.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { findAgent, readAgentSettings } from '../../src/vscode/agents/config.js';
import { remoteSecrets } from '../../src/vscode/agents/agentSecrets.js';
import { startRecordingServer } from '../a2a/recordingServer.js';
import { api, testAgent, textOf, turn } from './agents.js';
import { test, until } from './harness.js';
import { filesUnder } from './filesUnder.js';

const planted = (where: string) => `sk-PLANTED-${where}-${randomBytes(6).toString('hex')}`;

/** VS Code's local-history folders of the settings file: its copies of what the user wrote, not ours. */
async function settingsHistory(userData: string, settingsFile: string): Promise<Set<string>> {
  const dirs = new Set<string>();
  const history = path.join(userData, 'User', 'History');
  for (const entry of await fsp.readdir(history).catch(() => [] as string[])) {
    const index = await fsp.readFile(path.join(history, entry, 'entries.json'), 'utf8').catch(() => '');
    const resource = (JSON.parse(index || '{}') as { resource?: string }).resource;
    if (resource && vscode.Uri.parse(resource).fsPath === settingsFile) dirs.add(path.join(history, entry));
  }
  return dirs;
}

test('planted secrets: none of them is found in any file the extension writes, nor in workspaceState', async () => {
  // The logs folder also holds the logs of every window the journeys opened before this suite: only those written since count.
  const started = Date.now() - 5_000;
  const chat = await api();
  const secrets = {
    mcpEnv: planted('mcp-env'),
    mcpEnvUnnamed: planted('mcp-env-plain-name'),
    mcpHeader: planted('mcp-header'),
    agentEnv: planted('agent-env'),
    agentArg: planted('agent-arg'),
    mcpArg: planted('mcp-arg'),
    login: planted('login'),
    remote: planted('remote'),
  };
  const config = vscode.workspace.getConfiguration('agentChat');
  const originalMcp = config.inspect('mcpServers')?.globalValue;
  const originalAgents = config.inspect('agents')?.globalValue;
  const echo = testAgent('planted mcp-echo (exthost)', 'mcp-echo');
  const entryName = 'planted entry (exthost)';
  const loginName = 'planted login (exthost)';
  const server = await startRecordingServer({ name: 'Planted remote' });
  const remoteName = 'planted remote (exthost)';
  const credentials = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-planted-'));
  try {
    await config.update('mcpServers', {
      tools: { command: process.execPath, args: ['--version', '--token', secrets.mcpArg], env: { GITHUB_TOKEN: secrets.mcpEnv, WORKSPACE_REF: secrets.mcpEnvUnnamed, LOG_LEVEL: 'debug' } },
      web: { type: 'http', url: 'https://mcp.example.invalid/mcp', headers: { Authorization: `Bearer ${secrets.mcpHeader}` } },
    }, vscode.ConfigurationTarget.Global);
    await config.update('agents', {
      ...(originalAgents as object | undefined),
      [entryName]: { command: echo.command, args: [...echo.args, `--api-key=${secrets.agentArg}`], env: { ...echo.env, PLANTED_SERVICE_TOKEN: secrets.agentEnv } },
    }, vscode.ConfigurationTarget.Global);

    // A remote agent's token, stored as the sign-in prompt stores it; the server gets it.
    const stored = remoteSecrets(chat.secrets.storage, remoteName, server.url, {
      askSecret: async () => secrets.remote, allowOrigin: async () => false, adoptUnscoped: async () => false,
    });
    await stored.ask({ url: server.url });
    assert.equal((await chat.context.start({ kind: 'a2a', name: remoteName, url: server.url, headers: {} })).state, 'ready');
    await turn(chat, 'Hello');
    assert.ok(server.requests.some((r) => r.authorization === `Bearer ${secrets.remote}`), 'the remote agent got its token');

    // An env-var login's value, as if the user had entered it; the agent is logged in with it.
    await chat.secrets.save(loginName, { AUTH_AGENT_API_KEY: secrets.login });
    assert.equal((await chat.context.start(testAgent(loginName, 'auth', { AUTH_AGENT_DIR: credentials }))).state, 'ready');
    const login = await turn(chat, 'hello');
    assert.ok(login.some((r) => /logged in via env/.test(textOf(r))), 'the agent saw the stored key');

    // An agent entry from the settings, with MCP servers from the settings; it echoes them back.
    // Last, so its thread is the one on screen: the one kept in workspaceState.
    const fromSettings = findAgent(readAgentSettings(), vscode.extensions.getExtension('agent-chat.agent-chat')!.extensionPath, entryName);
    assert.ok(fromSettings, 'the agent entry is read from the settings');
    assert.equal((await chat.context.start(fromSettings)).state, 'ready');
    const echoed = textOf((await turn(chat, 'echo')).find((r) => r.type === 'agent')!);
    assert.match(echoed, /"name":"GITHUB_TOKEN"/, 'the agent got the MCP servers (and answered with them)');

    // The protocol log written out (opening it writes what was kept), transcripts saved.
    await vscode.commands.executeCommand('agentChat.showLog');
    await chat.transcripts.flush();
    await chat.store.flush();

    const transcriptsDir = (chat.transcripts as unknown as { dir: string }).dir;
    // <user-data>/User/globalStorage/<extension id>/transcripts
    const userData = path.resolve(transcriptsDir, '..', '..', '..', '..');
    const settingsFile = path.join(userData, 'User', 'settings.json');
    const logFile = await until('the protocol log file with this test\'s session/new line', async () => {
      for (const f of await filesUnder(path.join(userData, 'logs'))) {
        if (!f.includes('Agent Chat Protocol') || (await fsp.stat(f)).mtimeMs < started) continue;
        if ((await fsp.readFile(f, 'utf8')).includes('"name":"GITHUB_TOKEN"')) return f;
      }
      return undefined;
    }, 20_000);

    const userCopies = await settingsHistory(userData, settingsFile);
    const files = [...(await filesUnder(userData)), ...(await filesUnder(vscode.workspace.workspaceFolders![0]!.uri.fsPath))]
      .filter((f) => f !== settingsFile && !userCopies.has(path.dirname(f)));
    const hits: string[] = [];
    for (const f of files) {
      const bytes = await fsp.readFile(f).catch(() => undefined);
      if (!bytes) continue;
      for (const [where, value] of Object.entries(secrets)) if (bytes.includes(value)) hits.push(`${where} in ${path.relative(userData, f)}`);
    }
    const memento = (chat.store as unknown as { memento: vscode.Memento }).memento;
    const kept = memento.keys().map((k) => JSON.stringify(memento.get(k)));
    for (const [where, value] of Object.entries(secrets)) if (kept.some((v) => v.includes(value))) hits.push(`${where} in workspaceState`);
    const searched = `${Object.keys(secrets).length} secrets, ${files.length} files and ${kept.length} workspaceState values searched, ${hits.length} hits`;
    assert.deepEqual(hits, [], searched);
    assert.match(await fsp.readFile(logFile, 'utf8'), /"name":"GITHUB_TOKEN","value":"«redacted»"/, 'the log shows the shape, not the value');
    assert.ok((await fsp.readFile(settingsFile, 'utf8')).includes(secrets.mcpEnv), 'the search would have found them (the settings file holds what the user wrote)');
  } finally {
    await config.update('mcpServers', originalMcp, vscode.ConfigurationTarget.Global);
    await config.update('agents', originalAgents, vscode.ConfigurationTarget.Global);
    await chat.secrets.forget(loginName);
    await remoteSecrets(chat.secrets.storage, remoteName, server.url, { askSecret: async () => undefined, allowOrigin: async () => false, adoptUnscoped: async () => false }).forget();
    await server.close();
    await fsp.rm(credentials, { recursive: true, force: true });
  }
}, 120_000);
