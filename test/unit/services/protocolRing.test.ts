import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_LOGGED_CHARS, ProtocolRing } from '../../../src/services/protocolRing.js';

const chunk = (text: string, opts: { sessionId?: string; kind?: string; messageId?: string } = {}) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: {
    sessionId: opts.sessionId ?? 's1',
    update: { sessionUpdate: opts.kind ?? 'agent_message_chunk', content: { type: 'text', text }, ...(opts.messageId ? { messageId: opts.messageId } : {}) },
  },
});
const request = (id: number, method = 'session/prompt') => ({ jsonrpc: '2.0', id, method, params: { sessionId: 's1' } });

test('protocol ring: keeps the last N entries, oldest first, and forgets the rest', () => {
  const ring = new ProtocolRing({ keep: 3, now: () => 0 });
  for (let i = 1; i <= 5; i++) ring.add('a', 'out', request(i));
  const lines = ring.linesAfter(0);
  assert.equal(lines.length, 3);
  assert.match(lines[0]!, /"id":3/);
  assert.match(lines[2]!, /"id":5/);
  assert.equal(ring.lastSeq, 5);
  assert.deepEqual(ring.linesAfter(4).map((l) => /"id":(\d)/.exec(l)![1]), ['5'], 'only what came after a given message');
  ring.setKeep(1);
  assert.equal(ring.size, 1);
});

test('protocol ring: a message is kept, not serialised, as it comes', () => {
  const ring = new ProtocolRing({ keep: 100 });
  const stringify = JSON.stringify;
  let calls = 0;
  JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
    calls++;
    return stringify(...args);
  }) as typeof JSON.stringify;
  try {
    for (let i = 0; i < 1000; i++) ring.add('a', 'in', chunk(`word ${i} `));
    for (let i = 0; i < 100; i++) ring.add('a', 'out', request(i));
  } finally {
    JSON.stringify = stringify;
  }
  assert.equal(calls, 0);
});

test('protocol ring: streamed chunks of one message are joined into one line that says so', () => {
  const ring = new ProtocolRing({ keep: 100, now: () => 0 });
  ring.add('a', 'out', request(1));
  for (const word of ['Hel', 'lo', ' world']) ring.add('a', 'in', chunk(word, { messageId: 'm1' }));
  ring.add('a', 'in', chunk('thinking', { kind: 'agent_thought_chunk', messageId: 'm1' }));
  ring.add('a', 'in', chunk('next', { messageId: 'm2' }));
  ring.add('a', 'in', chunk('other session', { sessionId: 's2', messageId: 'm2' }));
  ring.add('b', 'in', chunk('other agent', { sessionId: 's2', messageId: 'm2' }));
  const lines = ring.linesAfter(0);
  assert.equal(lines.length, 6);
  assert.match(lines[1]!, /"text":"Hello world"/);
  assert.match(lines[1]!, /"messageId":"m1"/);
  assert.match(lines[1]!, /\(3 streamed chunks joined\)$/);
  assert.doesNotMatch(lines[2]!, /joined/, 'a single chunk reads as it came');
  assert.equal(ring.messagesAfter(0), 8);
  // A chunk with `_meta` is kept whole (joining would lose it).
  const withMeta = chunk('x', { sessionId: 's2', messageId: 'm2' });
  ring.add('b', 'in', { ...withMeta, params: { ...withMeta.params, _meta: { k: 1 } } });
  assert.equal(ring.linesAfter(0).length, 7);
});

test('protocol ring: after seal() the next chunk starts a line of its own', () => {
  const ring = new ProtocolRing({ keep: 100 });
  ring.add('a', 'in', chunk('one'));
  ring.seal();
  ring.add('a', 'in', chunk('two'));
  ring.add('a', 'in', chunk('three'));
  const lines = ring.linesAfter(0);
  assert.equal(lines.length, 2);
  assert.match(lines[1]!, /"text":"twothree"/);
});

test('protocol ring: secrets are redacted before a message is kept; the shape stays', () => {
  const ring = new ProtocolRing({ keep: 100 });
  const sessionNew = {
    jsonrpc: '2.0',
    id: 2,
    method: 'session/new',
    params: {
      cwd: '/w',
      mcpServers: [
        { name: 'gh', command: 'gh-mcp', args: [], env: [{ name: 'GITHUB_TOKEN', value: 'ghp_secret_value_1' }] },
        { type: 'http', name: 'web', url: 'https://mcp.example', headers: [{ name: 'Authorization', value: 'Bearer secret_value_2' }] },
      ],
    },
  };
  ring.add('a', 'out', sessionNew);
  ring.add('a', 'out', { jsonrpc: '2.0', id: 3, method: 'authenticate', params: { methodId: 'key', api_key: 'secret_value_3' } });
  const log = ring.linesAfter(0).join('\n');
  for (const secret of ['ghp_secret_value_1', 'secret_value_2', 'secret_value_3']) assert.ok(!log.includes(secret), secret);
  assert.match(log, /"name":"GITHUB_TOKEN","value":"«redacted»"/);
  assert.match(log, /"name":"Authorization","value":"«redacted»"/);
  assert.match(log, /"methodId":"key"/);
  assert.equal(sessionNew.params.mcpServers[0]!.env![0]!.value, 'ghp_secret_value_1', 'the message sent is untouched');
});

test('protocol ring: a joined reply holds no secret from a field beside the first chunk\'s text', () => {
  const ring = new ProtocolRing({ keep: 10 });
  const first = chunk('one ');
  ring.add('a', 'in', { ...first, params: { ...first.params, update: { ...first.params.update, apiKey: 'sk_secret_value_9' } } });
  ring.add('a', 'in', chunk('two'));
  const lines = ring.linesAfter(0);
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /"apiKey":"«redacted»"/);
  assert.match(lines[0]!, /"text":"one two"/);
});

test('protocol ring: the character budget drops the oldest entries; a joined reply keeps at most what the log shows', () => {
  const ring = new ProtocolRing({ keep: 1000, maxChars: 100_000 });
  const big = { jsonrpc: '2.0', id: 1, method: 'session/prompt', params: { prompt: [{ type: 'text', text: 'x'.repeat(40_000) }] } };
  for (let i = 0; i < 5; i++) ring.add('a', 'out', { ...big, id: i });
  assert.ok(ring.size <= 2, `kept ${ring.size}`);
  const ring2 = new ProtocolRing({ keep: 10 });
  for (let i = 0; i < 200; i++) ring2.add('a', 'in', chunk('y'.repeat(1000)));
  const [line] = ring2.linesAfter(0);
  assert.match(line!, /200 streamed chunks joined; text after the first 65536 characters not kept/);
  assert.ok(line!.length < MAX_LOGGED_CHARS + 400);
  // A reply that grows past the budget as its chunks come drops what came before it.
  const ring3 = new ProtocolRing({ keep: 10, maxChars: 5_000 });
  ring3.add('a', 'out', request(1));
  for (let i = 0; i < 100; i++) ring3.add('a', 'in', chunk('z'.repeat(100)));
  assert.equal(ring3.size, 1);
  assert.match(ring3.linesAfter(0)[0]!, /100 streamed chunks joined/);
});

test('protocol ring: a run the transport joined counts as the messages it joins, and joins the next run of the same reply', () => {
  const ring = new ProtocolRing({ keep: 100, now: () => 0 });
  ring.add('a', 'out', request(1));
  ring.add('a', 'in', chunk('Hello', { messageId: 'm1' }), 3);
  ring.add('a', 'in', chunk(' world', { messageId: 'm1' }), 2);
  ring.add('a', 'in', { jsonrpc: '2.0', id: 1, result: { stopReason: 'end_turn' } });
  assert.equal(ring.lastSeq, 7);
  assert.equal(ring.messagesAfter(0), 7);
  const lines = ring.linesAfter(0);
  assert.equal(lines.length, 3);
  assert.match(lines[1]!, /"text":"Hello world".*\(5 streamed chunks joined\)$/);
  assert.equal(ring.messagesAfter(6), 1, 'the answer alone comes after message 6');
  assert.equal(ring.linesAfter(6).length, 1);
});
