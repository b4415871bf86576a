import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import type { Message } from 'vscode-jsonrpc/node';
import { normalizeSessionUpdate } from '../../../../src/protocol/acp/normalize.js';
import { joinTextChunks, textChunkRuns } from '../../../../src/protocol/acp/textChunkRuns.js';
import { createAcpConnection } from '../../../../src/protocol/acp/transport.js';
import { ThreadModel } from '../../../../src/thread/reducer.js';

const chunk = (text: string, extra: { sessionId?: string; kind?: string; messageId?: string | null } = {}) => ({
  sessionId: extra.sessionId ?? 's1',
  update: {
    sessionUpdate: extra.kind ?? 'agent_message_chunk',
    content: { type: 'text', text },
    ...(extra.messageId !== undefined ? { messageId: extra.messageId } : {}),
  },
});

test('a run of chunks is joined into a new object with one flat text; the parsed ones stay as they were', () => {
  const a = chunk('Hel', { messageId: 'm1' });
  const b = chunk('lo', { messageId: 'm1' });
  const c = chunk(', world', { messageId: 'm1' });
  const before = structuredClone([a, b, c]);
  const run = textChunkRuns.start(a, b)!;
  assert.ok(textChunkRuns.extend(run, c));
  assert.equal(textChunkRuns.extend(run, chunk('x', { messageId: 'm2' })), false);
  assert.deepEqual(textChunkRuns.finish(run), chunk('Hello, world', { messageId: 'm1' }));
  assert.deepEqual([a, b, c], before);
  assert.deepEqual(joinTextChunks(chunk('think '), chunk('more')), chunk('think more'));
  assert.deepEqual(joinTextChunks(chunk('a', { kind: 'agent_thought_chunk' }), chunk('b', { kind: 'agent_thought_chunk' })), chunk('ab', { kind: 'agent_thought_chunk' }));
});

test('only what reads the same joined is joined', () => {
  const base = chunk('a', { messageId: 'm1' });
  const cases: Array<[string, unknown]> = [
    ['another session', chunk('b', { sessionId: 's2', messageId: 'm1' })],
    ['another message', chunk('b', { messageId: 'm2' })],
    ['no message id after one', chunk('b')],
    ['another kind', chunk('b', { kind: 'agent_thought_chunk', messageId: 'm1' })],
    ['a user chunk', chunk('b', { kind: 'user_message_chunk', messageId: 'm1' })],
    ['a null message id', chunk('b', { messageId: null })],
    ['an image', { sessionId: 's1', update: { sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: { type: 'image', data: '', mimeType: 'image/png' } } }],
    ['a text that is not a string', { sessionId: 's1', update: { sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: { type: 'text', text: 5 } } }],
    ['an own __proto__ key', JSON.parse('{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","messageId":"m1","content":{"type":"text","text":"b","__proto__":{}}}}')],
    ['a tool call', { sessionId: 's1', update: { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'x' } }],
    ['no object', null],
  ];
  for (const [what, next] of cases) {
    assert.equal(joinTextChunks(base, next), undefined, what);
    // Nor does such a chunk start a run that others join.
    if (next !== null && what !== 'another session' && what !== 'another message' && what !== 'no message id after one' && what !== 'another kind') {
      assert.equal(joinTextChunks(next, base), undefined, `${what}, held`);
    }
  }
  // What else a run's first chunk has, its row keeps; a plain chunk after it joins it.
  const first = { ...chunk('a', { messageId: 'm1' }), _meta: { p: 1 } };
  (first.update.content as Record<string, unknown>).annotations = { priority: 1 };
  const joined = joinTextChunks(first, chunk('b', { messageId: 'm1' })) as typeof first;
  assert.deepEqual(joined, { ...first, update: { ...first.update, content: { ...first.update.content, text: 'ab' } } });
  // A chunk with `_meta` (anywhere) or annotations starts a run of its own: the protocol log,
  // which sees a run as one message, keeps them.
  const extras: [string, (c: ReturnType<typeof chunk>) => void][] = [
    ['params _meta', (c) => Object.assign(c, { _meta: { p: 2 } })],
    ['update _meta', (c) => Object.assign(c.update, { _meta: { p: 2 } })],
    ['content _meta', (c) => Object.assign(c.update.content, { _meta: { p: 2 } })],
    ['annotations', (c) => Object.assign(c.update.content, { annotations: { priority: 2 } })],
  ];
  for (const [what, add] of extras) {
    const next = chunk('b', { messageId: 'm1' });
    add(next);
    assert.equal(joinTextChunks(chunk('a', { messageId: 'm1' }), next), undefined, what);
    assert.ok(joinTextChunks(next, chunk('c', { messageId: 'm1' })), `${what}: it starts a run`);
  }
  // A user chunk may claim the prompt row: never joined.
  assert.equal(joinTextChunks(chunk('a', { kind: 'user_message_chunk' }), chunk('b', { kind: 'user_message_chunk' })), undefined);
});

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A stream of updates as agents send them: runs of chunks broken by other kinds, ids and sessions. */
function updates(rnd: () => number, n: number): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  let tool = 0;
  for (let i = 0; i < n; i++) {
    const r = rnd();
    const sessionId = rnd() < 0.9 ? 's1' : 's2';
    if (r < 0.7) {
      const messageId = pick(['m1', 'm1', 'm2', undefined, null] as const);
      const content: Record<string, unknown> = { type: 'text', text: pick(['a', 'bc', '', ' déf', '\n```ts\n', 'x'.repeat(40), ' "q"', '\\', ' 😀\t', '"text":"x"']) };
      if (rnd() < 0.05) content.annotations = { priority: rnd() };
      if (rnd() < 0.05) content._meta = { n: i };
      out.push({ ...(rnd() < 0.05 ? { _meta: { n: i } } : {}), sessionId, update: { sessionUpdate: pick(['agent_message_chunk', 'agent_message_chunk', 'agent_thought_chunk', 'user_message_chunk']), content, ...(messageId !== undefined ? { messageId } : {}) } });
    } else if (r < 0.85) {
      out.push({ sessionId, update: { sessionUpdate: 'tool_call', toolCallId: `t${tool++}`, title: `step ${i}`, status: 'in_progress' } });
    } else if (r < 0.95) {
      out.push({ sessionId, update: { sessionUpdate: 'plan', entries: [{ content: `p${i}`, priority: 'high', status: 'pending' }] } });
    } else {
      out.push({ sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } } });
    }
  }
  return out;
}

/** What each session's thread shows after these updates, each applied as one event. */
function threads(params: readonly unknown[]): Record<string, unknown> {
  const models = new Map<string, ThreadModel>();
  for (const p of params) {
    const { sessionId, update } = p as { sessionId: string; update: unknown };
    if (!models.has(sessionId)) models.set(sessionId, new ThreadModel());
    models.get(sessionId)!.apply(normalizeSessionUpdate(update));
  }
  return Object.fromEntries([...models].map(([id, m]) => [id, m.snapshot()]));
}

test('a thread built from joined runs is the thread built chunk by chunk, however the reads fall', async () => {
  for (let seed = 1; seed <= 60; seed++) {
    const rnd = random(seed);
    const sent = updates(rnd, 200);
    const wire = Buffer.from(sent.map((params) => JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params }) + '\n').join(''), 'utf8');
    const fromAgent = new PassThrough();
    const handled: unknown[] = [];
    const tapped: { message: Message; count: number }[] = [];
    const client = createAcpConnection(fromAgent, new PassThrough(), {
      tap: (direction, message, count) => direction === 'in' && tapped.push({ message, count }),
      syncNotifications: { 'session/update': (p) => handled.push(p) },
      joinNotifications: { 'session/update': textChunkRuns },
    });
    client.listen();
    // Reads of random sizes, cutting lines (and multi-byte characters) anywhere.
    for (let at = 0; at < wire.length; ) {
      const size = 1 + Math.floor(rnd() * 3000);
      fromAgent.write(wire.subarray(at, at + size));
      at += size;
    }
    fromAgent.end();
    await new Promise<void>((resolve) => fromAgent.once('end', () => setImmediate(resolve)));
    assert.ok(handled.length < sent.length, `seed ${seed}: some runs joined (${handled.length} of ${sent.length})`);
    assert.deepEqual(threads(handled), threads(sent), `seed ${seed}`);
    // The protocol log saw every message: a message as the agent wrote it, a run as it was
    // handed over (the very params), with the number of messages it joins.
    assert.equal(tapped.reduce((n, t) => n + t.count, 0), sent.length, `seed ${seed}: tap count`);
    tapped.forEach((t, i) => assert.equal((t.message as { params?: unknown }).params, handled[i], `seed ${seed}: tap ${i}`));
    let at = 0;
    for (const { message, count } of tapped) {
      const [first, ...rest] = sent.slice(at, at + count);
      const run = joinTextChunks(first, ...rest);
      assert.deepEqual((message as { params?: unknown }).params, run, `seed ${seed}: message ${at} (${count})`);
      at += count;
    }
    client.dispose();
  }
});

test('a run is handed over at the end of its read, before anything later in the wire, and never waits for more input', async () => {
  const fromAgent = new PassThrough();
  const order: string[] = [];
  const client = createAcpConnection(fromAgent, new PassThrough(), {
    syncNotifications: { 'session/update': (p) => order.push(`text:${(p as ReturnType<typeof chunk>).update.content.text}`) },
    joinNotifications: { 'session/update': textChunkRuns },
  });
  client.listen();
  const result = client.sendRequest('session/prompt', {}).then(() => order.push('result'));
  const line = (m: object): string => JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n';
  const update = (text: string) => line({ method: 'session/update', params: chunk(text) });
  // One read: a run, the prompt's answer, another run. The answer may not overtake the first.
  fromAgent.write(update('a') + update('b') + line({ id: 0, result: { stopReason: 'end_turn' } }) + update('c') + update('d'));
  await result;
  const settle = async (n: number): Promise<void> => {
    const deadline = Date.now() + 2000;
    while (order.length < n && Date.now() < deadline) await new Promise((r) => setImmediate(r));
  };
  // Behind the answer the chunks wait in vscode-jsonrpc's queue, one by one (not joined).
  await settle(4);
  assert.deepEqual(order, ['text:ab', 'result', 'text:c', 'text:d']);
  // A lone chunk in a read of its own is handed over without another read after it.
  fromAgent.write(update('e'));
  await settle(5);
  assert.deepEqual(order, ['text:ab', 'result', 'text:c', 'text:d', 'text:e']);
  client.dispose();
});
