/**
 * MCP passthrough end to end: configs from the setting and `.vscode/mcp.json` are parsed,
 * filtered by what the agent advertised, sent on `session/new`, and the agent echoes exactly
 * what it received (plus `additionalDirectories`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filterMcpServers, mcpCapabilitiesOf, toAcpMcpServer } from '../../../src/agents/acp/mcp/filter.js';
import { mergeMcpSources, parseMcpJson, parseMcpSetting } from '../../../src/agents/acp/mcp/parse.js';
import { buildNewSessionRequest, sessionSupportOf } from '../../../src/agents/acp/session/agentSessions.js';
import { agentText, startAgent, text } from './support.js';

const MCP_JSON = `{
  // workspace servers
  "inputs": [{ "type": "promptString", "id": "token", "password": true }],
  "servers": {
    "files": { "type": "stdio", "command": "/usr/local/bin/mcp-files", "args": ["\${workspaceFolder}"], "env": { "MODE": "ro" } },
    "search": { "type": "http", "url": "https://search.example.com/mcp", "headers": { "X-Key": "\${env:SEARCH_KEY}" } },
    "legacy": { "type": "sse", "url": "https://legacy.example.com/sse" },
    "private": { "type": "http", "url": "https://p.example.com/mcp", "headers": { "Authorization": "Bearer \${input:token}" } },
  },
}`;

test('configured servers are filtered by capability and reach the agent intact', async () => {
  const ctx = { workspaceFolder: '/work/project', env: { SEARCH_KEY: 'k1' } };
  const merged = mergeMcpSources(
    parseMcpSetting({ files: { command: '/opt/my-files', args: ['--user'] }, notes: { command: '/opt/notes' } }, ctx),
    parseMcpJson(MCP_JSON, ctx),
  );
  assert.deepEqual(merged.problems.map((p) => [p.name, p.severity]), [['private', 'skipped'], ['files', 'skipped']]);

  const a = startAgent('mcp-echo');
  try {
    const init = await a.initialize({});
    const { sent, skipped } = filterMcpServers(merged.servers, mcpCapabilitiesOf(init, 1), 1);
    assert.deepEqual(sent.map((s) => s.name), ['files', 'notes', 'search']);
    assert.deepEqual(skipped.map((s) => s.name), ['legacy']);

    const support = sessionSupportOf(init, 1);
    const req = buildNewSessionRequest(support, { cwd: '/work/project', mcpServers: sent, additionalDirectories: ['/work/shared', 'relative'] });
    assert.ok(req.ok);
    if (!req.ok) return;
    const { sessionId } = await a.conn.sendRequest<{ sessionId: string }>(req.method, req.params);
    const from = a.updates.length;
    await a.conn.sendRequest('session/prompt', { sessionId, prompt: text('what did you get?') });
    const echoed = JSON.parse(agentText(a, from));
    assert.deepEqual(echoed, {
      cwd: '/work/project',
      mcpServers: [
        { name: 'files', command: '/opt/my-files', args: ['--user'], env: [] },
        { name: 'notes', command: '/opt/notes', args: [], env: [] },
        { type: 'http', name: 'search', url: 'https://search.example.com/mcp', headers: [{ name: 'X-Key', value: 'k1' }] },
      ],
      additionalDirectories: ['/work/shared'],
    });

    // Without the filter, a strict agent refuses the whole session.
    const unfiltered = merged.servers.map((s) => toAcpMcpServer(s, 1));
    await assert.rejects(a.conn.sendRequest('session/new', { cwd: '/work/project', mcpServers: unfiltered }), (e: any) => e.code === -32602);
  } finally {
    await a.stop();
  }
});
