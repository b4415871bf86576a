/**
 * The client's side of "authentication required": which method runs without asking (the
 * editor may supply a chooser), and how a refusal that stays is reported — as a typed error
 * for session/new|load|resume and as an `auth_required` event in a thread.
 */
import { ResponseError } from 'vscode-jsonrpc/node';
import type { AuthRequiredMethod, SessionEvent } from '../../../protocol/events.js';
import type { AuthMethodInfo, EnvVarSpec } from './methods.js';
import { AUTH_REQUIRED } from './retry.js';

/** What the editor supplies so every kind of login can run. Missing ones rule their kind out. */
export interface LoginCallbacks {
  /**
   * Runs the agent's own command in an interactive terminal; resolves with its exit code
   * (`undefined` when the user closed it). Supplying it is what advertises `auth.terminal`.
   */
  terminalAuth?: (command: string, args: string[], env: Record<string, string>) => Promise<number | null | undefined>;
  /** Asks for env-var values (secret ones masked); `undefined` = cancelled. */
  askVariables?: (variables: EnvVarSpec[], link?: string) => Promise<Record<string, string> | undefined>;
  /** Picks one of the methods (e.g. a quick pick); default: the first one that can run. */
  chooseAuthMethod?: (methods: AuthMethodInfo[]) => Promise<AuthMethodInfo | undefined>;
}

export function canRun(method: AuthMethodInfo, callbacks: LoginCallbacks): boolean {
  switch (method.kind) {
    case 'agent':
      return true;
    case 'terminal':
      return callbacks.terminalAuth !== undefined;
    case 'env_var':
      return callbacks.askVariables !== undefined;
    case 'unknown':
      return false;
  }
}

/** The agent lists methods in its order of preference. */
export function chooseMethod(methods: AuthMethodInfo[], callbacks: LoginCallbacks): Promise<AuthMethodInfo | undefined> {
  const runnable = methods.filter((m) => canRun(m, callbacks));
  if (callbacks.chooseAuthMethod) return callbacks.chooseAuthMethod(runnable);
  return Promise.resolve(runnable[0]);
}

export function forUi(methods: AuthMethodInfo[]): AuthRequiredMethod[] {
  return methods.map((m) => ({ id: m.id, name: m.name, kind: m.kind, ...(m.description ? { description: m.description } : {}) }));
}

export function authRequiredEvent(methods: AuthMethodInfo[], message?: string): SessionEvent {
  return { kind: 'auth_required', methods: forUi(methods), ...(message ? { message } : {}) };
}

/**
 * session/new|load|resume still answered -32000 after the one login attempt (or none could
 * run). Still a ResponseError with the agent's code, so existing error handling keeps working.
 */
export class AuthRequiredError extends ResponseError<unknown> {
  constructor(
    message: string,
    readonly methods: AuthRequiredMethod[],
    /** Why no login helped: cancelled, failed (with the reason), or none could run. */
    readonly loginOutcome: string,
    data?: unknown,
  ) {
    super(AUTH_REQUIRED, message, data);
    // ResponseError pins its own prototype, which would hide this subclass from instanceof.
    Object.setPrototypeOf(this, new.target.prototype);
  }
}
