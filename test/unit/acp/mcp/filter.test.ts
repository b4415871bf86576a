import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filterMcpServers, mcpCapabilitiesOf, toAcpMcpServer } from '../../../../src/agents/acp/mcp/filter.js';
import type { McpServerSpec } from '../../../../src/agents/acp/mcp/types.js';

const stdio: McpServerSpec = { transport: 'stdio', name: 's', command: '/s', args: ['-v'], env: { K: 'V' } };
const http: McpServerSpec = { transport: 'http', name: 'h', url: 'https://h', headers: { A: 'b' } };
const sse: McpServerSpec = { transport: 'sse', name: 'e', url: 'https://e', headers: {} };
const all = [stdio, http, sse];

test('toAcpMcpServer: v1 stdio has no type, v2 has; lists of {name, value}', () => {
  assert.deepEqual(toAcpMcpServer(stdio, 1), { name: 's', command: '/s', args: ['-v'], env: [{ name: 'K', value: 'V' }] });
  assert.deepEqual(toAcpMcpServer(stdio, 2), { type: 'stdio', name: 's', command: '/s', args: ['-v'], env: [{ name: 'K', value: 'V' }] });
  assert.deepEqual(toAcpMcpServer(http, 1), { type: 'http', name: 'h', url: 'https://h', headers: [{ name: 'A', value: 'b' }] });
  assert.deepEqual(toAcpMcpServer(sse, 1), { type: 'sse', name: 'e', url: 'https://e', headers: [] });
});

test('filterMcpServers: table', () => {
  const cases: Array<[string, Parameters<typeof filterMcpServers>[1], 1 | 2, string[], string[]]> = [
    ['v1 no caps: stdio only', undefined, 1, ['s'], ['h', 'e']],
    ['v1 http', { http: true, sse: false }, 1, ['s', 'h'], ['e']],
    ['v1 both', { http: true, sse: true }, 1, ['s', 'h', 'e'], []],
    ['v1 object markers count too', { http: {}, sse: {} }, 1, ['s', 'h', 'e'], []],
    ['v2 stdio+http: sse dropped', { stdio: {}, http: {} }, 2, ['s', 'h'], ['e']],
    ['v2 http only', { http: {} }, 2, ['h'], ['s', 'e']],
    ['v2 nothing', {}, 2, [], ['s', 'h', 'e']],
    ['v2 sse ignored even if claimed', { stdio: {}, sse: true }, 2, ['s'], ['h', 'e']],
  ];
  for (const [label, caps, v, sent, skipped] of cases) {
    const r = filterMcpServers(all, caps, v);
    assert.deepEqual(r.sent.map((s) => s.name), sent, label);
    assert.deepEqual(r.skipped.map((s) => s.name), skipped, label);
    for (const s of r.skipped) assert.ok(s.reason.length > 10, label);
  }
  assert.match(filterMcpServers([sse], { sse: true }, 2).skipped[0]!.reason, /v2 has no SSE/);
});

test('mcpCapabilitiesOf reads both initialize shapes', () => {
  assert.deepEqual(mcpCapabilitiesOf({ agentCapabilities: { mcpCapabilities: { http: true } } }, 1), { http: true });
  assert.deepEqual(mcpCapabilitiesOf({ capabilities: { session: { mcp: { stdio: {} } } } }, 2), { stdio: {} });
  assert.deepEqual(mcpCapabilitiesOf(null, 1), {});
});
