import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_FIELDS, parseElicitation } from '../../../../src/protocol/acp/parseElicitation.js';

const form = (requestedSchema: unknown, extra: Record<string, unknown> = {}) => ({ sessionId: 's1', mode: 'form', message: 'Tell me more', requestedSchema, ...extra });

test('a form with every supported property kind becomes fields, in order, with labels and bounds', () => {
  const r = parseElicitation(form({
    type: 'object',
    title: 'Deploy',
    description: 'Where to deploy',
    properties: {
      email: { type: 'string', title: 'Email', format: 'email' },
      name: { type: 'string', minLength: 2, maxLength: 20, pattern: '^[a-z]+$', default: 'abc' },
      count: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 9, default: 3 },
      ratio: { type: 'number', minimum: 0.5 },
      confirm: { type: 'boolean', title: 'Really?', default: false },
      region: { type: 'string', enum: ['eu', 'us'] },
      size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large', description: 'More' }], default: 'l' },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1, maxItems: 2, default: ['a', 'zz'] },
      titled: { type: 'array', items: { anyOf: [{ const: 'x', title: 'Ex' }] } },
    },
    required: ['email', 'count'],
  }, { toolCallId: 'call_1' }));
  assert.ok(r.ok);
  assert.equal(r.value.sessionId, 's1');
  assert.equal(r.value.toolCallId, 'call_1');
  const p = r.value.prompt;
  assert.equal(p.mode, 'form');
  if (p.mode !== 'form') return;
  assert.equal(p.title, 'Deploy');
  assert.equal(p.description, 'Where to deploy');
  assert.deepEqual(p.fields, [
    { name: 'email', label: 'Email', required: true, kind: 'text', format: 'email' },
    { name: 'name', label: 'name', required: false, kind: 'text', minLength: 2, maxLength: 20, pattern: '^[a-z]+$', default: 'abc' },
    { name: 'count', label: 'Replicas', required: true, kind: 'number', integer: true, minimum: 1, maximum: 9, default: 3 },
    { name: 'ratio', label: 'ratio', required: false, kind: 'number', integer: false, minimum: 0.5 },
    { name: 'confirm', label: 'Really?', required: false, kind: 'boolean', default: false },
    { name: 'region', label: 'region', required: false, kind: 'choice', options: [{ value: 'eu', label: 'eu' }, { value: 'us', label: 'us' }] },
    { name: 'size', label: 'size', required: false, kind: 'choice', options: [{ value: 's', label: 'Small' }, { value: 'l', label: 'Large', description: 'More' }], default: 'l' },
    { name: 'tags', label: 'tags', required: false, kind: 'multi', options: [{ value: 'a', label: 'a' }, { value: 'b', label: 'b' }], minItems: 1, maxItems: 2, default: ['a'] },
    { name: 'titled', label: 'titled', required: false, kind: 'multi', options: [{ value: 'x', label: 'Ex' }] },
  ]);
});

test('a URL request keeps its id and the normalised URL', () => {
  const r = parseElicitation({ sessionId: 's1', mode: 'url', message: 'Log in', elicitationId: 'el-1', url: 'https://auth.example.com/a?b=c' });
  assert.deepEqual(r, { ok: true, value: { sessionId: 's1', prompt: { mode: 'url', message: 'Log in', url: 'https://auth.example.com/a?b=c', elicitationId: 'el-1' } } });
});

test('a form with no properties is a plain question (accept / decline)', () => {
  const r = parseElicitation(form({ type: 'object' }));
  assert.ok(r.ok && r.value.prompt.mode === 'form' && r.value.prompt.fields.length === 0);
});

test('an unknown string format is ignored rather than refused', () => {
  const r = parseElicitation(form({ properties: { when: { type: 'string', format: 'time' } } }));
  assert.ok(r.ok && r.value.prompt.mode === 'form');
  assert.deepEqual(r.ok && r.value.prompt.mode === 'form' && r.value.prompt.fields[0], { name: 'when', label: 'when', required: false, kind: 'text' });
});

test('the request-scoped form (requestId, no session) parses without a session', () => {
  const r = parseElicitation({ requestId: 7, mode: 'form', message: 'Key?', requestedSchema: { properties: {} } });
  assert.ok(r.ok);
  assert.equal(r.value.sessionId, undefined);
});

const refusals: Array<[string, unknown, RegExp]> = [
  ['params not an object', 42, /^params: expected an object/],
  ['no message', { sessionId: 's', mode: 'form', requestedSchema: {} }, /^message: /],
  ['no scope', { mode: 'form', message: 'm', requestedSchema: {} }, /^sessionId: /],
  ['unknown mode', { sessionId: 's', mode: 'voice', message: 'm' }, /^mode: unsupported mode "voice"/],
  ['schema not an object', form('nope'), /^requestedSchema: expected an object/],
  ['schema type not object', form({ type: 'array' }), /^requestedSchema\.type: expected "object"/],
  ['unknown property type', form({ properties: { f: { type: 'file' } } }), /^requestedSchema\.properties\.f\.type: unsupported type "file"/],
  ['property not an object', form({ properties: { f: 3 } }), /^requestedSchema\.properties\.f: expected an object/],
  ['bad pattern', form({ properties: { f: { type: 'string', pattern: '([' } } }), /^requestedSchema\.properties\.f\.pattern: not a valid regular expression/],
  ['minLength above maxLength', form({ properties: { f: { type: 'string', minLength: 5, maxLength: 2 } } }), /minLength 5 is above maxLength 2/],
  ['negative minLength', form({ properties: { f: { type: 'string', minLength: -1 } } }), /\.minLength: expected a non-negative integer/],
  ['minimum above maximum', form({ properties: { f: { type: 'number', minimum: 3, maximum: 1 } } }), /minimum 3 is above maximum 1/],
  ['minimum not a number', form({ properties: { f: { type: 'integer', minimum: 'x' } } }), /\.minimum: expected a number/],
  ['empty enum', form({ properties: { f: { type: 'string', enum: [] } } }), /\.enum: no choices/],
  ['enum item not a string', form({ properties: { f: { type: 'string', enum: ['a', 2] } } }), /\.enum\.1: expected a string/],
  ['oneOf without const', form({ properties: { f: { type: 'string', oneOf: [{ title: 'A' }] } } }), /\.oneOf\.0\.const: /],
  ['array without choices', form({ properties: { f: { type: 'array', items: { type: 'string' } } } }), /\.items: expected "enum" or "anyOf" choices/],
  ['minItems above maxItems', form({ properties: { f: { type: 'array', items: { enum: ['a'] }, minItems: 2, maxItems: 1 } } }), /minItems 2 is above maxItems 1/],
  ['required not an array', form({ properties: {}, required: 'a' }), /^requestedSchema\.required: expected an array/],
  ['required names a missing property', form({ properties: { a: { type: 'boolean' } }, required: ['a', 'b'] }), /^requestedSchema\.required\.1: "b" is not a property/],
  ['too many fields', form({ properties: Object.fromEntries(Array.from({ length: MAX_FIELDS + 1 }, (_, i) => [`f${i}`, { type: 'boolean' }])) }), /at most 40 are shown/],
  ['URL without id', { sessionId: 's', mode: 'url', message: 'm', url: 'https://x' }, /^elicitationId: /],
  ['URL that is not a URL', { sessionId: 's', mode: 'url', message: 'm', elicitationId: 'e', url: 'not a url' }, /^url: not a valid URL/],
  ['URL with a script scheme', { sessionId: 's', mode: 'url', message: 'm', elicitationId: 'e', url: 'javascript:alert(1)' }, /^url: only http\(s\) pages are opened, not javascript:/],
  ['URL to a local file', { sessionId: 's', mode: 'url', message: 'm', elicitationId: 'e', url: 'file:///etc/passwd' }, /^url: only http\(s\) pages are opened, not file:/],
];

for (const [name, raw, why] of refusals) {
  test(`refused with the field's path: ${name}`, () => {
    const r = parseElicitation(raw);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.error : '', why);
  });
}

test('very long agent text is clipped, not refused', () => {
  const r = parseElicitation(form({ properties: {} }, { message: 'x'.repeat(10_000) }));
  assert.ok(r.ok);
  assert.equal(r.value.prompt.message.length, 4001);
});
