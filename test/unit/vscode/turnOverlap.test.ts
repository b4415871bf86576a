import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChangedFile } from '../../../src/protocol/events.js';
import { TurnOverlaps } from '../../../src/vscode/review/turnOverlap.js';

const f = (path: string): ChangedFile => ({ root: '/w', path, status: 'modified', added: 1, deleted: 1, binary: false });

function turn(o: TurnOverlaps, owner: object, title: string, started: number) {
  const shown: ChangedFile[][] = [];
  const record = o.begin({ owner, turnId: title, title: () => title, started, republish: (files) => shown.push(files) });
  return { record, shown };
}

test('two tabs whose turns overlap and change the same file: both rows say so, other files stay unattributed', () => {
  const o = new TurnOverlaps();
  const tabA = {};
  const tabB = {};
  const a = turn(o, tabA, 'Tab A', 100);
  const b = turn(o, tabB, 'Tab B', 150);
  // A ends first; B has not reported yet: nothing to say.
  assert.deepEqual(o.update(a.record, [f('shared.ts'), f('a-only.ts')], true, 200).map((x) => x.alsoChangedBy), [undefined, undefined]);
  // B ends touching the same file: B's row names A, and A's row is published again naming B.
  const bFiles = o.update(b.record, [f('shared.ts'), f('b-only.ts')], true, 300);
  assert.deepEqual(bFiles.map((x) => x.alsoChangedBy), [['Tab A'], undefined]);
  assert.equal(a.shown.length, 1);
  assert.deepEqual(a.shown[0]!.map((x) => x.alsoChangedBy), [['Tab B'], undefined]);
});

test('turns that do not overlap in time, or of the same tab, are not linked', () => {
  const o = new TurnOverlaps();
  const tab = {};
  const early = turn(o, {}, 'Earlier', 0);
  o.update(early.record, [f('x.ts')], true, 50);
  const later = turn(o, tab, 'Later', 100);
  assert.equal(o.update(later.record, [f('x.ts')], true, 200)[0]!.alsoChangedBy, undefined);
  const sameTab = turn(o, tab, 'Same tab', 150);
  assert.equal(o.update(sameTab.record, [f('x.ts')], false, 180)[0]!.alsoChangedBy, undefined);
  assert.equal(early.shown.length, 0);
});

test('a turn still running overlaps everything after its start', () => {
  const o = new TurnOverlaps();
  const running = turn(o, {}, 'Running', 0);
  o.update(running.record, [f('y.ts')], false, 10);
  const other = turn(o, {}, 'Other', 1_000);
  assert.deepEqual(o.update(other.record, [f('y.ts')], true, 2_000)[0]!.alsoChangedBy, ['Running']);
});
