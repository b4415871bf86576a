/**
 * What the page remembers per thread (webview/viewState.ts over webview/threadMemory.ts): each
 * thread's folds apart from the others', bounded, carried along when the shown thread is renamed,
 * and what an older page saved in one set taken as the thread of a host without tabs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ViewStateStore } from '../../../webview/viewState.js';
import { MAX_THREADS_REMEMBERED } from '../../../webview/threadMemory.js';

function store(saved: unknown = null): { view: ViewStateStore; saved: () => any } {
  let state: unknown = saved;
  const view = new ViewStateStore({ post: () => undefined, getState: () => state, setState: (s) => void (state = s) });
  return { view, saved: () => { view.save(); return state; } };
}

test('each thread has its own folds and forms', () => {
  const { view } = store();
  view.showThread('a');
  view.setExpanded('e3:open', true);
  view.setForm('e4', { name: 'half' });
  view.showThread('b');
  assert.equal(view.isExpanded('e3:open'), undefined);
  assert.deepEqual(view.form('e4'), {});
  view.showThread('a');
  assert.equal(view.isExpanded('e3:open'), true);
  assert.deepEqual(view.form('e4'), { name: 'half' });
});

test('bounded: threads holding nothing are dropped, and the least recently shown beyond the bound', () => {
  const { view, saved } = store();
  const count = MAX_THREADS_REMEMBERED + 5;
  for (let i = 0; i < count; i++) {
    view.showThread(`t${i}`);
    if (i % 2 === 0 || i >= 5) view.setExpanded('e1:open', true);
  }
  view.showThread('empty');
  view.showThread('last');
  const kept = Object.keys(saved().threads);
  assert.equal(kept.length, MAX_THREADS_REMEMBERED);
  assert.ok(kept.includes('last'), 'the shown thread stays');
  assert.ok(!kept.includes('empty'), 'a thread that held nothing is gone');
  assert.ok(kept.includes(`t${count - 1}`) && !kept.includes('t0'), `the oldest go first: ${kept.join(' ')}`);
  // Shown again, an old thread comes back to the front.
  view.showThread(`t${count - MAX_THREADS_REMEMBERED + 1}`);
  view.showThread('other');
  view.setExpanded('e1:open', true);
  assert.ok(Object.keys(saved().threads).includes(`t${count - MAX_THREADS_REMEMBERED + 1}`));
});

test('a renamed thread keeps its memory, merged with what was remembered under the new name', () => {
  const { view, saved } = store();
  view.showThread('saved');
  view.setExpanded('e1:open', true);
  view.showThread('fresh');
  view.setExpanded('e2:open', true);
  view.renameThread('saved');
  assert.equal(view.isExpanded('e1:open'), true);
  assert.equal(view.isExpanded('e2:open'), true);
  assert.deepEqual(Object.keys(saved().threads), ['saved']);
});

test('one set of folds saved by an older page becomes the thread of a host without tabs', () => {
  const { view } = store({ v: 1, draft: 'd', expanded: { 'e1:open': true }, forms: { e2: { name: 'x' } }, scrollTop: 0, atBottom: true, attachments: [], images: [] });
  view.showThread('');
  assert.equal(view.isExpanded('e1:open'), true);
  assert.deepEqual(view.form('e2'), { name: 'x' });
  assert.equal(view.get().draft, 'd');
});

test('each thread has its own scroll position: a thread never scrolled starts at its bottom; a reload keeps the shown one’s', () => {
  const { view, saved } = store();
  view.showThread('a');
  assert.equal(view.get().atBottom, true);
  view.update({ scrollTop: 120, atBottom: false, anchorId: 'e7', anchorOffset: 4 });
  view.showThread('b');
  assert.deepEqual([view.get().atBottom, view.get().scrollTop, view.get().anchorId], [true, 0, undefined], 'b starts at its bottom');
  view.update({ scrollTop: 300, atBottom: true });
  view.showThread('a');
  assert.deepEqual([view.get().atBottom, view.get().scrollTop, view.get().anchorId, view.get().anchorOffset], [false, 120, 'e7', 4], 'a where it was left');

  // The next window shows `a` again: the position saved with it stands, and `b` (left at its bottom) is not kept for its scroll.
  const again = store(saved());
  again.view.showThread('a');
  assert.deepEqual([again.view.get().atBottom, again.view.get().scrollTop], [false, 120]);
  assert.equal(again.saved().threads.b, undefined, 'a thread left at its bottom with nothing opened is not kept');
  // A saved position that is not one is left out.
  const odd = store({ v: 1, draft: '', threads: { c: { expanded: {}, forms: {}, used: 1, scroll: { scrollTop: 'x' } } }, shownThread: 'a', scrollTop: 0, atBottom: true });
  odd.view.showThread('c');
  assert.equal(odd.view.get().atBottom, true);
});
