/**
 * The real claude-agent-acp (installed into .cache/ on first use, scripts/agents/) as an agent
 * configuration pointed at a loopback fake Anthropic API: its own HOME and Claude config in a
 * temporary folder, a dummy API key, and no traffic but to the fake (no telemetry, no update
 * checks, no error reports). Permission mode "default", so edits ask the client.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AcpAgentConfig } from '../../src/agents/api.js';
import { ensureClaudeAgentAcp } from '../../scripts/agents/installClaudeAgentAcp.mjs';

export { claudeAgentAcpVersion } from '../../scripts/agents/installClaudeAgentAcp.mjs';

/** An API key of the right shape that no server accepts. */
export const DUMMY_API_KEY = 'sk-ant-api03-not-a-real-key-for-the-loopback-fake-only';

export async function claudeAgentConfig(opts: { apiUrl: string; home: string; protocolVersion: 1 | 2 }): Promise<AcpAgentConfig> {
  const entry = await ensureClaudeAgentAcp();
  const configDir = join(opts.home, '.claude');
  await mkdir(configDir, { recursive: true });
  await writeFile(join(configDir, 'settings.json'), JSON.stringify({ permissions: { defaultMode: 'default' } }) + '\n');
  return {
    name: 'Claude Agent',
    command: process.execPath,
    args: [entry],
    protocolVersion: opts.protocolVersion,
    env: {
      HOME: opts.home,
      CLAUDE_CONFIG_DIR: configDir,
      XDG_CONFIG_HOME: join(opts.home, '.config'),
      XDG_CACHE_HOME: join(opts.home, '.cache'),
      XDG_DATA_HOME: join(opts.home, '.local', 'share'),
      ANTHROPIC_BASE_URL: opts.apiUrl,
      ANTHROPIC_API_KEY: DUMMY_API_KEY,
      // Whatever the machine has configured must not reach the agent: another provider or key.
      ANTHROPIC_AUTH_TOKEN: '',
      ANTHROPIC_MODEL: '',
      CLAUDE_CODE_USE_BEDROCK: '',
      CLAUDE_CODE_USE_VERTEX: '',
      CLAUDE_CODE_USE_FOUNDRY: '',
      CLAUDE_AGENT_ACP_PROTOCOL: '',
      CLAUDE_CODE_EXECUTABLE: '',
      // claude-agent-acp takes any value as "in a sandbox" and then asks the CLI to allow skipping
      // permissions, which the CLI refuses as root unless the value is one it accepts.
      IS_SANDBOX: '',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      DISABLE_BUG_COMMAND: '1',
      // No suggestion of the user's next prompt after each turn (one more model request per turn).
      CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION: 'false',
      CLAUDE_CODE_TMPDIR: join(opts.home, 'tmp'),
      CLAUDE_AGENT_LOGS: join(opts.home, 'logs'),
    },
  };
}
