/**
 * Built-in launch presets for popular ACP agents.
 *
 * A preset is only a suggestion for the agent picker: it never runs unless the user picks it,
 * and a same-named entry in `agentChat.agents` (user settings) always wins. Commands follow the
 * agents' registry launch forms; `npx` presets download the package on first start.
 */
import type { AcpAgentConfig } from '../../api.js';
import type { Translate } from '../../../thread/translate.js';

export interface AgentPreset {
  /** Key used in `agentChat.agents`; a user entry with this name overrides the preset. */
  name: string;
  title: string;
  command: string;
  args: string[];
  /** The program that must exist for the preset to start (for npx presets: `npx`). */
  program: string;
  /** npm package fetched by `npx` on first start (npx presets only). */
  npmPackage?: string;
  /** What the user must have before the agent works (shown in the picker). */
  needs: string[];
  /** How to install the program when it is missing (shown in launch-failure fixes), in the editor's language. */
  install: (t: Translate) => string;
  /** A copyable install command, when there is a single obvious one. */
  installCommand?: string;
}

const LOGIN = (vendor: string) => `a ${vendor} login or API key (the agent asks on first use)`;
const NODE = 'Node.js with npx on PATH';

function npx(name: string, title: string, pkg: string, extraArgs: string[], login: string): AgentPreset {
  return {
    name,
    title,
    command: 'npx',
    args: [pkg, ...extraArgs],
    program: 'npx',
    npmPackage: pkg,
    needs: [NODE, login],
    install: (t) => t('Install Node.js (it includes npx); the first start downloads {0}.', pkg),
  };
}

export const AGENT_PRESETS: readonly AgentPreset[] = [
  npx('claude', 'Claude Code', '@agentclientprotocol/claude-agent-acp', [], LOGIN('Claude / Anthropic')),
  npx('codex', 'Codex', '@agentclientprotocol/codex-acp', [], LOGIN('ChatGPT / OpenAI')),
  {
    name: 'gemini',
    title: 'Gemini CLI',
    command: 'gemini',
    args: ['--acp'],
    program: 'gemini',
    needs: [LOGIN('Google'), 'or GEMINI_API_KEY'],
    install: (t) => t('Install the Gemini CLI with npm.'),
    installCommand: 'npm install -g @google/gemini-cli',
  },
  npx('copilot', 'GitHub Copilot', '@github/copilot', ['--acp'], 'a GitHub Copilot subscription and login'),
  {
    name: 'opencode',
    title: 'OpenCode',
    command: 'opencode',
    args: ['acp'],
    program: 'opencode',
    needs: ['a model provider configured in OpenCode'],
    install: (t) => t('Install OpenCode with npm.'),
    installCommand: 'npm install -g opencode-ai',
  },
  {
    name: 'goose',
    title: 'goose',
    command: 'goose',
    args: ['acp'],
    program: 'goose',
    needs: ['a model provider configured with `goose configure`'],
    install: (t) => t('Install the goose CLI (see the goose documentation), then run `goose configure`.'),
  },
  {
    name: 'cursor',
    title: 'Cursor Agent',
    command: 'cursor-agent',
    args: ['acp'],
    program: 'cursor-agent',
    needs: [LOGIN('Cursor')],
    install: (t) => t('Install the Cursor CLI, then run `cursor-agent login`.'),
    installCommand: 'curl https://cursor.com/install -fsS | bash',
  },
  npx('qwen', 'Qwen Code', '@qwen-code/qwen-code', ['--acp'], LOGIN('Qwen')),
  npx('cline', 'Cline', 'cline', ['--acp'], LOGIN('Cline')),
  npx('kilo', 'Kilo Code', '@kilocode/cli', ['acp'], LOGIN('Kilo Code')),
  npx('auggie', 'Auggie', '@augmentcode/auggie', ['--acp'], LOGIN('Augment')),
];

/** The launch config a preset stands for (v1: presets target stable ACP). */
export function presetConfig(preset: AgentPreset): AcpAgentConfig {
  return { name: preset.name, command: preset.command, args: [...preset.args], env: {}, protocolVersion: 1 };
}
