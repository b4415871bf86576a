import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fuzzyScore, rankByFuzzy } from '../../../src/mentions/fuzzy.js';
import { PathIndex } from '../../../src/mentions/pathIndex.js';

const score = (q: string, t: string) => fuzzyScore(q.toLowerCase(), t, t.toLowerCase());

test('letters must appear in order; an empty query matches everything', () => {
  assert.equal(score('abc', 'src/cab.ts'), -1);
  assert.ok(score('abc', 'src/a-b-c.ts') > 0);
  assert.ok(score('', 'anything') > 0);
});

test('ranking: base-name prefix, then inside the base name, then a run in the path, then scattered word starts', () => {
  const prefix = score('comp', 'src/composer.ts');
  const inside = score('comp', 'src/autocomplete.ts');
  const inPath = score('comp', 'components/x.ts');
  const scattered = score('cmp', 'src/composer/main.ts');
  assert.ok(prefix > inside, `${prefix} > ${inside}`);
  assert.ok(inside > inPath, `${inside} > ${inPath}`);
  assert.ok(inPath > scattered, `${inPath} > ${scattered}`);
});

test('scattered letters prefer word starts and neighbours', () => {
  assert.ok(score('wvc', 'webview/composer/viewState.ts') > score('wvc', 'src/awkward/vaccine.ts'));
  assert.ok(score('mp', 'webview/MentionPopup.ts') > score('mp', 'src/xmyp.ts'), 'capitals start words');
});

test('shorter targets win ties; rankByFuzzy keeps the best `limit`', () => {
  const names = ['a.test.ts', 'a.ts', 'zzz.md', 'b/a.ts'];
  assert.deepEqual(rankByFuzzy(names, 'a', (s) => s, 2), ['a.ts', 'b/a.ts']);
  assert.deepEqual(rankByFuzzy(names, 'zz', (s) => s, 5), ['zzz.md']);
});

test('the path index lists files and the folders that hold them, and forgets removed ones', () => {
  const index = new PathIndex('/');
  index.addFile('/ws/src/app/main.ts', 'src/app/main.ts');
  index.addFile('/ws/src/app/mainView.ts', 'src/app/mainView.ts');
  index.addFile('/ws/README.md', 'README.md');
  assert.equal(index.size, 5, 'three files, two folders');
  const hits = index.search('main', 10);
  assert.deepEqual(hits.map((h) => h.label), ['src/app/main.ts', 'src/app/mainView.ts']);
  assert.deepEqual(index.search('app', 1), [{ path: '/ws/src/app', label: 'src/app/', folder: true }]);
  assert.deepEqual(index.filesUnder('/ws/src', 10), { labels: ['src/app/main.ts', 'src/app/mainView.ts'], more: false });
  assert.deepEqual(index.filesUnder('/ws/src', 1), { labels: ['src/app/main.ts'], more: true });
  index.remove('/ws/src/app/main.ts');
  assert.deepEqual(index.search('main', 10).map((h) => h.label), ['src/app/mainView.ts']);
  index.remove('/ws/src');
  assert.equal(index.size, 1, 'removing a folder removes what is in it');
  assert.deepEqual(index.search('', 10).map((h) => h.label), ['README.md']);
});

test('a cancelled search returns nothing', () => {
  const index = new PathIndex('/');
  for (let i = 0; i < 10_000; i++) index.addFile(`/ws/f${i}.ts`, `f${i}.ts`);
  assert.deepEqual(index.search('f', 5, () => true), []);
  assert.equal(index.search('f', 5).length, 5);
});

test('two workspace roots with the same folder names keep their folders apart', () => {
  const index = new PathIndex('/');
  index.addFile('/one/src/a.ts', 'src/a.ts');
  index.addFile('/two/src/b.ts', 'src/b.ts');
  assert.deepEqual(index.search('src', 5).filter((h) => h.folder).map((h) => h.path).sort(), ['/one/src', '/two/src']);
  index.remove('/one/src/a.ts');
  assert.deepEqual(index.search('src', 5).filter((h) => h.folder).map((h) => h.path), ['/two/src']);
});
