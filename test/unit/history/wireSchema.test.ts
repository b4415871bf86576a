/**
 * Everything the daily-use helpers put on the wire, checked against the SDK's JSON Schemas:
 * MCP server shapes (v1 and v2), session lifecycle params, auth requests.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toAcpMcpServer } from '../../../src/agents/acp/mcp/filter.js';
import type { McpServerSpec } from '../../../src/agents/acp/mcp/types.js';
import { planAuth } from '../../../src/agents/acp/auth/plan.js';
import { parseAuthMethod, type AuthMethodInfo } from '../../../src/agents/acp/auth/methods.js';
import {
  buildCloseRequest, buildDeleteRequest, buildLoadRequest, buildNewSessionRequest, buildResumeRequest, sessionSupportOf, type Gated,
} from '../../../src/agents/acp/session/agentSessions.js';
import { definitionForMethod, validateOutgoing, type SchemaVersion } from '../../support/schemaValidator.js';

const specs: McpServerSpec[] = [
  { transport: 'stdio', name: 's', command: '/usr/bin/s', args: ['-x'], env: { K: 'V' } },
  { transport: 'stdio', name: 'bare', command: '/bin/b', args: [], env: {} },
  { transport: 'http', name: 'h', url: 'https://h.example.com/mcp', headers: { Authorization: 'Bearer t' } },
  { transport: 'sse', name: 'e', url: 'https://e.example.com/sse', headers: {} },
];

function valid(version: SchemaVersion, def: string, value: unknown, label: string): void {
  assert.deepEqual(validateOutgoing(version, def, value), [], `${label} as v${version} ${def}`);
}

test('MCP server shapes validate in both versions', () => {
  for (const s of specs) valid(1, 'McpServer', toAcpMcpServer(s, 1), s.name);
  for (const s of specs.filter((x) => x.transport !== 'sse')) valid(2, 'McpServer', toAcpMcpServer(s, 2), s.name);
  // The v1 shape of stdio lacks the `type` v2 requires: sending v1 shapes to v2 would be wrong.
  assert.notDeepEqual(validateOutgoing(2, 'McpServer', toAcpMcpServer(specs[0]!, 1)), []);
});

test('session lifecycle params validate', () => {
  const v1 = sessionSupportOf({ agentCapabilities: { loadSession: true, sessionCapabilities: { list: {}, resume: {}, close: {}, delete: {}, additionalDirectories: {} } } }, 1);
  const v2 = sessionSupportOf({ capabilities: { session: { delete: {}, additionalDirectories: {} } } }, 2);
  for (const [version, support] of [[1, v1], [2, v2]] as const) {
    const mcpServers = specs.filter((s) => version === 1 || s.transport !== 'sse').map((s) => toAcpMcpServer(s, version));
    const input = { sessionId: 'sess_1', cwd: '/work', mcpServers, additionalDirectories: ['/lib'] };
    const reqs: Array<Gated<unknown>> = [
      buildNewSessionRequest(support, input),
      buildLoadRequest(support, input),
      buildResumeRequest(support, input),
      buildCloseRequest(support, 'sess_1'),
      buildDeleteRequest(support, 'sess_1'),
    ];
    for (const r of reqs) {
      assert.ok(r.ok, `v${version}: ${r.ok ? '' : r.reason}`);
      if (r.ok) valid(version, definitionForMethod(version, r.method, 'Request'), r.params, r.method);
    }
    valid(version, definitionForMethod(version, 'session/list', 'Request'), { cwd: '/work', cursor: 'abc' }, 'list');
  }
});

test('auth requests validate', () => {
  const agent = { name: 'a', command: '/bin/a', args: [], env: {}, protocolVersion: 1 as const };
  const p1 = planAuth(parseAuthMethod({ id: 'login', name: 'Log in' }) as AuthMethodInfo, agent);
  assert.equal(p1.kind === 'agent' && p1.rpcMethod, 'authenticate');
  valid(1, definitionForMethod(1, 'authenticate', 'Request'), { methodId: 'login' }, 'authenticate');
  const p2 = planAuth(parseAuthMethod({ type: 'agent', methodId: 'login', name: 'Log in' }) as AuthMethodInfo, { ...agent, protocolVersion: 2 });
  assert.equal(p2.kind === 'agent' && p2.rpcMethod, 'auth/login');
  valid(2, definitionForMethod(2, 'auth/login', 'Request'), { methodId: 'login' }, 'auth/login');
});
