import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import type { Message } from 'vscode-jsonrpc/node';
import { NdjsonMessageReader, NdjsonMessageWriter } from '../../../../src/protocol/acp/ndjson.js';
import type { NdjsonProblem } from '../../../../src/protocol/acp/ndjson.js';

interface Harness {
  reader: NdjsonMessageReader;
  messages: Message[];
  problems: NdjsonProblem[];
  closed: () => boolean;
}

function harness(maxLineBytes?: number, stream = new PassThrough()): Harness {
  const messages: Message[] = [];
  const problems: NdjsonProblem[] = [];
  let closed = false;
  const reader = new NdjsonMessageReader(stream, { maxLineBytes, onProblem: (p) => problems.push(p) });
  reader.onClose(() => (closed = true));
  reader.listen((m) => messages.push(m));
  return { reader, messages, problems, closed: () => closed };
}

const msg = (n: number, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { n, ...extra } });

interface FramingCase {
  name: string;
  chunks: (string | Buffer)[];
  expect: unknown[];
  problems?: NdjsonProblem['kind'][];
}

const bytes = (s: string): Buffer => Buffer.from(s, 'utf8');
const emojiLine = bytes(msg(1, { text: 'héllo 🦀 世界' }) + '\n');
// Split inside the 4-byte crab so neither chunk decodes on its own.
const crabAt = emojiLine.indexOf(Buffer.from('🦀', 'utf8')) + 2;

const framingCases: FramingCase[] = [
  { name: 'one line, one chunk', chunks: [msg(1) + '\n'], expect: [{ n: 1 }] },
  { name: 'two lines in one chunk', chunks: [msg(1) + '\n' + msg(2) + '\n'], expect: [{ n: 1 }, { n: 2 }] },
  {
    name: 'partial line across three chunks',
    chunks: [msg(1).slice(0, 10), msg(1).slice(10, 30), msg(1).slice(30) + '\n'],
    expect: [{ n: 1 }],
  },
  {
    name: 'chunk ends exactly at a newline, next starts a line',
    chunks: [msg(1) + '\n', msg(2) + '\n' + msg(3).slice(0, 5), msg(3).slice(5) + '\n'],
    expect: [{ n: 1 }, { n: 2 }, { n: 3 }],
  },
  {
    name: 'multi-byte character split across chunks',
    chunks: [emojiLine.subarray(0, crabAt), emojiLine.subarray(crabAt)],
    expect: [{ n: 1, text: 'héllo 🦀 世界' }],
  },
  {
    name: 'multi-byte characters split byte by byte',
    chunks: [...emojiLine].map((b) => Buffer.from([b])),
    expect: [{ n: 1, text: 'héllo 🦀 世界' }],
  },
  { name: 'CRLF line endings', chunks: [msg(1) + '\r\n' + msg(2) + '\r\n'], expect: [{ n: 1 }, { n: 2 }] },
  { name: 'CR and LF in different chunks', chunks: [msg(1) + '\r', '\n' + msg(2) + '\n'], expect: [{ n: 1 }, { n: 2 }] },
  {
    name: 'blank and whitespace-only lines are skipped silently',
    chunks: ['\n\n' + msg(1) + '\n  \n\r\n\t\n' + msg(2) + '\n'],
    expect: [{ n: 1 }, { n: 2 }],
  },
  { name: 'final line without newline at end of stream', chunks: [msg(1) + '\n' + msg(2)], expect: [{ n: 1 }, { n: 2 }] },
  {
    name: 'invalid JSON is reported and the stream continues',
    chunks: [msg(1) + '\n{"jsonrpc": "2.0", oops\n' + msg(2) + '\n'],
    expect: [{ n: 1 }, { n: 2 }],
    problems: ['invalid_json'],
  },
  {
    name: 'non-object values (batch arrays, scalars) are reported, not delivered',
    chunks: ['[' + msg(1) + ']\n42\n"x"\nnull\n' + msg(2) + '\n'],
    expect: [{ n: 2 }],
    problems: ['not_an_object', 'not_an_object', 'not_an_object', 'not_an_object'],
  },
  {
    name: 'escaped newlines inside strings do not split',
    chunks: [msg(1, { text: 'a\nb\r\nc' }) + '\n'],
    expect: [{ n: 1, text: 'a\nb\r\nc' }],
  },
];

for (const c of framingCases) {
  test(`ndjson framing: ${c.name}`, async () => {
    const stream = new PassThrough();
    const h = harness(undefined, stream);
    for (const chunk of c.chunks) stream.write(chunk);
    stream.end();
    await new Promise((resolve) => stream.once('end', resolve));
    assert.deepEqual(
      h.messages.map(paramsOf),
      c.expect,
    );
    assert.deepEqual(h.problems.map((p) => p.kind), c.problems ?? []);
    assert.ok(h.closed(), 'close fired at end of stream');
  });
}

test('over-long line spread over many chunks: reported once, skipped, not retained', () => {
  const h = harness(1000);
  h.reader.push(bytes(msg(1) + '\n'));
  // 50 KB line in 1 KB pieces, well over the 1000-byte cap.
  const big = msg(2, { text: 'x'.repeat(50_000) });
  for (let i = 0; i < big.length; i += 1024) {
    h.reader.push(bytes(big.slice(i, i + 1024)));
    // Memory: the reader never holds more than the cap while skipping.
    assert.ok(pendingBytes(h.reader) <= 1000, `pending ${pendingBytes(h.reader)} bytes`);
  }
  h.reader.push(bytes('\n' + msg(3) + '\n'));
  assert.deepEqual(h.messages.map((m) => paramsOf(m).n), [1, 3]);
  assert.equal(h.problems.length, 1);
  const p = h.problems[0]!;
  assert.equal(p.kind, 'line_too_long');
  assert.ok(p.kind === 'line_too_long' && p.bytes === Buffer.byteLength(big) && p.maxBytes === 1000);
});

test('over-long line inside one chunk is reported and skipped', () => {
  const h = harness(100);
  h.reader.push(bytes(msg(1) + '\n' + msg(2, { text: 'y'.repeat(500) }) + '\n' + msg(3) + '\n'));
  assert.deepEqual(h.messages.map((m) => paramsOf(m).n), [1, 3]);
  assert.deepEqual(h.problems.map((p) => p.kind), ['line_too_long']);
});

test('over-long unterminated line at end of stream is reported, not delivered', async () => {
  const stream = new PassThrough();
  const h = harness(100, stream);
  stream.end(msg(1) + '\n' + 'z'.repeat(5000));
  await new Promise((resolve) => stream.once('end', resolve));
  assert.equal(h.messages.length, 1);
  assert.deepEqual(h.problems.map((p) => p.kind), ['line_too_long']);
});

test('the default cap is 32 MiB and a 10 MB multi-byte line passes', () => {
  const h = harness();
  const text = 'ü€'.repeat(2_000_000); // 10 MB of UTF-8
  const line = bytes(msg(1, { text }) + '\n');
  for (let i = 0; i < line.length; i += 65536) h.reader.push(line.subarray(i, i + 65536));
  assert.equal(h.problems.length, 0);
  assert.equal(paramsOf(h.messages[0]!).text, text);
});

test('writer: one message per line, newlines inside strings escaped', async () => {
  const out = new PassThrough();
  const written: Message[] = [];
  const writer = new NdjsonMessageWriter(out, { onWrite: (m) => written.push(m) });
  const chunks: Buffer[] = [];
  out.on('data', (b: Buffer) => chunks.push(b));
  const a = { jsonrpc: '2.0', method: 'session/cancel', params: { sessionId: 'a\nb' } };
  const b = { jsonrpc: '2.0', id: 3, result: null };
  await writer.write(a as Message);
  await writer.write(b as Message);
  const text = Buffer.concat(chunks).toString('utf8');
  assert.equal(text, JSON.stringify(a) + '\n' + JSON.stringify(b) + '\n');
  assert.equal(text.split('\n').length, 3);
  assert.deepEqual(written, [a, b]);
});

test('writer: writing after the stream closed rejects and reports, never throws', async () => {
  const out = new PassThrough();
  const writer = new NdjsonMessageWriter(out);
  const errors: Error[] = [];
  writer.onError(([e]) => errors.push(e));
  out.destroy();
  await new Promise((resolve) => out.once('close', resolve));
  await assert.rejects(writer.write({ jsonrpc: '2.0' } as Message));
  assert.equal(errors.length, 1);
});

/** Bytes the reader currently holds for an unterminated line (white-box, for the memory check). */
function pendingBytes(reader: NdjsonMessageReader): number {
  return (reader as unknown as { pendingBytes: number }).pendingBytes;
}

function paramsOf(message: Message): Record<string, unknown> {
  return (message as unknown as { params: Record<string, unknown> }).params;
}

test('a consumer that throws is reported and reading goes on', () => {
  const errors: Error[] = [];
  const seen: unknown[] = [];
  const reader = new NdjsonMessageReader(new PassThrough());
  reader.onError((e) => errors.push(e));
  reader.listen((m) => {
    seen.push(paramsOf(m).n);
    if (paramsOf(m).n === 1) throw new Error('consumer bug');
  });
  reader.push(bytes(msg(1) + '\n' + msg(2) + '\n'));
  assert.deepEqual(seen, [1, 2]);
  assert.equal(errors.length, 1);
});
