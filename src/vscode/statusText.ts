/**
 * Words for agent states the user must act on (no `vscode` import): launch failures with their
 * fix, and the untrusted-workspace hold.
 */
import type { AgentConfig, LaunchFailure } from '../agent/api.js';
import { suggestFix } from '../agent/presets/suggestFix.js';
import type { AgentStatus } from '../shared/webviewProtocol.js';

export const UNTRUSTED_REASON = 'This workspace is not trusted, so no agent was started.';

export function untrustedStatus(agentName: string): AgentStatus {
  return {
    state: 'failed',
    agentName,
    reason: UNTRUSTED_REASON,
    fix: 'Agents run programs on your machine. Trust this workspace ("Manage Workspace Trust") and the agent starts.',
  };
}

export function isUntrusted(status: AgentStatus): boolean {
  return status.state === 'failed' && status.reason === UNTRUSTED_REASON;
}

export function describeLaunchFailure(failure: LaunchFailure, config: AgentConfig): { reason: string; fix: string } {
  const fix = suggestFix(failure, config);
  const command = fix.command ? ` Run: ${fix.command}` : '';
  return { reason: `${fix.title}: ${failure.message}`, fix: `${fix.detail}${command}` };
}
