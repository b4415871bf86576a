/**
 * The editor tools' pure parts and their private link: the advertised schemas are valid JSON
 * Schema, version negotiation, problem lines, when a session gets the tools, and the endpoint's
 * gate (private folder, token) over a real socket.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createMessageConnection, SocketMessageReader, SocketMessageWriter } from 'vscode-jsonrpc/node';
import { EDITOR_TOOLS, EDITOR_TOOL_NAMES, toolText } from '../../../src/services/editorTools/toolList.js';
import { negotiateVersion } from '../../../src/services/editorTools/mcpServer.js';
import { CALL_TOOL, ENDPOINT_FILE, HELLO, openEditorEndpoint, type EndpointInfo } from '../../../src/services/editorTools/hostEndpoint.js';
import { linkToEditor } from '../../../src/services/editorTools/bridgeLink.js';
import { problemLine } from '../../../src/agents/acp/editorTools/editorToolCalls.js';
import { editorToolsSkipReason, type EditorToolsOptions } from '../../../src/agents/acp/editorTools/sessionEditorTools.js';
import type { AgentFacts } from '../../../src/agents/acp/connection/capabilities.js';

test('every advertised input schema compiles and accepts what the tools take', () => {
  const ajv = new Ajv2020({ strict: true });
  assert.deepEqual(EDITOR_TOOLS.map((t) => t.name), [...EDITOR_TOOL_NAMES]);
  const validate = (name: string) => ajv.compile(EDITOR_TOOLS.find((t) => t.name === name)!.inputSchema);
  assert.equal(validate('read_file')({ path: '/ws/a.ts', line: 2, limit: 3 }), true);
  assert.equal(validate('read_file')({ path: '/ws/a.ts', line: 0 }), false);
  assert.equal(validate('write_file')({ path: 'a.ts' }), false, 'content is required');
  assert.equal(validate('write_file')({ path: 'a.ts', content: '', extra: 1 }), false);
  assert.equal(validate('get_problems')({}), true);
  assert.equal(validate('get_selection')({}), true);
});

test('protocol version: the client’s when we know it, else our newest', () => {
  assert.equal(negotiateVersion('2025-06-18'), '2025-06-18');
  assert.equal(negotiateVersion('2024-11-05'), '2024-11-05');
  assert.equal(negotiateVersion('2099-01-01'), '2025-11-25');
  assert.equal(negotiateVersion(undefined), '2025-11-25');
});

test('a problem is one line: path:line:column severity: message (source code), newlines folded', () => {
  assert.equal(problemLine({ path: '/ws/a.ts', line: 3, column: 9, severity: 'error', message: 'Bad\n  thing', source: 'ts', code: '2322' }), '/ws/a.ts:3:9 error: Bad thing (ts 2322)');
  assert.equal(problemLine({ path: '/ws/b.py', line: 1, column: 1, severity: 'hint', message: 'x' }), '/ws/b.py:1:1 hint: x');
});

test('who gets the editor tools: v2 agents that take stdio MCP servers, while enabled', () => {
  const facts = (protocolVersion: 1 | 2, raw: Record<string, unknown>) => ({ protocolVersion, raw }) as unknown as AgentFacts;
  const on = { enabled: () => true } as EditorToolsOptions;
  const off = { enabled: () => false } as EditorToolsOptions;
  const v2stdio = { capabilities: { session: { mcp: { stdio: {} } } } };
  assert.equal(editorToolsSkipReason(facts(2, v2stdio), on), undefined);
  assert.match(editorToolsSkipReason(facts(2, v2stdio), off)!, /turned off/);
  assert.match(editorToolsSkipReason(facts(2, { capabilities: { session: { mcp: { http: {} } } } }), on)!, /does not accept stdio/);
  assert.match(editorToolsSkipReason(facts(1, { agentCapabilities: { mcpCapabilities: {} } }), on)!, /v1 agents use fs/);
  assert.match(editorToolsSkipReason(facts(2, v2stdio), undefined)!, /no editor host/);
});

test('the endpoint: a private folder, a token file only the user reads, a wrong token is dropped, the right one is served', { skip: process.platform === 'win32' && 'POSIX modes' }, async () => {
  const calls: Array<[string, unknown]> = [];
  const endpoint = await openEditorEndpoint(async (name, args) => {
    calls.push([name, args]);
    return toolText(`called ${name}`);
  });
  try {
    assert.equal((await stat(endpoint.dir)).mode & 0o777, 0o700);
    assert.equal((await stat(join(endpoint.dir, ENDPOINT_FILE))).mode & 0o777, 0o600);
    const info = JSON.parse(await readFile(join(endpoint.dir, ENDPOINT_FILE), 'utf8')) as EndpointInfo;

    // A stranger: a tool call before hello is refused, a wrong token ends the connection.
    const socket = connect(info.socket);
    await new Promise((resolve) => socket.once('connect', resolve));
    const stranger = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
    stranger.listen();
    await assert.rejects(stranger.sendRequest(CALL_TOOL, { name: 'read_file', arguments: {} }), /Say hello first/);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await assert.rejects(stranger.sendRequest(HELLO, { token: 'f'.repeat(64) }), /Wrong token/);
    await closed;
    stranger.dispose();
    assert.deepEqual(calls, [], 'nothing reached the tools');

    // The bridge's side, with the token from the folder.
    const link = await linkToEditor(endpoint.dir);
    assert.deepEqual(await link.callTool('get_selection', {}), toolText('called get_selection'));
    const gone = new Promise<void>((resolve) => link.onClose(resolve));
    await endpoint.close();
    await gone;
    link.dispose();
    assert.equal(existsSync(endpoint.dir), false, 'closing removes the folder');
  } finally {
    await endpoint.close();
  }
});
