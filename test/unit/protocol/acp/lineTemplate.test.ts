/**
 * Lines read by their text alone (lineTemplate.ts, and the transport that uses it for streamed
 * runs): whatever a line holds, the text taken from it is what JSON.parse gives, and a line the
 * template does not match exactly is left to be parsed whole.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { LineTemplate } from '../../../../src/protocol/acp/lineTemplate.js';
import { textChunkRuns } from '../../../../src/protocol/acp/textChunkRuns.js';
import { createAcpConnection } from '../../../../src/protocol/acp/transport.js';
import type { NdjsonProblem } from '../../../../src/protocol/acp/ndjson.js';

const chunkLine = (text: string, messageId = 'm1', sessionId = 's1'): string =>
  JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId, update: { sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text } } } });

const chunkText = (parsed: unknown): unknown => (parsed as { params?: { update?: { content?: { text?: unknown } } } } | null)?.params?.update?.content?.text;

function templateOf(line: string, valueOf = chunkText): LineTemplate | undefined {
  const bytes = Buffer.from(line, 'utf8');
  const value = chunkText(JSON.parse(line));
  return LineTemplate.of(bytes, 0, bytes.length, typeof value === 'string' ? value : '', valueOf);
}

const textIn = (template: LineTemplate, line: string): string | undefined => {
  // Inside a larger read, as the reader hands lines over.
  const bytes = Buffer.from(`xx\n${line}\nyy`, 'utf8');
  return template.textIn(bytes, 3, 3 + Buffer.byteLength(line, 'utf8'));
};

test('a line the same but for the text gives the text JSON.parse gives, escapes and all', () => {
  const template = templateOf(chunkLine('Hello'))!;
  assert.ok(template);
  const texts = ['', ' world', 'déjà vu — 😀', 'a "quoted" word', 'back\\slash', 'line\nbreak\ttab', '\u0000\u001f', '\u2028\u2029', '}}}}"', '"text":"x"', '\\'];
  for (const text of texts) {
    const line = chunkLine(text);
    assert.equal(textIn(template, line), chunkText(JSON.parse(line)), JSON.stringify(text));
  }
  // Written with other escapes than JSON.stringify's, still the same string.
  const escaped = chunkLine('X').replace('"text":"X"', '"text":"\\u00e9\\/\\"\\ud83d\\ude00"');
  assert.equal(textIn(template, escaped), 'é/"😀');
});

test('anything but the template\'s bytes around a valid string is left to the whole parse', () => {
  const template = templateOf(chunkLine('Hello'))!;
  const others: Array<[string, string]> = [
    ['another message id', chunkLine('a', 'm2')],
    ['another session', chunkLine('a', 'm1', 's2')],
    ['a raw quote: the literal ends early', chunkLine('X').replace('"text":"X"', '"text":"a"b"')],
    ['a field after the text', chunkLine('X').replace('"text":"X"', '"text":"a","more":"b"')],
    ['a raw control character (invalid JSON)', chunkLine('X').replace('"text":"X"', '"text":"a\tb"')],
    ['a backslash escaping the closing quote', chunkLine('X').replace('"text":"X"', '"text":"a\\"')],
    ['a bad escape', chunkLine('X').replace('"text":"X"', '"text":"\\x41"')],
    ['a line cut short', chunkLine('a').slice(0, -1)],
    ['a longer tail', `${chunkLine('a')} `],
    ['another kind', chunkLine('a').replace('agent_message_chunk', 'agent_thought_chunk')],
  ];
  for (const [what, line] of others) assert.equal(textIn(template, line), undefined, what);
});

test('a template is cut only where the value named is, and proven', () => {
  // A "text" key in a field after the chunk's content: the cut is at the content's own text.
  const withField = JSON.stringify({ params: { update: { content: { type: 'text', text: 'mine' }, x: { text: 'not it' } } } });
  const t1 = templateOf(withField)!;
  assert.equal(t1.textIn(Buffer.from(withField.replace('mine', 'yours')), 0, Buffer.byteLength(withField.replace('mine', 'yours'))), 'yours');
  const other = withField.replace('not it', 'changed');
  assert.equal(t1.textIn(Buffer.from(other), 0, Buffer.byteLength(other)), undefined, 'the other field is part of the template');
  // Two "text" keys in one object: JSON.parse keeps the last, and so does the cut.
  const twice = '{"params":{"update":{"content":{"type":"text","text":"first","text":"last"}}}}';
  const t2 = templateOf(twice)!;
  const second = twice.replace('"last"', '"new"');
  assert.equal(t2.textIn(Buffer.from(second), 0, second.length), 'new');
  const first = twice.replace('"first"', '"new"');
  assert.equal(t2.textIn(Buffer.from(first), 0, first.length), undefined);
  // No literal of that value: no template.
  assert.equal(templateOf('{"params":{"update":{"content":{"type":"text","text":5}}}}'), undefined);
  assert.equal(templateOf('{"a":"text"}'), undefined);
  assert.equal(templateOf(chunkLine('x'), () => undefined), undefined);
});

/** JSON.parse calls while `run` runs (the transport's whole-line parses, and the proofs). */
async function parsesDuring(run: () => Promise<void>): Promise<number> {
  const parse = JSON.parse;
  let calls = 0;
  JSON.parse = ((text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
    calls++;
    return parse(text, reviver);
  }) as typeof JSON.parse;
  try {
    await run();
  } finally {
    JSON.parse = parse;
  }
  return calls;
}

test('the transport reads a streamed run by its text: one whole parse per run, the thread and the log as before', async () => {
  const texts = Array.from({ length: 200 }, (_, i) => (i % 7 === 0 ? ` "w${i}"\n` : ` w${i}`));
  const wire = Buffer.from(texts.map((t) => `${chunkLine(t)}\n`).join(''), 'utf8');
  let streamed!: Awaited<ReturnType<typeof readBy>>;
  const parses = await parsesDuring(async () => void (streamed = await readBy(textChunkRuns, wire, [wire.length])));
  // The first line whole, the proof of the template, the escaped texts' literals (29).
  assert.ok(parses <= 2 + 29, `${parses} parses for 200 lines`);
  assert.equal(streamed.handled.length, 1);
  assert.deepEqual(streamed.handled[0], JSON.parse(chunkLine(texts.join(''))).params);
  assert.deepEqual(streamed.tapped, [{ params: streamed.handled[0], count: 200 }]);

  // A line shaped like the run's but invalid JSON is parsed whole and reported; the run before
  // it is handed over first, the one after it starts anew.
  const bad = chunkLine('X').replace('"text":"X"', '"text":"a\tb"');
  const mixed = Buffer.from(`${chunkLine('one')}\n${chunkLine(' two')}\n${bad}\n${chunkLine('three')}\n${chunkLine(' four')}\n`, 'utf8');
  const { handled, tapped, problems } = await readBy(textChunkRuns, mixed, [mixed.length]);
  assert.deepEqual(problems.map((p) => p.kind), ['invalid_json']);
  assert.deepEqual(handled.map((p) => (p as { update: { content: { text: string } } }).update.content.text), ['one two', 'three four']);
  assert.deepEqual(tapped.map((t) => t.count), [2, 2]);
});

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** What a connection hands over for a wire cut into reads: the handled params, the log's runs, the problems. */
async function readBy(join: typeof textChunkRuns | Pick<typeof textChunkRuns, 'start' | 'extend' | 'finish'>, wire: Buffer, cuts: number[]) {
  const fromAgent = new PassThrough();
  const handled: unknown[] = [];
  const tapped: Array<{ params: unknown; count: number }> = [];
  const problems: NdjsonProblem[] = [];
  const client = createAcpConnection(fromAgent, new PassThrough(), {
    tap: (direction, message, count) => direction === 'in' && tapped.push({ params: (message as { params?: unknown }).params, count }),
    syncNotifications: { 'session/update': (p) => handled.push(structuredClone(p)) },
    joinNotifications: { 'session/update': join },
    onProtocolError: (p) => problems.push(p),
  });
  client.listen();
  let at = 0;
  for (const cut of cuts) {
    fromAgent.write(wire.subarray(at, cut));
    at = cut;
  }
  fromAgent.end();
  await new Promise<void>((resolve) => fromAgent.once('end', () => setImmediate(resolve)));
  client.dispose();
  return { handled, tapped: tapped.map((t) => ({ params: structuredClone(t.params), count: t.count })), problems };
}

test('with lines mangled anywhere, reading runs by their text hands over exactly what parsing every line does', async () => {
  // The same join without its text reading: every line parsed whole, as before templates.
  const wholeLines = { start: textChunkRuns.start, extend: textChunkRuns.extend, finish: textChunkRuns.finish };
  const marks = ['"', '\\', '\t', '}', '{', ',', ':', 'a', 'é', '😀', '\\u00', '\\"', '\u0000'];
  let templated = 0;
  for (let seed = 1; seed <= 80; seed++) {
    const rnd = random(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const lines: string[] = [];
    for (let i = 0; i < 150; i++) {
      let line = rnd() < 0.85
        ? chunkLine(pick([' word', '', ' "q"', ' a\\b', '\n', ' déjà 😀', '\t', 'x'.repeat(30)]), pick(['m1', 'm1', 'm1', 'm2']), rnd() < 0.95 ? 's1' : 's2')
        : JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's1', update: { sessionUpdate: 'tool_call', toolCallId: `t${i}`, title: 'x' } } });
      // A fifth of the lines mangled: a character put in, taken out or replaced, anywhere.
      if (rnd() < 0.2) {
        const at = Math.floor(rnd() * line.length);
        const op = rnd();
        line = op < 0.4 ? line.slice(0, at) + pick(marks) + line.slice(at) : op < 0.7 ? line.slice(0, at) + line.slice(at + 1) : line.slice(0, at) + pick(marks) + line.slice(at + 1);
      }
      lines.push(line);
    }
    const wire = Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8');
    const cuts: number[] = [];
    for (let at = 0; at < wire.length; ) cuts.push((at = Math.min(wire.length, at + 1 + Math.floor(rnd() * 4000))));
    const expected = await readBy(wholeLines, wire, cuts);
    let read = 0;
    const byText = textChunkRuns.byText!;
    const actual = await readBy({ ...textChunkRuns, byText: { ...byText, start: (first, text) => (read++, byText.start(first, text)), extend: (run, text) => (read++, byText.extend(run, text)) } }, wire, cuts);
    if (read > 0) templated++;
    assert.deepEqual(actual.handled, expected.handled, `seed ${seed}: handled`);
    assert.deepEqual(actual.tapped, expected.tapped, `seed ${seed}: tapped`);
    assert.deepEqual(actual.problems, expected.problems, `seed ${seed}: problems`);
  }
  assert.ok(templated >= 70, `the template read lines in ${templated} of 80 streams`);
});
