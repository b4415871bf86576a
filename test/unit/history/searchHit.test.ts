import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hitExcerpt, hitRow } from '../../../src/history/searchHit.js';
import { ThreadModel } from '../../../src/thread/reducer.js';

test('hitExcerpt: a short line whole; a long one cut around the first matching word, with ellipses', () => {
  assert.equal(hitExcerpt('short line', 'line'), 'short line');
  const line = `${'a'.repeat(200)} the quokka lives here ${'b'.repeat(200)}`;
  const cut = hitExcerpt(line, 'QUOKKA', 60);
  assert.match(cut, /^….*quokka.*…$/);
  assert.ok(cut.length <= 62);
  assert.equal(hitExcerpt(`quokka ${'x'.repeat(200)}`, 'quokka', 60).startsWith('quokka'), true);
  assert.equal(hitExcerpt(`${'x'.repeat(200)} quokka`, 'quokka', 60).endsWith('quokka'), true);
});

function thread(): ThreadModel {
  const model = new ThreadModel();
  model.apply({ kind: 'prompt_sent', turnId: 'turn-1', content: [{ type: 'text', text: 'plant tomatoes\nin the quokka garden' }] });
  model.apply({ kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'noted' } });
  model.apply({ kind: 'turn_ended', turnId: 'turn-1', stopReason: 'end_turn' });
  return model;
}

test('hitRow: the row by id when it is there; by the same line when a replay gave rows new ids; none for a title hit', () => {
  const entries = thread().entries;
  const user = entries.find((e) => e.type === 'user')!;
  assert.equal(hitRow(entries, { entryId: user.id, line: 'in the quokka garden' }), user.id);
  // A replay: same text, other ids.
  const replayed = thread().entries.map((e) => ({ ...e, id: `r-${e.id}` }));
  assert.equal(hitRow(replayed, { entryId: user.id, line: 'in the quokka garden' }), `r-${user.id}`);
  assert.equal(hitRow(replayed, { entryId: user.id, line: 'not said anywhere' }), undefined);
  assert.equal(hitRow(entries, { line: 'Tomatoes' }), undefined);
});
