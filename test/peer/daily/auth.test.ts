/**
 * The three auth flows against a real agent process: agent-driven (`authenticate` then retry),
 * terminal (run the agent's own command + method args, restart), env var (restart with the
 * variable), plus logout.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAuthMethods, supportsLogout, type AuthMethodInfo } from '../../../src/agent/auth/methods.js';
import { applyEnvAuth, planAuth } from '../../../src/agent/auth/plan.js';
import { isAuthRequired, withAuthRetry } from '../../../src/agent/auth/retry.js';
import { agentConfig, agentText, runToExit, startAgent, startConfig, text, type RunningAgent } from './support.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'auth-agent-'));
const newSession = (a: RunningAgent) => a.conn.sendRequest('session/new', { cwd: '/tmp', mcpServers: [] }) as Promise<{ sessionId: string }>;
const byKind = (methods: AuthMethodInfo[], kind: AuthMethodInfo['kind']) => methods.find((m) => m.kind === kind)!;

async function promptText(a: RunningAgent, sessionId: string): Promise<string> {
  const from = a.updates.length;
  await a.conn.sendRequest('session/prompt', { sessionId, prompt: text('hi') });
  return agentText(a, from);
}

test('agent method: -32000 → authenticate → the same request succeeds on retry', async () => {
  const config = agentConfig('auth', { AUTH_AGENT_DIR: fresh() });
  const a = startConfig(config);
  try {
    const init = await a.initialize({ auth: { terminal: true } });
    const methods = parseAuthMethods(init);
    assert.deepEqual(methods.map((m) => [m.kind, m.id]), [['agent', 'agent-login'], ['terminal', 'terminal-login'], ['env_var', 'api-key']]);
    await assert.rejects(newSession(a), (e) => isAuthRequired(e));
    const sent: string[] = [];
    const { sessionId } = await withAuthRetry(() => newSession(a), isAuthRequired, async () => {
      const plan = planAuth(byKind(methods, 'agent'), config);
      assert.equal(plan.kind, 'agent');
      if (plan.kind !== 'agent') return false;
      sent.push(plan.rpcMethod);
      await a.conn.sendRequest(plan.rpcMethod, { methodId: plan.methodId });
    });
    assert.deepEqual(sent, ['authenticate']);
    assert.equal(await promptText(a, sessionId), 'logged in via agent');
  } finally {
    await a.stop();
  }
});

test('terminal method: only offered with auth.terminal; run with its args, restart, works', async () => {
  const config = agentConfig('auth', { AUTH_AGENT_DIR: fresh() });
  const plain = startConfig(config);
  try {
    assert.deepEqual(parseAuthMethods(await plain.initialize({})).map((m) => m.kind), ['agent', 'env_var']);
  } finally {
    await plain.stop();
  }
  const a = startConfig(config);
  let plan;
  try {
    const methods = parseAuthMethods(await a.initialize({ auth: { terminal: true } }));
    await assert.rejects(newSession(a), (e) => isAuthRequired(e));
    plan = planAuth(byKind(methods, 'terminal'), config);
  } finally {
    await a.stop();
  }
  assert.equal(plan.kind, 'terminal');
  if (plan.kind !== 'terminal') return;
  assert.deepEqual(plan.args, [...config.args, '--login']);
  assert.equal(plan.env.AUTH_AGENT_LOGIN_MODE, 'tui');
  const login = await runToExit(plan.command, plan.args, plan.env);
  assert.equal(login.code, 0, 'exit code 0 = logged in');
  assert.match(login.stdout, /Logged in/);
  const again = startConfig(config);
  try {
    await again.initialize({ auth: { terminal: true } });
    const { sessionId } = await newSession(again);
    assert.equal(await promptText(again, sessionId), 'logged in via terminal:tui');
  } finally {
    await again.stop();
  }
});

test('env-var method: restart with the variable set; logout forgets a stored login', async () => {
  const config = agentConfig('auth', { AUTH_AGENT_DIR: fresh() });
  const a = startConfig(config);
  let plan;
  try {
    const methods = parseAuthMethods(await a.initialize({}));
    plan = planAuth(byKind(methods, 'env_var'), config);
  } finally {
    await a.stop();
  }
  assert.equal(plan.kind, 'env');
  if (plan.kind !== 'env') return;
  assert.deepEqual(plan.variables, [{ name: 'AUTH_AGENT_API_KEY', label: 'Auth Agent API key', secret: true, optional: false }]);
  assert.deepEqual(applyEnvAuth(config, plan, {}), { missing: ['AUTH_AGENT_API_KEY'] });
  const applied = applyEnvAuth(config, plan, { AUTH_AGENT_API_KEY: 'sk-test' });
  assert.ok('config' in applied);
  if (!('config' in applied)) return;
  const b = startConfig(applied.config);
  try {
    await b.initialize({});
    const { sessionId } = await newSession(b);
    assert.equal(await promptText(b, sessionId), 'logged in via env');
  } finally {
    await b.stop();
  }

  // Logout: log in through the agent, log out, and the agent asks for auth again.
  const c = startAgent('auth', config.env);
  try {
    const init = await c.initialize({});
    assert.equal(supportsLogout(init, 1), true);
    await c.conn.sendRequest('authenticate', { methodId: 'agent-login' });
    await newSession(c);
    await c.conn.sendRequest('logout', {});
    await assert.rejects(newSession(c), (e) => isAuthRequired(e));
  } finally {
    await c.stop();
  }
});
