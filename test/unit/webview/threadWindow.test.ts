import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_ROW_PX, MAX_WINDOW_ROWS, RowHeights, WINDOW_FROM_ROWS, covers, rangeFor } from '../../../webview/thread/threadWindow.js';

function heights(count: number, px?: (i: number) => number): RowHeights {
  const h = new RowHeights();
  h.reset(count);
  if (px) for (let i = 0; i < count; i++) h.set(i, px(i));
  return h;
}

test('a short thread is drawn whole, wherever the view is', () => {
  assert.deepEqual(rangeFor(heights(WINDOW_FROM_ROWS), { top: 5000, height: 500 }, 500, false), { start: 0, end: WINDOW_FROM_ROWS });
});

test('during a burst (always) a short thread too keeps only the rows that fill the view and margin from the bottom', () => {
  assert.deepEqual(rangeFor(heights(150, () => 100), { top: 0, height: 500 }, 300, true, true), { start: 142, end: 150 });
});

test('a long thread draws the rows within the margin of the view, no more than the cap', () => {
  const h = heights(10_000, () => 100);
  // View 10,000..10,500 with 500 px either side: rows 95..110.
  assert.deepEqual(rangeFor(h, { top: 10_000, height: 500 }, 500, false), { start: 95, end: 110 });
  const tall = rangeFor(h, { top: 0, height: 100_000 }, 0, false);
  assert.equal(tall.end - tall.start, MAX_WINDOW_ROWS);
});

test('following the bottom, the window ends at the last row and fills the view and margin upwards', () => {
  const h = heights(5_000, () => 50);
  assert.deepEqual(rangeFor(h, { top: 0, height: 400 }, 100, true), { start: 4_990, end: 5_000 });
});

test('rows never drawn count at the fixed estimate; measured ones at their height', () => {
  const h = heights(1_000);
  assert.equal(h.sum(0, 10), 10 * DEFAULT_ROW_PX);
  h.set(3, 200);
  assert.equal(h.sum(0, 10), 9 * DEFAULT_ROW_PX + 200);
  // An estimate does not move when others are measured: a spacer over unmeasured rows keeps its height.
  assert.equal(h.sum(500, 1_000), 500 * DEFAULT_ROW_PX);
  h.insert(0);
  assert.equal(h.get(4), 200, 'a row inserted before shifts the measured heights with their rows');
});

test('a view past the end still draws the last row', () => {
  const r = rangeFor(heights(1_000, () => 10), { top: 1e9, height: 100 }, 100, false);
  assert.equal(r.end, 1_000);
  assert.ok(r.start < r.end);
});

test('covers: a window holds another when it spans it', () => {
  assert.equal(covers({ start: 0, end: 10 }, { start: 2, end: 10 }), true);
  assert.equal(covers({ start: 3, end: 10 }, { start: 2, end: 10 }), false);
});

test('rows of no height (a closed fold of tool calls) do not count towards the cap: the window reaches rows that show something', () => {
  // 300 rows of 40 px, then 150 hidden rows under a fold line of 24 px, at the bottom.
  const h = heights(451, (i) => (i < 300 ? 40 : i === 300 ? 24 : 0));
  const bottom = rangeFor(h, { top: 0, height: 400 }, 200, true);
  assert.equal(bottom.end, 451);
  assert.ok(bottom.start < 300, `rows above the fold are in the window (start ${bottom.start})`);
  const shown = bottom.start <= 300 ? 300 - bottom.start + 1 : 0;
  assert.ok(shown <= MAX_WINDOW_ROWS, `at most ${MAX_WINDOW_ROWS} rows with a height (${shown})`);
  // Scrolled to the fold from above: the window runs through the hidden rows.
  const at = rangeFor(h, { top: 299 * 40, height: 400 }, 200, false);
  assert.ok(at.start <= 300 && at.end === 451, `the window spans the fold (${at.start}..${at.end})`);
});
