// User settings for an end-to-end code-server: the scripted test agents (run by this very Node,
// never a `node` found on some PATH) and a quiet workbench.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './paths.mjs';

export const testAgentsDir = join(root, 'out/test-agents');
/** An agent whose program does not exist: the launch must fail with a clear fix. */
export const missingAgentName = 'missing';
export const missingAgentCommand = '/nonexistent/agent-chat-e2e/no-such-agent';

// Slower chunks so a journey can watch a message grow while it streams.
const extraArgs = { scripted: ['--delay', '50'] };
const extraConfig = { v2: { protocolVersion: 2 } };

export function testAgents() {
  const agents = {};
  if (existsSync(testAgentsDir)) {
    for (const f of readdirSync(testAgentsDir).sort()) {
      if (!f.endsWith('.agent.mjs')) continue;
      const name = f.slice(0, -'.agent.mjs'.length);
      agents[name] = { command: process.execPath, args: [join(testAgentsDir, f), ...(extraArgs[name] ?? [])], ...extraConfig[name] };
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
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'git.enabled': false,
    'files.autoSave': 'off',
    'window.restoreWindows': 'none',
  };
}
