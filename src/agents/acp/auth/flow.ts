/**
 * Runs one auth method end to end with the editor's help, so the glue only supplies three
 * capabilities (send a request, run a terminal, ask for values) and acts on the outcome.
 */
import type { AcpAgentConfig } from '../../api.js';
import type { AuthMethodInfo, EnvVarSpec } from './methods.js';
import { applyEnvAuth, planAuth } from './plan.js';
import { authenticateParams } from '../../../protocol/acp/outgoing.js';

export interface AuthDeps {
  /** A request on the live connection (`authenticate` / `auth/login`). */
  request(method: string, params: unknown): Promise<unknown>;
  /**
   * Runs the command in an interactive terminal and resolves with its exit code when it ends
   * (`undefined` when the user closed the terminal and no code is known).
   */
  runInTerminal(command: string, args: string[], env: Record<string, string>): Promise<number | null | undefined>;
  /** Asks the user for the variables; `undefined` = cancelled. Secret ones should be masked. */
  askVariables(variables: EnvVarSpec[], link?: string): Promise<Record<string, string> | undefined>;
}

export type AuthOutcome =
  /** Retry the failed request on the same connection. */
  | { kind: 'authenticated' }
  /** Restart the agent with this config (new env, or fresh credentials on disk), then retry. */
  | { kind: 'restart'; config: AcpAgentConfig; variables?: Record<string, string> }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

export async function runAuth(method: AuthMethodInfo, agent: AcpAgentConfig, deps: AuthDeps): Promise<AuthOutcome> {
  const plan = planAuth(method, agent);
  switch (plan.kind) {
    case 'agent':
      try {
        await deps.request(plan.rpcMethod, authenticateParams(plan.methodId));
        return { kind: 'authenticated' };
      } catch (e) {
        return { kind: 'failed', message: `${method.name} failed: ${e instanceof Error ? e.message : String(e)}` };
      }
    case 'terminal': {
      const code = await deps.runInTerminal(plan.command, plan.args, plan.env);
      if (code === 0) return { kind: 'restart', config: agent };
      if (code === undefined) return { kind: 'cancelled' };
      return { kind: 'failed', message: `The login command exited with ${code === null ? 'a signal' : `code ${code}`}.` };
    }
    case 'env': {
      const values = await deps.askVariables(plan.variables, plan.link);
      if (!values) return { kind: 'cancelled' };
      const applied = applyEnvAuth(agent, plan, values);
      if ('missing' in applied) return { kind: 'failed', message: `Missing ${applied.missing.join(', ')}.` };
      const variables = Object.fromEntries(plan.variables.filter((v) => values[v.name]).map((v) => [v.name, values[v.name]!]));
      return { kind: 'restart', config: applied.config, variables };
    }
    case 'unsupported':
      return { kind: 'failed', message: plan.reason };
  }
}
