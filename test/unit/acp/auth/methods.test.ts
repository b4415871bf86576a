import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAuthMethod, parseAuthMethods, supportsLogout } from '../../../../src/agents/acp/auth/methods.js';

test('parseAuthMethod: table over v1, v2, env-var and unknown shapes', () => {
  const cases: Array<[string, unknown, unknown]> = [
    ['v1 agent (no type)', { id: 'a', name: 'Log in', description: 'browser' },
      { id: 'a', name: 'Log in', description: 'browser', kind: 'agent' }],
    ['v1 terminal, env map', { type: 'terminal', id: 't', name: 'T', args: ['--login', 3], env: { X: '1', Y: 2 } },
      { id: 't', name: 'T', kind: 'terminal', args: ['--login'], env: { X: '1' } }],
    ['v1 terminal, null args/env', { type: 'terminal', id: 't', name: 'T', args: null, env: null },
      { id: 't', name: 'T', kind: 'terminal', args: [], env: {} }],
    ['v2 agent', { type: 'agent', methodId: 'a2', name: 'A' }, { id: 'a2', name: 'A', kind: 'agent' }],
    ['v2 terminal, env list', { type: 'terminal', methodId: 't2', name: 'T', env: [{ name: 'X', value: '1' }, { name: 5 }] },
      { id: 't2', name: 'T', kind: 'terminal', args: [], env: { X: '1' } }],
    ['env_var with vars', { type: 'env_var', id: 'k', name: 'Key', link: 'https://keys', vars: [{ name: 'API_KEY', label: 'API key' }, { name: 'ORG', secret: false, optional: true }] },
      { id: 'k', name: 'Key', kind: 'env_var', link: 'https://keys', variables: [
        { name: 'API_KEY', label: 'API key', secret: true, optional: false },
        { name: 'ORG', label: 'ORG', secret: false, optional: true }] }],
    ['env_var single varName', { type: 'env_var', id: 'k', name: 'Key', varName: 'OPENAI_API_KEY' },
      { id: 'k', name: 'Key', kind: 'env_var', variables: [{ name: 'OPENAI_API_KEY', label: 'OPENAI_API_KEY', secret: true, optional: false }] }],
    ['env_var without variables', { type: 'env_var', id: 'k', name: 'Key' },
      { id: 'k', name: 'Key', kind: 'unknown', type: 'env_var', raw: { type: 'env_var', id: 'k', name: 'Key' } }],
    ['custom type', { type: '_sso', methodId: 'x', name: 'SSO' },
      { id: 'x', name: 'SSO', kind: 'unknown', type: '_sso', raw: { type: '_sso', methodId: 'x', name: 'SSO' } }],
    ['no name: id shown', { id: 'bare' }, { id: 'bare', name: 'bare', kind: 'agent' }],
    ['no id', { name: 'x' }, undefined],
    ['not an object', 'x', undefined],
  ];
  for (const [label, raw, want] of cases) assert.deepEqual(parseAuthMethod(raw), want, label);
});

test('parseAuthMethods drops bad items and tolerates missing lists', () => {
  assert.deepEqual(parseAuthMethods({ authMethods: [{ id: 'a', name: 'A' }, null, 3] }).map((m) => m.id), ['a']);
  assert.deepEqual(parseAuthMethods({}), []);
  assert.deepEqual(parseAuthMethods(null), []);
});

test('supportsLogout: v1 capability, v2 capability or non-empty methods', () => {
  const cases: Array<[unknown, 1 | 2, boolean]> = [
    [{ agentCapabilities: { auth: { logout: {} } } }, 1, true],
    [{ agentCapabilities: { auth: {} } }, 1, false],
    [{ agentCapabilities: { auth: { logout: null } } }, 1, false],
    [{ agentCapabilities: {} }, 1, false],
    [{ capabilities: { auth: { logout: {} } } }, 2, true],
    [{ capabilities: {}, authMethods: [{ type: 'agent', methodId: 'a', name: 'A' }] }, 2, true],
    [{ capabilities: {}, authMethods: [] }, 2, false],
  ];
  for (const [r, v, want] of cases) assert.equal(supportsLogout(r, v), want, JSON.stringify(r));
});
