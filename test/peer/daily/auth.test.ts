/**
 * The three auth flows against a real agent process, through `runAuth` and `withAuthRetry`:
 * agent-driven (`authenticate`, retry on the same connection), terminal (the agent's own
 * command + the method's args, exit 0, restart), env var (restart with the variable), and
 * logout.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AcpAgentConfig } from '../../../src/agents/api.js';
import { runAuth, type AuthDeps, type AuthOutcome } from '../../../src/agents/acp/auth/flow.js';
import { parseAuthMethods, supportsLogout, type AuthMethodInfo } from '../../../src/agents/acp/auth/methods.js';
import { isAuthRequired, withAuthRetry } from '../../../src/agents/acp/auth/retry.js';
import { agentConfig, agentText, runToExit, startConfig, text, type RunningAgent } from './support.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'auth-agent-'));
const newSession = (a: RunningAgent) => a.conn.sendRequest('session/new', { cwd: '/tmp', mcpServers: [] }) as Promise<{ sessionId: string }>;
const byKind = (methods: AuthMethodInfo[], kind: AuthMethodInfo['kind']) => methods.find((m) => m.kind === kind)!;

async function promptText(a: RunningAgent, sessionId: string): Promise<string> {
  const from = a.updates.length;
  await a.conn.sendRequest('session/prompt', { sessionId, prompt: text('hi') });
  return agentText(a, from);
}

function deps(a: RunningAgent | undefined, log: string[], values?: Record<string, string>): AuthDeps {
  return {
    request: (method, params) => {
      log.push(method);
      return a!.conn.sendRequest(method, params);
    },
    runInTerminal: async (command, args, env) => {
      log.push(`terminal ${args.at(-1)} ${env.AUTH_AGENT_LOGIN_MODE}`);
      return (await runToExit(command, args, env)).code;
    },
    askVariables: async (vars) => {
      log.push(`ask ${vars.map((v) => `${v.name}${v.secret ? ' (secret)' : ''}`).join(',')}`);
      return values;
    },
  };
}

/**
 * What the session layer does around a request that may need auth: run the flow once, restart
 * when the flow says so, retry once.
 */
async function sessionWithAuth(config: AcpAgentConfig, pick: AuthMethodInfo['kind'], log: string[], values?: Record<string, string>) {
  let a = startConfig(config);
  let methods = parseAuthMethods(await a.initialize({ auth: { terminal: true } }));
  let outcome: AuthOutcome | undefined;
  const created = await withAuthRetry(() => newSession(a), isAuthRequired, async () => {
    outcome = await runAuth(byKind(methods, pick), config, deps(a, log, values));
    if (outcome.kind === 'restart') {
      await a.stop();
      a = startConfig(outcome.config);
      methods = parseAuthMethods(await a.initialize({ auth: { terminal: true } }));
    }
    return outcome.kind === 'authenticated' || outcome.kind === 'restart';
  });
  return { a, sessionId: created.sessionId, outcome };
}

test('agent method: -32000 → authenticate → the same request succeeds on retry', async () => {
  const log: string[] = [];
  const { a, sessionId, outcome } = await sessionWithAuth(agentConfig('auth', { AUTH_AGENT_DIR: fresh() }), 'agent', log);
  try {
    assert.deepEqual(outcome, { kind: 'authenticated' });
    assert.deepEqual(log, ['authenticate']);
    assert.equal(await promptText(a, sessionId), 'logged in via agent');
  } finally {
    await a.stop();
  }
});

test('terminal method: only offered with auth.terminal; run with its args, restart, works', async () => {
  const config = agentConfig('auth', { AUTH_AGENT_DIR: fresh() });
  const plain = startConfig(config);
  try {
    const init = await plain.initialize({});
    assert.deepEqual(parseAuthMethods(init).map((m) => m.kind), ['agent', 'env_var']);
    assert.equal(supportsLogout(init, 1), true);
  } finally {
    await plain.stop();
  }
  const log: string[] = [];
  const { a, sessionId, outcome } = await sessionWithAuth(config, 'terminal', log);
  try {
    assert.deepEqual(outcome, { kind: 'restart', config });
    assert.deepEqual(log, ['terminal --login tui']);
    assert.equal(await promptText(a, sessionId), 'logged in via terminal:tui');
  } finally {
    await a.stop();
  }
});

test('env-var method: restart with the variable set', async () => {
  const log: string[] = [];
  const config = agentConfig('auth', { AUTH_AGENT_DIR: fresh() });
  const { a, sessionId, outcome } = await sessionWithAuth(config, 'env_var', log, { AUTH_AGENT_API_KEY: 'sk-test' });
  try {
    assert.deepEqual(log, ['ask AUTH_AGENT_API_KEY (secret)']);
    assert.deepEqual(outcome, { kind: 'restart', config: { ...config, env: { ...config.env, AUTH_AGENT_API_KEY: 'sk-test' } }, variables: { AUTH_AGENT_API_KEY: 'sk-test' } });
    assert.equal(await promptText(a, sessionId), 'logged in via env');
  } finally {
    await a.stop();
  }
});

test('a login that does not take is not retried forever; logout asks again', async () => {
  const config = agentConfig('auth', { AUTH_AGENT_DIR: fresh() });
  const a = startConfig(config);
  try {
    await a.initialize({});
    let flows = 0;
    // The user "logs in" with a method that changes nothing: one flow, one retry, then the error.
    await assert.rejects(withAuthRetry(() => newSession(a), isAuthRequired, async () => void flows++), (e) => isAuthRequired(e));
    assert.equal(flows, 1);
    await a.conn.sendRequest('authenticate', { methodId: 'agent-login' });
    const { sessionId } = await newSession(a);
    await a.conn.sendRequest('logout', {});
    await assert.rejects(a.conn.sendRequest('session/prompt', { sessionId, prompt: text('hi') }), (e) => isAuthRequired(e));
    await assert.rejects(newSession(a), (e) => isAuthRequired(e));
  } finally {
    await a.stop();
  }
});
