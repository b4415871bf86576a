/** v2 diffs: patch sections matched to changed files, and before/after texts for Open diff. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DiffPatch, FileChange } from '../../../src/protocol/events.js';
import { HUNK_GAP, fileSides, matchChanges, parseGitPatch } from '../../../src/thread/fileDiff.js';

const git = (...lines: string[]): DiffPatch => ({ format: 'git_patch', text: `${lines.join('\n')}\n` });

const MODIFY = [
  'diff --git /w/a.ts /w/a.ts', '--- /w/a.ts', '+++ /w/a.ts',
  '@@ -2,3 +2,3 @@', ' two', '-three', '+THREE', ' four',
  '@@ -9,2 +9,3 @@', ' nine', '+nine and a half', ' ten',
];
const AFTER = 'one\ntwo\nTHREE\nfour\nfive\nsix\nseven\neight\nnine\nnine and a half\nten\n';
const BEFORE = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n';
const ADD = ['diff --git /w/new.md /w/new.md', 'new file mode 100644', '--- /dev/null', '+++ /w/new.md', '@@ -0,0 +1,2 @@', '+# New', '+text'];
const DELETE = ['diff --git /w/old.txt /w/old.txt', 'deleted file mode 100644', '--- /w/old.txt', '+++ /dev/null', '@@ -1,2 +0,0 @@', '-bye', '-now'];

const modify: FileChange = { operation: 'modify', path: '/w/a.ts' };
const add: FileChange = { operation: 'add', path: '/w/new.md' };
const del: FileChange = { operation: 'delete', path: '/w/old.txt' };

test('patch sections are counted and matched to their changes; unnamed sections come last', () => {
  const parsed = parseGitPatch(git(...MODIFY, ...ADD, ...DELETE));
  assert.deepEqual(parsed?.map((p) => [p.added, p.removed]), [[2, 1], [2, 0], [0, 2]]);
  const matched = matchChanges([del, { operation: 'move', oldPath: '/w/x', path: '/w/y' }, modify], parsed);
  assert.deepEqual(matched.map((m) => [m.change?.path, m.file?.added]), [['/w/old.txt', 0], ['/w/y', undefined], ['/w/a.ts', 2], [undefined, 2]]);
});

test('not a git patch, or a git patch that does not parse: no sections', () => {
  assert.equal(parseGitPatch({ format: '_svn', text: MODIFY.join('\n') }), undefined);
  assert.equal(parseGitPatch(git('@@ -1 +1 @@', '?bad')), undefined);
  assert.equal(parseGitPatch(undefined), undefined);
});

test('git-style a/ b/ relative names match the change whose absolute path ends with them', () => {
  const matched = matchChanges([{ operation: 'modify', path: '/w/src/x.ts' }], parseGitPatch(git('--- a/src/x.ts', '+++ b/src/x.ts', '@@ -1 +1 @@', '-a', '+b')));
  assert.equal(matched.length, 1);
  assert.equal(matched[0]?.file?.added, 1);
});

test('sides: the patch applied backwards to the file as it is now gives whole files', () => {
  const [sides] = fileSides([modify], git(...MODIFY), (p) => (p === '/w/a.ts' ? AFTER : undefined));
  assert.deepEqual(sides, { path: '/w/a.ts', before: BEFORE, after: AFTER, complete: true });
});

test('sides: a file that changed since (patch does not apply) or cannot be read falls back to the changed regions', () => {
  const expected = { path: '/w/a.ts', before: `two\nthree\nfour\n${HUNK_GAP}\nnine\nten\n`, after: `two\nTHREE\nfour\n${HUNK_GAP}\nnine\nnine and a half\nten\n`, complete: false };
  assert.deepEqual(fileSides([modify], git(...MODIFY), () => 'something else entirely\n'), [expected]);
  assert.deepEqual(fileSides([modify], git(...MODIFY), () => undefined), [expected]);
});

test('sides: added and deleted files are whole from the patch alone', () => {
  assert.deepEqual(fileSides([add, del], git(...ADD, ...DELETE), () => undefined), [
    { path: '/w/new.md', before: '', after: '# New\ntext\n', complete: true },
    { path: '/w/old.txt', before: 'bye\nnow\n', after: '', complete: true },
  ]);
});

test('sides: binary files, files without hunks and diffs without a patch are skipped', () => {
  const binary: FileChange = { operation: 'modify', path: '/w/a.ts', fileType: 'binary' };
  assert.deepEqual(fileSides([binary], git(...MODIFY), () => AFTER), []);
  assert.deepEqual(fileSides([{ operation: 'move', oldPath: '/w/b', path: '/w/c' }], git('diff --git /w/b /w/c', 'rename from /w/b', 'rename to /w/c'), () => 'x'), []);
  assert.deepEqual(fileSides([modify], undefined, () => AFTER), []);
});
