// User settings for an end-to-end code-server: the scripted test agents (run by this very Node,
// never a `node` found on some PATH) and a quiet workbench.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { root } from './paths.mjs';
import { onCleanup } from './processes.mjs';

export const testAgentsDir = join(root, 'out/test-agents');
/** An agent whose program does not exist: the launch must fail with a clear fix. */
export const missingAgentName = 'missing';
export const missingAgentCommand = '/nonexistent/agent-chat-e2e/no-such-agent';

/** The code the auth agent's terminal login asks for (typed into the VS Code terminal by a journey). */
export const authLoginCode = '4242';

/**
 * Where the auth and history agents keep their state (login marker, sessions), one directory per
 * run. The rig creates it when it writes the settings; journeys inherit it through the
 * environment, so they can look at what the agent stored.
 */
export function agentStateDir() {
  if (!process.env.E2E_AGENT_STATE) {
    const dir = mkdtempSync(join(tmpdir(), 'agent-chat-e2e-state-'));
    process.env.E2E_AGENT_STATE = dir;
    onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  }
  return process.env.E2E_AGENT_STATE;
}
export const authAgentDir = () => join(agentStateDir(), 'auth');
export const historyAgentDir = () => join(agentStateDir(), 'history');

// Slower chunks so a journey can watch a message grow while it streams.
const extraArgs = { scripted: ['--delay', '50'] };
const extraConfig = {
  v2: { protocolVersion: 2 },
  // Needs a login; its terminal login asks for authLoginCode.
  auth: () => ({ env: { AUTH_AGENT_DIR: authAgentDir(), AUTH_AGENT_LOGIN_CODE: authLoginCode } }),
  history: () => ({ env: { HISTORY_AGENT_DIR: historyAgentDir() } }),
};

function configFor(name) {
  const extra = extraConfig[name];
  return typeof extra === 'function' ? extra() : extra;
}

export function testAgents() {
  const agents = {};
  if (existsSync(testAgentsDir)) {
    for (const f of readdirSync(testAgentsDir).sort()) {
      if (!f.endsWith('.agent.mjs')) continue;
      const name = f.slice(0, -'.agent.mjs'.length);
      agents[name] = { command: process.execPath, args: [join(testAgentsDir, f), ...(extraArgs[name] ?? [])], ...configFor(name) };
    }
  }
  agents[missingAgentName] = { command: missingAgentCommand, args: [] };
  return agents;
}

export function userSettings() {
  const agents = testAgents();
  return {
    'agentChat.agents': agents,
    'agentChat.defaultAgent': agents.scripted ? 'scripted' : '',
    'chat.disableAIFeatures': true,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'security.workspace.trust.enabled': false,
    'workbench.startupEditor': 'none',
    // The extension contributes a walkthrough; it must not open over the journey's editors.
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'git.enabled': false,
    'files.autoSave': 'off',
    'window.restoreWindows': 'none',
    // The DOM renderer, so a journey can read what a terminal shows.
    'terminal.integrated.gpuAcceleration': 'off',
  };
}

/**
 * The settings of a window with Workspace Trust on (the trust journey's own server): folders
 * open in Restricted Mode without the startup question, so the journey sees what a user who
 * has not decided yet sees.
 */
export function trustEnabledUserSettings() {
  return {
    ...userSettings(),
    'security.workspace.trust.enabled': true,
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.emptyWindow': false,
  };
}

/**
 * Adds `agents` to `agentChat.agents` in the running code-server's user settings, as a person
 * editing settings.json does (the extension follows the change); returns a function that
 * removes them again. Journeys run one at a time, so the shared file is theirs meanwhile.
 */
export function addUserAgents(agents) {
  const edit = (change) => editUserSettings((settings) => { settings['agentChat.agents'] = change({ ...settings['agentChat.agents'] }); });
  edit((all) => ({ ...all, ...agents }));
  return () => edit((all) => {
    for (const name of Object.keys(agents)) delete all[name];
    return all;
  });
}

function userSettingsFile() {
  const file = join(process.env.E2E_USER_DATA ?? '', 'User/settings.json');
  if (!process.env.E2E_USER_DATA || !existsSync(file)) throw new Error('run journeys through scripts/e2e/run.mjs (E2E_USER_DATA is not set)');
  return file;
}

/** The running code-server's user settings as the file holds them now. */
export function readUserSettings() {
  return JSON.parse(readFileSync(userSettingsFile(), 'utf8'));
}

/** Changes the running code-server's user settings.json in place (`change` edits the parsed object). */
export function editUserSettings(change) {
  const settings = readUserSettings();
  change(settings);
  writeFileSync(userSettingsFile(), JSON.stringify(settings, null, 2) + '\n');
}
