/**
 * MCP passthrough through AgentClient: servers the agent cannot take (SSE here) are left out
 * with one warning naming them, the rest arrive in the v1 wire shape, and the extra workspace
 * root goes along because the agent advertised additionalDirectories.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { McpServerSpec } from '../../../src/agents/acp/mcp/types.js';
import { record, say, streamedText } from '../support/harness.js';
import { assertWireValid, startDaily, type DailyPeer } from './support.js';

const servers: McpServerSpec[] = [
  { transport: 'stdio', name: 'files', command: '/usr/bin/files-mcp', args: ['--stdio'], env: { TOKEN: 't' } },
  { transport: 'http', name: 'api', url: 'https://example.test/mcp', headers: { Authorization: 'Bearer x' } },
  { transport: 'sse', name: 'old', url: 'https://example.test/sse', headers: {} },
];

describe('daily sessions: mcp-echo agent', () => {
  let peer: DailyPeer;
  before(async () => {
    peer = await startDaily('mcp-echo', {}, { rootCount: 2 });
  });
  after(() => peer.close());

  test('an SSE server is skipped with a warning; stdio and http are sent as v1 shapes', async () => {
    const { session, events, thread } = record(await peer.client.newSession({ mcpServers: servers }));
    const notices = events.filter((e) => e.kind === 'notice_local');
    assert.deepEqual(notices, [{
      kind: 'notice_local',
      severity: 'warning',
      title: 'MCP server not sent to the agent: "old"',
      detail: 'old: the agent does not accept SSE MCP servers',
    }]);
    assert.equal(thread.entries.filter((e) => e.type === 'notice').length, 1);
    await session.prompt(say('echo'));
    const got = JSON.parse(streamedText(events)) as { cwd: string; mcpServers: unknown[]; additionalDirectories?: string[] };
    assert.equal(got.cwd, peer.roots[0]);
    assert.deepEqual(got.additionalDirectories, [peer.roots[1]]);
    assert.deepEqual(got.mcpServers, [
      { name: 'files', command: '/usr/bin/files-mcp', args: ['--stdio'], env: [{ name: 'TOKEN', value: 't' }] },
      { type: 'http', name: 'api', url: 'https://example.test/mcp', headers: [{ name: 'Authorization', value: 'Bearer x' }] },
    ]);
  });

  test('wire-shaped stdio servers (the older option) still pass; no notice when nothing is skipped', async () => {
    const { session, events } = record(await peer.client.newSession({
      cwd: peer.roots[1],
      mcpServers: [{ name: 'legacy', command: '/bin/legacy', args: [], env: [{ name: 'A', value: '1' }] }],
    }));
    assert.equal(events.some((e) => e.kind === 'notice_local'), false);
    await session.prompt(say('echo'));
    const got = JSON.parse(streamedText(events)) as { cwd: string; mcpServers: unknown[]; additionalDirectories?: string[] };
    assert.equal(got.cwd, peer.roots[1]);
    assert.deepEqual(got.additionalDirectories, [peer.roots[0]], 'the other root, never cwd itself');
    assert.deepEqual(got.mcpServers, [{ name: 'legacy', command: '/bin/legacy', args: [], env: [{ name: 'A', value: '1' }] }]);
  });

  test('the agent cannot load, resume or list: those say so without sending anything', async () => {
    await assert.rejects(peer.client.loadSession('mcp_1'), /cannot load sessions/);
    await assert.rejects(peer.client.resumeSession('mcp_1'), /cannot resume sessions/);
    await assert.rejects(peer.client.listSessions(), /does not support session\/list/);
    assert.equal(peer.wire.sent('session/load').length + peer.wire.sent('session/resume').length + peer.wire.sent('session/list').length, 0);
  });

  test('everything we sent is valid v1', () => {
    assertWireValid(peer);
  });
});
