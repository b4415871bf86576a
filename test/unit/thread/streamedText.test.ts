import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StreamedText } from '../../../src/thread/state.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import type { RowChange } from '../../../src/thread/types.js';
import { chunk, prompt, textOf } from './events.js';

// Enough chunks to cross several folds (one every 64), and a count that is not a multiple of it.
const pieces = Array.from({ length: 64 * 3 + 17 }, (_, i) => `${i % 7 === 0 ? 'é' : 'w'}${i} `);

test('streamed text: take() is the concatenation of every append, in order, across folds', () => {
  const buffer = new StreamedText();
  for (const piece of pieces) buffer.append(piece);
  assert.equal(buffer.take(), pieces.join(''));
});

test('streamed text: take() empties the buffer; what comes after starts afresh', () => {
  const buffer = new StreamedText();
  assert.equal(buffer.take(), '');
  for (const piece of pieces.slice(0, 70)) buffer.append(piece);
  assert.equal(buffer.take(), pieces.slice(0, 70).join(''));
  assert.equal(buffer.take(), '');
  buffer.append('next');
  assert.equal(buffer.take(), 'next');
});

test('streaming: the row text equals the chunks joined, whenever it is read, and the appends replay to it', () => {
  const model = new ThreadModel();
  model.apply(prompt('t1'));
  const appended: string[] = [];
  let expected = '';
  for (const [i, piece] of pieces.entries()) {
    for (const change of model.apply(chunk('agent', piece, 'm1')).rows as RowChange[]) {
      if (change.op === 'append') appended.push(change.text);
      else if (change.op === 'insert') appended.push(textOf(change.entry));
    }
    expected += piece;
    // Read at irregular moments: every read rebuilds the row from the buffer and empties it.
    if (i % 50 === 3) assert.equal(textOf(model.entries[1]), expected);
  }
  assert.equal(textOf(model.entries[1]), expected);
  assert.equal(appended.join(''), expected);
});

test('streaming: a snapshot taken mid-stream keeps its text while the stream goes on', () => {
  const model = new ThreadModel();
  model.apply(prompt('t1'));
  for (const piece of pieces.slice(0, 100)) model.apply(chunk('agent', piece, 'm1'));
  const early = model.snapshot();
  const earlyRow = early.entries[1]!;
  const earlyText = textOf(earlyRow);
  assert.equal(earlyText, pieces.slice(0, 100).join(''));
  for (const piece of pieces.slice(100)) model.apply(chunk('agent', piece, 'm1'));
  assert.equal(textOf(model.snapshot().entries[1]), pieces.join(''));
  // The earlier snapshot and its row object did not change.
  assert.equal(textOf(early.entries[1]), earlyText);
  assert.equal(early.entries[1], earlyRow);
  assert.equal(early.entries.length, 2);
});
