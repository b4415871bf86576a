import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AcpAgentConfig } from '../../../../src/agents/api.js';
import { runAuth, type AuthDeps } from '../../../../src/agents/acp/auth/flow.js';
import { parseAuthMethod, type AuthMethodInfo } from '../../../../src/agents/acp/auth/methods.js';

const agent: AcpAgentConfig = { name: 'a', command: '/bin/a', args: ['acp'], env: { X: '1' }, protocolVersion: 1 };
const m = (raw: unknown) => parseAuthMethod(raw) as AuthMethodInfo;
const AGENT = m({ id: 'login', name: 'Log in' });
const TERM = m({ type: 'terminal', id: 't', name: 'Terminal', args: ['--login'] });
const ENV = m({ type: 'env_var', id: 'k', name: 'Key', vars: [{ name: 'KEY' }, { name: 'ORG', optional: true }] });

function deps(o: { requestFails?: boolean; exit?: number | null; values?: Record<string, string> }) {
  const calls: string[] = [];
  const d: AuthDeps = {
    request: async (method, params) => {
      calls.push(`${method} ${JSON.stringify(params)}`);
      if (o.requestFails) throw new Error('denied');
      return {};
    },
    runInTerminal: async (command, args, env) => {
      calls.push(`run ${[command, ...args].join(' ')} X=${env.X}`);
      return o.exit;
    },
    askVariables: async (vars) => {
      calls.push(`ask ${vars.map((v) => v.name).join(',')}`);
      return o.values;
    },
  };
  return { d, calls };
}

test('runAuth: table', async () => {
  const cases: Array<[string, AuthMethodInfo, Parameters<typeof deps>[0], unknown, string[]]> = [
    ['agent ok', AGENT, {}, { kind: 'authenticated' }, ['authenticate {"methodId":"login"}']],
    ['agent refused', AGENT, { requestFails: true }, { kind: 'failed', message: 'Log in failed: denied' }, ['authenticate {"methodId":"login"}']],
    ['terminal ok → restart same config', TERM, { exit: 0 }, { kind: 'restart', config: agent }, ['run /bin/a acp --login X=1']],
    ['terminal failed', TERM, { exit: 3 }, { kind: 'failed', message: 'The login command exited with code 3.' }, ['run /bin/a acp --login X=1']],
    ['terminal killed', TERM, { exit: null }, { kind: 'failed', message: 'The login command exited with a signal.' }, ['run /bin/a acp --login X=1']],
    ['terminal closed', TERM, { exit: undefined }, { kind: 'cancelled' }, ['run /bin/a acp --login X=1']],
    ['env ok', ENV, { values: { KEY: 'k' } }, { kind: 'restart', config: { ...agent, env: { X: '1', KEY: 'k' } }, variables: { KEY: 'k' } }, ['ask KEY,ORG']],
    ['env cancelled', ENV, {}, { kind: 'cancelled' }, ['ask KEY,ORG']],
    ['env missing', ENV, { values: { ORG: 'o' } }, { kind: 'failed', message: 'Missing KEY.' }, ['ask KEY,ORG']],
    ['unknown type', m({ type: '_sso', id: 's', name: 'S' }), {}, { kind: 'failed', message: 'auth method type "_sso" is not supported; log in with the agent\'s own CLI' }, []],
  ];
  for (const [label, method, o, want, wantCalls] of cases) {
    const { d, calls } = deps(o);
    assert.deepEqual(await runAuth(method, agent, d), want, label);
    assert.deepEqual(calls, wantCalls, label);
  }
});
