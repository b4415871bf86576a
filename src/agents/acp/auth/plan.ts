/**
 * What the client does for a chosen auth method. The three kinds differ in who acts:
 * the agent (`authenticate`), the user in a terminal running the agent's own command, or
 * the user typing variables that go into the agent's environment on the next start.
 */
import type { AcpAgentConfig } from '../../api.js';
import type { AuthMethodInfo, EnvVarSpec } from './methods.js';

export type AuthPlan =
  /** Send `authenticate {methodId}` (v1) or `auth/login {methodId}` (v2), then retry. */
  | { kind: 'agent'; methodId: string; rpcMethod: 'authenticate' | 'auth/login' }
  /**
   * Run this in an interactive terminal; exit code 0 = logged in. Then restart the agent and
   * initialize again. Never send `authenticate` for it.
   */
  | { kind: 'terminal'; methodId: string; command: string; args: string[]; env: Record<string, string> }
  /** Ask the user for these, then restart the agent with them in `env`. */
  | { kind: 'env'; methodId: string; variables: EnvVarSpec[]; link?: string }
  | { kind: 'unsupported'; methodId: string; reason: string };

export function planAuth(method: AuthMethodInfo, agent: AcpAgentConfig): AuthPlan {
  switch (method.kind) {
    case 'agent':
      return { kind: 'agent', methodId: method.id, rpcMethod: agent.protocolVersion === 2 ? 'auth/login' : 'authenticate' };
    case 'terminal':
      // The method's args are appended to the configured invocation; its env wins over ours.
      return {
        kind: 'terminal',
        methodId: method.id,
        command: agent.command,
        args: [...agent.args, ...method.args],
        env: { ...agent.env, ...method.env },
      };
    case 'env_var':
      return { kind: 'env', methodId: method.id, variables: method.variables, ...(method.link ? { link: method.link } : {}) };
    case 'unknown':
      return { kind: 'unsupported', methodId: method.id, reason: `auth method type "${method.type}" is not supported; log in with the agent's own CLI` };
  }
}

/**
 * The config to restart with after the user filled in an env plan. Missing required values
 * are reported instead of starting an agent that will only fail again.
 */
export function applyEnvAuth(
  agent: AcpAgentConfig,
  plan: Extract<AuthPlan, { kind: 'env' }>,
  values: Record<string, string | undefined>,
): { config: AcpAgentConfig } | { missing: string[] } {
  const missing = plan.variables.filter((v) => !v.optional && !values[v.name]).map((v) => v.name);
  if (missing.length) return { missing };
  const env = { ...agent.env };
  for (const v of plan.variables) {
    const value = values[v.name];
    if (value) env[v.name] = value;
  }
  return { config: { ...agent, env } };
}
