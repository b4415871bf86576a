import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { CancellationTokenSource, ResponseError } from 'vscode-jsonrpc/node';
import type { CancellationToken } from 'vscode-jsonrpc/node';
import { REQUEST_CANCELLED } from '../../../../src/protocol/acp/cancellation.js';
import { createAcpConnection } from '../../../../src/protocol/acp/transport.js';
import { connectedPair } from './streamPair.js';

function until(predicate: () => boolean, what: string, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const poll = (): void => {
      if (predicate()) resolve();
      else if (Date.now() > deadline) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(poll, 2);
    };
    poll();
  });
}

/** A cancel may land before the handler runs (token already cancelled) or while it runs. */
function whenCancelled(token: CancellationToken): Promise<void> {
  if (token.isCancellationRequested) return Promise.resolve();
  return new Promise((resolve) => token.onCancellationRequested(() => resolve()));
}

test('request and response round-trip as one JSON line each', async () => {
  const pair = connectedPair();
  pair.agent.onRequest('initialize', (params: { protocolVersion: number }) => ({ protocolVersion: params.protocolVersion }));
  pair.client.listen();
  pair.agent.listen();
  const result = await pair.client.sendRequest('initialize', { protocolVersion: 1 });
  assert.deepEqual(result, { protocolVersion: 1 });
  assert.equal(pair.clientWire.length, 1);
  assert.deepEqual(JSON.parse(pair.clientWire[0]!), {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: 1 },
  });
  pair.dispose();
});

test('unknown request is answered with -32601', async () => {
  const pair = connectedPair();
  pair.client.listen();
  pair.agent.listen();
  await assert.rejects(pair.client.sendRequest('_custom/thing', {}), (error: unknown) => {
    assert.ok(error instanceof ResponseError);
    assert.equal(error.code, -32601);
    return true;
  });
  pair.dispose();
});

test('unknown notification is reported and ignored; the connection keeps working', async () => {
  const unknown: string[] = [];
  const pair = connectedPair({}, { onUnknownNotification: (m) => unknown.push(m.method) });
  pair.agent.onRequest('ping', () => 'pong');
  pair.client.listen();
  pair.agent.listen();
  await pair.client.sendNotification('_vendor/hello', { x: 1 });
  await pair.client.sendNotification('$/cancelRequest', { id: 5 });
  assert.equal(await pair.client.sendRequest('ping', {}), 'pong');
  // LSP's `$/cancelRequest` is not ACP: it must not be mistaken for a cancellation.
  assert.deepEqual(unknown.sort(), ['$/cancelRequest', '_vendor/hello']);
  pair.dispose();
});

test('client-side cancel sends ACP $/cancel_request and the agent handler sees its token fire', async () => {
  const pair = connectedPair();
  let agentSawCancel = false;
  pair.agent.onRequest('session/request_permission', (_params: unknown, token: CancellationToken) => {
    return whenCancelled(token).then(() => {
      agentSawCancel = true;
      throw new ResponseError(REQUEST_CANCELLED, 'cancelled');
    });
  });
  pair.client.listen();
  pair.agent.listen();
  const source = new CancellationTokenSource();
  const pending = pair.client.sendRequest('session/request_permission', { sessionId: 's' }, source.token);
  await until(() => pair.clientWire.length === 1, 'request on the wire');
  source.cancel();
  await assert.rejects(pending, (error: unknown) => {
    assert.ok(error instanceof ResponseError);
    assert.equal(error.code, REQUEST_CANCELLED);
    return true;
  });
  assert.ok(agentSawCancel);
  const cancelLine = pair.clientWire.map((l) => JSON.parse(l)).find((m) => m.method === '$/cancel_request');
  assert.deepEqual(cancelLine, { jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 0 } });
  assert.ok(!pair.clientWire.some((l) => l.includes('$/cancelRequest')));
  pair.dispose();
});

test('agent-side cancel ($/cancel_request from the agent) fires the client handler token', async () => {
  const pair = connectedPair();
  let clientSawCancel = false;
  pair.client.onRequest('terminal/wait_for_exit', (_params: unknown, token: CancellationToken) => {
    return whenCancelled(token).then(() => {
      clientSawCancel = true;
      throw new ResponseError(REQUEST_CANCELLED, 'cancelled');
    });
  });
  pair.client.listen();
  pair.agent.listen();
  const source = new CancellationTokenSource();
  const pending = pair.agent.sendRequest('terminal/wait_for_exit', { sessionId: 's', terminalId: 't' }, source.token);
  await until(() => pair.clientTap.some((t) => t.direction === 'in'), 'request at the client');
  source.cancel();
  await assert.rejects(pending, (error: unknown) => error instanceof ResponseError && error.code === REQUEST_CANCELLED);
  assert.ok(clientSawCancel);
  const cancelIn = pair.clientTap.find((t) => t.direction === 'in' && (t.message as { method?: string }).method === '$/cancel_request');
  assert.deepEqual((cancelIn?.message as { params?: unknown }).params, { requestId: 0 });
  // The tap saw the error answer going out.
  assert.ok(pair.clientTap.some((t) => t.direction === 'out' && (t.message as { error?: { code: number } }).error?.code === REQUEST_CANCELLED));
  pair.dispose();
});

test('a cancel that arrives before the handler starts cancels the token up front', async () => {
  const pair = connectedPair();
  const seen: boolean[] = [];
  pair.agent.onRequest('slow', (_params: unknown, token: CancellationToken) => {
    seen.push(token.isCancellationRequested);
    if (token.isCancellationRequested) throw new ResponseError(REQUEST_CANCELLED, 'cancelled');
    return 'done';
  });
  pair.client.listen();
  pair.agent.listen();
  const source = new CancellationTokenSource();
  // Request and cancel leave in the same tick, so they reach the agent in one read.
  const pending = pair.client.sendRequest('slow', {}, source.token);
  source.cancel();
  await assert.rejects(pending, (error: unknown) => error instanceof ResponseError && error.code === REQUEST_CANCELLED);
  assert.deepEqual(seen, [true]);
  pair.dispose();
});

test('tap sees every message in and out, in order', async () => {
  const pair = connectedPair();
  pair.agent.onRequest('session/new', async () => {
    await pair.agent.sendNotification('session/update', { sessionId: 's', update: { sessionUpdate: 'plan', entries: [] } });
    return { sessionId: 's' };
  });
  pair.client.onNotification('session/update', () => {});
  pair.client.listen();
  pair.agent.listen();
  await pair.client.sendRequest('session/new', { cwd: '/', mcpServers: [] });
  const seen = pair.clientTap.map((t) => `${t.direction}:${(t.message as { method?: string }).method ?? 'response'}`);
  assert.deepEqual(seen, ['out:session/new', 'in:session/update', 'in:response']);
  pair.dispose();
});

test('sync notifications keep wire order with responses', async () => {
  const fromAgent = new PassThrough();
  const toAgent = new PassThrough();
  const order: string[] = [];
  const client = createAcpConnection(fromAgent, toAgent, {
    syncNotifications: { 'session/update': (p) => order.push(`u${(p as { n: number }).n}`) },
  });
  client.listen();
  const result = client.sendRequest('session/prompt', {}).then(() => order.push('result'));
  const line = (m: object): string => JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n';
  const updates = (from: number, to: number): string =>
    Array.from({ length: to - from }, (_, i) => line({ method: 'session/update', params: { n: from + i } })).join('');
  // One chunk: updates, the prompt's answer, more updates. Nothing may overtake the answer.
  fromAgent.write(updates(0, 5) + line({ id: 0, result: { stopReason: 'end_turn' } }) + updates(5, 10));
  await result;
  await until(() => order.length === 11, 'the updates behind the answer');
  fromAgent.write(updates(10, 12));
  await until(() => order.length === 13, 'the later updates');
  assert.deepEqual(order, ['u0', 'u1', 'u2', 'u3', 'u4', 'result', 'u5', 'u6', 'u7', 'u8', 'u9', 'u10', 'u11']);
  client.dispose();
});

test('a duplicate response id does not switch the fast path off for good', async () => {
  const fromAgent = new PassThrough();
  const toAgent = new PassThrough();
  const trace: string[] = [];
  const client = createAcpConnection(fromAgent, toAgent, {
    tap: (direction, m) => {
      const n = (m as { params?: { n?: number } }).params?.n;
      if (direction === 'in' && n !== undefined) trace.push(`tap ${n}`);
    },
    syncNotifications: { 'session/update': (p) => trace.push(`handle ${(p as { n: number }).n}`) },
  });
  client.listen();
  const line = (m: object): string => JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n';
  // The same answer twice while the first still waits in vscode-jsonrpc's queue.
  fromAgent.write(line({ id: 7, result: {} }) + line({ id: 7, result: {} }) + line({ method: 'session/update', params: { n: 0 } }));
  await until(() => trace.includes('handle 0'), 'the queued update');
  await new Promise((resolve) => setImmediate(resolve));
  trace.length = 0;
  fromAgent.write(line({ method: 'session/update', params: { n: 1 } }) + line({ method: 'session/update', params: { n: 2 } }));
  await until(() => trace.length === 4, 'two updates');
  // Synchronous dispatch handles each update as it is read; the queued path would read both first.
  assert.deepEqual(trace, ['tap 1', 'handle 1', 'tap 2', 'handle 2']);
  client.dispose();
});

test('a throwing tap loses no message; a notification named like an Object method finds no handler', async () => {
  const fromAgent = new PassThrough();
  const toAgent = new PassThrough();
  const got: unknown[] = [];
  const unknown: string[] = [];
  const client = createAcpConnection(fromAgent, toAgent, {
    tap: () => {
      throw new Error('log bug');
    },
    syncNotifications: { 'session/update': (p) => got.push(p) },
    onUnknownNotification: (m) => unknown.push(m.method),
  });
  client.listen();
  const line = (m: object): string => JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n';
  fromAgent.write(line({ method: 'constructor', params: {} }) + line({ method: 'session/update', params: { n: 1 } }));
  await until(() => got.length === 1 && unknown.length === 1, 'both notifications');
  assert.deepEqual(got, [{ n: 1 }]);
  assert.deepEqual(unknown, ['constructor']);
  client.dispose();
});

test('the line cap applies through createAcpConnection: an over-long line is reported and skipped', async () => {
  const fromAgent = new PassThrough();
  const toAgent = new PassThrough();
  const got: unknown[] = [];
  const problems: string[] = [];
  const client = createAcpConnection(fromAgent, toAgent, {
    maxLineBytes: 200,
    onProtocolError: (p) => problems.push(p.kind),
    syncNotifications: { 'session/update': (p) => got.push(p) },
  });
  client.listen();
  const line = (m: object): string => JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n';
  fromAgent.write(line({ method: 'session/update', params: { text: 'x'.repeat(1000) } }) + 'not json\n' + line({ method: 'session/update', params: { n: 2 } }));
  await until(() => got.length === 1, 'the short update');
  assert.deepEqual(got, [{ n: 2 }]);
  assert.deepEqual(problems, ['line_too_long', 'invalid_json']);
  client.dispose();
});

test('the synchronous dispatch takes notifications only: a request under the same method is answered as a request', async () => {
  const fromAgent = new PassThrough();
  const toAgent = new PassThrough();
  const handled: unknown[] = [];
  const written: string[] = [];
  toAgent.on('data', (b: Buffer) => written.push(...b.toString('utf8').split('\n').filter(Boolean)));
  const client = createAcpConnection(fromAgent, toAgent, {
    syncNotifications: { 'session/update': (p) => handled.push(p) },
  });
  client.listen();
  const line = (m: object): string => JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n';
  fromAgent.write(line({ id: 3, method: 'session/update', params: { n: 0 } }) + line({ method: 'session/update', params: { n: 1 } }));
  await until(() => written.length === 1 && handled.length === 1, 'the error answer and the notification');
  assert.deepEqual(handled, [{ n: 1 }]);
  const answer = JSON.parse(written[0]!) as { id: number; error?: { code: number } };
  assert.equal(answer.id, 3);
  assert.equal(answer.error?.code, -32601);
  client.dispose();
});
