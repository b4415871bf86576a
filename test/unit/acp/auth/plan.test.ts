import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AcpAgentConfig } from '../../../../src/agents/api.js';
import { parseAuthMethod, type AuthMethodInfo } from '../../../../src/agents/acp/auth/methods.js';
import { applyEnvAuth, planAuth } from '../../../../src/agents/acp/auth/plan.js';
import { isAuthRequired, withAuthRetry } from '../../../../src/agents/acp/auth/retry.js';

const agent: AcpAgentConfig = { name: 'a', command: '/bin/agent', args: ['--acp'], env: { HOME_X: 'h', MODE: 'normal' }, protocolVersion: 1 };
const m = (raw: unknown) => parseAuthMethod(raw) as AuthMethodInfo;

test('planAuth: table', () => {
  const cases: Array<[string, AuthMethodInfo, AcpAgentConfig, unknown]> = [
    ['agent v1', m({ id: 'x', name: 'X' }), agent, { kind: 'agent', methodId: 'x', rpcMethod: 'authenticate' }],
    ['agent v2', m({ type: 'agent', methodId: 'x', name: 'X' }), { ...agent, protocolVersion: 2 }, { kind: 'agent', methodId: 'x', rpcMethod: 'auth/login' }],
    ['terminal: own command + method args, env overlaid', m({ type: 'terminal', id: 't', name: 'T', args: ['--login'], env: { MODE: 'login' } }), agent,
      { kind: 'terminal', methodId: 't', command: '/bin/agent', args: ['--acp', '--login'], env: { HOME_X: 'h', MODE: 'login' } }],
    ['env', m({ type: 'env_var', id: 'k', name: 'K', vars: [{ name: 'KEY' }] }), agent,
      { kind: 'env', methodId: 'k', variables: [{ name: 'KEY', label: 'KEY', secret: true, optional: false }] }],
    ['unknown', m({ type: '_sso', id: 's', name: 'S' }), agent, { kind: 'unsupported', methodId: 's', reason: 'auth method type "_sso" is not supported; log in with the agent\'s own CLI' }],
  ];
  for (const [label, method, cfg, want] of cases) assert.deepEqual(planAuth(method, cfg), want, label);
  assert.deepEqual(agent.args, ['--acp'], 'the agent config is not mutated');
});

test('applyEnvAuth: overlays values, reports missing required ones', () => {
  const plan = planAuth(m({ type: 'env_var', id: 'k', name: 'K', vars: [{ name: 'KEY' }, { name: 'ORG', optional: true }] }), agent);
  assert.equal(plan.kind, 'env');
  if (plan.kind !== 'env') return;
  assert.deepEqual(applyEnvAuth(agent, plan, {}), { missing: ['KEY'] });
  assert.deepEqual(applyEnvAuth(agent, plan, { KEY: 'sk' }), { config: { ...agent, env: { ...agent.env, KEY: 'sk' } } });
  assert.deepEqual(applyEnvAuth(agent, plan, { KEY: 'sk', ORG: 'o' }), { config: { ...agent, env: { ...agent.env, KEY: 'sk', ORG: 'o' } } });
});

test('withAuthRetry: table of outcomes', async () => {
  const authErr = Object.assign(new Error('Authentication required'), { code: -32000 });
  const otherErr = Object.assign(new Error('nope'), { code: -32603 });
  type Case = [string, Array<unknown>, boolean | void, { value?: string; error?: unknown; calls: number; auths: number }];
  const cases: Case[] = [
    ['ok first time', ['v'], true, { value: 'v', calls: 1, auths: 0 }],
    ['auth then ok', [authErr, 'v'], true, { value: 'v', calls: 2, auths: 1 }],
    ['auth resolving void still retries', [authErr, 'v'], undefined, { value: 'v', calls: 2, auths: 1 }],
    ['user gave up', [authErr, 'v'], false, { error: authErr, calls: 1, auths: 1 }],
    ['still unauthenticated: no loop', [authErr, authErr, 'v'], true, { error: authErr, calls: 2, auths: 1 }],
    ['other error passes through', [otherErr, 'v'], true, { error: otherErr, calls: 1, auths: 0 }],
  ];
  for (const [label, script, authResult, want] of cases) {
    let calls = 0;
    let auths = 0;
    const action = async () => {
      const step = script[calls++];
      if (step instanceof Error) throw step;
      return step as string;
    };
    const p = withAuthRetry(action, isAuthRequired, async () => {
      auths++;
      return authResult;
    });
    if (want.error) await assert.rejects(p, (e) => e === want.error, label);
    else assert.equal(await p, want.value, label);
    assert.equal(calls, want.calls, label);
    assert.equal(auths, want.auths, label);
  }
});

test('isAuthRequired', () => {
  assert.equal(isAuthRequired({ code: -32000 }), true);
  assert.equal(isAuthRequired({ code: '-32000' }), false);
  assert.equal(isAuthRequired(new Error('x')), false);
  assert.equal(isAuthRequired(null), false);
});
