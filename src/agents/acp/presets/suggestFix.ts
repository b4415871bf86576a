/**
 * Turns a typed launch failure into a concrete fix the user can act on. The real stderr is
 * shown beside this by the UI; this text says what to do about it.
 */
import type { AcpAgentConfig, LaunchFailure } from '../../api.js';
import { AGENT_PRESETS, type AgentPreset } from './presets.js';
import { english, type Translate } from '../../../thread/translate.js';

export type FixAction = 'install' | 'check_path' | 'login' | 'open_log' | 'set_protocol_version' | 'open_settings';

export interface FixSuggestion {
  title: string;
  detail: string;
  /** A command the user can copy (install / login), when one is known. */
  command?: string;
  actions: FixAction[];
}

// No leading \b: `GEMINI_API_KEY` has `_` (a word character) before `API`.
const AUTH_HINT = /(^|[^a-z])(auth(enticat\w*|orization)?|log ?in|logged in|sign ?in|api[ _-]?key|unauthori[sz]ed|credentials?|token expired)|\b(401|403)\b/i;
const NPM_NOT_FOUND = /\bE404\b|404 Not Found|is not in (the npm|this) registry/i;
const NETWORK = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET)\b|network request failed/i;
const NODE_TOO_OLD = /unsupported engine|requires node|node(\.js)? version|SyntaxError: Unexpected token/i;

function presetFor(config: AcpAgentConfig, presets: readonly AgentPreset[]): AgentPreset | undefined {
  return presets.find((p) => p.name === config.name && p.command === config.command)
    ?? presets.find((p) => p.command === config.command && p.args.join(' ') === config.args.join(' '));
}

function notFound(failure: Extract<LaunchFailure, { reason: 'not_found' }>, config: AcpAgentConfig, t: Translate, preset?: AgentPreset): FixSuggestion {
  const program = failure.command || config.command;
  if (program === 'npx' || program.endsWith('/npx')) {
    return {
      title: t('npx is not installed'),
      detail: t('This agent runs through npx, which comes with Node.js. Install Node.js (20 or newer), then restart the editor so it sees the new PATH. If Node is installed with nvm or Homebrew, make sure your login shell puts it on PATH.'),
      actions: ['install', 'check_path'],
    };
  }
  return {
    title: t('{0} was not found', program),
    detail: t('Agent Chat looked for "{0}" on your login shell\'s PATH and did not find it.', program) + ' '
      + (preset ? t('Install it: {0}', preset.install(t)) : t('Install the agent, or set an absolute path as "command" in agentChat.agents.')) + ' '
      + t('If it is installed, check that the directory is on PATH in your login shell (~/.profile, ~/.zprofile), not only in an interactive shell.'),
    command: preset?.installCommand,
    actions: ['install', 'check_path', 'open_settings'],
  };
}

function exited(stderr: string, exitCode: number | null, config: AcpAgentConfig, t: Translate): FixSuggestion {
  if (AUTH_HINT.test(stderr)) {
    return {
      title: t('The agent needs a login'),
      detail: t('The agent stopped while starting and its output mentions authentication. Log in with the agent\'s own CLI (or set its API key variable in agentChat.agents → env), then restart the agent.'),
      actions: ['login', 'open_settings'],
    };
  }
  if (config.command === 'npx' && NPM_NOT_FOUND.test(stderr)) {
    return {
      title: t('npx could not find the agent package'),
      detail: t('npm answered "not found" for {0}. Check the package name in agentChat.agents, and your npm registry settings (~/.npmrc).', config.args[0] ?? t('the package')),
      actions: ['open_settings', 'open_log'],
    };
  }
  if (config.command === 'npx' && NETWORK.test(stderr)) {
    return {
      title: t('npx could not download the agent'),
      detail: t('The first start downloads the agent package, and the network request failed. Check your connection or proxy, or install the package globally and point "command" at it.'),
      actions: ['open_log'],
    };
  }
  if (NODE_TOO_OLD.test(stderr)) {
    return {
      title: t('The agent needs a newer Node.js'),
      detail: t('The agent\'s output points at an unsupported Node.js version. Install a current Node.js LTS and make it the default in your login shell.'),
      actions: ['install', 'check_path'],
    };
  }
  return {
    title: exitCode === null ? t('The agent exited while starting') : t('The agent exited while starting (exit code {0})', exitCode),
    detail: t('Read the agent\'s output below for the reason. Try running the same command in a terminal to see it fail the same way.'),
    command: [config.command, ...config.args].join(' '),
    actions: ['open_log'],
  };
}

/** `t` says it in the user's language (the host passes `vscode.l10n.t`); English by default. */
export function suggestFix(failure: LaunchFailure, config: AcpAgentConfig, presets: readonly AgentPreset[] = AGENT_PRESETS, t: Translate = english): FixSuggestion {
  const preset = presetFor(config, presets);
  switch (failure.reason) {
    case 'not_found':
      return notFound(failure, config, t, preset);
    case 'exited_during_initialize':
      return exited(failure.stderrTail, failure.exitCode, config, t);
    case 'timeout': {
      // npx fetches the package before the agent even starts; a slow first download looks like a hang.
      const npx = config.command === 'npx' || /[/\\]npx(\.cmd)?$/i.test(config.command);
      return {
        title: t('The agent started but didn\'t answer'),
        detail: t('No answer to "initialize" within {0} s. Check the protocol log: an agent that prints logs on stdout, or waits for a first-run prompt, never answers. Make sure the command starts the agent in ACP mode (for example with --acp or acp).', Math.round(failure.afterMs / 1000))
          + (npx ? ' ' + t('This agent runs through npx: the first start downloads {0}, which can take a while; try again, or install it globally and point "command" at it.', config.args.find((a) => !a.startsWith('-')) ?? t('the package')) : ''),
        actions: ['open_log'],
      };
    }
    case 'unsupported_version':
      if (failure.answered === 1 || failure.answered === 2) {
        return {
          title: t('The agent speaks ACP version {0}', failure.answered),
          detail: t('Agent Chat asked for version {0} and the agent answered {1}. Set "protocolVersion": {1} for this agent in agentChat.agents.', failure.requested, failure.answered),
          actions: ['set_protocol_version', 'open_settings'],
        };
      }
      return {
        title: t('The agent speaks an ACP version Agent Chat does not know'),
        detail: `${failure.message} ` + t('Update the agent or Agent Chat; if the agent also speaks version 1, set "protocolVersion": 1 in agentChat.agents.'),
        actions: ['set_protocol_version', 'open_log'],
      };
    case 'restart_storm':
      return {
        title: t('The agent keeps dying right after it starts'),
        detail: t('It failed {0} times in a row, so Agent Chat stopped restarting it for now. The last lines it wrote to stderr usually say why; check its command, arguments and environment in agentChat.agents, then Restart Agent.', failure.attempts),
        actions: ['open_settings', 'open_log'],
      };
    case 'initialize_error':
      if (failure.code === -32000 || AUTH_HINT.test(failure.message) || AUTH_HINT.test(failure.stderrTail)) {
        return {
          title: t('The agent needs a login'),
          detail: t('The agent refused to start without authentication. Log in with the agent\'s CLI or set its API key in agentChat.agents → env, then restart.'),
          actions: ['login', 'open_settings'],
        };
      }
      return {
        title: t('The agent rejected the connection'),
        detail: t('It answered "initialize" with an error: {0}. Check the protocol log; updating the agent often helps.', failure.message),
        actions: ['open_log'],
      };
  }
}
