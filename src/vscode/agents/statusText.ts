/**
 * Words for agent states the user must act on (no `vscode` import): launch failures with their
 * fix, and the untrusted-workspace hold.
 */
import { isA2aConfig, type AgentConfig, type LaunchFailure } from '../../agents/api.js';
import { AGENT_PRESETS } from '../../agents/acp/presets/presets.js';
import { suggestFix } from '../../agents/acp/presets/suggestFix.js';
import type { AgentStatus } from '../../shared/webviewProtocol.js';
import { t } from '../translate.js';

export function untrustedStatus(agentName: string): AgentStatus {
  return {
    state: 'failed',
    agentName,
    reason: t('This workspace is not trusted, so no agent was started.'),
    fix: t('Agents run programs on your machine. Trust this workspace ("Manage Workspace Trust") and the agent starts.'),
    untrusted: true,
  };
}

/** Told by the flag, not the words: the reason reads in the user's language. */
export function isUntrusted(status: AgentStatus): boolean {
  return status.state === 'failed' && status.untrusted === true;
}

/** `commandLine`: shown as its own fact, so the sentence says "the agent" instead. */
export function describeLaunchFailure(failure: LaunchFailure, config: AgentConfig, commandLine = ''): { reason: string; fix: string } {
  if (isA2aConfig(config)) {
    return { reason: failure.message, fix: t('Check "url" of "{0}" in the agentChat.agents setting and that the agent is running, then Restart Agent.', config.name) };
  }
  const fix = suggestFix(failure, config, AGENT_PRESETS, t);
  const command = fix.command ? ' ' + t('Run: {0}', fix.command) : '';
  return { reason: `${fix.title}: ${failureText(failure, config, commandLine ? t('the agent') : [config.command, ...config.args].join(' '))}`, fix: `${fix.detail}${command}` };
}

/**
 * The failure's own sentence in the user's language, from its facts; `failure.message` stays
 * English for the log (and is used as it is where it carries the agent's own words).
 */
function failureText(failure: LaunchFailure, config: AgentConfig, commandLine: string): string {
  switch (failure.reason) {
    case 'not_found':
      return failure.searchedPath === undefined ? failure.message : t('"{0}" was not found. Searched PATH: {1}', failure.command, failure.searchedPath);
    case 'exited_during_initialize':
      if (failure.signal) return t('{0} was killed by {1} before answering initialize.', commandLine, failure.signal);
      if (failure.exitCode !== null) return t('{0} exited with code {1} before answering initialize.', commandLine, failure.exitCode);
      return failure.message;
    case 'timeout':
      return t('{0} did not answer initialize within {1} s.', commandLine, Math.round(failure.afterMs / 100) / 10);
    case 'restart_storm':
      return t('{0} died right after starting {1} times in a row; it is not started again for {2} s.', config.name, failure.attempts, Math.ceil(failure.retryAfterMs / 1000));
    default:
      return failure.message;
  }
}

export function failedStatus(config: AgentConfig, failure: LaunchFailure, commandLine: string): AgentStatus {
  const described = describeLaunchFailure(failure, config, commandLine);
  return {
    state: 'failed',
    agentName: config.name,
    // The command line is shown once, as its own fact: not also inside the sentence.
    reason: commandLine ? described.reason.split(commandLine).join(t('the agent')) : described.reason,
    fix: described.fix,
    commandLine,
    exitCode: failure.reason === 'exited_during_initialize' ? failure.exitCode : undefined,
    stderrTail: 'stderrTail' in failure ? failure.stderrTail : undefined,
  };
}

/** Why a prompt cannot go anywhere, and what to do. */
export function describeNoSession(agent: AgentStatus): string {
  switch (agent.state) {
    case 'none':
      return t('No agent is selected. Pick one with "Agent Chat: Select Agent".');
    case 'starting':
      return t('{0} is still starting; send again in a moment.', agent.agentName);
    case 'ready':
      return t('{0} has no open session. Try "Agent Chat: New Session".', agent.agentName);
    case 'failed':
      return t('{0} is not running: {1}', agent.agentName, agent.reason);
    case 'exited':
      return t('{0} is not running: {1} Use "Agent Chat: Restart Agent".', agent.agentName, agent.reason);
  }
}
