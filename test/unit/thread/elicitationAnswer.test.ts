import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ElicitationField } from '../../../src/protocol/events.js';
import { checkElicitationAnswer } from '../../../src/thread/elicitations/elicitationAnswer.js';

const f = (field: Partial<ElicitationField> & Pick<ElicitationField, 'kind'>): ElicitationField =>
  ({ name: 'f', label: 'F', required: false, ...field }) as ElicitationField;

const cases: Array<[string, ElicitationField, unknown, string | undefined]> = [
  ['required and missing', f({ kind: 'text', required: true }), undefined, 'Required.'],
  ['required and blank', f({ kind: 'text', required: true }), '', 'Required.'],
  ['required multi with nothing picked', f({ kind: 'multi', required: true, options: [{ value: 'a', label: 'A' }] }), [], 'Required.'],
  ['optional and missing', f({ kind: 'text' }), undefined, undefined],
  ['text too short (by characters, not UTF-16 units)', f({ kind: 'text', minLength: 3 }), '😀😀', 'At least 3 characters.'],
  ['text long enough with astral characters', f({ kind: 'text', maxLength: 2 }), '😀😀', undefined],
  ['text too long', f({ kind: 'text', maxLength: 2 }), 'abc', 'At most 2 characters.'],
  ['email ok', f({ kind: 'text', format: 'email' }), 'a@b.io', undefined],
  ['email bad', f({ kind: 'text', format: 'email' }), 'a@b', 'Expected an email address.'],
  ['uri ok', f({ kind: 'text', format: 'uri' }), 'https://x.io/p', undefined],
  ['uri bad', f({ kind: 'text', format: 'uri' }), 'x.io', 'Expected a URL (https://…).'],
  ['date ok', f({ kind: 'text', format: 'date' }), '2026-02-28', undefined],
  ['date that does not exist', f({ kind: 'text', format: 'date' }), '2026-02-30', 'Expected a date (YYYY-MM-DD).'],
  ['date-time ok', f({ kind: 'text', format: 'date-time' }), '2026-11-25T10:00:00Z', undefined],
  ['date-time bad', f({ kind: 'text', format: 'date-time' }), 'tomorrow', 'Expected a date and time (YYYY-MM-DDThh:mm).'],
  ['pattern holds', f({ kind: 'text', pattern: '^[a-z]+$' }), 'abc', undefined],
  ['pattern fails', f({ kind: 'text', pattern: '^[a-z]+$' }), 'ABC', 'Does not have the expected form.'],
  ['text given a number', f({ kind: 'text' }), 5, 'Expected text.'],
  ['integer ok', f({ kind: 'number', integer: true, minimum: 1, maximum: 3 }), 2, undefined],
  ['integer with a fraction', f({ kind: 'number', integer: true }), 2.5, 'Expected a whole number.'],
  ['number below minimum', f({ kind: 'number', integer: false, minimum: 1 }), 0.5, 'At least 1.'],
  ['number above maximum', f({ kind: 'number', integer: false, maximum: 1 }), 1.5, 'At most 1.'],
  ['number not finite', f({ kind: 'number', integer: false }), Number.NaN, 'Expected a number.'],
  ['number given as text', f({ kind: 'number', integer: false }), '3', 'Expected a number.'],
  ['boolean false is an answer', f({ kind: 'boolean', required: true }), false, undefined],
  ['boolean given text', f({ kind: 'boolean' }), 'yes', 'Expected yes or no.'],
  ['choice ok', f({ kind: 'choice', options: [{ value: 'a', label: 'A' }] }), 'a', undefined],
  ['choice not offered', f({ kind: 'choice', options: [{ value: 'a', label: 'A' }] }), 'b', 'Pick one of the choices.'],
  ['multi ok', f({ kind: 'multi', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] }), ['a', 'b'], undefined],
  ['multi with a value not offered', f({ kind: 'multi', options: [{ value: 'a', label: 'A' }] }), ['a', 'z'], 'Pick from the choices.'],
  ['multi with a duplicate', f({ kind: 'multi', options: [{ value: 'a', label: 'A' }] }), ['a', 'a'], 'A choice is picked twice.'],
  ['multi under minItems', f({ kind: 'multi', minItems: 2, options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] }), ['a'], 'Pick at least 2.'],
  ['multi over maxItems', f({ kind: 'multi', maxItems: 1, options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] }), ['a', 'b'], 'Pick at most 1.'],
];

for (const [name, field, value, problem] of cases) {
  test(`answer check: ${name}`, () => {
    const r = checkElicitationAnswer([field], value === undefined ? {} : { f: value });
    if (problem === undefined) {
      assert.ok(r.ok, JSON.stringify(r));
      assert.deepEqual(r.content, value === undefined ? {} : { f: value });
    } else {
      assert.deepEqual(r, { ok: false, errors: { f: problem } });
    }
  });
}

test('only the form\'s fields are sent: anything else the page posted is dropped', () => {
  const r = checkElicitationAnswer([f({ kind: 'text' })], { f: 'x', injected: 'y' });
  assert.deepEqual(r, { ok: true, content: { f: 'x' } });
});

test('every field with a problem is reported at once', () => {
  const r = checkElicitationAnswer([f({ kind: 'text', name: 'a', required: true }), f({ kind: 'number', name: 'b', integer: true })], { b: 1.5 });
  assert.deepEqual(r, { ok: false, errors: { a: 'Required.', b: 'Expected a whole number.' } });
});
