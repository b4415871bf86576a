/**
 * The protocol log's view of A2A HTTP: every byte passes through untouched, small SSE events are
 * logged as parsed JSON, a huge one as a short preview with its size (never parsed here), events
 * split across chunks are whole, and the secret header is redacted. Against the real v0.3 server.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startV03Server, type V03Server } from '../../a2a/v03Server.js';
import { SSE_LOGGED_CHARS, sseTap, tappedFetch } from '../../../src/agents/a2a/connection/httpTap.js';

let server: V03Server;
before(async () => { server = await startV03Server(); });
after(() => server.close());

const streamRequest = (text: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'message/stream', params: { message: { kind: 'message', role: 'user', messageId: 'm1', parts: [{ kind: 'text', text }] } } }),
});

test('a 51 MB event stream: bytes untouched, each huge event logged as a capped preview, the secret redacted', async () => {
  const taps: unknown[] = [];
  const http = tappedFetch({ headers: { 'x-trace': 'visible' }, authHeader: () => ({ name: 'Authorization', value: 'Bearer sesame' }), tap: (_d, m) => taps.push(m) });
  const started = performance.now();
  const response = await http.fetch(server.url, streamRequest('big'));
  let bytes = 0;
  let tail = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body! as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    tail = (tail + decoder.decode(chunk, { stream: true })).slice(-200);
  }
  const ms = performance.now() - started;
  assert.ok(bytes > 51 * 1024 * 1024, `all bytes passed through (${bytes})`);
  assert.match(tail, /"state":"completed"/, 'the stream arrives whole to its last event');

  const previews = taps.filter((t) => typeof (t as { sse?: { truncated?: unknown } }).sse?.truncated === 'string');
  assert.equal(previews.length, 51, 'one preview per 1 MB event');
  for (const p of previews) assert.ok(JSON.stringify(p).length < 4 * 1024, 'a preview is small');
  const parsed = taps.filter((t) => (t as { sse?: { jsonrpc?: unknown } }).sse?.jsonrpc === '2.0');
  assert.ok(parsed.length >= 2, 'small events are logged as parsed JSON');
  const out = taps[0] as { headers: Record<string, string> };
  assert.equal(out.headers.authorization, '«redacted»');
  assert.equal(out.headers['x-trace'], 'visible');
  assert.ok(!JSON.stringify(taps).includes('sesame'), 'the secret is never logged');
  const mb = bytes / 1024 / 1024;
  console.log(`# tapped ${mb.toFixed(1)} MB of SSE in ${ms.toFixed(0)} ms (${(mb / (ms / 1000)).toFixed(0)} MB/s, loaded machine)`);
});

test('events split across chunks, CRLF lines and a line exactly at the cap are logged whole', async () => {
  const logged: unknown[] = [];
  const atCap = `data: "${'y'.repeat(SSE_LOGGED_CHARS - 8)}"`;
  assert.equal(atCap.length - 0, SSE_LOGGED_CHARS);
  const text = `data: {"a":1}\r\n\r\ndata: {"b":\n\n: comment\n${atCap}\n\n`.replace('{"b":\n', '{"b":2}\n');
  const bytes = new TextEncoder().encode(text);
  // Cut into 7-byte pieces, so every line and the multi-byte-free JSON straddle chunks.
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += 7) pieces.push(bytes.slice(i, i + 7));
  const source = new ReadableStream<Uint8Array>({ start(c) { for (const p of pieces) c.enqueue(p); c.close(); } });
  const through: number[] = [];
  for await (const chunk of source.pipeThrough(sseTap((d) => logged.push(d))) as unknown as AsyncIterable<Uint8Array>) through.push(chunk.byteLength);
  assert.equal(through.reduce((a, b) => a + b, 0), bytes.length, 'bytes untouched');
  assert.deepEqual(logged.slice(0, 2), [{ a: 1 }, { b: 2 }]);
  assert.equal(logged.length, 3);
  assert.equal(typeof logged[2], 'string', 'the event at the cap is parsed, not previewed');
});
