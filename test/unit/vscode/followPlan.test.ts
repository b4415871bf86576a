import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { LocationWatch, RevealCoalescer, insideRoots, type FollowClock } from '../../../src/vscode/editor/followPlan.js';
import type { RowChange, ThreadEntry, ToolCallEntry } from '../../../src/thread/types.js';

const ROOT = '/work/project';

function toolCall(toolCallId: string, locations: ToolCallEntry['locations']): ToolCallEntry {
  return { type: 'tool_call', id: `row-${toolCallId}`, toolCallId, title: toolCallId, kind: 'read', status: 'in_progress', content: [], locations, rawInput: undefined, rawOutput: undefined } as unknown as ToolCallEntry;
}
const insert = (entry: ThreadEntry, index = 0): RowChange => ({ op: 'insert', index, entry });
const update = (entry: ThreadEntry, index = 0): RowChange => ({ op: 'update', index, entry });

test('insideRoots: absolute paths under a root only, read as written', () => {
  assert.equal(insideRoots(`${ROOT}/src/a.ts`, [ROOT]), true);
  assert.equal(insideRoots(`${ROOT}/..foo/a.ts`, [ROOT]), true, 'a name starting with two dots is inside');
  assert.equal(insideRoots(`${ROOT}/../other/a.ts`, [ROOT]), false);
  assert.equal(insideRoots('/etc/passwd', [ROOT]), false);
  assert.equal(insideRoots(`${ROOT}-evil/a.ts`, [ROOT]), false, 'a sibling folder with the root as prefix');
  assert.equal(insideRoots(ROOT, [ROOT]), false, 'the root itself is not a file');
  assert.equal(insideRoots('src/a.ts', [ROOT]), false, 'relative');
  assert.equal(insideRoots('', [ROOT]), false);
  assert.equal(insideRoots(`${ROOT}/a.ts`, []), false, 'no workspace: nothing is followed');
  assert.equal(insideRoots('/second/b.ts', [ROOT, '/second']), true);
  assert.equal(insideRoots('C:\\work\\project\\a.ts', ['C:\\work\\project'], path.win32), true);
  assert.equal(insideRoots('D:\\a.ts', ['C:\\work\\project'], path.win32), false);
});

test('LocationWatch: each location of a tool call once, in order; a new file or line is new again', () => {
  const watch = new LocationWatch();
  watch.reset([]);
  const first = toolCall('c1', [{ path: `${ROOT}/a.ts`, line: 3 }]);
  assert.deepEqual(watch.take([insert(first)], [ROOT]), [{ path: `${ROOT}/a.ts`, line: 3 }]);
  assert.deepEqual(watch.take([update(first)], [ROOT]), [], 'a status update repeats the location: not again');
  const moved = toolCall('c1', [{ path: `${ROOT}/a.ts`, line: 3 }, { path: `${ROOT}/b.ts`, line: null }, { path: `${ROOT}/a.ts`, line: 9 }]);
  assert.deepEqual(watch.take([update(moved)], [ROOT]), [{ path: `${ROOT}/b.ts` }, { path: `${ROOT}/a.ts`, line: 9 }]);
  const other = toolCall('c2', [{ path: `${ROOT}/a.ts`, line: 3 }]);
  assert.deepEqual(watch.take([insert(other, 1)], [ROOT]), [{ path: `${ROOT}/a.ts`, line: 3 }], 'another tool call at the same place is new');
});

test('LocationWatch: outside the roots, bad lines and other rows are not followed', () => {
  const watch = new LocationWatch();
  const call = toolCall('c1', [{ path: '/etc/passwd', line: 1 }, { path: `${ROOT}/x.ts`, line: 0 }, { path: `${ROOT}/y.ts`, line: 2.5 }, { path: 'rel.ts', line: 1 }]);
  const agentRow = { type: 'agent', id: 'm', content: [{ type: 'text', text: 'hi' }] } as unknown as ThreadEntry;
  assert.deepEqual(watch.take([insert(agentRow), insert(call, 1), { op: 'append', index: 0, id: 'm', text: '!' }], [ROOT]), [
    { path: `${ROOT}/x.ts` },
    { path: `${ROOT}/y.ts` },
  ]);
});

test('LocationWatch: reset takes the shown thread\'s past as seen', () => {
  const watch = new LocationWatch();
  const old = toolCall('c1', [{ path: `${ROOT}/a.ts`, line: 1 }]);
  watch.reset([old]);
  assert.deepEqual(watch.take([update(old)], [ROOT]), []);
  watch.reset([]);
  assert.deepEqual(watch.take([update(old)], [ROOT]), [{ path: `${ROOT}/a.ts`, line: 1 }], 'a reset forgets what another thread saw');
});

/** A clock the test moves by hand. */
function fakeClock(): FollowClock & { advance(ms: number): void; pending(): number } {
  let now = 1000;
  let timers: Array<{ at: number; run: () => void; id: number }> = [];
  let next = 1;
  return {
    now: () => now,
    setTimeout(run, ms) {
      const id = next++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t.id !== handle);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const due = timers[0];
        if (!due || due.at > until) break;
        timers.shift();
        now = due.at;
        due.run();
      }
      now = until;
    },
    pending: () => timers.length,
  };
}

test('RevealCoalescer: the first location goes out at once, a burst after it becomes one reveal of the latest', () => {
  const clock = fakeClock();
  const shown: string[] = [];
  const coalescer = new RevealCoalescer<string>((t) => shown.push(t), clock, { gapMs: 150, typingQuietMs: 1000 });
  coalescer.offer('a');
  clock.advance(0);
  assert.deepEqual(shown, ['a']);
  for (const t of ['b', 'c', 'd']) {
    coalescer.offer(t);
    clock.advance(20);
  }
  assert.deepEqual(shown, ['a'], 'nothing within 150 ms of the last reveal');
  clock.advance(100);
  assert.deepEqual(shown, ['a', 'd'], 'the latest wins');
  clock.advance(1000);
  assert.deepEqual(shown, ['a', 'd'], 'nothing more without new locations');
  assert.equal(clock.pending(), 0);
});

test('RevealCoalescer: reveals wait while the user types and go out once they pause', () => {
  const clock = fakeClock();
  const shown: string[] = [];
  const coalescer = new RevealCoalescer<string>((t) => shown.push(t), clock, { gapMs: 150, typingQuietMs: 1000 });
  coalescer.typed();
  coalescer.offer('a');
  clock.advance(500);
  coalescer.typed();
  coalescer.offer('b');
  clock.advance(900);
  assert.deepEqual(shown, [], 'still within a second of the last keystroke');
  clock.advance(100);
  assert.deepEqual(shown, ['b'], 'a second after the last keystroke, the latest location');
});

test('RevealCoalescer: clear drops what waits', () => {
  const clock = fakeClock();
  const shown: string[] = [];
  const coalescer = new RevealCoalescer<string>((t) => shown.push(t), clock, { gapMs: 150, typingQuietMs: 1000 });
  coalescer.offer('a');
  clock.advance(0);
  coalescer.offer('b');
  coalescer.clear();
  clock.advance(1000);
  assert.deepEqual(shown, ['a']);
  assert.equal(clock.pending(), 0);
});
