/**
 * Our transport and builders against a real peer: an agent on the official SDK 2.4.0 in a
 * child process (fixtures/sdkPeerAgent.ts), over its stdio. Covers `$/cancel_request` in both
 * directions, -32601 for an unknown request, and that the SDK accepts what we send.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CancellationTokenSource, ResponseError } from 'vscode-jsonrpc/node';
import type { CancellationToken, Message } from 'vscode-jsonrpc/node';
import { REQUEST_CANCELLED } from '../../../../src/protocol/acp/cancellation.js';
import type { WireEvent } from '../../../../src/protocol/events.js';
import { normalizeSessionUpdate } from '../../../../src/protocol/acp/normalize.js';
import { initializeParamsV1, newSessionParams, permissionResult, promptParams } from '../../../../src/protocol/acp/outgoing.js';
import { parseInitializeResult, parseNewSessionResult, parsePromptResult } from '../../../../src/protocol/acp/parseAgentResults.js';
import { parseRequestPermission, parseTerminalRequest } from '../../../../src/protocol/acp/parseClientRequests.js';
import { createAcpConnection } from '../../../../src/protocol/acp/transport.js';

const agentScript = fileURLToPath(new URL('./fixtures/sdkPeerAgent.ts', import.meta.url));

function whenCancelled(token: CancellationToken): Promise<void> {
  if (token.isCancellationRequested) return Promise.resolve();
  return new Promise((resolve) => token.onCancellationRequested(() => resolve()));
}

test('talks to an official-SDK agent over real stdio', { timeout: 30_000 }, async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', agentScript], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const tapped: { direction: 'in' | 'out'; message: Message }[] = [];
  const events: WireEvent[] = [];
  const problems: unknown[] = [];
  const conn = createAcpConnection(child.stdout, child.stdin, {
    tap: (direction, message) => tapped.push({ direction, message }),
    onProtocolError: (p) => problems.push(p),
    syncNotifications: {
      'session/update': (params) => events.push(normalizeSessionUpdate((params as { update: unknown }).update)),
    },
  });
  conn.onRequest('session/request_permission', (params: unknown) => {
    const request = parseRequestPermission(params);
    assert.ok(request.ok, 'permission request parses');
    assert.equal(request.value.toolCallId, 'call_1');
    return permissionResult({ outcome: 'selected', optionId: request.value.options[0]!.optionId });
  });
  conn.onRequest('terminal/wait_for_exit', async (params: unknown, token: CancellationToken) => {
    assert.ok(parseTerminalRequest(params).ok);
    await whenCancelled(token);
    throw new ResponseError(REQUEST_CANCELLED, 'Request cancelled');
  });
  conn.listen();
  const texts = (): string[] =>
    events.flatMap((e) => (e.kind === 'message_chunk' && e.content.type === 'text' ? [e.content.text] : []));

  try {
    const init = parseInitializeResult(await conn.sendRequest('initialize', initializeParamsV1({ name: 'agent-chat', version: '0.1.0' })));
    assert.ok(init.ok);
    assert.equal(init.value.protocolVersion, 1);
    assert.equal(init.value.capabilities.prompt.embeddedContext, true);
    assert.deepEqual(init.value.agentInfo, { name: 'sdk-peer', version: '1.0.0' });

    const session = parseNewSessionResult(await conn.sendRequest('session/new', newSessionParams({ cwd: process.cwd() })));
    assert.ok(session.ok);
    const sessionId = session.value.sessionId;

    // A turn: chunks, a permission round-trip, an unknown request, an agent-side cancel.
    const result = await conn.sendRequest('session/prompt', promptParams(sessionId, [{ type: 'text', text: 'go' }]));
    // Every update of the turn was delivered before the answer that ends it.
    assert.deepEqual(texts(), [
      'chunk 0',
      'chunk 1',
      'chunk 2',
      'observed: permission {"outcome":"selected","optionId":"allow"}',
      'observed: unknown request answered -32601',
      `observed: wait_for_exit answered ${REQUEST_CANCELLED}`,
    ]);
    assert.deepEqual(parsePromptResult(result, 1), { ok: true, value: { protocolVersion: 1, stopReason: 'end_turn' } });
    const cancelIn = tapped.find((t) => t.direction === 'in' && (t.message as { method?: string }).method === '$/cancel_request');
    assert.ok(cancelIn, 'the SDK cancelled its request with $/cancel_request');

    // Client-side cancel: our token becomes $/cancel_request, the SDK aborts the handler.
    const source = new CancellationTokenSource();
    const pending = conn.sendRequest('session/prompt', promptParams(sessionId, [{ type: 'text', text: 'wait for cancel' }]), source.token);
    setTimeout(() => source.cancel(), 100);
    assert.deepEqual(parsePromptResult(await pending, 1), { ok: true, value: { protocolVersion: 1, stopReason: 'cancelled' } });
    assert.equal(texts().at(-1), 'observed: prompt aborted by $/cancel_request');
    const cancelOut = tapped.find((t) => t.direction === 'out' && (t.message as { method?: string }).method === '$/cancel_request');
    assert.ok(cancelOut);
    assert.equal(typeof (cancelOut.message as { params?: { requestId?: unknown } }).params?.requestId, 'number');
    assert.deepEqual(problems, []);
  } finally {
    conn.dispose();
    child.stdin.end();
    child.kill();
    await exited;
  }
});
