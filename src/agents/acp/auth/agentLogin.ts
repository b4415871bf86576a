/**
 * Logging in for one AgentClient: the explicit "Log in" action, the automatic one-login-one-
 * retry around session/new|load|resume and prompts, and logout. Concurrent refusals (two
 * sessions opening at once) share one login rather than asking the user twice.
 */
import type { AcpAgentConfig, AgentLifecycle } from '../../api.js';
import type { AgentFacts } from '../connection/capabilities.js';
import { runAuth, type AuthOutcome } from './flow.js';
import { AuthRequiredError, authRequiredEvent, canRun, chooseMethod, forUi, type LoginCallbacks } from './login.js';
import { isAuthRequired, withAuthRetry } from './retry.js';
import type { AcpSessionOptions } from '../session/acpSession.js';
import { t } from '../../translate.js';

export interface LoginHost {
  /** Facts of the agent while it is ready. */
  facts(): AgentFacts | undefined;
  config(): AcpAgentConfig;
  request(method: string, params: unknown): Promise<unknown>;
  /** Restart with this config; resolves with the new lifecycle. */
  restart(config: AcpAgentConfig): Promise<AgentLifecycle>;
}

type PromptVerdict = Awaited<ReturnType<NonNullable<AcpSessionOptions['onAuthRequired']>>>;

export class AgentLogin {
  private inFlight: Promise<AuthOutcome> | undefined;

  constructor(
    private readonly callbacks: LoginCallbacks & { log?: (line: string) => void },
    private readonly host: LoginHost,
  ) {}

  authenticate(methodId?: string): Promise<AuthOutcome> {
    this.inFlight ??= this.run(methodId).finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  async logout(): Promise<void> {
    const facts = this.host.facts();
    if (!facts) throw new Error('The agent is not ready.');
    if (!facts.capabilities.logout) throw new Error('The agent does not support logging out.');
    await this.host.request(facts.protocolVersion === 2 ? 'auth/logout' : 'logout', {});
  }

  /** Runs `action`; on -32000 one login, then one retry. A refusal that stays is AuthRequiredError. */
  async withLogin<T>(action: () => Promise<T>): Promise<T> {
    let outcome: AuthOutcome | undefined;
    try {
      return await withAuthRetry(action, isAuthRequired, async () => {
        outcome = await this.authenticate();
        return outcome.kind === 'authenticated' || (outcome.kind === 'restart' && this.host.facts() !== undefined);
      });
    } catch (err) {
      if (!isAuthRequired(err) || err instanceof AuthRequiredError) throw err;
      const e = err as { message?: string; data?: unknown };
      const methods = forUi(this.host.facts()?.authMethods ?? []);
      throw new AuthRequiredError(e.message ?? 'Authentication required', methods, describe(outcome), e.data);
    }
  }

  /** A prompt was refused: log in; only a login on the same connection lets the turn retry. */
  async forPrompt(err: unknown): Promise<PromptVerdict> {
    const methods = this.host.facts()?.authMethods ?? [];
    const outcome = await this.authenticate();
    if (outcome.kind === 'authenticated') return { retry: true };
    if (outcome.kind === 'restart') {
      return { retry: false, event: { kind: 'notice_local', severity: 'info', title: t('Logged in; the agent was restarted'), detail: t('Reopen this session or start a new one to continue.') } };
    }
    return { retry: false, event: authRequiredEvent(methods, `${(err as Error)?.message ?? 'Authentication required'} — ${describe(outcome)}`) };
  }

  private async run(methodId: string | undefined): Promise<AuthOutcome> {
    const facts = this.host.facts();
    if (!facts) return { kind: 'failed', message: 'The agent is not ready.' };
    const methods = facts.authMethods;
    const method = methodId !== undefined ? methods.find((m) => m.id === methodId) : await chooseMethod(methods, this.callbacks);
    if (!method) return methodId !== undefined ? { kind: 'failed', message: `The agent offers no login "${methodId}".` } : { kind: 'cancelled' };
    if (!canRun(method, this.callbacks)) return { kind: 'failed', message: `"${method.name}" cannot run here.` };
    // The RPC name follows the version actually spoken, not the one asked for.
    const config = { ...this.host.config(), protocolVersion: facts.protocolVersion };
    const outcome = await runAuth(method, config, {
      request: (m, p) => this.host.request(m, p),
      runInTerminal: (command, args, env) => this.callbacks.terminalAuth!(command, args, env),
      askVariables: (variables, link) => this.callbacks.askVariables!(variables, link),
    });
    this.callbacks.log?.(`login with "${method.id}": ${describe(outcome)}`);
    if (outcome.kind !== 'restart') return outcome;
    const lifecycle = await this.host.restart({ ...outcome.config, protocolVersion: this.host.config().protocolVersion });
    if (lifecycle.state !== 'ready') return { kind: 'failed', message: `Logged in, but the agent did not start again (${lifecycle.state}).` };
    return outcome;
  }
}

function describe(outcome: AuthOutcome | undefined): string {
  if (!outcome) return 'no login was tried';
  switch (outcome.kind) {
    case 'authenticated':
      return 'logged in';
    case 'restart':
      return 'logged in, agent restarted';
    case 'cancelled':
      return 'login cancelled (or no method could run)';
    case 'failed':
      return `login failed: ${outcome.message}`;
  }
}
