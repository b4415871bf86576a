/**
 * The message-chunk fast path of normalizeSessionUpdate (no zod for a well-formed text chunk)
 * against the schema path it stands in for: on every input, valid or malformed, the event (or
 * the error in it) is exactly what the zod schema path gives. Inputs come through JSON.parse,
 * as they do off the wire.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chunkWithSchema, normalizeSessionUpdate } from '../../../../src/protocol/acp/normalize.js';

const KINDS = ['agent_message_chunk', 'agent_thought_chunk', 'user_message_chunk'];

/** Bodies of a chunk update (`sessionUpdate` is added per kind). */
const VALID: string[] = [
  '{"content":{"type":"text","text":"hello"}}',
  '{"messageId":"m1","content":{"type":"text","text":"hello"}}',
  '{"messageId":null,"content":{"type":"text","text":""}}',
  '{"messageId":"m1","content":{"type":"text","text":"x","annotations":{"audience":["user"],"priority":1}}}',
  '{"messageId":"m1","content":{"type":"text","text":"x","annotations":"not checked by the schema either"}}',
  '{"messageId":"m1","content":{"type":"text","text":"x","vendor":{"deep":[1,2]}},"_meta":{"a":1},"extra":true}',
  '{"messageId":"m1","content":{"type":"text","text":"x"},"_meta":"malformed meta reads as absent"}',
  '{"messageId":"m1","content":{"type":"text","text":"multi-byte: — ü 😀"}}',
];

/** Everything the fast path must leave to the schema: malformed, or another block type. */
const OTHERS: string[] = [
  '{}',
  '{"messageId":"m1"}',
  '{"content":null}',
  '{"content":"text"}',
  '{"content":42}',
  '{"content":[]}',
  '{"content":[{"type":"text","text":"in an array"}]}',
  '{"content":{}}',
  '{"content":{"type":"text"}}',
  '{"content":{"type":"text","text":null}}',
  '{"content":{"type":"text","text":7}}',
  '{"content":{"type":"text","text":["a"]}}',
  '{"content":{"type":"TEXT","text":"case matters"}}',
  '{"content":{"text":"no type"}}',
  '{"messageId":7,"content":{"type":"text","text":"bad id reads as absent"}}',
  '{"messageId":{"id":"m"},"content":{"type":"text","text":"bad id reads as absent"}}',
  '{"messageId":false,"content":{"type":"text","text":"bad id reads as absent"}}',
  '{"messageId":"m1","content":{"type":"image","data":"AAAA","mimeType":"image/png"}}',
  '{"messageId":"m1","content":{"type":"image","data":"AAAA"}}',
  '{"messageId":"m1","content":{"type":"resource_link","uri":"file:///a","name":"a"}}',
  '{"messageId":"m1","content":{"type":"resource","resource":{"uri":"file:///a","text":"t"}}}',
  '{"messageId":"m1","content":{"type":"embedded_resource","resource":{"uri":"file:///a","content":"draft"}}}',
  '{"messageId":"m1","content":{"type":"unknown_block","text":"x"}}',
  // JSON.parse keeps "__proto__" as an own key, zod's copy drops it: only the schema knows.
  '{"messageId":"m1","content":{"type":"text","text":"own __proto__ key","__proto__":{"polluted":true}}}',
];

function update(kind: string, body: string): Record<string, unknown> {
  const rest = body === '{}' ? '}' : `,${body.slice(1)}`;
  return JSON.parse(`{"sessionUpdate":${JSON.stringify(kind)}${rest}`) as Record<string, unknown>;
}

test('a well-formed text chunk takes the fast path and gives exactly the schema path event', () => {
  for (const kind of KINDS) {
    for (const body of VALID) {
      const fast = normalizeSessionUpdate(update(kind, body));
      const u = update(kind, body);
      assert.deepEqual(fast, chunkWithSchema(u, kind), `${kind} ${body}`);
      assert.equal(fast.kind, 'message_chunk', `${kind} ${body}`);
      // The fast path hands on the parsed block itself; the schema path would copy it.
      const again = update(kind, body);
      assert.equal((normalizeSessionUpdate(again) as { content: unknown }).content, again.content, `not the fast path: ${body}`);
    }
  }
});

test('anything else gets the schema path: the same event, or the same error, as zod gives', () => {
  for (const kind of KINDS) {
    for (const body of OTHERS) {
      const got = normalizeSessionUpdate(update(kind, body));
      assert.deepEqual(got, chunkWithSchema(update(kind, body), kind), `${kind} ${body}`);
    }
  }
});

test('malformed chunks still get a clear error naming the field', () => {
  const cases: [string, RegExp][] = [
    ['{"content":{"type":"text","text":7}}', /content/],
    ['{"content":null}', /content/],
    ['{}', /content/],
    ['{"content":{"type":"image","data":"AAAA"}}', /content/],
  ];
  for (const [body, field] of cases) {
    const raw = update('agent_message_chunk', body);
    const event = normalizeSessionUpdate(raw);
    assert.equal(event.kind, 'unknown', body);
    if (event.kind !== 'unknown') continue;
    assert.equal(event.sessionUpdate, 'agent_message_chunk');
    assert.deepEqual(event.raw, raw, 'the offending update is kept for the log');
    assert.match(event.reason ?? '', field, body);
  }
});

test('a bad messageId reads as absent on both paths, the chunk is kept', () => {
  const event = normalizeSessionUpdate(update('agent_message_chunk', '{"messageId":7,"content":{"type":"text","text":"kept"}}'));
  assert.deepEqual(event, { kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'kept' } });
});
