import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { ResponseError } from 'vscode-jsonrpc/node';
import { createAcpConnection } from '../../../../src/protocol/acp/transport.js';
import { WireFaultTally, type WireFault } from '../../../../src/protocol/acp/wireFaults.js';

/** Our side of a connection whose agent is raw bytes: what we write comes back as parsed lines. */
function rawAgent() {
  const toClient = new PassThrough();
  const toAgent = new PassThrough();
  const answers: Record<string, unknown>[] = [];
  let buffered = '';
  toAgent.on('data', (b: Buffer) => {
    buffered += b.toString('utf8');
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      answers.push(JSON.parse(buffered.slice(0, nl)) as Record<string, unknown>);
      buffered = buffered.slice(nl + 1);
    }
  });
  const faults: WireFault[] = [];
  const tally = new WireFaultTally();
  const problems: string[] = [];
  const connection = createAcpConnection(toClient, toAgent, {
    onFault: (f) => {
      faults.push(f);
      tally.add(f);
    },
    onProtocolError: (p) => problems.push(p.kind),
  });
  return {
    connection,
    answers,
    faults,
    tally,
    problems,
    write: (text: string) => toClient.write(text),
    /** Resolves once `n` answers came back (every write is answered in order). */
    answered: (n: number) =>
      new Promise<void>((resolve, reject) => {
        const deadline = Date.now() + 5_000;
        const poll = () => {
          if (answers.length >= n) resolve();
          else if (Date.now() > deadline) reject(new Error(`only ${answers.length} of ${n} answers`));
          else setTimeout(poll, 2);
        };
        poll();
      }),
    dispose: () => {
      connection.dispose();
      toClient.destroy();
      toAgent.destroy();
    },
  };
}

const errorOf = (m: Record<string, unknown> | undefined) => ({ id: m?.id, code: (m?.error as { code?: number } | undefined)?.code });

test('a line that is not JSON is answered -32700 with id null; the connection reads on', async () => {
  const a = rawAgent();
  a.connection.onRequest('ping', () => 'pong');
  a.connection.listen();
  a.write('this is not json\n{"jsonrpc":"2.0","method":"x","params":{\n');
  a.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
  await a.answered(3);
  assert.deepEqual(a.answers.slice(0, 2).map(errorOf), [
    { id: null, code: -32700 },
    { id: null, code: -32700 },
  ]);
  assert.deepEqual(a.answers[2], { jsonrpc: '2.0', id: 1, result: 'pong' });
  assert.equal(a.tally.count('parse_error'), 2);
  assert.deepEqual(a.problems, ['invalid_json', 'invalid_json'], 'the user-facing report still sees them');
  a.dispose();
});

test('JSON that is not a message is answered -32600: bare values, batches, no method/result, bad id types', async () => {
  const a = rawAgent();
  a.connection.listen();
  a.write('42\n[]\n[{"jsonrpc":"2.0","method":"x"}]\n{"jsonrpc":"2.0"}\n');
  a.write('{"jsonrpc":"2.0","id":7}\n{"jsonrpc":"2.0","id":{"a":1},"method":"m"}\n{"jsonrpc":"2.0","id":null,"method":"m"}\n{"jsonrpc":"2.0","id":3,"method":5}\n');
  await a.answered(8);
  assert.deepEqual(a.answers.map(errorOf), [
    { id: null, code: -32600 },
    { id: null, code: -32600 },
    { id: null, code: -32600 },
    { id: null, code: -32600 },
    { id: 7, code: -32600 },
    { id: null, code: -32600 },
    { id: null, code: -32600 },
    { id: 3, code: -32600 },
  ]);
  assert.equal(a.tally.count('invalid_request'), 8);
  assert.match(String((a.answers[7]?.error as { message: string }).message), /method must be a string/);
  a.dispose();
});

test('an over-long line is answered -32700 and counted', async () => {
  const toClient = new PassThrough();
  const toAgent = new PassThrough();
  const lines: string[] = [];
  toAgent.on('data', (b: Buffer) => lines.push(...b.toString().split('\n').filter(Boolean)));
  const tally = new WireFaultTally();
  const c = createAcpConnection(toClient, toAgent, { maxLineBytes: 64, onFault: (f) => tally.add(f) });
  c.listen();
  toClient.write(`{"jsonrpc":"2.0","id":1,"method":"x","params":"${'y'.repeat(100)}"}\n`);
  await new Promise<void>((r) => setImmediate(r));
  await new Promise<void>((r) => setImmediate(r));
  assert.equal(tally.count('line_too_long'), 1);
  assert.match(lines[0] ?? '', /"id":null,"error":\{"code":-32700/);
  c.dispose();
});

test('unknown method → -32601 and invalid params → -32602 are counted with the method', async () => {
  const a = rawAgent();
  a.connection.onRequest('fs/read_text_file', () => {
    throw new ResponseError(-32602, 'Invalid params: path: expected string');
  });
  a.connection.listen();
  a.write('{"jsonrpc":"2.0","id":1,"method":"hostile/unknown","params":{}}\n');
  a.write('{"jsonrpc":"2.0","id":2,"method":"fs/read_text_file","params":{"path":42}}\n');
  await a.answered(2);
  assert.deepEqual(a.answers.map(errorOf), [{ id: 1, code: -32601 }, { id: 2, code: -32602 }]);
  assert.deepEqual(a.faults.map((f) => [f.kind, f.detail]), [
    ['unknown_method', 'hostile/unknown'],
    ['invalid_params', 'fs/read_text_file: Invalid params: path: expected string'],
  ]);
  a.dispose();
});

test('a request reusing an id still in flight gets -32600 under that id; the first is still answered', async () => {
  const a = rawAgent();
  const releases: Array<() => void> = [];
  a.connection.onRequest('slow', () => new Promise<string>((r) => releases.push(() => r('done'))));
  /** The handler's n-th call, once it has come (not a guessed wait). */
  const handled = async (n: number): Promise<() => void> => {
    for (const deadline = Date.now() + 5_000; releases.length < n; await new Promise((r) => setTimeout(r, 2))) {
      if (Date.now() > deadline) throw new Error(`the handler ran ${releases.length} of ${n} times`);
    }
    return releases[n - 1]!;
  };
  a.connection.listen();
  a.write('{"jsonrpc":"2.0","id":5,"method":"slow"}\n{"jsonrpc":"2.0","id":5,"method":"slow"}\n');
  await a.answered(1);
  assert.deepEqual(errorOf(a.answers[0]), { id: 5, code: -32600 });
  assert.equal(a.tally.count('duplicate_request_id'), 1);
  (await handled(1))();
  await a.answered(2);
  assert.deepEqual(a.answers[1], { jsonrpc: '2.0', id: 5, result: 'done' });
  assert.equal(releases.length, 1, 'the duplicate never reached the handler');
  // Once answered, the id is free again.
  a.write('{"jsonrpc":"2.0","id":5,"method":"slow"}\n');
  (await handled(2))();
  await a.answered(3);
  assert.deepEqual(a.answers[2], { jsonrpc: '2.0', id: 5, result: 'done' });
  a.dispose();
});

test('responses for unknown ids, repeated responses and errors without id are counted, never dispatched', async () => {
  const a = rawAgent();
  a.connection.listen();
  const reply = a.connection.sendRequest('ask', {});
  await a.answered(1);
  const id = a.answers[0]?.id;
  a.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":"first"}\n`);
  assert.equal(await reply, 'first');
  a.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":"again"}\n`);
  a.write('{"jsonrpc":"2.0","id":999999,"result":{}}\n{"jsonrpc":"2.0","id":"nobody","error":{"code":-32603,"message":"m"}}\n');
  a.write('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}\n');
  // A ping afterwards proves the connection still reads and that nothing was answered.
  a.connection.onRequest('ping', () => 'pong');
  a.write('{"jsonrpc":"2.0","id":"p","method":"ping"}\n');
  await a.answered(2);
  assert.deepEqual(a.answers[1], { jsonrpc: '2.0', id: 'p', result: 'pong' });
  assert.deepEqual(a.tally.snapshot(), { duplicate_response: 1, unknown_response_id: 2, error_without_id: 1 });
  a.dispose();
});

test('a malformed answer to our own request fails that request instead of leaving it waiting', async () => {
  const a = rawAgent();
  a.connection.listen();
  const reply = a.connection.sendRequest('ask', {});
  await a.answered(1);
  a.write(`{"jsonrpc":"2.0","id":${JSON.stringify(a.answers[0]?.id)}}\n`);
  await assert.rejects(reply);
  assert.equal(a.tally.count('invalid_request'), 1);
  assert.equal(a.answers.length, 1, 'no -32600 sent for it');
  a.dispose();
});

test('fault answers are dropped, and counted, once the agent stops reading its input', async () => {
  const toClient = new PassThrough();
  const toAgent = new PassThrough({ highWaterMark: 16 });
  const tally = new WireFaultTally();
  const c = createAcpConnection(toClient, toAgent, { onFault: (f) => tally.add(f) });
  c.listen();
  // Nobody reads toAgent: after ~1 MiB of answers, the rest are counted as unanswered.
  const garbage = 'not json\n'.repeat(20_000);
  toClient.write(garbage);
  await new Promise<void>((r) => setImmediate(r));
  assert.equal(tally.count('parse_error'), 20_000);
  assert.ok(tally.count('unanswered') > 0, 'some answers were dropped');
  assert.ok(toAgent.writableLength < 2 * 1024 * 1024, `backlog bounded (${toAgent.writableLength})`);
  c.dispose();
});
