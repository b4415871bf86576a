import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planSessionTarget, skippedMcpNotice } from '../../../src/agents/acp/session/sessionTarget.js';
import { initializeRequestParams } from '../../../src/agents/acp/connection/initialize.js';
import { canRun, chooseMethod } from '../../../src/agents/acp/auth/login.js';
import { readAgentFacts, type AgentFacts } from '../../../src/agents/acp/connection/capabilities.js';
import type { AuthMethodInfo } from '../../../src/agents/acp/auth/methods.js';

function facts(raw: unknown, version: 1 | 2 = 1): AgentFacts {
  const read = readAgentFacts(raw, version);
  assert.ok(read.ok);
  return read.facts;
}

const v1 = facts({ protocolVersion: 1, agentCapabilities: { mcpCapabilities: { http: true } } });

test('boundary: every workspace root; cwd outside them is added first', () => {
  const inside = planSessionTarget(['/a', '/b'], '/a/sub', [], v1);
  assert.deepEqual(inside.roots, ['/a', '/b']);
  assert.deepEqual(inside.additionalDirectories, ['/a', '/b'], 'the builders drop cwd itself, not its parent root');
  const outside = planSessionTarget(['/a', '/b'], '/elsewhere', [], v1);
  assert.deepEqual(outside.roots, ['/elsewhere', '/a', '/b']);
  assert.deepEqual(planSessionTarget(['/a', '/b'], '/b', [], v1).additionalDirectories, ['/a']);
});

test('boundary of a thread in its own worktree: exactly the given folders, never the workspace roots', () => {
  const top = planSessionTarget(['/a', '/b'], '/wt', [], v1, ['/wt']);
  assert.deepEqual([top.roots, top.additionalDirectories, top.fixedRoots], [['/wt'], [], true]);
  const sub = planSessionTarget(['/a'], '/wt/pkg', [], v1, ['/wt']);
  assert.deepEqual([sub.roots, sub.additionalDirectories], [['/wt'], ['/wt']]);
  assert.equal(planSessionTarget(['/a'], '/a', [], v1).fixedRoots, false);
});

test('MCP: v1 keeps stdio untyped, drops what the agent lacks; v2 types stdio and has no SSE', () => {
  const servers = [
    { name: 'w', command: 'c', args: [], env: [{ name: 'K', value: 'V' }] },
    { transport: 'sse' as const, name: 's', url: 'https://x', headers: {} },
  ];
  const one = planSessionTarget(['/a'], '/a', servers, v1);
  assert.deepEqual(one.mcpServers, [{ name: 'w', command: 'c', args: [], env: [{ name: 'K', value: 'V' }] }]);
  assert.deepEqual(one.skipped.map((s) => s.name), ['s']);
  const v2 = facts({ protocolVersion: 2, capabilities: { session: { mcp: { stdio: {} } } } }, 2);
  const two = planSessionTarget(['/a'], '/a', servers, v2);
  assert.deepEqual(two.mcpServers, [{ type: 'stdio', name: 'w', command: 'c', args: [], env: [{ name: 'K', value: 'V' }] }]);
  assert.match(two.skipped[0]!.reason, /no SSE/);
});

test('skipped notice: none for none; one warning naming all', () => {
  assert.equal(skippedMcpNotice([]), undefined);
  const n = skippedMcpNotice([{ name: 'a', reason: 'r1' }, { name: 'b', reason: 'r2' }]);
  assert.deepEqual(n, { kind: 'notice_local', severity: 'warning', title: 'MCP servers not sent to the agent: "a", "b"', detail: 'a: r1\nb: r2' });
});

test('initialize: auth.terminal only in v1 and only with a terminal runner', () => {
  const info = { name: 'n', version: '1' };
  const plain = initializeRequestParams(1, info) as { clientCapabilities: Record<string, unknown> };
  assert.equal('auth' in plain.clientCapabilities, false);
  const withTerminal = initializeRequestParams(1, info, { terminalAuth: true }) as { clientCapabilities: Record<string, unknown> };
  assert.deepEqual(withTerminal.clientCapabilities.auth, { terminal: true });
  assert.equal(withTerminal.clientCapabilities.terminal, true, 'the rest is unchanged');
  assert.deepEqual(initializeRequestParams(2, info, { terminalAuth: true }), { protocolVersion: 2, info, capabilities: { elicitation: { form: {}, url: {} } } });
});

test('login choice: the first method that can run; a chooser sees only runnable ones', async () => {
  const methods: AuthMethodInfo[] = [
    { id: 't', name: 'T', kind: 'terminal', args: [], env: {} },
    { id: 'e', name: 'E', kind: 'env_var', variables: [] },
    { id: 'a', name: 'A', kind: 'agent' },
  ];
  assert.equal((await chooseMethod(methods, {}))?.id, 'a');
  assert.equal((await chooseMethod(methods, { terminalAuth: async () => 0 }))?.id, 't');
  let offered: string[] = [];
  await chooseMethod(methods, { askVariables: async () => ({}), chooseAuthMethod: async (m) => ((offered = m.map((x) => x.id)), undefined) });
  assert.deepEqual(offered, ['e', 'a']);
  assert.equal(canRun({ id: 'u', name: 'U', kind: 'unknown', type: 'x', raw: {} }, { terminalAuth: async () => 0 }), false);
});
